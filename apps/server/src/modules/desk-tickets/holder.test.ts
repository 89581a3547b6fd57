import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  createOrganisation,
  createTicketPackage,
  createVenue,
  type Organisation,
} from '@marquee/db/factories';
import {
  auditLog,
  mailAttachments,
  mailMessages,
  orders,
  outbox,
  ticketCodeReplacements,
  tickets,
} from '@marquee/db/schema';
import { HOLDER_MESSAGES, TicketHolderAnswerSchema } from '@marquee/domain/comps';
import { DeskOrderAnswerSchema } from '@marquee/domain/desk';
import { ErrorBodySchema } from '@marquee/domain/errors';
import type { CreatedOrder } from '@marquee/domain/orders';
import { CheckInRefusedSchema, parseTicketCode } from '@marquee/domain/tickets';
import { buildTestApp, TEST_APP_CONFIG, type TestApp } from '../../test-support/build-test-app';
import { buyTickets } from '../../test-support/buy-tickets';
import { consoleContentDigest } from '../../test-support/console-fixture';
import { createOrganiserActor, type OrganiserTestActor } from '../../test-support/organiser-actor';
import { readPdf } from '../../test-support/read-pdf';
import { createMailService } from '../mail/service';
import { createTicketsService } from '../tickets/service';

/**
 * Correcting the name on a ticket (issue 22; decisions/039): re-issued with a new code and QR, the old code refused
 * at the gate, the PDF with the new name, the buyer e-mailed once, per role and organisation.
 */
const STAFF_TOKEN = 'gate-staff-token-holder-0123456789';

let t: TestApp;
let ticketsService: ReturnType<typeof createTicketsService>;
let organisation: Organisation;
let eventId: number;
let packageId: number;
let owner: OrganiserTestActor;
let boxOffice: OrganiserTestActor;
let door: OrganiserTestActor;
let limited: OrganiserTestActor;
let stranger: OrganiserTestActor;
let strangerSlug: string;

beforeAll(async () => {
  t = await buildTestApp({ tickets: { signingKey: null, linkKey: null, staffToken: STAFF_TOKEN } });
  ticketsService = createTicketsService({ db: t.db, config: TEST_APP_CONFIG });
  organisation = await createOrganisation(t.db, { name: 'Holder Promotions' });
  const venue = await createVenue(t.db, { organisationId: organisation.id });
  const event = await createEvent(t.db, { organisationId: organisation.id, venueId: venue.id });
  const other = await createEvent(t.db, { organisationId: organisation.id, venueId: venue.id });
  eventId = event.id;
  packageId = (await createTicketPackage(t.db, { eventId, price: 100_000, capacity: 50, freeSeating: true })).id;
  const actor = (role: 'owner' | 'box_office' | 'door') =>
    createOrganiserActor(t, { organisation, role, twoFactor: true });
  owner = await actor('owner');
  boxOffice = await actor('box_office');
  door = await actor('door');
  limited = await createOrganiserActor(t, {
    organisation,
    role: 'manager',
    allEvents: false,
    eventIds: [other.id],
    twoFactor: true,
  });
  const theirs = await createOrganisation(t.db, { name: 'Other Holder Promotions' });
  strangerSlug = theirs.slug;
  stranger = await createOrganiserActor(t, { organisation: theirs, role: 'owner', twoFactor: true });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function paidOrder(count = 2): Promise<{ order: CreatedOrder; ticketIds: number[] }> {
  const order = await buyTickets(t, {
    event_id: eventId,
    ticket_package_details: [{ package_id: packageId, ticket_count: count }],
  });
  const [row] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.orderId, order.order_id));
  const rows = await t.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.orderId, row?.id ?? 0))
    .orderBy(tickets.id);
  return { order, ticketIds: rows.map((each) => each.id) };
}

function correct(
  bookingId: string,
  ticketId: number | string,
  body: unknown,
  options: { actor?: OrganiserTestActor; slug?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/organiser/${options.slug ?? organisation.slug}/orders/${bookingId}/tickets/${ticketId}/holder`,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', cookie: (options.actor ?? boxOffice).cookie },
  });
}

function checkIn(code: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/check-in',
    payload: JSON.stringify({ code }),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${STAFF_TOKEN}` },
  });
}

/** The signed QR text of the ticket with this id, as its PDF prints it now. */
async function signedCodeOf(bookingId: string, ticketId: number): Promise<string> {
  const [row] = await t.db.select({ code: tickets.code }).from(tickets).where(eq(tickets.id, ticketId));
  const codes = await ticketsService.signedCodes(bookingId);
  const found = codes.find((code) => {
    const parsed = parseTicketCode(code);
    return parsed.ok && parsed.code.claims.c === row?.code;
  });
  if (!found) throw new Error(`no signed code for ticket ${ticketId}`);
  return found;
}

const codeOf = (body: string) => ErrorBodySchema.parse(JSON.parse(body)).code;

describe('POST /api/organiser/{org}/orders/{orderId}/tickets/{ticketId}/holder', () => {
  it('re-issues the ticket: new code, the old one refused at the gate, the new name on the PDF, one e-mail, audited', async () => {
    const { order, ticketIds } = await paidOrder(2);
    const [first, second] = ticketIds as [number, number];
    const oldSigned = await signedCodeOf(order.order_id, first);
    const otherSigned = await signedCodeOf(order.order_id, second);

    const response = await correct(order.order_id, first, { first_name: ' Kamala ', last_name: 'Wijesinghe' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = TicketHolderAnswerSchema.parse(response.json());
    expect(answer).toMatchObject({
      booking_id: order.order_id,
      reissued: true,
      email_queued: true,
      ticket: { id: first, holder: { first_name: 'Kamala', last_name: 'Wijesinghe' } },
    });
    expect(answer.ticket.reissued_at).not.toBeNull();

    // The old code: refused, saying why; the new one admits; the booking's other ticket is untouched.
    const refused = await checkIn(oldSigned);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(CheckInRefusedSchema.parse(refused.json())).toMatchObject({
      reason: 'reissued',
      message: HOLDER_MESSAGES.reissuedCode,
    });
    const newSigned = await signedCodeOf(order.order_id, first);
    expect(newSigned).not.toBe(oldSigned);
    const admitted = await checkIn(newSigned);
    expect(admitted.statusCode, admitted.body).toBe(200);
    expect(admitted.json()).toMatchObject({ ticket: { holder_name: 'Kamala Wijesinghe' } });
    expect((await checkIn(otherSigned)).json()).toMatchObject({ ticket: { holder_name: 'Nimal Perera' } });

    // The PDF: the corrected ticket's page has the new name, the other the buyer's.
    const { pages } = await readPdf(await ticketsService.renderTicketsPdf(order.order_id));
    expect(pages).toHaveLength(2);
    expect(pages.some((page) => page.text.includes('Kamala Wijesinghe'))).toBe(true);
    expect(pages.some((page) => page.text.includes('Nimal Perera'))).toBe(true);

    const [row] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.orderId, order.order_id));
    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, row?.id ?? 0), eq(outbox.kind, 'tickets_reissued')));
    expect(mails).toEqual([expect.objectContaining({ status: 'pending', resendCount: 0 })]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket.holder.correct'), eq(auditLog.entityId, String(first))));
    expect(audit).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ first_name: 'Nimal', last_name: 'Perera' }),
        after: expect.objectContaining({ first_name: 'Kamala', last_name: 'Wijesinghe' }),
      }),
    ]);

    // The desk's order page shows the ticket's holder and its re-issue.
    const page = await t.app.inject({
      url: `/api/organiser/${organisation.slug}/orders/${order.order_id}`,
      headers: { cookie: boxOffice.cookie },
    });
    const desk = DeskOrderAnswerSchema.parse(page.json());
    expect(desk.tickets.find((ticket) => ticket.id === first)).toMatchObject({
      holder: { first_name: 'Kamala', last_name: 'Wijesinghe' },
      reissued_at: expect.any(String),
    });
    expect(desk.emails.map((email) => email.kind)).toContain('tickets_reissued');
  });

  it('the same name twice (a double click): one re-issue, one e-mail; a later correction queues it again', async () => {
    const { order, ticketIds } = await paidOrder(1);
    const ticketId = ticketIds[0] ?? 0;
    const body = { first_name: 'Sunil', last_name: 'Fernando' };
    const answers = await Promise.all([
      correct(order.order_id, ticketId, body),
      correct(order.order_id, ticketId, body),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const parsed = answers.map((answer) => TicketHolderAnswerSchema.parse(answer.json()));
    expect(parsed.filter((answer) => answer.reissued)).toHaveLength(1);
    expect(new Set(parsed.map((answer) => answer.ticket.code_suffix)).size).toBe(1);
    expect(
      await t.db.select().from(ticketCodeReplacements).where(eq(ticketCodeReplacements.ticketId, ticketId)),
    ).toHaveLength(1);

    const [row] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.orderId, order.order_id));
    const mailRows = () =>
      t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.orderId, row?.id ?? 0), eq(outbox.kind, 'tickets_reissued')));
    expect(await mailRows()).toHaveLength(1);
    // The worker sends it: the corrected tickets attached, under a Message-ID of its own.
    const mail = createMailService({
      db: t.db,
      config: { smtpUrl: null, from: 'Marquee <tickets@marquee.test>', viewer: 'local' },
      publicUrl: 'http://marquee.test',
      log: t.app.log,
      renderTicketsPdf: (orderRowId) => ticketsService.renderTicketsPdf(orderRowId),
    });
    expect((await mail.sendDue()).failed).toBe(0);
    const [kept] = await t.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.messageId, `<tickets-reissued.${order.order_id}@marquee.test>`));
    expect(kept?.subject).toContain('Your corrected tickets');
    const attached = await t.db
      .select()
      .from(mailAttachments)
      .where(eq(mailAttachments.mailMessageId, kept?.id ?? 0));
    expect(attached.map((each) => each.filename)).toEqual([`${order.order_id}.pdf`]);
    // Corrected again: the same row is queued again as a new message.
    const again = await correct(order.order_id, ticketId, { first_name: 'Sunil', last_name: 'Fernandopulle' });
    expect(TicketHolderAnswerSchema.parse(again.json())).toMatchObject({ reissued: true, email_queued: true });
    expect(await mailRows()).toEqual([expect.objectContaining({ status: 'pending', resendCount: 1 })]);
    await mail.sendDue();
    const resent = await t.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.messageId, `<tickets-reissued.${order.order_id}.resend-1@marquee.test>`));
    expect(resent).toHaveLength(1);
  });

  it('refuses a ticket already admitted (409 ticket_already_used) and one voided by a refund (409 ticket_already_voided)', async () => {
    const { order, ticketIds } = await paidOrder(2);
    const [first, second] = ticketIds as [number, number];
    expect((await checkIn(await signedCodeOf(order.order_id, first))).statusCode).toBe(200);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/organiser/${organisation.slug}/orders/${order.order_id}/refunds`,
      payload: JSON.stringify({ ticket_ids: [second], amount: 100_000, reason: 'Cannot come' }),
      headers: {
        'content-type': 'application/json',
        cookie: owner.cookie,
        'idempotency-key': `holder-refund-${Date.now()}`,
      },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const before = await consoleContentDigest(t.db);
    const used = await correct(order.order_id, first, { first_name: 'Kamal', last_name: 'Silva' });
    expect(used.statusCode).toBe(409);
    expect(codeOf(used.body)).toBe('ticket_already_used');
    const voided = await correct(order.order_id, second, { first_name: 'Kamal', last_name: 'Silva' });
    expect(voided.statusCode).toBe(409);
    expect(codeOf(voided.body)).toBe('ticket_already_voided');
    expect(await consoleContentDigest(t.db)).toEqual(before);
  });

  it('bad input is a 422 by field and writes nothing', async () => {
    const { order, ticketIds } = await paidOrder(1);
    const ticketId = ticketIds[0] ?? 0;
    const before = await consoleContentDigest(t.db);
    for (const body of [
      { first_name: 'Al', last_name: 'Perera' },
      { first_name: 'Kamala' },
      { first_name: '<script>', last_name: 'Perera' },
      { first_name: 'Kamala', last_name: 'x'.repeat(61) },
      { first_name: 'Kamala', last_name: 12 },
      [],
    ]) {
      const response = await correct(order.order_id, ticketId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(codeOf(response.body)).toBe('validation_failed');
    }
    for (const id of ['0', 'abc', '99999999999', '-1']) {
      const response = await correct(order.order_id, id, { first_name: 'Kamala', last_name: 'Perera' });
      expect(response.statusCode, id).toBe(422);
    }
    expect(await consoleContentDigest(t.db)).toEqual(before);
  });

  it('per role and organisation: box office and owner may; door 403; a limited manager, another organisation, another order 404', async () => {
    const { order, ticketIds } = await paidOrder(1);
    const ticketId = ticketIds[0] ?? 0;
    const other = await paidOrder(1);
    const body = { first_name: 'Ruwan', last_name: 'Jayasuriya' };
    const before = await consoleContentDigest(t.db);
    const refused = [
      { actor: door, status: 403 },
      { actor: limited, status: 404 },
      { actor: stranger, status: 404, slug: strangerSlug },
      { actor: stranger, status: 404 },
    ];
    for (const { actor, status, slug } of refused) {
      const response = await correct(order.order_id, ticketId, body, { actor, ...(slug ? { slug } : {}) });
      expect(response.statusCode, response.body).toBe(status);
    }
    // A ticket of another order, named under this one.
    expect((await correct(order.order_id, other.ticketIds[0] ?? 0, body)).statusCode).toBe(404);
    expect((await correct('MQNOSUCHORDER', ticketId, body)).statusCode).toBe(404);
    expect(await consoleContentDigest(t.db)).toEqual(before);

    expect((await correct(order.order_id, ticketId, body, { actor: owner })).statusCode).toBe(200);
  });
});

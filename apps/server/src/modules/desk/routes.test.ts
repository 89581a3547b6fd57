import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createEvent,
  createOrganisation,
  createTicketPackage,
  createVenue,
  smallSeatMap,
  type Event,
  type Organisation,
} from '@marquee/db/factories';
import { auditLog, outbox, paymentEvents, tickets } from '@marquee/db/schema';
import {
  CONFIRMATION_RESENDS_PER_HOUR,
  ConfirmationResendAnswerSchema,
  DeskOrderAnswerSchema,
  DeskOrderListAnswerSchema,
} from '@marquee/domain/desk';
import { ErrorBodySchema } from '@marquee/domain/errors';
import type { CreatedOrder } from '@marquee/domain/orders';
import { can, ORGANISATION_ROLES } from '@marquee/domain/permissions';
import { buildTestApp, TEST_APP_CONFIG, type TestApp } from '../../test-support/build-test-app';
import { buyTickets } from '../../test-support/buy-tickets';
import { createOrganiserActor, type OrganiserTestActor } from '../../test-support/organiser-actor';
import { createMailService, mailConfigOf } from '../mail/service';
import type { OutgoingMail } from '../mail/transports';
import { insertDeskTestOrder, type DeskTestOrder } from './desk-test-orders';
import { createDeskService } from './service';

/**
 * The orders desk (issue 22): the search, an order's page and the confirmation's resend, per role; another
 * organisation's orders never found; bad input a 422 in the error shape; the resend paid-only, limited and audited.
 */
let t: TestApp;
let ours: Organisation;
let theirs: Organisation;
let first: Event;
let second: Event;
let theirEvent: Event;
let bought: CreatedOrder;
let seated: DeskTestOrder;
let pending: DeskTestOrder;
let cancelled: DeskTestOrder;
let kamala: DeskTestOrder;
let theirOrder: DeskTestOrder;
let owner: OrganiserTestActor;
let boxOffice: OrganiserTestActor;
let door: OrganiserTestActor;
let limited: OrganiserTestActor;
let stranger: OrganiserTestActor;

const sent: OutgoingMail[] = [];
const mailWorker = () =>
  createMailService({
    db: t.db,
    config: mailConfigOf(TEST_APP_CONFIG),
    publicUrl: TEST_APP_CONFIG.publicUrl,
    log: t.app.log,
    transport: {
      kind: 'smtp',
      send: async (mail) => {
        sent.push(mail);
      },
      close: () => undefined,
    },
  });

const get = (url: string, actor: OrganiserTestActor) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: actor.cookie } });
const post = (url: string, actor: OrganiserTestActor) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: actor.cookie } });
const list = (query: string, actor: OrganiserTestActor = owner, org: Organisation = ours) =>
  get(`/api/organiser/${org.slug}/orders${query}`, actor);
const bookingIdsOf = (body: unknown) => DeskOrderListAnswerSchema.parse(body).orders.map((order) => order.booking_id);
const codeOf = (body: unknown) => ErrorBodySchema.parse(body).code;
const resend = (bookingId: string, actor: OrganiserTestActor = owner) =>
  post(`/api/organiser/${ours.slug}/orders/${bookingId}/confirmation`, actor);

const StateRowsSchema = z.object({
  rows: z.array(z.object({ outbox: z.string().nullable(), audit: z.string().nullable() })),
});

/** A digest of what a resend writes: the outbox and the audit log, row by row. */
async function writtenState() {
  const result = await t.db.execute(sql`
    SELECT (SELECT md5(string_agg(o::text, '|' ORDER BY o.id)) FROM outbox o) AS outbox,
           (SELECT md5(string_agg(a::text, '|' ORDER BY a.id)) FROM audit_log a) AS audit`);
  return StateRowsSchema.parse(result).rows[0];
}

beforeAll(async () => {
  t = await buildTestApp();
  ours = await createOrganisation(t.db);
  theirs = await createOrganisation(t.db);
  const venue = await createVenue(t.db, { organisationId: ours.id, seatMap: smallSeatMap() });
  first = await createEvent(t.db, { organisationId: ours.id, venueId: venue.id });
  second = await createEvent(t.db, { organisationId: ours.id, venueId: venue.id });
  theirEvent = await createEvent(t.db, { organisationId: theirs.id });
  const general = await createTicketPackage(t.db, { eventId: first.id, name: 'General', price: 150_000 });
  const seats = await createTicketPackage(t.db, { eventId: first.id, seatingRange: ['A-1-1', 'A-1-2', 'A-1-3'] });
  const secondPackage = await createTicketPackage(t.db, { eventId: second.id });
  const theirPackage = await createTicketPackage(t.db, { eventId: theirEvent.id });

  const hourAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  // Oldest first: the list answers newest first.
  cancelled = await insertDeskTestOrder(t.db, {
    eventId: first.id,
    packageId: general.id,
    status: 'cancelled',
    createdAt: new Date('2026-01-10T12:00:00Z'),
  });
  kamala = await insertDeskTestOrder(t.db, {
    eventId: second.id,
    packageId: secondPackage.id,
    firstName: 'Kamala',
    lastName: 'Silva',
    email: 'kamala.silva@example.org',
    phone: '+94 71 555 0101',
    createdAt: new Date('2026-02-20T23:30:00Z'),
  });
  pending = await insertDeskTestOrder(t.db, {
    eventId: first.id,
    packageId: general.id,
    status: 'pending',
    firstName: 'Ruwan',
    lastName: '100%_Fan',
    createdAt: hourAgo(3),
  });
  seated = await insertDeskTestOrder(t.db, {
    eventId: first.id,
    packageId: seats.id,
    seats: ['A-1-1', 'A-1-2'],
    createdAt: hourAgo(2),
  });
  theirOrder = await insertDeskTestOrder(t.db, { eventId: theirEvent.id, packageId: theirPackage.id });
  bought = await buyTickets(t, {
    event_id: first.id,
    ticket_package_details: [{ package_id: general.id, ticket_count: 2 }],
  });

  owner = await createOrganiserActor(t, { organisation: ours, role: 'owner', twoFactor: true });
  boxOffice = await createOrganiserActor(t, { organisation: ours, role: 'box_office' });
  door = await createOrganiserActor(t, { organisation: ours, role: 'door' });
  limited = await createOrganiserActor(t, {
    organisation: ours,
    role: 'box_office',
    allEvents: false,
    eventIds: [second.id],
  });
  stranger = await createOrganiserActor(t, { organisation: theirs, role: 'owner', twoFactor: true });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/organiser/:org/orders', () => {
  it("answers the organisation's orders only, newest first, with the contact details for the owner", async () => {
    const answer = await list('');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const body = DeskOrderListAnswerSchema.parse(answer.json());
    expect(body.orders.map((order) => order.booking_id)).toEqual([
      bought.order_id,
      seated.bookingId,
      pending.bookingId,
      kamala.bookingId,
      cancelled.bookingId,
    ]);
    expect(body).toMatchObject({ page: 1, per_page: 25, total: 5 });
    expect(body.orders[0]).toMatchObject({
      event: { uid: first.uid },
      buyer: { first_name: 'Nimal', last_name: 'Perera' },
      contact: { email: 'nimal@example.com', phone: '0771234567' },
      status: 'complete',
      currency: 'LKR',
      tickets: 2,
    });
  });

  it('shows contact details to each role exactly when it has order.contact.read; the door is refused', async () => {
    for (const role of ORGANISATION_ROLES) {
      const member = await createOrganiserActor(t, { organisation: ours, role, twoFactor: true });
      const answer = await list('', member);
      if (!can(role, 'order.read')) {
        expect(answer.statusCode, role).toBe(403);
        expect(codeOf(answer.json())).toBe('forbidden');
        continue;
      }
      expect(answer.statusCode, role).toBe(200);
      const orders = DeskOrderListAnswerSchema.parse(answer.json()).orders;
      expect(
        orders.every((order) => (order.contact !== null) === can(role, 'order.contact.read')),
        role,
      ).toBe(true);
    }
    expect((await list('', door)).statusCode).toBe(403);
  });

  it('hides contact details from, and never searches them for, a role without order.contact.read', async () => {
    // No role that reads orders lacks it today, so the service is asked directly for one that does not.
    const service = createDeskService({ db: t.db });
    const actor = {
      userId: door.userId,
      email: door.email,
      kind: 'member' as const,
      organisationId: ours.id,
      slug: ours.slug,
      role: 'door' as const,
      eventIds: 'all' as const,
      requestId: 'test',
      ip: '127.0.0.1',
    };
    const query = { page: 1, per_page: 25 };
    const all = await service.search(actor, query);
    expect(all.orders.length).toBe(5);
    expect(all.orders.every((order) => order.contact === null)).toBe(true);
    expect((await service.search(actor, { ...query, q: 'kamala.silva@' })).orders).toEqual([]);
    expect((await service.search(actor, { ...query, q: '555 0101' })).orders).toEqual([]);
    expect((await service.search(actor, { ...query, q: 'silva' })).orders.map((o) => o.booking_id)).toEqual([
      kamala.bookingId,
    ]);
    const page = await service.order(actor, kamala.bookingId);
    expect(page.contact).toBeNull();
  });

  it('finds by Booking ID in any case, and by part of the name, e-mail or phone', async () => {
    expect(bookingIdsOf((await list(`?q=${seated.bookingId.toLowerCase()}`)).json())).toEqual([seated.bookingId]);
    expect(bookingIdsOf((await list(`?q=${encodeURIComponent(' ' + kamala.bookingId + ' ')}`)).json())).toEqual([
      kamala.bookingId,
    ]);
    expect(bookingIdsOf((await list('?q=KAMALA')).json())).toEqual([kamala.bookingId]);
    expect(bookingIdsOf((await list('?q=mala%20sil')).json())).toEqual([kamala.bookingId]);
    expect(bookingIdsOf((await list('?q=SILVA%40EXAMPLE')).json())).toEqual([kamala.bookingId]);
    expect(bookingIdsOf((await list('?q=5550101')).json())).toEqual([kamala.bookingId]);
    expect(bookingIdsOf((await list('?q=%2B94%2071%20555')).json())).toEqual([kamala.bookingId]);
    // LIKE's wildcards are matched as themselves.
    expect(bookingIdsOf((await list('?q=100%25_')).json())).toEqual([pending.bookingId]);
    expect(bookingIdsOf((await list('?q=%25')).json())).toEqual([pending.bookingId]);
    expect(bookingIdsOf((await list('?q=')).json())).toHaveLength(5);
  });

  it('filters by event, status and days of the order, and pages', async () => {
    expect(bookingIdsOf((await list(`?event=${second.uid}`)).json())).toEqual([kamala.bookingId]);
    expect(bookingIdsOf((await list('?status=pending')).json())).toEqual([pending.bookingId]);
    expect(bookingIdsOf((await list('?status=cancelled')).json())).toEqual([cancelled.bookingId]);
    expect(bookingIdsOf((await list('?from=2026-01-10&to=2026-02-20')).json())).toEqual([
      kamala.bookingId,
      cancelled.bookingId,
    ]);
    expect(bookingIdsOf((await list('?from=2026-02-21&to=2026-02-21')).json())).toEqual([]);
    expect(bookingIdsOf((await list('?to=2026-01-10')).json())).toEqual([cancelled.bookingId]);
    const page2 = DeskOrderListAnswerSchema.parse((await list('?per_page=2&page=2')).json());
    expect(page2).toMatchObject({ page: 2, per_page: 2, total: 5 });
    expect(page2.orders.map((order) => order.booking_id)).toEqual([pending.bookingId, kamala.bookingId]);
    expect(bookingIdsOf((await list('?per_page=2&page=9')).json())).toEqual([]);
    // Another organisation's event: nothing (it is not one of ours).
    expect(bookingIdsOf((await list(`?event=${theirEvent.uid}`)).json())).toEqual([]);
  });

  it("never finds another organisation's orders, by Booking ID, name or address", async () => {
    expect(bookingIdsOf((await list(`?q=${theirOrder.bookingId}`)).json())).toEqual([]);
    expect(bookingIdsOf((await list('?q=nimal')).json())).not.toContain(theirOrder.bookingId);
    expect(bookingIdsOf((await list('?q=nimal%40example.com')).json())).not.toContain(theirOrder.bookingId);
    expect(bookingIdsOf((await list('', stranger, theirs)).json())).toEqual([theirOrder.bookingId]);
    expect((await list('', stranger)).statusCode).toBe(404);
  });

  it('shows a member limited to one event only its orders', async () => {
    const answer = await list('', limited);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(bookingIdsOf(answer.json())).toEqual([kamala.bookingId]);
    expect(bookingIdsOf((await list(`?q=${seated.bookingId}`, limited)).json())).toEqual([]);
    expect(bookingIdsOf((await list(`?event=${first.uid}`, limited)).json())).toEqual([]);
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['page=99999999999', 'page'],
    ['per_page=101', 'per_page'],
    ['per_page=0', 'per_page'],
    ['status=refundedish', 'status'],
    ['from=2026-13-01', 'from'],
    ['from=yesterday', 'from'],
    ['to=2026-02-30', 'to'],
    ['from=2026-03-01&to=2026-02-01', 'to'],
    [`q=${'x'.repeat(101)}`, 'q'],
    ['q=a%00b', 'q'],
    ['event=%00', 'event'],
    ['page=1&page=2', 'page'],
  ])('refuses %s with a 422 naming %s', async (query, field) => {
    const answer = await list(`?${query}`);
    expect(answer.statusCode, answer.body).toBe(422);
    const body = ErrorBodySchema.parse(answer.json());
    expect(body.code).toBe('validation_failed');
    expect(Object.keys(body.errors ?? {}).join(' '), answer.body).toContain(field);
  });
});

describe('GET /api/organiser/:org/orders/:orderId', () => {
  it("shows a bought order's lines, totals, payment story, tickets and e-mails, never a code or a body", async () => {
    await t.db.insert(paymentEvents).values({
      provider: 'sandbox',
      eventId: `evt_desk_${bought.order_id}`,
      type: 'payment_intent.succeeded',
      intentId: bought.payment?.intent_id ?? null,
    });
    await mailWorker().sendDue();
    const answer = await get(`/api/organiser/${ours.slug}/orders/${bought.order_id.toLowerCase()}`, owner);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = DeskOrderAnswerSchema.parse(answer.json());
    expect(body).toMatchObject({
      booking_id: bought.order_id,
      status: 'complete',
      event: { uid: first.uid },
      contact: { email: 'nimal@example.com', phone: '0771234567' },
      lines: [{ package_name: 'General', unit_price: 150_000, quantity: 2, seats: [] }],
      totals: { currency: 'LKR', total: bought.total },
      payment: { intent_id: bought.payment?.intent_id, provider_status: 'succeeded', last_error: null },
    });
    expect(body.payment.paid_at).not.toBeNull();
    const kinds = body.payment.timeline.map((step) => step.kind);
    expect(kinds).toEqual(expect.arrayContaining(['created', 'hold_expires', 'provider_event', 'paid']));
    expect(body.payment.timeline.find((step) => step.kind === 'provider_event')).toMatchObject({
      provider: 'sandbox',
      type: 'payment_intent.succeeded',
    });
    const issued = await t.db
      .select({ code: tickets.code })
      .from(tickets)
      .innerJoin(outbox, eq(outbox.orderId, tickets.orderId))
      .where(eq(outbox.kind, 'order_confirmation'));
    expect(body.tickets).toHaveLength(2);
    for (const ticket of body.tickets) {
      expect(ticket.code_suffix).toHaveLength(5);
      expect(ticket.used_at).toBeNull();
    }
    for (const { code } of issued) expect(answer.body).not.toContain(code);
    expect(body.emails).toEqual([expect.objectContaining({ kind: 'order_confirmation', status: 'sent', attempts: 1 })]);
    expect(answer.body).not.toMatch(/"(text|html|body)"/);
  });

  it('labels seats and shows check-ins', async () => {
    await t.db
      .update(tickets)
      .set({ usedAt: new Date('2026-03-01T18:00:00Z') })
      .where(and(eq(tickets.orderId, seated.id), eq(tickets.seatId, 'A-1-2')));
    const body = DeskOrderAnswerSchema.parse(
      (await get(`/api/organiser/${ours.slug}/orders/${seated.bookingId}`, boxOffice)).json(),
    );
    expect(body.lines[0]?.seats.map((seat) => seat.label)).toEqual([
      'Section A · Row 1 · Seat 1',
      'Section A · Row 1 · Seat 2',
    ]);
    expect(body.tickets.map((ticket) => [ticket.seat?.id, ticket.used_at])).toEqual([
      ['A-1-1', null],
      ['A-1-2', '2026-03-01T18:00:00.000Z'],
    ]);
    expect(body.contact).not.toBeNull();
  });

  it("answers 404 for another organisation's order, an unknown or malformed id, and outside a member's events", async () => {
    const url = (bookingId: string, org: Organisation = ours) => `/api/organiser/${org.slug}/orders/${bookingId}`;
    for (const bookingId of [theirOrder.bookingId, 'MQ0000000000', 'not-a-booking', '%00', "1'%20OR%20'1'='1"]) {
      const answer = await get(url(bookingId), owner);
      expect(answer.statusCode, bookingId).toBe(404);
      expect(codeOf(answer.json())).toBe('not_found');
    }
    expect((await get(url(seated.bookingId), limited)).statusCode).toBe(404);
    expect((await get(url(kamala.bookingId), limited)).statusCode).toBe(200);
    expect((await get(url(seated.bookingId, theirs), owner)).statusCode).toBe(404);
    expect((await get(url(seated.bookingId), stranger)).statusCode).toBe(404);
    expect((await get(url(seated.bookingId), door)).statusCode).toBe(403);
  });
});

describe('POST /api/organiser/:org/orders/:orderId/confirmation', () => {
  it('refuses unpaid and cancelled orders, writing nothing', async () => {
    const before = await writtenState();
    const unpaid = await resend(pending.bookingId);
    expect(unpaid.statusCode, unpaid.body).toBe(409);
    expect(codeOf(unpaid.json())).toBe('not_paid');
    const gone = await resend(cancelled.bookingId);
    expect(gone.statusCode, gone.body).toBe(409);
    expect(codeOf(gone.json())).toBe('not_valid');
    expect(await writtenState()).toEqual(before);
  });

  it("refuses the door, another organisation's order and a limited member's other events, writing nothing", async () => {
    const before = await writtenState();
    expect((await resend(seated.bookingId, door)).statusCode).toBe(403);
    expect((await resend(theirOrder.bookingId)).statusCode).toBe(404);
    expect((await resend(seated.bookingId, limited)).statusCode).toBe(404);
    expect((await resend(seated.bookingId, stranger)).statusCode).toBe(404);
    expect(
      (await post(`/api/organiser/${theirs.slug}/orders/${theirOrder.bookingId}/confirmation`, owner)).statusCode,
    ).toBe(404);
    expect(await writtenState()).toEqual(before);
  });

  it(`queues exactly one send per press, at most ${CONFIRMATION_RESENDS_PER_HOUR} an hour, each audited`, async () => {
    const worker = mailWorker();
    await worker.sendDue();
    sent.length = 0;
    for (let press = 1; press <= CONFIRMATION_RESENDS_PER_HOUR; press += 1) {
      const answer = await resend(seated.bookingId, boxOffice);
      expect(answer.statusCode, answer.body).toBe(202);
      expect(ConfirmationResendAnswerSchema.parse(answer.json())).toEqual({
        booking_id: seated.bookingId,
        status: 'queued',
        resends_left: CONFIRMATION_RESENDS_PER_HOUR - press,
      });
      // Pressed again before the worker sent it: that send is still to come (or the hour's resends are spent).
      const again = await resend(seated.bookingId, boxOffice);
      const expected = press < CONFIRMATION_RESENDS_PER_HOUR ? 'conflict' : 'rate_limited';
      expect(codeOf(again.json()), again.body).toBe(expected);
      expect(await worker.sendDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(sent).toHaveLength(press);
    }
    expect(sent.every((mail) => mail.subject.includes(seated.bookingId))).toBe(true);
    // Each resend is a message of its own (a mailbox drops a copy whose Message-ID it has already).
    expect(new Set(sent.map((mail) => mail.messageId)).size).toBe(CONFIRMATION_RESENDS_PER_HOUR);
    expect(sent[0]?.messageId).toMatch(new RegExp(`^<order-confirmation\\.${seated.bookingId}\\.resend-1@`));

    const before = await writtenState();
    const limitedAnswer = await resend(seated.bookingId, boxOffice);
    expect(limitedAnswer.statusCode, limitedAnswer.body).toBe(429);
    expect(codeOf(limitedAnswer.json())).toBe('rate_limited');
    expect(Number(limitedAnswer.headers['retry-after'])).toBeGreaterThan(3_000);
    expect(await writtenState()).toEqual(before);
    expect(await worker.sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });

    const audited = await t.db
      .select({ action: auditLog.action, email: auditLog.actorEmail, role: auditLog.actorRole, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, seated.bookingId)));
    expect(audited).toHaveLength(CONFIRMATION_RESENDS_PER_HOUR);
    expect(audited[0]).toEqual({
      action: 'order.confirmation.resend',
      email: boxOffice.email,
      role: 'box_office',
      after: { confirmation: 'pending' },
    });
    const page = DeskOrderAnswerSchema.parse(
      (await get(`/api/organiser/${ours.slug}/orders/${seated.bookingId}`, owner)).json(),
    );
    expect(page.resends).toHaveLength(CONFIRMATION_RESENDS_PER_HOUR);
    expect(page.resends[0]?.by).toBe(boxOffice.email);
    expect(page.emails).toEqual([expect.objectContaining({ kind: 'order_confirmation', status: 'sent' })]);
  });

  it('lets one of two simultaneous presses through', async () => {
    const answers = await Promise.all([resend(kamala.bookingId), resend(kamala.bookingId)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
    const rows = await t.db.select({ status: outbox.status }).from(outbox).where(eq(outbox.orderId, kamala.id));
    expect(rows).toEqual([{ status: 'pending' }]);
  });
});

describe("an order's refunds on its page", () => {
  it('shows the refund, the voided ticket, what is left to refund and the refund e-mail', async () => {
    const url = `/api/organiser/${ours.slug}/orders/${bought.order_id}`;
    const before = DeskOrderAnswerSchema.parse((await get(url, owner)).json());
    expect(before.refunds).toEqual([]);
    expect(before.refundable_amount).toBe(before.totals.total);
    expect(before.tickets.every((ticket) => ticket.voided_at === null)).toBe(true);
    const [ticket] = before.tickets;
    if (!ticket) throw new Error('The bought order has no tickets.');

    const refunded = await t.app.inject({
      method: 'POST',
      url: `${url}/refunds`,
      headers: { cookie: owner.cookie, 'idempotency-key': 'desk-page-refund-1' },
      payload: { ticket_ids: [ticket.id], amount: 1_000, reason: 'The buyer cannot come.' },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    await mailWorker().sendDue();

    const after = DeskOrderAnswerSchema.parse((await get(url, boxOffice)).json());
    expect(after.refunded_amount).toBe(1_000);
    expect(after.refundable_amount).toBe(before.totals.total - 1_000);
    expect(after.refunds).toEqual([
      expect.objectContaining({ amount: 1_000, ticket_ids: [ticket.id], reason: 'The buyer cannot come.' }),
    ]);
    expect(after.tickets.find((row) => row.id === ticket.id)?.voided_at).not.toBeNull();
    expect(after.tickets.filter((row) => row.voided_at === null)).toHaveLength(before.tickets.length - 1);
    expect(after.emails.map((email) => email.kind)).toContain('order_refunded');
  });
});

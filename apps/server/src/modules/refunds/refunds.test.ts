import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  createOrganisation,
  createTicketPackage,
  createVenue,
  smallSeatMap,
  type Event,
  type Organisation,
  type TicketPackageRow,
} from '@marquee/db/factories';
import {
  auditLog,
  mailMessages,
  orders,
  outbox,
  refunds,
  sandboxPaymentIntents,
  sandboxRefunds,
  seatClaims,
  ticketPackages,
  tickets,
} from '@marquee/db/schema';
import { ErrorBodySchema } from '@marquee/domain/errors';
import type { CreatedOrder } from '@marquee/domain/orders';
import { REFUND_MESSAGES, RefundAnswerSchema } from '@marquee/domain/refunds';
import { CheckInRefusedSchema, parseTicketCode } from '@marquee/domain/tickets';
import { buildTestApp, TEST_APP_CONFIG, type TestApp } from '../../test-support/build-test-app';
import { buyTickets, orderTickets } from '../../test-support/buy-tickets';
import { consoleContentDigest } from '../../test-support/console-fixture';
import { createOrganiserActor, type OrganiserTestActor } from '../../test-support/organiser-actor';
import { createMailService } from '../mail/service';
import { createPaymentGateways } from '../payments/gateways';
import { createSandboxWebhooks } from '../payments/sandbox-webhooks';
import { createTicketsService } from '../tickets/service';
import { createRefundsService } from './service';

const STAFF_TOKEN = 'gate-staff-token-0123456789';
const SEATS = ['A-1-1', 'A-1-2', 'A-1-3'];

let t: TestApp;
let tickets_: ReturnType<typeof createTicketsService>;
let organisation: Organisation;
let event: Event;
let seated: TicketPackageRow;
let standing: TicketPackageRow;
let owner: OrganiserTestActor;
let boxOffice: OrganiserTestActor;
let door: OrganiserTestActor;
let limited: OrganiserTestActor;
let stranger: OrganiserTestActor;
let strangerSlug: string;
let keys = 0;

beforeAll(async () => {
  t = await buildTestApp({ tickets: { signingKey: null, linkKey: null, staffToken: STAFF_TOKEN } });
  tickets_ = createTicketsService({ db: t.db, config: TEST_APP_CONFIG });
  organisation = await createOrganisation(t.db, { name: 'Refund Promotions' });
  const venue = await createVenue(t.db, { organisationId: organisation.id, seatMap: smallSeatMap(2, 5) });
  event = await createEvent(t.db, { organisationId: organisation.id, venueId: venue.id });
  const other = await createEvent(t.db, { organisationId: organisation.id, venueId: venue.id });
  seated = await createTicketPackage(t.db, { eventId: event.id, price: 500_000, seatingRange: SEATS });
  standing = await createTicketPackage(t.db, { eventId: event.id, price: 200_000, capacity: 50, freeSeating: true });
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
  const theirs = await createOrganisation(t.db, { name: 'Other Promotions' });
  strangerSlug = theirs.slug;
  stranger = await createOrganiserActor(t, { organisation: theirs, role: 'owner', twoFactor: true });
});
afterAll(async () => {
  await t.close();
});

function newKey(): string {
  keys += 1;
  return `refund-test-${keys}-${Date.now()}`;
}

function refund(
  bookingId: string,
  body: unknown,
  options: { actor?: OrganiserTestActor; key?: string | null; slug?: string } = {},
) {
  const key = options.key === undefined ? newKey() : options.key;
  return t.app.inject({
    method: 'POST',
    url: `/api/organiser/${options.slug ?? organisation.slug}/orders/${bookingId}/refunds`,
    payload: JSON.stringify(body),
    headers: {
      'content-type': 'application/json',
      cookie: (options.actor ?? owner).cookie,
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
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

/** The order's tickets with their signed codes: seated first, then by id. */
async function ticketsOf(order: CreatedOrder) {
  const codes = await tickets_.signedCodes(order.order_id);
  const byNumber = new Map(
    codes.map((code) => {
      const parsed = parseTicketCode(code);
      if (!parsed.ok) throw new Error(parsed.reason);
      return [parsed.code.claims.c, code] as const;
    }),
  );
  const [row] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.orderId, order.order_id));
  const rows = await t.db
    .select()
    .from(tickets)
    .where(eq(tickets.orderId, row?.id ?? 0))
    .orderBy(tickets.id);
  return rows
    .map((ticket) => ({ ...ticket, signed: byNumber.get(ticket.code) ?? '' }))
    .sort((a, b) => Number(a.seatId === null) - Number(b.seatId === null) || a.id - b.id);
}

async function orderRow(bookingId: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.orderId, bookingId));
  if (!row) throw new Error(`no order ${bookingId}`);
  return row;
}

async function intentOf(bookingId: string) {
  const [row] = await t.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.reference, bookingId));
  if (!row) throw new Error(`no intent for ${bookingId}`);
  return row;
}

async function soldCount(packageId: number): Promise<number> {
  const [row] = await t.db
    .select({ sold: ticketPackages.soldCount })
    .from(ticketPackages)
    .where(eq(ticketPackages.id, packageId));
  return row?.sold ?? -1;
}

/** Every row a refund could write, digested: the console's tables, and the sandbox provider's. */
async function everything() {
  const sandbox = await t.db.execute(
    sql`SELECT (SELECT md5(string_agg(s::text, '|' ORDER BY s::text)) FROM sandbox_refunds s) AS refunds,
               (SELECT md5(string_agg(i::text, '|' ORDER BY i::text)) FROM sandbox_payment_intents i) AS intents`,
  );
  return { console: await consoleContentDigest(t.db), sandbox: JSON.stringify(sandbox) };
}

const codeOf = (body: string) => ErrorBodySchema.parse(JSON.parse(body)).code;

describe('a partial refund, then the rest', () => {
  let order: CreatedOrder;
  let partialId: number;

  beforeAll(async () => {
    order = await buyTickets(t, {
      event_id: event.id,
      seats: ['A-1-1'],
      ticket_package_details: [{ package_id: standing.id, ticket_count: 2 }],
    });
  });

  it('voids the named ticket, gives its amount back through the gateway, and puts its seat back on sale', async () => {
    const [seat, first, second] = await ticketsOf(order);
    if (!seat || !first || !second) throw new Error('three tickets expected');
    expect(seat.seatId).toBe('A-1-1');
    const soldBefore = await soldCount(seated.id);

    const response = await refund(order.order_id, { ticket_ids: [seat.id], amount: 500_000, reason: 'Cannot come' });
    expect(response.statusCode, response.body).toBe(201);
    const answer = RefundAnswerSchema.parse(response.json());
    partialId = answer.refund.id;
    expect(answer.refund).toMatchObject({ status: 'succeeded', amount: 500_000, ticket_ids: [seat.id] });
    expect(answer.order).toMatchObject({ refunded_amount: 500_000, is_refunded: false });
    expect(answer.order.refundable_amount).toBe(answer.order.total - 500_000);

    // The gateway saw this amount, once, with the refund's own key.
    const intent = await intentOf(order.order_id);
    expect(intent).toMatchObject({ status: 'succeeded', refundedAmount: 500_000 });
    const asked = await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.intentId, intent.id));
    expect(asked).toEqual([expect.objectContaining({ amount: 500_000, requests: 1 })]);

    // Voided at once: the gate refuses it with the reason, and still admits the others.
    const refused = await checkIn(seat.signed);
    expect(refused.statusCode).toBe(409);
    expect(CheckInRefusedSchema.parse(refused.json())).toMatchObject({
      reason: 'booking_not_valid',
      message: REFUND_MESSAGES.voidedTicket,
    });
    expect((await checkIn(first.signed)).statusCode).toBe(200);

    // The inventory is back: sold_count down, the seat's claim gone, and someone else can buy the seat.
    expect(await soldCount(seated.id)).toBe(soldBefore - 1);
    const claims = await t.db
      .select()
      .from(seatClaims)
      .where(and(eq(seatClaims.eventId, event.id), eq(seatClaims.seatId, 'A-1-1')));
    expect(claims).toEqual([]);
    const again = await buyTickets(t, { event_id: event.id, seats: ['A-1-1'] }, { email: 'second@example.com' });
    expect((await ticketsOf(again)).map((ticket) => ticket.seatId)).toEqual(['A-1-1']);
    expect(await soldCount(seated.id)).toBe(soldBefore);

    // The buyer's e-mail is queued for this refund, and the audit log says who, how much, which tickets and why.
    const queued = await t.db.select().from(outbox).where(eq(outbox.refundId, partialId));
    expect(queued).toEqual([expect.objectContaining({ kind: 'order_refunded', status: 'pending' })]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.refund'), eq(auditLog.entityId, order.order_id)));
    expect(audit).toMatchObject({
      actorEmail: owner.email,
      actorRole: 'owner',
      organisationId: organisation.id,
      eventId: event.id,
      after: expect.objectContaining({ amount: 500_000, ticket_ids: [seat.id], reason: 'Cannot come' }),
    });
  });

  it('sends the buyer an e-mail that says how much comes back', async () => {
    const mail = createMailService({
      db: t.db,
      config: { smtpUrl: null, from: 'Marquee <tickets@marquee.test>', viewer: 'local' },
      publicUrl: 'http://marquee.test',
      log: t.app.log,
    });
    const result = await mail.sendDue();
    expect(result.failed).toBe(0);
    const [sent] = await t.db.select().from(outbox).where(eq(outbox.refundId, partialId));
    expect(sent?.status).toBe('sent');
    const kept = await t.db
      .select()
      .from(mailMessages)
      .where(sql`${mailMessages.messageId} LIKE ${`<order-refunded.${order.order_id}.%`}`);
    expect(kept).toHaveLength(1);
    expect(kept[0]?.subject).toContain('Refund of');
    expect(kept[0]?.text).toContain('One ticket of your booking no longer admit');
  });

  it('replays the same key as the same refund, and refuses the key with another body', async () => {
    const key = newKey();
    const [, , second] = await ticketsOf(order);
    if (!second) throw new Error('a third ticket expected');
    const first = await refund(order.order_id, { ticket_ids: [second.id], amount: 1_000, reason: 'Goodwill' }, { key });
    expect(first.statusCode, first.body).toBe(201);
    const replay = await refund(
      order.order_id,
      { ticket_ids: [second.id], amount: 1_000, reason: 'Goodwill' },
      { key },
    );
    expect(replay.statusCode).toBe(200);
    expect(RefundAnswerSchema.parse(replay.json()).refund.id).toBe(RefundAnswerSchema.parse(first.json()).refund.id);
    const other = await refund(order.order_id, { ticket_ids: [second.id], amount: 2_000, reason: 'Goodwill' }, { key });
    expect(other.statusCode).toBe(409);
    expect(codeOf(other.body)).toBe('refund_key_reused');
    const intent = await intentOf(order.order_id);
    expect(intent.refundedAmount).toBe(501_000);
    expect((await orderRow(order.order_id)).refundedAmount).toBe(501_000);
  });

  it('leaves an admitted ticket as it is: naming it is refused, and nothing is written', async () => {
    const [, first] = await ticketsOf(order);
    if (!first?.usedAt) throw new Error('the first standing ticket was admitted above');
    const before = await everything();
    const response = await refund(order.order_id, { ticket_ids: [first.id], amount: 1_000, reason: 'Left early' });
    expect(response.statusCode).toBe(409);
    expect(codeOf(response.body)).toBe('ticket_already_used');
    expect(await everything()).toEqual(before);
  });
});

describe('a full refund', () => {
  it('voids every ticket, returns all of the inventory, refunds the payment at the provider and marks the order refunded', async () => {
    const order = await buyTickets(t, {
      event_id: event.id,
      seats: ['A-1-2'],
      ticket_package_details: [{ package_id: standing.id, ticket_count: 2 }],
    });
    const seatedBefore = await soldCount(seated.id);
    const standingBefore = await soldCount(standing.id);
    const { total } = await orderRow(order.order_id);

    const response = await refund(order.order_id, { amount: total, reason: 'Buyer asked' }, { actor: boxOffice });
    expect(response.statusCode, response.body).toBe(201);
    const answer = RefundAnswerSchema.parse(response.json());
    expect(answer.refund.ticket_ids).toHaveLength(3);
    expect(answer.order).toMatchObject({ refunded_amount: total, refundable_amount: 0, is_refunded: true });

    const all = await ticketsOf(order);
    expect(all.every((ticket) => ticket.voidedAt !== null && ticket.refundId === answer.refund.id)).toBe(true);
    for (const ticket of all) expect((await checkIn(ticket.signed)).statusCode).toBe(409);
    expect(await soldCount(seated.id)).toBe(seatedBefore - 1);
    expect(await soldCount(standing.id)).toBe(standingBefore - 2);
    expect((await orderRow(order.order_id)).refundedAt).not.toBeNull();
    expect(await intentOf(order.order_id)).toMatchObject({ status: 'refunded', refundedAmount: total });

    // The payment's return address and its webhooks, arriving again, change nothing: no ticket comes back.
    const back = await t.app.inject({ url: `/api/bookings/status?orderId=${order.order_id}` });
    expect(back.statusCode).toBe(303);
    await createSandboxWebhooks(t.db).deliverDue(
      async (body, headers) =>
        (await t.app.inject({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: body, headers }))
          .statusCode,
    );
    const after = await ticketsOf(order);
    expect(after.map((ticket) => [ticket.id, ticket.voidedAt !== null])).toEqual(
      all.map((ticket) => [ticket.id, true]),
    );
    expect((await orderRow(order.order_id)).refundedAmount).toBe(total);
    expect(await soldCount(standing.id)).toBe(standingBefore - 2);

    const nothing = await refund(order.order_id, { ticket_ids: [], amount: 1, reason: 'More' });
    expect(nothing.statusCode).toBe(422);
    expect(codeOf(nothing.body)).toBe('refund_exceeds_paid');
  });
});

describe('bad input: a clear 4xx, and nothing written', () => {
  let order: CreatedOrder;
  let other: CreatedOrder;

  beforeAll(async () => {
    order = await buyTickets(t, {
      event_id: event.id,
      ticket_package_details: [{ package_id: standing.id, ticket_count: 2 }],
    });
    other = await buyTickets(t, {
      event_id: event.id,
      ticket_package_details: [{ package_id: standing.id, ticket_count: 1 }],
    });
  });

  async function expectRefused(send: () => ReturnType<typeof refund>, status: number, code: string, field?: string) {
    const before = await everything();
    const response = await send();
    expect(response.statusCode, response.body).toBe(status);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.code).toBe(code);
    if (field) expect(Object.keys(body.errors ?? {})).toContain(field);
    expect(await everything()).toEqual(before);
  }

  it('an amount above what is left to refund', async () => {
    const { total } = await orderRow(order.order_id);
    await expectRefused(
      () => refund(order.order_id, { amount: total + 1, reason: 'Too much' }),
      422,
      'refund_exceeds_paid',
      'amount',
    );
  });

  it('a ticket of another order', async () => {
    const [foreign] = await ticketsOf(other);
    await expectRefused(
      () => refund(order.order_id, { ticket_ids: [foreign?.id ?? 0], amount: 1_000, reason: 'Wrong order' }),
      422,
      'validation_failed',
      'ticket_ids',
    );
  });

  it('a ticket already voided', async () => {
    const [first] = await ticketsOf(order);
    const done = await refund(order.order_id, { ticket_ids: [first?.id ?? 0], amount: 1_000, reason: 'First' });
    expect(done.statusCode, done.body).toBe(201);
    await expectRefused(
      () => refund(order.order_id, { ticket_ids: [first?.id ?? 0], amount: 1_000, reason: 'Again' }),
      409,
      'ticket_already_voided',
    );
  });

  it('an unpaid order', async () => {
    const unpaid = await orderTickets(t, {
      event_id: event.id,
      ticket_package_details: [{ package_id: standing.id, ticket_count: 1 }],
    });
    await expectRefused(() => refund(unpaid.order_id, { amount: 1_000, reason: 'Unpaid' }), 409, 'not_paid');
  });

  it('a missing Idempotency-Key', async () => {
    await expectRefused(
      () => refund(order.order_id, { amount: 1_000, reason: 'No key' }, { key: null }),
      422,
      'validation_failed',
    );
  });

  it.each([0, -500, 1.5])('an amount of %s', async (amount) => {
    await expectRefused(
      () => refund(order.order_id, { amount, reason: 'Bad amount' }),
      422,
      'validation_failed',
      'amount',
    );
  });

  it('an order that does not exist', async () => {
    await expectRefused(() => refund('MQ0000000000', { amount: 1_000, reason: 'None' }), 404, 'not_found');
  });
});

describe('who may refund', () => {
  let order: CreatedOrder;
  beforeAll(async () => {
    order = await buyTickets(t, {
      event_id: event.id,
      ticket_package_details: [{ package_id: standing.id, ticket_count: 2 }],
    });
  });

  it('the door is refused 403; another organisation and a manager of other events see no such order', async () => {
    const before = await everything();
    const body = { amount: 1_000, reason: 'Not theirs' };
    const byDoor = await refund(order.order_id, body, { actor: door });
    expect(byDoor.statusCode).toBe(403);
    expect(codeOf(byDoor.body)).toBe('forbidden');
    for (const attempt of [
      refund(order.order_id, body, { actor: stranger, slug: strangerSlug }),
      refund(order.order_id, body, { actor: stranger }),
      refund(order.order_id, body, { actor: limited }),
    ]) {
      const answer = await attempt;
      expect(answer.statusCode, answer.body).toBe(404);
      expect(codeOf(answer.body)).toBe('not_found');
    }
    expect(await everything()).toEqual(before);
  });

  it('the box office may, as the permissions table allows', async () => {
    const response = await refund(
      order.order_id,
      { amount: 1_000, ticket_ids: [], reason: 'Goodwill' },
      { actor: boxOffice },
    );
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('an order paid in instalments', () => {
  it('is refunded whole only: a part is refused 409 with nothing written, the whole amount goes through', async () => {
    const order = await orderTickets(t, {
      event_id: event.id,
      payment_gateway_id: 2,
      ticket_package_details: [{ package_id: standing.id, ticket_count: 2 }],
    });
    // The plan approved at the provider; the return address completes the order.
    await t.db
      .update(sandboxPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPaymentIntents.reference, order.order_id));
    expect((await t.app.inject({ url: `/api/bookings/status?orderId=${order.order_id}` })).headers.location).toContain(
      'step=4',
    );
    const { total } = await orderRow(order.order_id);
    const [first] = await ticketsOf(order);
    const before = await everything();
    const part = await refund(order.order_id, { ticket_ids: [first?.id ?? 0], amount: total - 1, reason: 'Part' });
    expect(part.statusCode).toBe(409);
    expect(codeOf(part.body)).toBe('partial_refund_unsupported');
    expect(await everything()).toEqual(before);

    const whole = await refund(order.order_id, { amount: total, reason: 'Whole' });
    expect(whole.statusCode, whole.body).toBe(201);
    expect(await intentOf(order.order_id)).toMatchObject({ status: 'refunded', refundedAmount: total });
  });
});

describe('a gateway call that fails, or a process that dies before it', () => {
  it('leaves the refund pending (tickets voided), and a retry of the request or the sweeper finishes it once', async () => {
    const order = await buyTickets(t, {
      event_id: event.id,
      ticket_package_details: [{ package_id: standing.id, ticket_count: 2 }],
    });
    const intent = await intentOf(order.order_id);
    const [first, second] = await ticketsOf(order);
    // The provider is unreachable for this payment (the sandbox refuses to refund an intent that is not succeeded).
    const breakIt = (status: 'processing' | 'succeeded') =>
      t.db.update(sandboxPaymentIntents).set({ status }).where(eq(sandboxPaymentIntents.id, intent.id));
    await breakIt('processing');
    const key = newKey();
    const body = { ticket_ids: [first?.id ?? 0], amount: 10_000, reason: 'Flaky provider' };
    const pending = await refund(order.order_id, body, { key });
    expect(pending.statusCode, pending.body).toBe(202);
    const decided = RefundAnswerSchema.parse(pending.json());
    expect(decided.refund.status).toBe('pending');
    expect((await ticketsOf(order))[0]?.voidedAt).not.toBeNull();
    expect(await t.db.select().from(outbox).where(eq(outbox.refundId, decided.refund.id))).toEqual([]);

    // Back up: the same request with its key makes the call, once.
    await breakIt('succeeded');
    const retried = await refund(order.order_id, body, { key });
    expect(retried.statusCode).toBe(200);
    expect(RefundAnswerSchema.parse(retried.json()).refund).toMatchObject({
      id: decided.refund.id,
      status: 'succeeded',
    });
    expect(await intentOf(order.order_id)).toMatchObject({ refundedAmount: 10_000 });

    // A process that died mid-call: its lease holds off replays until it runs out; then the sweeper makes the call.
    const other = await refund(order.order_id, { ticket_ids: [second?.id ?? 0], amount: 5_000, reason: 'Crash' });
    const otherId = RefundAnswerSchema.parse(other.json()).refund.id;
    await t.db
      .update(refunds)
      .set({ status: 'pending', succeededAt: null, attemptStartedAt: sql`now()` })
      .where(eq(refunds.id, otherId));
    await t.db.delete(outbox).where(eq(outbox.refundId, otherId));
    const service = createRefundsService({
      db: t.db,
      gateways: createPaymentGateways(t.db, { sandboxWebhooks: createSandboxWebhooks(t.db), sandbox: true }),
    });
    expect(await service.retryStalled()).toBe(0); // the lease still holds
    await t.db
      .update(refunds)
      .set({ attemptStartedAt: sql`now() - interval '10 minutes'` })
      .where(eq(refunds.id, otherId));
    expect(await service.retryStalled()).toBe(1);
    const [swept] = await t.db.select().from(refunds).where(eq(refunds.id, otherId));
    expect(swept?.status).toBe('succeeded');
    expect(await t.db.select().from(outbox).where(eq(outbox.refundId, otherId))).toHaveLength(1);
    // The provider was asked again with the same key: it refunded once.
    expect(await intentOf(order.order_id)).toMatchObject({ refundedAmount: 15_000 });
    const asked = await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.intentId, intent.id));
    expect(asked.map((row) => [row.amount, row.requests]).sort()).toEqual([
      [10_000, 1],
      [5_000, 2],
    ]);
  });
});

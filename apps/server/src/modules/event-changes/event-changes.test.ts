import { and, eq, inArray, like, sql } from 'drizzle-orm';
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
  eventChangeOrders,
  eventChanges,
  events,
  mailMessages,
  orders,
  outbox,
  refunds,
  sandboxRefunds,
  tickets,
} from '@marquee/db/schema';
import { ErrorBodySchema } from '@marquee/domain/errors';
import {
  EventCancellationSchema,
  EventCancellationStateSchema,
  EventPostponementAnswerSchema,
} from '@marquee/domain/event-changes';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { buyTickets, orderTickets } from '../../test-support/buy-tickets';
import { consoleContentDigest } from '../../test-support/console-fixture';
import { createOrganiserActor, type OrganiserTestActor } from '../../test-support/organiser-actor';
import { createMailService } from '../mail/service';
import { createPaymentGateways } from '../payments/gateways';
import { createSandboxWebhooks } from '../payments/sandbox-webhooks';
import { createRefundsService } from '../refunds/service';
import { cancellationRefundKey, createCancellationWorker } from './cancellation-worker';

/**
 * Cancelling or postponing a whole event (issue 22; docs/decisions/040) through the API, per role and with bad
 * input; the bulk refunds driven run by run (the worker is off in test apps). The crash-and-restart proof with
 * real server processes is `cancellation-restart.test.ts`.
 */
let t: TestApp;
let organisation: Organisation;
let venueId: number;
let owner: OrganiserTestActor;
let manager: OrganiserTestActor;
let boxOffice: OrganiserTestActor;
let door: OrganiserTestActor;
let keys = 0;
let buyers = 0;

beforeAll(async () => {
  t = await buildTestApp();
  organisation = await createOrganisation(t.db, { name: 'Cancelling Promotions' });
  venueId = (await createVenue(t.db, { organisationId: organisation.id })).id;
  const actor = (role: 'owner' | 'manager' | 'box_office' | 'door') =>
    createOrganiserActor(t, { organisation, role, twoFactor: true });
  owner = await actor('owner');
  manager = await actor('manager');
  boxOffice = await actor('box_office');
  door = await actor('door');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

function worker(batchSize = 25) {
  const gateways = createPaymentGateways(t.db, { sandboxWebhooks: createSandboxWebhooks(t.db), sandbox: true });
  return createCancellationWorker({
    db: t.db,
    refunds: createRefundsService({ db: t.db, gateways }),
    options: { batchSize, leaseSeconds: 60 },
  });
}

/** An event on sale with `count` paid orders of two tickets, each by its own buyer. */
async function eventWithOrders(count: number) {
  const event = await createEvent(t.db, { organisationId: organisation.id, venueId });
  const pkg = await createTicketPackage(t.db, { eventId: event.id, price: 100_000, capacity: 200, freeSeating: true });
  const bought = [];
  for (let i = 0; i < count; i += 1) {
    buyers += 1;
    bought.push(
      await buyTickets(
        t,
        { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }] },
        { email: `buyer-${buyers}@example.com` },
      ),
    );
  }
  return { event, pkg, bookingIds: bought.map((order) => order.order_id) };
}

function send(
  method: 'GET' | 'POST',
  path: string,
  options: { actor?: OrganiserTestActor; body?: unknown; key?: string | null } = {},
) {
  const key = options.key === undefined ? `cancel-test-${++keys}` : options.key;
  return t.app.inject({
    method,
    url: `/api/organiser/${organisation.slug}/events/${path}`,
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
    headers: {
      cookie: (options.actor ?? owner).cookie,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'POST' && key !== null ? { 'idempotency-key': key } : {}),
    },
  });
}

const cancel = (uid: string, body: unknown, options: { actor?: OrganiserTestActor; key?: string | null } = {}) =>
  send('POST', `${uid}/cancellation`, { ...options, body });
const postpone = (uid: string, body: unknown, actor?: OrganiserTestActor) =>
  send('POST', `${uid}/postponement`, { body, ...(actor ? { actor } : {}), key: null });
const progress = async (uid: string) => {
  const answer = await send('GET', `${uid}/cancellation`);
  expect(answer.statusCode, answer.body).toBe(200);
  return EventCancellationStateSchema.parse(answer.json());
};
const codeOf = (body: string) => ErrorBodySchema.parse(JSON.parse(body)).code;

async function runUntilIdle(run: ReturnType<typeof worker>) {
  for (let i = 0; i < 50 && (await run.runOnce()) > 0; i += 1);
  await run.runOnce();
}

async function orderRows(bookingIds: string[]) {
  return t.db.select().from(orders).where(inArray(orders.orderId, bookingIds));
}

describe('POST …/cancellation', () => {
  it('cancels at once, e-mails each buyer once, and the worker refunds every paid order exactly once', async () => {
    const { event, pkg, bookingIds } = await eventWithOrders(5);
    const before = await progress(event.uid);
    expect(before).toEqual({ paid_orders: 5, refundable_orders: 5, cancellation: null });

    const answer = await cancel(event.uid, { reason: 'The venue flooded.', refund: true });
    expect(answer.statusCode, answer.body).toBe(202);
    const job = EventCancellationSchema.parse(answer.json());
    expect(job).toMatchObject({ status: 'running', refund: true, total: 5, refunded: 0, failed: 0, pending: 5 });

    // Off sale at once: the event is cancelled and a buyer is refused.
    const [row] = await t.db.select({ status: events.status }).from(events).where(eq(events.id, event.id));
    expect(row?.status).toBe('cancelled');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: JSON.stringify({
        event_id: event.id,
        buyer: { first_name: 'Late', last_name: 'Buyer', email: 'late@example.com', phone: '0771234567' },
        ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
        terms_agreed: true,
      }),
      headers: { 'content-type': 'application/json' },
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(codeOf(refused.body)).toBe('not_on_sale');

    // One cancellation e-mail per paid order, queued with the decision.
    const ids = (await orderRows(bookingIds)).map((order) => order.id);
    const mails = await t.db.select().from(outbox).where(inArray(outbox.orderId, ids));
    expect(mails.filter((mail) => mail.kind === 'event_cancelled')).toHaveLength(5);
    expect(mails.filter((mail) => mail.kind === 'event_cancelled').every((mail) => mail.eventChangeId === job.id)).toBe(
      true,
    );

    // The worker, two orders a run: progress counted from the rows as it goes.
    const run = worker(2);
    expect(await run.runOnce()).toBe(2);
    expect((await progress(event.uid)).cancellation).toMatchObject({ refunded: 2, pending: 3, status: 'running' });
    await runUntilIdle(run);
    const after = await progress(event.uid);
    expect(after.cancellation).toMatchObject({ status: 'done', total: 5, refunded: 5, failed: 0, pending: 0 });
    expect(after.cancellation?.finished_at).not.toBeNull();

    const paid = await orderRows(bookingIds);
    expect(paid.every((order) => order.refundedAmount === order.total && order.refundedAt !== null)).toBe(true);
    const made = await t.db.select().from(refunds).where(inArray(refunds.orderId, ids));
    expect(made).toHaveLength(5);
    expect(made.every((refund) => refund.status === 'succeeded' && !refund.notifyBuyer)).toBe(true);
    for (const order of paid) {
      expect(made.filter((refund) => refund.orderId === order.id).map((refund) => refund.idempotencyKey)).toEqual([
        cancellationRefundKey(job.id, order.id),
      ]);
    }
    const asked = await t.db
      .select()
      .from(sandboxRefunds)
      .where(
        inArray(
          sandboxRefunds.idempotencyKey,
          made.map((refund) => refund.gatewayKey),
        ),
      );
    expect(asked).toHaveLength(5);
    expect(asked.every((each) => each.requests === 1)).toBe(true);
    // Every ticket voided (the gate refuses them); no separate refund e-mail: the cancellation's said it.
    const voided = await t.db.select().from(tickets).where(inArray(tickets.orderId, ids));
    expect(voided).toHaveLength(10);
    expect(voided.every((ticket) => ticket.voidedAt !== null)).toBe(true);
    const refundMails = await t.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, 'order_refunded'),
          inArray(
            outbox.refundId,
            made.map((refund) => refund.id),
          ),
        ),
      );
    expect(refundMails).toEqual([]);
    // More runs change nothing.
    await run.runOnce();
    expect(await t.db.select().from(refunds).where(inArray(refunds.orderId, ids))).toHaveLength(5);
  }, 120_000);

  it('sends the cancellation e-mail with the reason and the amount refunded', async () => {
    const { event, bookingIds } = await eventWithOrders(1);
    const answer = await cancel(event.uid, { reason: 'The <b>headliner</b> cannot travel.', refund: true });
    expect(answer.statusCode, answer.body).toBe(202);
    await runUntilIdle(worker());
    const mail = createMailService({
      db: t.db,
      config: { smtpUrl: null, from: 'Marquee <tickets@marquee.test>', viewer: 'local' },
      publicUrl: 'http://marquee.test',
      log: t.app.log,
    });
    await mail.sendDue();
    const [kept] = await t.db
      .select()
      .from(mailMessages)
      .where(like(mailMessages.subject, `Cancelled: % · ${bookingIds[0]}`));
    expect(kept, 'the cancellation e-mail').toBeDefined();
    expect(kept?.text).toContain('The <b>headliner</b> cannot travel.');
    expect(kept?.text).toContain('refunded in full');
    expect(kept?.html).toContain('The &#60;b&#62;headliner&#60;/b&#62; cannot travel.');
    expect(kept?.html).not.toContain('<b>headliner');
  }, 60_000);

  it('replays the same key and body (200); another body 422; a second cancellation 409; nothing written', async () => {
    const { event } = await eventWithOrders(1);
    const first = await cancel(event.uid, { reason: 'Storm warning.' }, { key: 'replayed-cancel-key' });
    expect(first.statusCode, first.body).toBe(202);
    const before = await consoleContentDigest(t.db);
    const again = await cancel(event.uid, { reason: 'Storm warning.' }, { key: 'replayed-cancel-key' });
    expect(again.statusCode, again.body).toBe(200);
    expect(EventCancellationSchema.parse(again.json()).id).toBe(EventCancellationSchema.parse(first.json()).id);
    const otherBody = await cancel(event.uid, { reason: 'Another reason.' }, { key: 'replayed-cancel-key' });
    expect(otherBody.statusCode, otherBody.body).toBe(422);
    expect(codeOf(otherBody.body)).toBe('idempotency_key_reused');
    const second = await cancel(event.uid, { reason: 'Storm warning.' });
    expect(second.statusCode, second.body).toBe(409);
    expect(codeOf(second.body)).toBe('event_already_cancelled');
    expect(await consoleContentDigest(t.db)).toEqual(before);
  }, 60_000);

  it('refuses bad input with 4xx and writes nothing', async () => {
    const { event } = await eventWithOrders(1);
    const before = await consoleContentDigest(t.db);
    const cases: { body: unknown; key?: string | null }[] = [
      { body: { reason: '' } },
      { body: { reason: '   ' } },
      { body: { reason: 'x'.repeat(501) } },
      { body: { reason: 'Fine', refund: 'yes' } },
      { body: {} },
      { body: { reason: 'Fine' }, key: null },
      { body: { reason: 'Fine' }, key: 'short' },
    ];
    for (const { body, key } of cases) {
      const answer = await cancel(event.uid, body, key === undefined ? {} : { key });
      expect(answer.statusCode, `${JSON.stringify(body)} ${answer.body}`).toBe(422);
      expect(codeOf(answer.body)).toBe('validation_failed');
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: `/api/organiser/${organisation.slug}/events/${event.uid}/cancellation`,
      payload: '{"reason": ',
      headers: { cookie: owner.cookie, 'content-type': 'application/json', 'idempotency-key': 'malformed-body-key' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(await consoleContentDigest(t.db)).toEqual(before);
  }, 60_000);

  it('refuses a draft (409), the box office and the door (403), an unknown event (404); nothing written', async () => {
    const draft = await createEvent(t.db, { organisationId: organisation.id, venueId, status: 'draft' });
    const { event } = await eventWithOrders(1);
    const before = await consoleContentDigest(t.db);
    const onDraft = await cancel(draft.uid, { reason: 'Never mind.' });
    expect(onDraft.statusCode, onDraft.body).toBe(409);
    expect(codeOf(onDraft.body)).toBe('conflict');
    for (const actor of [boxOffice, door]) {
      const answer = await cancel(event.uid, { reason: 'Not mine to cancel.' }, { actor });
      expect(answer.statusCode, answer.body).toBe(403);
      expect(codeOf(answer.body)).toBe('forbidden');
      const postponed = await postpone(event.uid, { message: 'Not mine to postpone.' }, actor);
      expect(postponed.statusCode, postponed.body).toBe(403);
    }
    const doorRead = await send('GET', `${event.uid}/cancellation`, { actor: door });
    expect(doorRead.statusCode).toBe(403);
    const unknown = await cancel('zzzzzzzz', { reason: 'No such event.' });
    expect(unknown.statusCode).toBe(404);
    expect(await consoleContentDigest(t.db)).toEqual(before);
    // The box office reads the progress (it settles failed refunds on the desk).
    expect((await send('GET', `${event.uid}/cancellation`, { actor: boxOffice })).statusCode).toBe(200);
  }, 60_000);

  it('a manager cancels without refunds: buyers e-mailed, nothing refunded, the job done at once', async () => {
    const { event, bookingIds } = await eventWithOrders(2);
    const answer = await cancel(
      event.uid,
      { reason: 'Cancelled; refunds by the venue.', refund: false },
      { actor: manager },
    );
    expect(answer.statusCode, answer.body).toBe(202);
    expect(EventCancellationSchema.parse(answer.json())).toMatchObject({ status: 'done', total: 0, refund: false });
    const ids = (await orderRows(bookingIds)).map((order) => order.id);
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, 'event_cancelled'), inArray(outbox.orderId, ids))),
    ).toHaveLength(2);
    await runUntilIdle(worker());
    expect(await t.db.select().from(refunds).where(inArray(refunds.orderId, ids))).toEqual([]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event.cancel'), eq(auditLog.eventId, event.id)));
    expect(audit?.after).toMatchObject({ status: 'cancelled', refund: false, paid_orders: 2 });
  }, 60_000);

  it('lists an order the refunds path refuses as failed, with its Booking ID; the job ends failed', async () => {
    const { event, bookingIds } = await eventWithOrders(2);
    const answer = await cancel(event.uid, { reason: 'Flooded.' });
    expect(answer.statusCode, answer.body).toBe(202);
    // One order is no longer paid by the time the worker reaches it (as if failed by its provider).
    await t.db.update(orders).set({ status: 'failed' }).where(eq(orders.orderId, bookingIds[0]!));
    await runUntilIdle(worker());
    const state = await progress(event.uid);
    expect(state.cancellation).toMatchObject({ status: 'failed', total: 2, refunded: 1, failed: 1, pending: 0 });
    expect(state.cancellation?.failures).toEqual([
      { booking_id: bookingIds[0], kind: 'refused', error: expect.stringContaining('not paid') },
    ]);
  }, 60_000);

  it('a crash after an order’s refund was decided: the next claim replays its key, no second refund', async () => {
    const { event, bookingIds } = await eventWithOrders(2);
    const job = EventCancellationSchema.parse((await cancel(event.uid, { reason: 'Flooded.' })).json());
    const [first] = await orderRows([bookingIds[0]!]);
    if (!first) throw new Error('no order');
    // The refund of the first order was decided and paid out, then the process died before recording it on the
    // job's row, holding its claim (lease 60 s, now run out).
    const gateways = createPaymentGateways(t.db, { sandboxWebhooks: createSandboxWebhooks(t.db), sandbox: true });
    const refundsService = createRefundsService({ db: t.db, gateways });
    const [claimed] = await t.db
      .update(eventChangeOrders)
      .set({ claimedUntil: sql`now() - interval '1 second'`, attempts: 1 })
      .where(and(eq(eventChangeOrders.changeId, job.id), eq(eventChangeOrders.orderId, first.id)))
      .returning();
    expect(claimed).toBeDefined();
    const [changeRow] = await t.db.select().from(eventChanges).where(eq(eventChanges.id, job.id));
    await refundsService.refund(
      {
        userId: owner.userId,
        email: owner.email,
        kind: 'member',
        organisationId: organisation.id,
        slug: organisation.slug,
        role: 'owner',
        eventIds: [event.id],
        event: { id: event.id, uid: event.uid },
        requestId: 'crash',
        ip: '',
      },
      first.orderId,
      { amount: first.total, reason: `Event cancelled: ${changeRow?.message ?? ''}` },
      cancellationRefundKey(job.id, first.id),
      { notifyBuyer: false },
    );
    await runUntilIdle(worker());
    const made = await t.db.select().from(refunds).where(eq(refunds.orderId, first.id));
    expect(made).toHaveLength(1);
    const [asked] = await t.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.idempotencyKey, made[0]!.gatewayKey));
    expect(asked?.requests).toBe(1);
    expect((await progress(event.uid)).cancellation).toMatchObject({ status: 'done', refunded: 2, total: 2 });
  }, 60_000);

  it('waits for an unpaid order: paid after the cancellation began, it is refunded too', async () => {
    const { event, pkg } = await eventWithOrders(1);
    const unpaid = await orderTickets(
      t,
      { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }] },
      { email: 'slow-payer@example.com' },
    );
    const job = EventCancellationSchema.parse((await cancel(event.uid, { reason: 'Flooded.' })).json());
    expect(job.total).toBe(1);
    const run = worker();
    await runUntilIdle(run);
    expect((await progress(event.uid)).cancellation?.status).toBe('running');
    // The buyer's payment completes after the cancellation (their card form was already open).
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/payment_intents/${unpaid.payment?.intent_id ?? ''}/confirm`,
      payload: JSON.stringify({
        client_secret: unpaid.payment?.client_secret ?? '',
        card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2040, cvc: '123', name: 'Slow Payer' },
      }),
      headers: { 'content-type': 'application/json' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await t.app.inject({ url: `/api/bookings/status?orderId=${unpaid.order_id}` });
    await runUntilIdle(run);
    const state = await progress(event.uid);
    expect(state.cancellation).toMatchObject({ status: 'done', total: 2, refunded: 2 });
    const [late] = await orderRows([unpaid.order_id]);
    expect(late?.refundedAt).not.toBeNull();
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, 'event_cancelled'), eq(outbox.orderId, late!.id))),
    ).toHaveLength(1);
  }, 60_000);
});

describe('POST …/postponement', () => {
  it('postpones with a new date: buyers e-mailed, tickets still valid, nothing refunded; again re-sends', async () => {
    const { event, bookingIds } = await eventWithOrders(2);
    const answer = await postpone(event.uid, {
      message: 'The headliner is ill.',
      new_start_local: '2030-03-14T19:30',
      new_end_local: '2030-03-14T22:30',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const postponed = EventPostponementAnswerSchema.parse(answer.json());
    expect(postponed).toMatchObject({ status: 'postponed', buyers_emailed: 2 });
    const [row] = await t.db.select().from(events).where(eq(events.id, event.id));
    expect(row?.status).toBe('postponed');
    expect(row?.startDate.toISOString()).toBe(postponed.starts_at);
    const ids = (await orderRows(bookingIds)).map((order) => order.id);
    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'event_postponed'), inArray(outbox.orderId, ids)));
    expect(mails).toHaveLength(2);
    expect(await t.db.select().from(refunds).where(inArray(refunds.orderId, ids))).toEqual([]);
    const valid = await t.db.select().from(tickets).where(inArray(tickets.orderId, ids));
    expect(valid.every((ticket) => ticket.voidedAt === null)).toBe(true);

    // Postponed again (the new date is moved): each buyer's e-mail is queued again, as a message of its own.
    const again = await postpone(event.uid, { message: 'Moved once more.', new_start_local: '2030-04-01T19:30' });
    expect(again.statusCode, again.body).toBe(200);
    const requeued = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'event_postponed'), inArray(outbox.orderId, ids)));
    expect(requeued).toHaveLength(2);
    expect(requeued.every((mail) => mail.resendCount === 1 && mail.status === 'pending')).toBe(true);
    expect(requeued.every((mail) => mail.eventChangeId === EventPostponementAnswerSchema.parse(again.json()).id)).toBe(
      true,
    );
  }, 60_000);

  it('refuses bad input (end before start, no message, a date that does not exist) and a draft; nothing written', async () => {
    const { event } = await eventWithOrders(1);
    const draft = await createEvent(t.db, { organisationId: organisation.id, venueId, status: 'draft' });
    const before = await consoleContentDigest(t.db);
    for (const body of [
      { message: 'Later.', new_start_local: '2030-03-14T19:30', new_end_local: '2030-03-14T18:00' },
      { message: '' },
      { message: 'x'.repeat(501) },
      { message: 'Later.', new_start_local: '2030-02-30T19:30' },
      { message: 'Later.', new_start_local: 'tomorrow' },
    ]) {
      const answer = await postpone(event.uid, body);
      expect(answer.statusCode, `${JSON.stringify(body)}: ${answer.body}`).toBe(422);
    }
    const onDraft = await postpone(draft.uid, { message: 'Later.' });
    expect(onDraft.statusCode).toBe(409);
    expect(await consoleContentDigest(t.db)).toEqual(before);
  }, 60_000);
});

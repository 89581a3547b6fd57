import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createOrganisation, createTicketPackage, createVenue } from '@marquee/db/factories';
import {
  eventChangeOrders,
  eventChanges,
  orders,
  outbox,
  refunds,
  sandboxPaymentIntents,
  sandboxRefunds,
} from '@marquee/db/schema';
import { EventCancellationSchema } from '@marquee/domain/event-changes';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { buyTickets } from '../../test-support/buy-tickets';
import { createOrganiserActor } from '../../test-support/organiser-actor';
import { freePort } from '../../test-support/ports';
import { startServerProcess, type ServerProcess } from '../../test-support/server-process';
import { cancellationRefundKey } from './cancellation-worker';

/**
 * A bulk cancellation killed half-way and restarted refunds every order exactly once (issue 22's proof;
 * docs/decisions/040). Real server processes (main.ts through tsx, production settings) over one PostgreSQL
 * database: the cancellation is started through the API, a first process refunds part of the orders and is
 * killed with SIGKILL while it works (no shutdown, claims and a gateway call possibly cut in the middle), and a
 * second process finishes the job. Needs `DATABASE_URL` (PGlite is one process's).
 */
const isPostgres = Boolean(process.env.DATABASE_URL);
const ORDERS = 60;

let t: TestApp;
const running: ServerProcess[] = [];

beforeAll(async () => {
  if (isPostgres) t = await buildTestApp();
}, 60_000);
afterAll(async () => {
  for (const server of running) await server.stop('SIGKILL');
  await t?.close();
});

async function until<T>(read: () => Promise<T>, isDone: (value: T) => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess({
    port: await freePort(),
    timeoutMs: 120_000,
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: t.handle.url ?? '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      CAPTCHA: 'off',
      // Slow enough to be killed half-way: two orders a quarter of a second (60 orders: 7.5 s at the least).
      EVENT_CANCEL_BATCH_SIZE: '2',
      EVENT_CANCEL_INTERVAL_MS: '250',
      // The killed process's claims come back after 3 s; a refund whose provider call it cut is retried by the
      // refund sweeper once its own lease (60 s, decisions/037) runs out.
      EVENT_CANCEL_LEASE_SECONDS: '3',
      REFUND_SWEEP_INTERVAL_MS: '1000',
      // The e-mails stay queued for the checks (what the outbox holds is the promise here, not SMTP).
      MAIL_SEND_INTERVAL_MS: '3600000',
      HOLD_SWEEP_INTERVAL_MS: '3600000',
    },
  });
  running.push(server);
  return server;
}

describe.skipIf(!isPostgres)('a bulk cancellation killed half-way (SIGKILL) and restarted', () => {
  it(`refunds each of ${ORDERS} paid orders exactly once and e-mails each buyer once`, async () => {
    const organisation = await createOrganisation(t.db, { name: 'Killed Halfway Promotions' });
    const venue = await createVenue(t.db, { organisationId: organisation.id });
    const event = await createEvent(t.db, { organisationId: organisation.id, venueId: venue.id });
    const pkg = await createTicketPackage(t.db, {
      eventId: event.id,
      price: 100_000,
      capacity: 500,
      freeSeating: true,
    });
    const owner = await createOrganiserActor(t, { organisation, role: 'owner', twoFactor: true });
    for (let i = 0; i < ORDERS; i += 1) {
      await buyTickets(
        t,
        { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 + (i % 3) }] },
        { email: `restart-buyer-${i}@example.com` },
      );
    }
    const paid = await t.db.select().from(orders).where(eq(orders.eventId, event.id));
    expect(paid).toHaveLength(ORDERS);

    // Started through the API of this test's app (its worker is off): the job is durable state in the database.
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/organiser/${organisation.slug}/events/${event.uid}/cancellation`,
      payload: JSON.stringify({ reason: 'The stage collapsed.', refund: true }),
      headers: { 'content-type': 'application/json', cookie: owner.cookie, 'idempotency-key': 'restart-test-cancel' },
    });
    expect(started.statusCode, started.body).toBe(202);
    const job = EventCancellationSchema.parse(started.json());
    expect(job.total).toBe(ORDERS);

    const decided = () =>
      t.db
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(refunds)
        .where(like(refunds.idempotencyKey, `event-cancel:${job.id}:%`))
        .then((rows) => rows[0]?.count ?? 0);

    // The first process: killed as soon as some, not all, orders are refunded (a signal from the database).
    const first = await startServer();
    const atKill = await until(decided, (count) => count >= 6, 120_000, 'the first refunds');
    first.child.kill('SIGKILL');
    const exit = await first.exited;
    expect(exit.signal).toBe('SIGKILL');
    const afterKill = await decided();
    expect(atKill).toBeLessThan(ORDERS);
    expect(afterKill, 'the first process was killed before it finished').toBeLessThan(ORDERS);

    // The second process finishes the job (the killed process's claims once their lease runs out).
    const second = await startServer();
    const status = await until(
      () =>
        t.db
          .select({ status: eventChanges.status })
          .from(eventChanges)
          .where(eq(eventChanges.id, job.id))
          .then((rows) => rows[0]?.status),
      (value) => value !== 'running',
      180_000,
      'the cancellation to finish',
    );
    expect(status).toBe('done');
    const stopped = await second.stop('SIGTERM');
    expect(stopped.code, second.output().slice(-2_000)).toBe(0);

    // Exactly once: one refund per order, made with the order's own key, confirmed; the provider refunded each
    // intent its total once (its deduplication on the refund's key absorbs a call repeated after the kill).
    const ids = paid.map((order) => order.id);
    const made = await t.db.select().from(refunds).where(inArray(refunds.orderId, ids));
    expect(made).toHaveLength(ORDERS);
    for (const order of paid) {
      const own = made.filter((refund) => refund.orderId === order.id);
      expect(own.map((refund) => refund.idempotencyKey)).toEqual([cancellationRefundKey(job.id, order.id)]);
      expect(own[0]).toMatchObject({ status: 'succeeded', amount: order.total });
    }
    const asked = await t.db
      .select()
      .from(sandboxRefunds)
      .where(
        inArray(
          sandboxRefunds.intentId,
          paid.map((order) => order.paymentIntentId ?? ''),
        ),
      );
    expect(asked).toHaveLength(ORDERS);
    const intents = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(
        inArray(
          sandboxPaymentIntents.id,
          paid.map((order) => order.paymentIntentId ?? ''),
        ),
      );
    expect(intents).toHaveLength(ORDERS);
    for (const intent of intents) expect(intent.refundedAmount).toBe(intent.amount);
    const after = await t.db.select().from(orders).where(inArray(orders.id, ids));
    for (const order of after) expect(order.refundedAmount).toBe(order.total);
    const work = await t.db.select().from(eventChangeOrders).where(eq(eventChangeOrders.changeId, job.id));
    expect(work.every((row) => row.state === 'refunded')).toBe(true);

    // Each buyer: exactly one cancellation e-mail in the outbox, and no refund e-mail beside it.
    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'event_cancelled'), inArray(outbox.orderId, ids)));
    expect(mails).toHaveLength(ORDERS);
    expect(new Set(mails.map((mail) => mail.orderId)).size).toBe(ORDERS);
    const refundMails = await t.db
      .select()
      .from(outbox)
      .where(
        inArray(
          outbox.refundId,
          made.map((refund) => refund.id),
        ),
      );
    expect(refundMails).toEqual([]);
  }, 420_000);
});

import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createOrganisation, createTicketPackage, createVenue } from '@marquee/db/factories';
import { eventChangeOrders, eventChanges, orders, outbox, refunds, sandboxRefunds } from '@marquee/db/schema';
import { EventCancellationSchema } from '@marquee/domain/event-changes';
import { buildApp } from '../../app';
import { buildTestApp, TEST_APP_CONFIG, type TestApp } from '../../test-support/build-test-app';
import { buyTickets } from '../../test-support/buy-tickets';
import { createOrganiserActor } from '../../test-support/organiser-actor';

/**
 * Two app instances on one database run the cancellation worker at once (issue 22; docs/decisions/040): each
 * order is refunded once. The instances' workers claim batches side by side (`SKIP LOCKED`); their leases are
 * short (2 s) so that a batch outlasting its lease is taken again by the other instance, and the refunds table's
 * key then keeps the order's refund single. On PostgreSQL (`DATABASE_URL`) the instances' transactions run side
 * by side on the pool's connections; PGlite runs them one after another (still a check of the outcome).
 */
const ORDERS = 24;
let t: TestApp;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(async () => {
  for (const app of apps) await app.close();
  await t?.close();
});

describe('the cancellation worker in two app instances at once', () => {
  it(`refunds each of ${ORDERS} orders exactly once`, async () => {
    const organisation = await createOrganisation(t.db, { name: 'Two Workers Promotions' });
    const venue = await createVenue(t.db, { organisationId: organisation.id });
    const event = await createEvent(t.db, { organisationId: organisation.id, venueId: venue.id });
    const pkg = await createTicketPackage(t.db, { eventId: event.id, price: 50_000, capacity: 200, freeSeating: true });
    const owner = await createOrganiserActor(t, { organisation, role: 'owner', twoFactor: true });
    for (let i = 0; i < ORDERS; i += 1) {
      await buyTickets(
        t,
        { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }] },
        { email: `two-workers-${i}@example.com` },
      );
    }
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/organiser/${organisation.slug}/events/${event.uid}/cancellation`,
      payload: JSON.stringify({ reason: 'Double-booked venue.' }),
      headers: { 'content-type': 'application/json', cookie: owner.cookie, 'idempotency-key': 'two-workers-cancel' },
    });
    expect(started.statusCode, started.body).toBe(202);
    const job = EventCancellationSchema.parse(started.json());

    const config = {
      ...TEST_APP_CONFIG,
      workers: { eventCancelIntervalMs: 100, eventCancelBatchSize: 3, eventCancelLeaseSeconds: 2 },
    };
    for (let i = 0; i < 2; i += 1) {
      const app = await buildApp({ db: t.db, config });
      apps.push(app);
    }
    // Ready: each instance's worker starts its timer and runs once at once, side by side.
    await Promise.all(apps.map((app) => app.ready()));

    const deadline = Date.now() + 120_000;
    for (;;) {
      const [row] = await t.db.select().from(eventChanges).where(eq(eventChanges.id, job.id));
      if (row?.status !== 'running') {
        expect(row?.status).toBe('done');
        break;
      }
      if (Date.now() > deadline) throw new Error('the cancellation did not finish');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const paid = await t.db.select().from(orders).where(eq(orders.eventId, event.id));
    const ids = paid.map((order) => order.id);
    const made = await t.db.select().from(refunds).where(inArray(refunds.orderId, ids));
    expect(made).toHaveLength(ORDERS);
    expect(new Set(made.map((refund) => refund.orderId)).size).toBe(ORDERS);
    const asked = await t.db
      .select()
      .from(sandboxRefunds)
      .where(
        inArray(
          sandboxRefunds.idempotencyKey,
          made.map((refund) => refund.gatewayKey),
        ),
      );
    expect(asked).toHaveLength(ORDERS);
    for (const order of paid) expect(order.refundedAmount).toBe(order.total);
    const work = await t.db.select().from(eventChangeOrders).where(eq(eventChangeOrders.changeId, job.id));
    expect(work.map((row) => row.state)).toEqual(Array.from({ length: ORDERS }, () => 'refunded'));
    const mails = await t.db.select().from(outbox).where(inArray(outbox.orderId, ids));
    expect(mails.filter((mail) => mail.kind === 'event_cancelled')).toHaveLength(ORDERS);
  }, 300_000);
});

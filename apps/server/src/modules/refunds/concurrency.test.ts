import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  createOrganisation,
  createTicketPackage,
  createVenue,
  type Organisation,
} from '@marquee/db/factories';
import { orders, refunds, sandboxPaymentIntents, sandboxRefunds, tickets } from '@marquee/db/schema';
import { ErrorBodySchema } from '@marquee/domain/errors';
import type { CreatedOrder } from '@marquee/domain/orders';
import { RefundAnswerSchema } from '@marquee/domain/refunds';
import { buildApp } from '../../app';
import { buildTestApp, TEST_APP_CONFIG, type TestApp } from '../../test-support/build-test-app';
import { buyTickets } from '../../test-support/buy-tickets';
import { createOrganiserActor, type OrganiserTestActor } from '../../test-support/organiser-actor';

/**
 * Refunds exactly once under concurrent clicks (issue 22; decisions/037), over two app instances sharing one
 * database. On PostgreSQL (`DATABASE_URL`) the instances' transactions run side by side on the pool's
 * connections; PGlite runs them one after another (still a check of the outcome).
 */
let t: TestApp;
let second: FastifyInstance;
let organisation: Organisation;
let owner: OrganiserTestActor;
let packageId: number;
let eventId: number;

beforeAll(async () => {
  t = await buildTestApp();
  second = await buildApp({ db: t.db, config: TEST_APP_CONFIG });
  await second.ready();
  organisation = await createOrganisation(t.db, { name: 'Concurrent Refunds' });
  const venue = await createVenue(t.db, { organisationId: organisation.id });
  const event = await createEvent(t.db, { organisationId: organisation.id, venueId: venue.id });
  eventId = event.id;
  packageId = (await createTicketPackage(t.db, { eventId: event.id, price: 100_000, capacity: 200, freeSeating: true }))
    .id;
  owner = await createOrganiserActor(t, { organisation, role: 'owner', twoFactor: true });
}, 60_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

function refund(index: number, bookingId: string, body: object, key: string) {
  const app = index % 2 === 0 ? t.app : second;
  return app.inject({
    method: 'POST',
    url: `/api/organiser/${organisation.slug}/orders/${bookingId}/refunds`,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', cookie: owner.cookie, 'idempotency-key': key },
  });
}

async function paidOrder(
  count: number,
): Promise<{ order: CreatedOrder; total: number; ticketIds: number[]; intentId: string }> {
  const order = await buyTickets(t, {
    event_id: eventId,
    ticket_package_details: [{ package_id: packageId, ticket_count: count }],
  });
  const [row] = await t.db.select().from(orders).where(eq(orders.orderId, order.order_id));
  if (!row?.paymentIntentId) throw new Error('a paid order expected');
  const ids = await t.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.orderId, row.id));
  return { order, total: row.total, ticketIds: ids.map((each) => each.id), intentId: row.paymentIntentId };
}

async function state(bookingId: string, intentId: string) {
  const [order] = await t.db.select().from(orders).where(eq(orders.orderId, bookingId));
  const [intent] = await t.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, intentId));
  const asked = await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.intentId, intentId));
  const rows = await t.db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, order?.id ?? 0));
  return { order, intent, asked, rows };
}

const codeOf = (body: string) => ErrorBodySchema.parse(JSON.parse(body)).code;

describe('refunds under concurrency, over two app instances on one database', () => {
  it('20 presses of the button with one key: one refund, one call to the gateway', async () => {
    const { order, ticketIds, intentId } = await paidOrder(2);
    const body = { ticket_ids: [ticketIds[0]], amount: 100_000, reason: 'Double click' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => refund(i, order.order_id, body, 'same-key-for-twenty')),
    );
    for (const answer of answers) expect([200, 201, 202], answer.body).toContain(answer.statusCode);
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    const ids = new Set(answers.map((answer) => RefundAnswerSchema.parse(answer.json()).refund.id));
    expect(ids.size).toBe(1);

    const after = await state(order.order_id, intentId);
    expect(after.rows).toHaveLength(1);
    expect(after.rows[0]?.status).toBe('succeeded');
    expect(after.asked).toEqual([expect.objectContaining({ amount: 100_000, requests: 1 })]);
    expect(after.intent?.refundedAmount).toBe(100_000);
    expect(after.order?.refundedAmount).toBe(100_000);
  }, 60_000);

  it('20 refunds with different keys for the same ticket: one voids it and is refunded, 19 are refused 409', async () => {
    const { order, ticketIds, intentId } = await paidOrder(2);
    const body = { ticket_ids: [ticketIds[1]], amount: 100_000, reason: 'Many clerks' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => refund(i, order.order_id, body, `different-key-${i}-for-one-ticket`)),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused).toHaveLength(19);
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(codeOf(answer.body)).toBe('ticket_already_voided');
    }
    const after = await state(order.order_id, intentId);
    expect(after.rows).toHaveLength(1);
    expect(after.asked).toEqual([expect.objectContaining({ amount: 100_000, requests: 1 })]);
    expect(after.intent?.refundedAmount).toBe(100_000);
  }, 60_000);

  it('20 money-only refunds with different keys: never more than was paid, each success refunded once', async () => {
    const { order, total, intentId } = await paidOrder(1);
    const part = Math.floor(total / 3);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        refund(i, order.order_id, { ticket_ids: [], amount: part, reason: 'Goodwill' }, `money-only-${i}-refund`),
      ),
    );
    const succeeded = answers.filter((answer) => answer.statusCode === 201);
    expect(succeeded).toHaveLength(3);
    for (const answer of answers.filter((each) => each.statusCode !== 201)) {
      expect(answer.statusCode, answer.body).toBe(422);
      expect(codeOf(answer.body)).toBe('refund_exceeds_paid');
    }
    const after = await state(order.order_id, intentId);
    expect(after.order?.refundedAmount).toBe(3 * part);
    expect(after.order?.refundedAmount).toBeLessThanOrEqual(total);
    expect(after.intent?.refundedAmount).toBe(3 * part);
    expect(after.asked).toHaveLength(3);
    expect(after.asked.every((row) => row.requests === 1 && row.amount === part)).toBe(true);
    // The database's own guard: the order's refunded total cannot pass its total, whatever a writer does.
    await expect(
      t.db.execute(sql`UPDATE orders SET refunded_amount = total + 1 WHERE order_id = ${order.order_id}`),
    ).rejects.toThrow();
  }, 60_000);
});

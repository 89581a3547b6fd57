import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createPromoCode, createTicketPackage } from '@marquee/db/factories';
import { orders, outbox, promoCodes, sandboxPaymentIntents, tickets } from '@marquee/db/schema';
import type { CreatedOrder } from '@marquee/domain/orders';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { orderTickets, payWith4242, readOrder } from '../../test-support/buy-tickets';
import { packageCounts } from '../../test-support/order-facts';

/**
 * Issue 20, build item 4 (decisions/031): a promo code's limits hold at payment, under the code's lock.
 * The check when an order is placed counts paid orders only, so several pending orders may carry one
 * code; whichever payments complete first take its uses, and a payment that would exceed them fails
 * its order and is refunded in full. Concurrent payments run in parallel transactions on PostgreSQL.
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function promoEvent(code: { maxUses?: number; maxUsesPerEmail?: number }) {
  const event = await createEvent(t.db, { promo: true, maxHeldPerBuyer: 50 });
  const pkg = await createTicketPackage(t.db, { eventId: event.id, price: 10_000, capacity: 100 });
  const promo = await createPromoCode(t.db, { eventId: event.id, code: 'ONCE50', kind: 'percent', value: 50, ...code });
  return { event, pkg, promo };
}

function orderWithCode(eventId: number, packageId: number, email: string): Promise<CreatedOrder> {
  return orderTickets(
    t,
    { event_id: eventId, promo_code: 'once50', ticket_package_details: [{ package_id: packageId, ticket_count: 1 }] },
    { email },
  );
}

async function intentStatus(order: CreatedOrder) {
  const [intent] = await t.db
    .select({ status: sandboxPaymentIntents.status })
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.reference, order.order_id));
  return intent?.status;
}

async function refundMails(placed: CreatedOrder[]) {
  return t.db
    .select({ orderId: orders.orderId })
    .from(outbox)
    .innerJoin(orders, eq(orders.id, outbox.orderId))
    .where(
      inArray(
        orders.orderId,
        placed.map((order) => order.order_id),
      ),
    )
    .then((rows) => rows.length);
}

describe('promo limits at payment (decisions/031)', () => {
  it('one e-mail with several pending orders gets the discount once: the other payments fail and are refunded', async () => {
    const { event, pkg, promo } = await promoEvent({ maxUsesPerEmail: 1 });
    // +tagged forms of one mailbox are the same buyer.
    const placed = [];
    for (const email of ['dilani@example.com', 'dilani+2@example.com', 'dilani+bot@example.com']) {
      placed.push(await orderWithCode(event.id, pkg.id, email));
    }
    expect(placed.map((order) => order.total)).toEqual([5_000, 5_000, 5_000]);

    for (const order of placed) await payWith4242(t, order);

    const after = await Promise.all(placed.map((order) => readOrder(t, order)));
    expect(after.map((order) => order.status)).toEqual(['complete', 'failed', 'failed']);
    expect(after.slice(1).map((order) => order.failure_reason)).toEqual(['promo_limit', 'promo_limit']);
    expect(after.slice(1).every((order) => order.tickets.length === 0)).toBe(true);
    expect(await Promise.all(placed.map(intentStatus))).toEqual(['succeeded', 'refunded', 'refunded']);
    const [code] = await t.db
      .select({ used: promoCodes.usedCount })
      .from(promoCodes)
      .where(eq(promoCodes.id, promo.id));
    expect(code?.used).toBe(1);
    // The refused orders' tickets went back on sale: only the paid one is sold.
    expect(await packageCounts(t.db, pkg.id)).toEqual({ sold: 1, held: 0 });
    // Each buyer hears of it: a confirmation for the first, a refund e-mail for the others.
    expect(await refundMails(placed)).toBe(3);
  });

  it('concurrent payments take a code with 3 uses exactly 3 times; the rest are refunded, never over the limit', async () => {
    const { event, pkg, promo } = await promoEvent({ maxUses: 3 });
    const placed = [];
    for (let i = 0; i < 10; i += 1) placed.push(await orderWithCode(event.id, pkg.id, `buyer${i}@example.com`));

    await Promise.all(placed.map((order) => payWith4242(t, order)));

    const after = await Promise.all(placed.map((order) => readOrder(t, order)));
    const complete = after.filter((order) => order.status === 'complete');
    const failed = after.filter((order) => order.status === 'failed');
    expect(complete).toHaveLength(3);
    expect(failed).toHaveLength(7);
    expect(new Set(failed.map((order) => order.failure_reason))).toEqual(new Set(['promo_limit']));
    const statuses = await Promise.all(placed.map(intentStatus));
    expect(statuses.filter((status) => status === 'refunded')).toHaveLength(7);
    const [code] = await t.db
      .select({ used: promoCodes.usedCount })
      .from(promoCodes)
      .where(eq(promoCodes.id, promo.id));
    expect(code?.used).toBe(3);
    const issued = await t.db
      .select({ id: tickets.id })
      .from(tickets)
      .innerJoin(orders, eq(orders.id, tickets.orderId))
      .where(eq(orders.eventId, event.id));
    expect(issued).toHaveLength(3);
  });

  it('the database refuses a use over max_uses whatever the code above it does', async () => {
    const { promo } = await promoEvent({ maxUses: 1 });
    await t.db.update(promoCodes).set({ usedCount: 1 }).where(eq(promoCodes.id, promo.id));
    await expect(t.db.update(promoCodes).set({ usedCount: 2 }).where(eq(promoCodes.id, promo.id))).rejects.toThrow();
  });
});

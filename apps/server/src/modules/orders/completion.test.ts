import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTicketPackage } from '@marquee/db/factories';
import { orders, tickets } from '@marquee/db/schema';
import { AppError } from '../../plugins/app-error';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { orderTickets } from '../../test-support/buy-tickets';
import { createPaymentGateways } from '../payments/gateways';
import { createSandboxWebhooks } from '../payments/sandbox-webhooks';
import { createOrderCompletion } from './completion';
import { findOrderByPublicId } from './repository';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('order completion (decisions/013, 030)', () => {
  it("completes an order with a total only on its provider's word: completeOrder refuses it", async () => {
    const event = await createEvent(t.db);
    const pkg = await createTicketPackage(t.db, { eventId: event.id, price: 250_000 });
    const order = await orderTickets(t, {
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }],
    });
    const row = await findOrderByPublicId(t.db, order.order_id);
    if (!row) throw new Error('the order was not saved');
    const gateways = createPaymentGateways(t.db, { sandboxWebhooks: createSandboxWebhooks(t.db) });
    const completion = createOrderCompletion({ db: t.db, gateways });

    const refused = await completion.completeOrder(row).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'not_paid' });
    const [after] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.orderId, order.order_id));
    expect(after?.status).toBe('pending');
    const [issued] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tickets)
      .where(eq(tickets.orderId, row.id));
    expect(issued?.n).toBe(0);

    // Asked, the provider says it is not paid: still nothing.
    expect(await completion.settleOrder(row)).toEqual({ kind: 'unpaid', error: null });
  });
});

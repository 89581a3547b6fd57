import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
import {
  events,
  orders,
  outbox,
  paymentGateways,
  refunds,
  seatClaims,
  ticketPackages,
  tickets,
} from '@marquee/db/schema';
import { inScope, type ScopedTx } from '@marquee/db/tenancy';

/*
 * The console's refunds (issue 22; docs/decisions/037). The deciding half runs in a scoped transaction under the
 * order's row lock (an order is found only through the scope's events); the gateway half (claiming a pending
 * refund's call, marking it succeeded) runs on the connecting role, as the sweeper does.
 */

export type RefundRow = typeof refunds.$inferSelect;

/** How long a gateway call holds a pending refund before another caller (a retry, the sweeper) may make it again. */
export const REFUND_LEASE_SECONDS = 60;

/** The order of a Booking ID in the scope, locked until the transaction ends: refunds of one order run one at a time. */
export async function lockOrderInScope(tx: ScopedTx, bookingId: string) {
  const [row] = await tx
    .select({
      id: orders.id,
      bookingId: orders.orderId,
      eventId: orders.eventId,
      eventUid: events.uid,
      status: orders.status,
      currency: orders.currency,
      total: orders.total,
      refundedAmount: orders.refundedAmount,
      paymentGatewayId: orders.paymentGatewayId,
      paymentIntentId: orders.paymentIntentId,
      gatewayKind: paymentGateways.kind,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(paymentGateways, eq(paymentGateways.id, orders.paymentGatewayId))
    .where(and(eq(orders.orderId, bookingId), inScope.events(tx)))
    .for('update', { of: orders });
  return row ?? null;
}
export type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrderInScope>>>;

export async function findRefundByKey(tx: ScopedTx | Db, orderId: number, idempotencyKey: string) {
  const [row] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

/** The order's tickets: which may be voided, and the seats and packages they give back. */
export function findOrderTickets(tx: ScopedTx, orderId: number) {
  return tx
    .select({
      id: tickets.id,
      packageId: tickets.packageId,
      seatId: tickets.seatId,
      usedAt: tickets.usedAt,
      voidedAt: tickets.voidedAt,
    })
    .from(tickets)
    .where(eq(tickets.orderId, orderId))
    .orderBy(asc(tickets.id));
}

/** The refund, pending, with its call's lease taken by the caller that decided it. */
export async function insertRefund(tx: ScopedTx, values: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [row] = await tx
    .insert(refunds)
    .values({ ...values, attemptStartedAt: sql`now()` })
    .returning();
  if (!row) throw new Error('the refund was not stored');
  return row;
}

/** Voids tickets once; answers how many changed (the caller holds the order's lock, so all or the check failed). */
export async function voidTickets(tx: ScopedTx, orderId: number, ticketIds: readonly number[], refundId: number) {
  if (ticketIds.length === 0) return 0;
  const rows = await tx
    .update(tickets)
    .set({ voidedAt: sql`now()`, refundId })
    .where(
      and(
        eq(tickets.orderId, orderId),
        inArray(tickets.id, [...ticketIds]),
        isNull(tickets.voidedAt),
        isNull(tickets.usedAt),
      ),
    )
    .returning({ id: tickets.id });
  return rows.length;
}

/**
 * Puts voided tickets back on sale: each package's sold_count down by its tickets (in package order, as every
 * writer of the counters takes them), and the seats' claims of this order gone, so the seat map shows them free.
 */
export async function returnInventory(
  tx: ScopedTx,
  order: { id: number; eventId: number },
  voided: readonly { packageId: number; seatId: string | null }[],
) {
  const byPackage = new Map<number, number>();
  for (const ticket of voided) byPackage.set(ticket.packageId, (byPackage.get(ticket.packageId) ?? 0) + 1);
  for (const [packageId, count] of [...byPackage].sort(([a], [b]) => a - b)) {
    const [changed] = await tx
      .update(ticketPackages)
      .set({ soldCount: sql`${ticketPackages.soldCount} - ${count}`, updatedAt: sql`now()` })
      .where(and(eq(ticketPackages.id, packageId), eq(ticketPackages.eventId, order.eventId)))
      .returning({ id: ticketPackages.id });
    if (!changed) throw new Error(`package ${packageId} of a voided ticket was not found`);
  }
  const seats = voided.flatMap((ticket) => (ticket.seatId === null ? [] : [ticket.seatId]));
  if (seats.length === 0) return;
  await tx
    .delete(seatClaims)
    .where(
      and(
        eq(seatClaims.eventId, order.eventId),
        inArray(seatClaims.seatId, seats),
        eq(seatClaims.orderId, order.id),
        eq(seatClaims.state, 'sold'),
      ),
    );
}

/** Counts the refund on the order; the database's check refuses a total refunded above the order's total. */
export async function addRefunded(tx: ScopedTx, orderId: number, amount: number) {
  const [row] = await tx
    .update(orders)
    .set({
      refundedAmount: sql`${orders.refundedAmount} + ${amount}`,
      refundedAt: sql`CASE WHEN ${orders.refundedAmount} + ${amount} = ${orders.total} THEN now() END`,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, orderId))
    .returning({ refundedAmount: orders.refundedAmount, total: orders.total });
  if (!row) throw new Error(`order ${orderId} vanished under its lock`);
  return row;
}

/**
 * Takes the lease of a pending refund's gateway call: answers the refund when this caller is to make the call
 * (no call under way, or the last one's lease ran out: its process died), null otherwise.
 */
export async function claimGatewayCall(db: Db, refundId: number): Promise<RefundRow | null> {
  const [row] = await db
    .update(refunds)
    .set({ attemptStartedAt: sql`now()` })
    .where(
      and(
        eq(refunds.id, refundId),
        eq(refunds.status, 'pending'),
        or(
          isNull(refunds.attemptStartedAt),
          lt(refunds.attemptStartedAt, sql`now() - make_interval(secs => ${REFUND_LEASE_SECONDS})`),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/** Pending refunds no call is under way for (the sweeper's work), oldest first. */
export async function findStalledRefunds(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        or(
          isNull(refunds.attemptStartedAt),
          lt(refunds.attemptStartedAt, sql`now() - make_interval(secs => ${REFUND_LEASE_SECONDS})`),
        ),
      ),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** What the gateway call needs: the order's payment. */
export async function findRefundPayment(db: Db, refundId: number) {
  const [row] = await db
    .select({
      paymentGatewayId: orders.paymentGatewayId,
      paymentIntentId: orders.paymentIntentId,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(refunds.id, refundId));
  return row ?? null;
}

/** The provider confirmed it: succeeded, with the buyer's e-mail queued in the same transaction, once. */
export async function markSucceeded(db: Db, refundId: number): Promise<RefundRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(refunds)
      .set({
        status: 'succeeded',
        succeededAt: sql`now()`,
        attempts: sql`${refunds.attempts} + 1`,
        attemptStartedAt: null,
        lastError: null,
      })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
      .returning();
    // A refund of an event's cancellation was told in the cancellation's own e-mail (decisions/040).
    if (row?.notifyBuyer) {
      await tx.insert(outbox).values({ kind: 'order_refunded', refundId }).onConflictDoNothing();
    }
    return row ?? null;
  });
}

/** The call failed: the lease is given back, so the next retry of the request or the sweeper makes it again. */
export async function markAttemptFailed(db: Db, refundId: number, error: string) {
  await db
    .update(refunds)
    .set({ attempts: sql`${refunds.attempts} + 1`, attemptStartedAt: null, lastError: error.slice(0, 500) })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
}

export async function findRefund(db: Db, refundId: number): Promise<RefundRow | null> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  return row ?? null;
}

export async function findOrderTotals(db: Db, orderId: number) {
  const [row] = await db
    .select({
      bookingId: orders.orderId,
      currency: orders.currency,
      total: orders.total,
      refundedAmount: orders.refundedAmount,
      refundedAt: orders.refundedAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}

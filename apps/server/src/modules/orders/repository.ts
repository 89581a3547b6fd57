import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '@marquee/db/client';
import { events, orderLines, orders, outbox, paymentGateways, ticketPackages } from '@marquee/db/schema';
import { consoleAutoCode, eventAutoApplyColumns } from '../promotions/auto-apply';

export interface CheckoutEventRow {
  id: number;
  uid: string;
  name: string;
  /** The stored lifecycle status (authoring/lifecycle.ts). */
  status: (typeof events.$inferSelect)['status'];
  /** Taken off the site by an operator: the event does not exist for buyers (catalog/statuses.ts). */
  isUnpublished: boolean;
  /** Its sale start has passed (a presale or pending event is then on sale). */
  isSaleOpen: boolean;
  currency: (typeof events.$inferSelect)['currency'];
  freeEvent: boolean;
  promo: boolean;
  promoAutoApply: boolean;
  promoCode: string | null;
  handlingCost: number;
  paymentGatewayIds: number[];
  /** Orders need an admission from the event's waiting room (issue 23; decisions/048). */
  waitingRoom: boolean;
}

export interface CheckoutPackageRow {
  id: number;
  name: string;
  price: number;
  active: boolean;
  freeSeating: boolean;
  maxPerOrder: number;
  /** True when the package's tickets are seats chosen on the map (it owns seats and is not free seating). */
  isSeated: boolean;
  /** When the package last changed (its seats included): the version of the event's seat → package map. */
  updatedAt: Date;
}

/** The event and its packages as checkout prices them: no seat lists (a stadium's are large). */
export async function findCheckoutEvent(
  db: Db,
  eventId: number,
): Promise<{ event: CheckoutEventRow; packages: CheckoutPackageRow[] } | null> {
  const [event] = await db
    .select({
      id: events.id,
      uid: events.uid,
      name: events.name,
      status: events.status,
      isUnpublished: sql<boolean>`${events.unpublishedAt} IS NOT NULL`,
      isSaleOpen: sql<boolean>`coalesce(${events.saleStartsAt} <= now(), false)`,
      currency: events.currency,
      freeEvent: events.freeEvent,
      promo: events.promo,
      // The event's auto-applied code: a console code marked auto-apply, else the event's own (decisions/045).
      ...eventAutoApplyColumns,
      handlingCost: events.handlingCost,
      paymentGatewayIds: events.paymentGatewayIds,
      waitingRoom: events.waitingRoom,
    })
    .from(events)
    .leftJoinLateral(consoleAutoCode, sql`true`)
    .where(eq(events.id, eventId));
  if (!event) return null;
  const packages = await db
    .select({
      id: ticketPackages.id,
      name: ticketPackages.name,
      price: ticketPackages.price,
      active: ticketPackages.active,
      freeSeating: ticketPackages.freeSeating,
      maxPerOrder: ticketPackages.maxPerOrder,
      isSeated: sql<boolean>`cardinality(${ticketPackages.seatingRange}) > 0 AND NOT ${ticketPackages.freeSeating}`,
      updatedAt: ticketPackages.updatedAt,
    })
    .from(ticketPackages)
    .where(eq(ticketPackages.eventId, eventId))
    .orderBy(asc(ticketPackages.sortOrder), asc(ticketPackages.id));
  return { event, packages };
}

export async function findGatewayKind(db: Db, gatewayId: number): Promise<'card' | 'instalments' | null> {
  const [row] = await db
    .select({ kind: paymentGateways.kind })
    .from(paymentGateways)
    .where(eq(paymentGateways.id, gatewayId));
  return row?.kind ?? null;
}

export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'holdExpiresAt' | 'createdAt' | 'updatedAt'>;

/**
 * Inserts the order with its hold expiry from the database clock; null when an order with this
 * Idempotency-Key exists (the caller answers with that one).
 */
export async function insertOrder(
  tx: Tx,
  order: NewOrder,
  holdMinutes: number,
): Promise<{ id: number; holdExpiresAt: Date } | null> {
  const rows = await tx
    .insert(orders)
    .values({ ...order, holdExpiresAt: sql`now() + make_interval(mins => ${holdMinutes})` })
    .onConflictDoNothing({ target: orders.idempotencyKey })
    .returning({ id: orders.id, holdExpiresAt: orders.holdExpiresAt });
  return rows[0] ?? null;
}

export async function insertOrderLines(tx: Tx, lines: (typeof orderLines.$inferInsert)[]): Promise<void> {
  if (lines.length > 0) await tx.insert(orderLines).values(lines);
}

export async function setOrderPayment(
  db: Db,
  orderId: number,
  payment: { intentId: string; clientSecret: string | null; redirectUrl: string | null },
): Promise<void> {
  await db
    .update(orders)
    .set({
      paymentIntentId: payment.intentId,
      paymentClientSecret: payment.clientSecret,
      paymentRedirectUrl: payment.redirectUrl,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, orderId));
}

const orderColumns = {
  id: orders.id,
  orderId: orders.orderId,
  eventId: orders.eventId,
  eventUid: events.uid,
  eventName: events.name,
  eventType: events.type,
  status: orders.status,
  cancelReason: orders.cancelReason,
  failureReason: orders.failureReason,
  lastPaymentError: orders.lastPaymentError,
  paidAt: orders.paidAt,
  promoCodeId: orders.promoCodeId,
  firstName: orders.firstName,
  lastName: orders.lastName,
  email: orders.email,
  phone: orders.phone,
  nic: orders.nic,
  currency: orders.currency,
  subtotal: orders.subtotal,
  convenienceFee: orders.convenienceFee,
  discount: orders.discount,
  total: orders.total,
  promoCode: sql<string | null>`(SELECT pc.code FROM promo_codes pc WHERE pc.id = ${orders.promoCodeId})`,
  paymentGatewayId: orders.paymentGatewayId,
  paymentIntentId: orders.paymentIntentId,
  paymentClientSecret: orders.paymentClientSecret,
  paymentRedirectUrl: orders.paymentRedirectUrl,
  accessToken: orders.accessToken,
  requestHash: orders.requestHash,
  holdExpiresAt: orders.holdExpiresAt,
  bestAvailable: orders.bestAvailable,
  seatRetries: orders.seatRetries,
  /** The database clock decides whether the hold has passed (invariant 3). */
  isHoldExpired: sql<boolean>`${orders.holdExpiresAt} <= now()`,
  serverTime: sql<string>`now()`.mapWith((value: string | Date) => new Date(value)),
};

export type OrderRow = Awaited<ReturnType<typeof findOrderBy>>[number];

function findOrderBy(db: Db | Tx, where: ReturnType<typeof eq>) {
  return db.select(orderColumns).from(orders).innerJoin(events, eq(events.id, orders.eventId)).where(where).limit(1);
}

export async function findOrderByPublicId(db: Db | Tx, orderId: string): Promise<OrderRow | null> {
  return (await findOrderBy(db, eq(orders.orderId, orderId)))[0] ?? null;
}

export async function findOrderByIntentId(db: Db, intentId: string): Promise<OrderRow | null> {
  return (await findOrderBy(db, eq(orders.paymentIntentId, intentId)))[0] ?? null;
}

/** Locks the order's row for the rest of the transaction (completions of one order run one at a time). */
export async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow['status'] | null> {
  const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
  return row?.status ?? null;
}

/** pending (or cancelled: a late payment that got its tickets back) → complete, once. */
export async function markComplete(tx: Tx, orderId: number): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ status: 'complete', paidAt: sql`now()`, cancelReason: null, lastPaymentError: null, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), inArray(orders.status, ['pending', 'cancelled'])))
    .returning({ id: orders.id });
  return rows.length === 1;
}

/** A paid order whose tickets were gone, or whose promo code's limits were spent → failed (its payment is refunded), once. */
export async function markFailed(tx: Tx, orderId: number, reason: 'sold_out' | 'promo_limit'): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ status: 'failed', failureReason: reason, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), inArray(orders.status, ['pending', 'cancelled'])))
    .returning({ id: orders.id });
  return rows.length === 1;
}

/** Records why the last payment attempt of a pending order did not go through. */
export async function setLastPaymentError(db: Db, orderId: number, code: string | null): Promise<void> {
  await db
    .update(orders)
    .set({ lastPaymentError: code, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
}

/** Queues an e-mail about the order; a second queueing of the same kind changes nothing. */
export async function queueEmail(tx: Tx, orderId: number, kind: 'order_confirmation' | 'payment_refunded') {
  await tx
    .insert(outbox)
    .values({ orderId, kind })
    .onConflictDoNothing({ target: [outbox.kind, outbox.orderId] });
}

export async function findOrderByIdempotencyKey(db: Db, key: string): Promise<OrderRow | null> {
  return (await findOrderBy(db, eq(orders.idempotencyKey, key)))[0] ?? null;
}

export async function findOrderLines(db: Db | Tx, orderId: number) {
  return db
    .select({
      packageId: orderLines.packageId,
      packageName: orderLines.packageName,
      unitPrice: orderLines.unitPrice,
      quantity: orderLines.quantity,
      seats: orderLines.seats,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
}

/** Moves a pending order to cancelled, once; null when it was not pending (so nothing is released twice). */
export async function markCancelled(
  tx: Tx,
  orderId: number,
  reason: 'expired' | 'cancelled_by_buyer',
): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ status: 'cancelled', cancelReason: reason, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
    .returning({ id: orders.id });
  return rows.length === 1;
}

/** Pending orders whose hold has passed, oldest first (for the sweeper). */
export async function findExpiredPendingOrders(db: Db, limit: number) {
  return db
    .select({ id: orders.id, paymentGatewayId: orders.paymentGatewayId, paymentIntentId: orders.paymentIntentId })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lte(orders.holdExpiresAt, sql`now()`)))
    .orderBy(asc(orders.holdExpiresAt))
    .limit(limit);
}

import { and, asc, eq, max, sql } from 'drizzle-orm';
import {
  events,
  orderLines,
  orders,
  outbox,
  ticketCodeReplacements,
  ticketPackages,
  tickets,
  venues,
} from '@marquee/db/schema';
import { inScope, type ScopedTx } from '@marquee/db/tenancy';

/*
 * The desk's ticket actions (issue 22; docs/decisions/039): name corrections and comps. Everything here runs in
 * the scoped transaction (walls 1 and 2): orders and events are found through the scope's events, and the console
 * role's grants (migration 0018) let it write only what these actions write.
 */

/** The order of a Booking ID in the scope, locked until the transaction ends: one correction of an order at a time. */
export async function lockOrderInScope(tx: ScopedTx, bookingId: string) {
  const [row] = await tx
    .select({
      id: orders.id,
      bookingId: orders.orderId,
      status: orders.status,
      firstName: orders.firstName,
      lastName: orders.lastName,
      eventId: orders.eventId,
      eventUid: events.uid,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(and(eq(orders.orderId, bookingId), inScope.events(tx)))
    .for('update', { of: orders });
  return row ?? null;
}

/** A ticket of the order (the order was found in scope first). */
export async function findOrderTicket(tx: ScopedTx, orderRowId: number, ticketId: number) {
  const [row] = await tx
    .select({
      id: tickets.id,
      code: tickets.code,
      usedAt: tickets.usedAt,
      voidedAt: tickets.voidedAt,
      holderFirstName: tickets.holderFirstName,
      holderLastName: tickets.holderLastName,
    })
    .from(tickets)
    .where(and(eq(tickets.orderId, orderRowId), eq(tickets.id, ticketId)));
  return row ?? null;
}

/** When the ticket was last re-issued under a corrected name; null: never. */
export async function findLastReissue(tx: ScopedTx, ticketId: number): Promise<Date | null> {
  const [row] = await tx
    .select({ at: max(ticketCodeReplacements.replacedAt) })
    .from(ticketCodeReplacements)
    .where(eq(ticketCodeReplacements.ticketId, ticketId));
  return row?.at ?? null;
}

/** The scope's event a comp is for, with what a comp order needs of it (currency, gateway, seat map). */
export async function findCompEvent(tx: ScopedTx, eventId: number) {
  const [row] = await tx
    .select({
      id: events.id,
      uid: events.uid,
      name: events.name,
      status: events.status,
      currency: events.currency,
      paymentGatewayIds: events.paymentGatewayIds,
      seatMap: venues.seatMap,
    })
    .from(events)
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(and(eq(events.id, eventId), inScope.events(tx)));
  return row ?? null;
}
export type CompEvent = NonNullable<Awaited<ReturnType<typeof findCompEvent>>>;

/** A package of the event (its seats, whether they are numbered). */
export async function findEventPackage(tx: ScopedTx, eventId: number, packageId: number) {
  const [row] = await tx
    .select({
      id: ticketPackages.id,
      name: ticketPackages.name,
      seatingRange: ticketPackages.seatingRange,
      freeSeating: ticketPackages.freeSeating,
    })
    .from(ticketPackages)
    .where(and(eq(ticketPackages.eventId, eventId), eq(ticketPackages.id, packageId)));
  return row ?? null;
}

/** The comp an Idempotency-Key made (keys are namespaced by organisation: `comp:{org}:{key}`). */
export async function findCompByKey(tx: ScopedTx, idempotencyKey: string) {
  const [row] = await tx
    .select({ id: orders.id, requestHash: orders.requestHash })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(and(eq(orders.idempotencyKey, idempotencyKey), eq(orders.kind, 'comp'), inScope.events(tx)));
  return row ?? null;
}

/** A comp order, complete and paid now by the database's clock (no hold: its hold ended as it was made). */
export async function insertCompOrder(
  tx: ScopedTx,
  values: Omit<typeof orders.$inferInsert, 'holdExpiresAt' | 'paidAt'>,
): Promise<number> {
  const [row] = await tx
    .insert(orders)
    .values({ ...values, holdExpiresAt: sql`now()`, paidAt: sql`now()` })
    .returning({ id: orders.id });
  if (!row) throw new Error('the comp order was not stored');
  return row.id;
}

export async function insertCompLine(tx: ScopedTx, values: typeof orderLines.$inferInsert): Promise<void> {
  await tx.insert(orderLines).values(values);
}

/** The guest's e-mail with their tickets: the order's confirmation, sent once by the outbox worker. */
export async function queueConfirmation(tx: ScopedTx, orderRowId: number): Promise<void> {
  await tx.insert(outbox).values({ kind: 'order_confirmation', orderId: orderRowId }).onConflictDoNothing();
}

/** A comp order as its answer shows it: the order, its line and its tickets. */
export async function findCompAnswerRows(tx: ScopedTx, orderRowId: number) {
  const [order] = await tx
    .select({
      bookingId: orders.orderId,
      firstName: orders.firstName,
      lastName: orders.lastName,
      note: orders.compNote,
      createdAt: orders.createdAt,
      eventUid: events.uid,
      eventName: events.name,
      seatMap: venues.seatMap,
      packageName: orderLines.packageName,
      quantity: orderLines.quantity,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(eq(orders.id, orderRowId));
  if (!order) return null;
  const issued = await tx
    .select({ id: tickets.id, code: tickets.code, seatId: tickets.seatId })
    .from(tickets)
    .where(eq(tickets.orderId, orderRowId))
    .orderBy(asc(tickets.admissionNo));
  return { order, tickets: issued };
}

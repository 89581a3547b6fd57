import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { events, orderLines, orders, promoCodes, tickets, venues } from '@marquee/db/schema';
import { inScope, type ScopedTx } from '@marquee/db/tenancy';

/*
 * The exports' reads (issue 22; docs/decisions/042). Every read runs in a scoped transaction (row-level
 * security as `marquee_console`) AND names the tenant predicate itself (`inScope.events`): the pages are
 * read by keyset (`id > after ORDER BY id LIMIT n`), one short transaction per page, so that nothing is held
 * open while a slow client downloads.
 *
 * Times are turned into the venue's wall clock by PostgreSQL (`to_char(… AT TIME ZONE …)`), once per cell,
 * rather than by Intl in Node for 100,000 rows.
 */

/** `YYYY-MM-DD HH24:MI` of a timestamp in the time zone `zone` (an IANA name), or null. */
function wallClock(column: AnyPgColumn, zone: string) {
  return sql<string | null>`to_char(${column} AT TIME ZONE ${zone}, 'YYYY-MM-DD HH24:MI')`;
}

/** The event an export is of, inside the scope (its name for the file, its venue's zone and seat map). */
export async function findExportEvent(tx: ScopedTx, eventId: number) {
  const [row] = await tx
    .select({
      id: events.id,
      uid: events.uid,
      name: events.name,
      timeZone: venues.timeZone,
      seatMap: venues.seatMap,
    })
    .from(events)
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(and(inScope.events(tx), eq(events.id, eventId)));
  return row ?? null;
}
export type ExportEvent = NonNullable<Awaited<ReturnType<typeof findExportEvent>>>;

/** A page of the event's tickets after ticket `after`, in ticket order, with their order's buyer. */
export function findTicketPage(tx: ScopedTx, event: { id: number; timeZone: string }, after: number, limit: number) {
  return tx
    .select({
      id: tickets.id,
      bookingId: orders.orderId,
      // The ticket's own holder when the desk corrected it (both names or neither), else the buyer.
      holderName: sql<string>`coalesce(${tickets.holderFirstName} || ' ' || ${tickets.holderLastName}, ${orders.firstName} || ' ' || ${orders.lastName})`,
      email: orders.email,
      phone: orders.phone,
      packageName: orderLines.packageName,
      seatId: tickets.seatId,
      isUsed: sql<boolean>`${tickets.usedAt} IS NOT NULL`,
      isVoided: sql<boolean>`${tickets.voidedAt} IS NOT NULL`,
      usedAt: wallClock(tickets.usedAt, event.timeZone),
      orderedAt: wallClock(orders.createdAt, event.timeZone),
      kind: orders.kind,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .innerJoin(orderLines, and(eq(orderLines.orderId, tickets.orderId), eq(orderLines.packageId, tickets.packageId)))
    .where(and(inScope.events(tx), eq(tickets.eventId, event.id), gt(tickets.id, after)))
    .orderBy(asc(tickets.id))
    .limit(limit);
}
export type TicketRow = Awaited<ReturnType<typeof findTicketPage>>[number];

/** A page of the event's orders after order `after`, in order of creation, with their ticket count and promo code. */
export function findOrderPage(tx: ScopedTx, event: { id: number; timeZone: string }, after: number, limit: number) {
  return tx
    .select({
      id: orders.id,
      bookingId: orders.orderId,
      status: orders.status,
      firstName: orders.firstName,
      lastName: orders.lastName,
      email: orders.email,
      phone: orders.phone,
      tickets: sql<number>`(SELECT coalesce(sum(${orderLines.quantity}), 0)::int FROM ${orderLines} WHERE ${orderLines.orderId} = ${orders.id})`,
      subtotal: orders.subtotal,
      discount: orders.discount,
      convenienceFee: orders.convenienceFee,
      total: orders.total,
      refundedAmount: orders.refundedAmount,
      currency: orders.currency,
      promoCode: promoCodes.code,
      orderedAt: wallClock(orders.createdAt, event.timeZone),
      paidAt: wallClock(orders.paidAt, event.timeZone),
      kind: orders.kind,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .leftJoin(promoCodes, eq(promoCodes.id, orders.promoCodeId))
    .where(and(inScope.events(tx), eq(orders.eventId, event.id), gt(orders.id, after)))
    .orderBy(asc(orders.id))
    .limit(limit);
}
export type OrderRow = Awaited<ReturnType<typeof findOrderPage>>[number];

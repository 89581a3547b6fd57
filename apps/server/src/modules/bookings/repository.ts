import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
import { events, orderLines, orders, tickets, userOrders, venues } from '@marquee/db/schema';

const bookingColumns = {
  id: orders.id,
  orderId: orders.orderId,
  status: orders.status,
  email: orders.email,
  nic: orders.nic,
  eventName: events.name,
  eventThumb: events.thumbnailImg,
  startDate: events.startDate,
  venueName: venues.name,
  venueCity: venues.city,
  timeZone: venues.timeZone,
  seatMap: venues.seatMap,
  createdAt: orders.createdAt,
};

/** A booking with what the lookup shows of it; null when the Booking ID names none. */
export async function findBooking(db: Db, bookingId: string) {
  const [row] = await db
    .select(bookingColumns)
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(eq(orders.orderId, bookingId))
    .limit(1);
  return row ?? null;
}
export type Booking = NonNullable<Awaited<ReturnType<typeof findBooking>>>;

/**
 * The orders an account placed while signed in, newest first: not those cancelled or left to expire
 * (abandoned checkouts are not bookings), at most `limit`.
 */
export async function findAccountBookings(db: Db, userId: string, limit: number) {
  return db
    .select(bookingColumns)
    .from(userOrders)
    .innerJoin(orders, eq(orders.id, userOrders.orderId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(
      and(
        eq(userOrders.userId, userId),
        ne(orders.status, 'cancelled'),
        or(ne(orders.status, 'pending'), sql`${orders.holdExpiresAt} > now()`),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** The lines of several orders at once. */
export async function findLinesOfOrders(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ orderId: orderLines.orderId, packageId: orderLines.packageId, name: orderLines.packageName, quantity: orderLines.quantity })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.id));
}

export async function findBookingLines(db: Db, orderId: number) {
  return db
    .select({ packageId: orderLines.packageId, name: orderLines.packageName, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
}

export async function findBookingTickets(db: Db, orderId: number) {
  return db
    .select({ code: tickets.code, packageId: tickets.packageId, seatId: tickets.seatId })
    .from(tickets)
    .where(eq(tickets.orderId, orderId))
    .orderBy(asc(tickets.packageId), asc(tickets.admissionNo));
}

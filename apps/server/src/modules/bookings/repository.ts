import { asc, eq } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
import { events, orderLines, orders, tickets, venues } from '@marquee/db/schema';

/** A booking with what the lookup shows of it; null when the Booking ID names none. */
export async function findBooking(db: Db, bookingId: string) {
  const [row] = await db
    .select({
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
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(eq(orders.orderId, bookingId))
    .limit(1);
  return row ?? null;
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

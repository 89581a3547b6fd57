import { timingSafeEqual } from 'node:crypto';
import type { Db } from '@marquee/db/client';
import {
  BOOKING_LOOKUP_MESSAGES,
  type BookingLookupRequest,
  type BookingLookupResult,
} from '@marquee/domain/bookings';
import type { MyBooking } from '@marquee/domain/accounts';
import { NIC_DEFAULT } from '@marquee/domain/checkout';
import { isPaidStatus, parseBookingId } from '@marquee/domain/orders';
import { bookingStatusLabel } from '@marquee/domain/statuses';
import { describeSeat, seatLabel } from '@marquee/domain/tickets';
import { formatEventDate, formatEventTime, formatZoneName } from '@marquee/domain/time';
import { AppError } from '../../plugins/app-error';
import * as repository from './repository';

function sameText(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A NIC as typed: case and spaces do not matter (952345678V and 952345678 v are the same card). */
function normaliseNic(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** The most bookings My bookings lists. */
const MY_BOOKINGS_LIMIT = 100;

/** What both the lookup and My bookings say of a booking. */
function summarise(booking: repository.Booking, lines: { name: string; quantity: number }[]) {
  const start = booking.startDate.toISOString();
  return {
    event_name: booking.eventName,
    event_thumb_img: booking.eventThumb,
    event_venue: `${booking.venueName}, ${booking.venueCity}`,
    event_start_date: formatEventDate(start, booking.timeZone),
    event_start_time: `${formatEventTime(start, booking.timeZone)} ${formatZoneName(start, booking.timeZone)}`,
    order_id: booking.orderId,
    status: booking.status,
    status_label: bookingStatusLabel(booking.status),
    tot_tickets: lines.reduce((sum, line) => sum + line.quantity, 0),
    packages: lines.map((line) => ({ package: { name: line.name }, ticket_count: line.quantity })),
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;

/**
 * Download Your Tickets: a booking by Booking ID and NIC (or, where the buyer gave no NIC, the checkout
 * e-mail). An unknown or malformed Booking ID and a wrong NIC get the same 404, so the answer tells
 * nobody which Booking IDs exist; only a match says whether the booking is paid.
 */
export function createBookingsService(deps: { db: Db; ticketUrl: (bookingId: string) => Promise<string> }) {
  const { db } = deps;

  async function lookUp(request: BookingLookupRequest): Promise<BookingLookupResult> {
    const bookingId = parseBookingId(request.booking_id);
    const booking = bookingId ? await repository.findBooking(db, bookingId) : null;
    const matchedBy = booking ? match(booking, request.nic) : null;
    if (!booking || matchedBy === null) throw new AppError('not_found', BOOKING_LOOKUP_MESSAGES.notFound);
    if (booking.status === 'pending') throw new AppError('not_paid', BOOKING_LOOKUP_MESSAGES.notPaid, undefined, { status: 'pending' });
    if (!isPaidStatus(booking.status)) {
      throw new AppError('not_valid', BOOKING_LOOKUP_MESSAGES.notValid, undefined, { status: booking.status });
    }

    const [lines, tickets] = await Promise.all([
      repository.findBookingLines(db, booking.id),
      repository.findBookingTickets(db, booking.id),
    ]);
    const packageNames = new Map(lines.map((line) => [line.packageId, line.name]));
    return {
      ...summarise(booking, lines),
      ticket_url: await deps.ticketUrl(booking.orderId),
      matched_by: matchedBy,
      tickets: tickets.map((ticket) => ({
        code: ticket.code,
        package_name: packageNames.get(ticket.packageId) ?? '',
        seat: ticket.seatId === null ? null : seatLabel(describeSeat(booking.seatMap, ticket.seatId)),
      })),
    };
  }

  /** My bookings: the orders the account placed while signed in, each with its tickets link once paid. */
  async function listForAccount(userId: string): Promise<MyBooking[]> {
    const bookings = await repository.findAccountBookings(db, userId, MY_BOOKINGS_LIMIT);
    const lines = await repository.findLinesOfOrders(db, bookings.map((booking) => booking.id));
    return Promise.all(
      bookings.map(async (booking) => ({
        ...summarise(
          booking,
          lines.filter((line) => line.orderId === booking.id),
        ),
        ticket_url: isPaidStatus(booking.status) ? await deps.ticketUrl(booking.orderId) : null,
        placed_at: booking.createdAt.toISOString(),
      })),
    );
  }

  function match(booking: { nic: string; email: string }, given: string): 'nic' | 'email' | null {
    if (booking.nic !== NIC_DEFAULT) return sameText(normaliseNic(booking.nic), normaliseNic(given)) ? 'nic' : null;
    // No NIC was given at checkout: the e-mail stands in for it, never the guessable "n/a".
    return sameText(booking.email, given.trim().toLowerCase()) ? 'email' : null;
  }

  return { lookUp, listForAccount };
}

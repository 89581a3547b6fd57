import { z } from 'zod';
import { OrderStatusSchema } from '../checkout/order.schema';
import { ErrorBodySchema } from '../errors/error-shape';

/**
 * Download Your Tickets (spec 2, 3): a booking is found by its Booking ID and the NIC given at checkout,
 * or, where no NIC was given (it defaults to n/a), the e-mail used at checkout.
 */
export const BOOKING_LOOKUP_MESSAGES = {
  bookingIdRequired: 'Enter your Booking ID.',
  nicRequired: 'Enter the NIC you gave at checkout, or your e-mail if you gave none.',
  /** One answer for an unknown or malformed Booking ID and a wrong NIC: nothing to guess from. */
  notFound:
    'We could not find a booking with this Booking ID and NIC. Check both (the Booking ID is in your confirmation e-mail) and try again.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  notPaid: 'This booking is not paid yet, so it has no tickets. If you have just paid, wait a minute and try again.',
  notValid: 'This booking has no valid tickets: it was cancelled or its payment failed.',
} as const;

export const BookingLookupRequestSchema = z.object({
  booking_id: z
    .string({ error: BOOKING_LOOKUP_MESSAGES.bookingIdRequired })
    .trim()
    .min(1, BOOKING_LOOKUP_MESSAGES.bookingIdRequired)
    .max(64, BOOKING_LOOKUP_MESSAGES.notFound),
  nic: z
    .string({ error: BOOKING_LOOKUP_MESSAGES.nicRequired })
    .trim()
    .min(1, BOOKING_LOOKUP_MESSAGES.nicRequired)
    .max(254, BOOKING_LOOKUP_MESSAGES.notFound),
});
export type BookingLookupRequest = z.infer<typeof BookingLookupRequestSchema>;

/** The spec's Booking lookup result, plus the tickets for the ticket list card. */
export const BookingLookupResultSchema = z.object({
  event_name: z.string(),
  event_thumb_img: z.string(),
  event_venue: z.string(),
  /** In the venue's time zone: "Sat, 5 Dec 2026". */
  event_start_date: z.string(),
  /** In the venue's time zone: "7:30 PM AEDT". */
  event_start_time: z.string(),
  order_id: z.string(),
  status: z.string(),
  status_label: z.string(),
  tot_tickets: z.number().int(),
  packages: z.array(z.object({ package: z.object({ name: z.string() }), ticket_count: z.number().int() })),
  /** The signed link to the tickets PDF (expires). */
  ticket_url: z.string(),
  /** Whether the NIC matched, or the checkout e-mail stood in for a NIC the buyer never gave. */
  matched_by: z.enum(['nic', 'email']),
  tickets: z.array(z.object({ code: z.string(), package_name: z.string(), seat: z.string().nullable() })),
});
export type BookingLookupResult = z.infer<typeof BookingLookupResultSchema>;

/**
 * A 409 for a booking that exists but has no tickets to give (the lookup, the tickets PDF): `not_paid` while
 * its payment is pending, `not_valid` once it is cancelled or failed; `status` is the booking's.
 */
export const BookingWithoutTicketsBodySchema = ErrorBodySchema.extend({
  code: z.enum(['not_paid', 'not_valid']),
  status: OrderStatusSchema,
});

import { z } from 'zod';

/** Statuses an event can have; they drive its action label and unavailable-sale message. */
export const EVENT_STATUSES = ['ongoing', 'presale', 'pending', 'soldout', 'postponed', 'closed'] as const;
export const EventStatusSchema = z.enum(EVENT_STATUSES);
export type EventStatus = z.infer<typeof EventStatusSchema>;

/** Spec: ongoing gives Book Now, soldout Soldout, postponed Postponed, closed Closed, anything else View Details. */
export function eventActionLabel(status: string): string {
  switch (status) {
    case 'ongoing':
      return 'Book Now';
    case 'soldout':
      return 'Soldout';
    case 'postponed':
      return 'Postponed';
    case 'closed':
      return 'Closed';
    default:
      return 'View Details';
  }
}

/** Spec: soldout Tickets Soldout; pending Notify Me; closed Online Tickets Closed; postponed Event Postponed. */
export function unavailableSaleMessage(status: string): string | null {
  switch (status) {
    case 'soldout':
      return 'Tickets Soldout';
    case 'pending':
      return 'Notify Me';
    case 'closed':
      return 'Online Tickets Closed';
    case 'postponed':
      return 'Event Postponed';
    default:
      return null;
  }
}

/** Whether tickets can be bought for an event in this status. */
export function isOnSale(status: string): boolean {
  return status === 'ongoing';
}

/** Booking (order) statuses and their display labels, as spec section 4 lists them. */
export const BOOKING_STATUS_LABELS = {
  pending: 'Pending',
  complete: 'Complete',
  verified: 'Verified',
  cancelled: 'Cancelled',
  failed: 'Failed',
  ongoing: 'Ongoing',
  presale: 'Pre Sale',
  soldout: 'Sold Out',
} as const;
export type BookingStatus = keyof typeof BOOKING_STATUS_LABELS;

export function bookingStatusLabel(status: string): string {
  return status in BOOKING_STATUS_LABELS ? BOOKING_STATUS_LABELS[status as BookingStatus] : status;
}

import { z } from 'zod';
import { PUBLISHED_STATUSES, type EventLifecycleStatus } from '../authoring/lifecycle';

/** Statuses an event can have; they drive its action label and unavailable-sale message. */
export const EVENT_STATUSES = ['ongoing', 'presale', 'pending', 'soldout', 'postponed', 'closed'] as const;
export const EventStatusSchema = z.enum(EVENT_STATUSES);
export type EventStatus = z.infer<typeof EventStatusSchema>;

/*
 * The buyer side keeps the spec's statuses (decisions/032, docs/spec-deviations.md); what is stored is the
 * event's lifecycle (authoring/lifecycle.ts). The rules from one to the other:
 *   - a draft, and an event an operator unpublished (events.unpublished_at), do not exist for buyers: a 404 like
 *     an unknown uid, absent from lists, search and counts;
 *   - a cancelled event keeps its page, shown closed with nothing on sale, and leaves the lists;
 *   - sold out is computed: a published event whose active packages are all taken (sold + held >= capacity,
 *     at least one active package) shows soldout, and its stored status again when tickets come back.
 */

/** Stored statuses whose event does not exist for buyers (nor does any event with unpublished_at set). */
export const HIDDEN_STATUSES = ['draft'] as const satisfies readonly EventLifecycleStatus[];

/** Stored statuses whose event is left out of the buyer's lists, search and counts (its page may still be shown). */
export const UNLISTED_STATUSES = ['draft', 'cancelled'] as const satisfies readonly EventLifecycleStatus[];

/** Stored statuses in which every active package taken shows as soldout: the published ones (lifecycle.ts). */
export const SOLD_OUT_STATUSES = PUBLISHED_STATUSES;

/** Whether buyers may see the event at all: not a draft, and not unpublished by an operator. */
export function isVisibleToBuyers(event: { status: EventLifecycleStatus; isUnpublished: boolean }): boolean {
  return !event.isUnpublished && !(HIDDEN_STATUSES as readonly EventLifecycleStatus[]).includes(event.status);
}

/**
 * The spec status a buyer sees for a stored lifecycle status.
 * - `isSoldOut`: every active package is taken (computed in SQL, modules/catalog).
 * - `isSaleOpen`: the event's sale start has passed (database clock). A presale or pending event is then on
 *   sale: it opens by itself, with no one to press a button at the hour.
 *
 * Cancelled shows closed, the nearest of the spec's statuses (nothing on sale, "Online Tickets Closed"). A
 * draft is never shown to buyers; the team's preview shows it as it would be published on sale (the console's
 * checklist measures "publishing it as an on-sale event").
 */
export function buyerStatusOf(
  status: EventLifecycleStatus,
  facts: { isSoldOut: boolean; isSaleOpen: boolean },
): EventStatus {
  switch (status) {
    case 'cancelled':
      return 'closed';
    case 'postponed':
    case 'closed':
      return status;
    case 'draft':
    case 'ongoing':
      return facts.isSoldOut ? 'soldout' : 'ongoing';
    case 'presale':
    case 'pending':
      if (facts.isSoldOut) return 'soldout';
      return facts.isSaleOpen ? 'ongoing' : status;
  }
}

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

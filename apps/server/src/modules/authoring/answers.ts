import {
  CountryFieldSchema,
  instantToZonedWallClock,
  isPublishedStatus,
  publishingChecklist,
  type ChecklistItem,
  type Country,
  type PublishedStatus,
} from '@marquee/domain/authoring';
import type { ConsoleEventAnswer, ConsoleEventSummary, ConsolePackage } from '@marquee/domain/console';
import { SeatMapSchema, type SeatMap } from '@marquee/domain/seat-map';
import { eventPath } from '@marquee/domain/slug';
import type { EventRow, EventWithVenue, PackageRow, PackageWithHeld, VenueOfEvent } from './repository';

/**
 * Rows → the console's answers (`@marquee/domain/console`), and the facts the rules read off them. Times go
 * out twice: as instants (`*_at`), and as the venue's clocks read them (`*_local`).
 */

/** The venue's seat map, parsed (never cast); null: no map. */
export function seatMapOf(venue: VenueOfEvent): SeatMap | null {
  return venue.seatMap === null ? null : SeatMapSchema.parse(venue.seatMap);
}

export function countryOf(venue: VenueOfEvent): Country {
  return CountryFieldSchema.parse(venue.country);
}

export function wallClockOf(instant: Date | null, timeZone: string): string | null {
  return instant === null ? null : instantToZonedWallClock(instant, timeZone);
}

/** An image column: '' is none. */
function imageUrlOf(path: string): string | null {
  return path === '' ? null : path;
}

/** Every active package taken (sold + held >= capacity), and at least one active package. */
export function isSoldOut(packages: readonly { active: boolean; sold: number; held: number; capacity: number }[]) {
  const active = packages.filter((pkg) => pkg.active);
  return active.length > 0 && active.every((pkg) => pkg.sold + pkg.held >= pkg.capacity);
}

/** Whether buyers ever saw the event on sale (its price and currency are then what they were shown). */
export function wasPublished(event: EventRow): boolean {
  return event.publishedAt !== null || isPublishedStatus(event.status);
}

export function packageAnswer(pkg: PackageWithHeld, timeZone: string): ConsolePackage {
  return {
    id: pkg.id,
    name: pkg.name,
    description: pkg.description,
    price: pkg.price,
    capacity: pkg.capacity,
    sold: pkg.soldCount,
    held: Math.max(0, pkg.held),
    waiting: pkg.waiting,
    max_per_order: pkg.maxPerOrder,
    sale_start_local: wallClockOf(pkg.saleStartsAt, timeZone),
    sale_end_local: wallClockOf(pkg.saleEndsAt, timeZone),
    active: pkg.active,
    inactive_message: pkg.inactiveMessage,
    free_seating: pkg.freeSeating,
    seat_ids: [...pkg.seatingRange],
    color_class: pkg.colorClass,
  };
}

export interface SummaryRow {
  uid: string;
  name: string;
  type: EventRow['type'];
  status: EventRow['status'];
  unpublishedAt: Date | null;
  startDate: Date;
  currency: EventRow['currency'];
  thumbnailImg: string;
  venue: { id: number; name: string; city: string; timeZone: string };
}

export function summaryAnswer(
  row: SummaryRow,
  packages: readonly { active: boolean; sold: number; held: number; capacity: number }[],
): ConsoleEventSummary {
  return {
    uid: row.uid,
    name: row.name,
    type: row.type,
    status: row.status,
    sold_out: isSoldOut(packages),
    unpublished: row.unpublishedAt !== null,
    starts_at: row.startDate.toISOString(),
    start_local: instantToZonedWallClock(row.startDate, row.venue.timeZone),
    venue: { id: row.venue.id, name: row.venue.name, city: row.venue.city },
    currency: row.currency,
    sold: packages.reduce((total, pkg) => total + pkg.sold, 0),
    capacity: packages.reduce((total, pkg) => total + pkg.capacity, 0),
    thumbnail_url: imageUrlOf(row.thumbnailImg),
  };
}

/** What the checklist needs beyond the event and its packages. */
export interface ChecklistFacts {
  now: Date;
  organisationApproved: boolean;
  /** Gateways no configured provider takes now (PaymentGateways.offeredKinds). */
  unavailablePaymentGatewayIds: readonly number[];
}

/** The publishing checklist for publishing the event as `to`, with `saleStartsAt` for presale and pending. */
export function checklistOf(
  found: EventWithVenue,
  packages: readonly PackageRow[],
  facts: ChecklistFacts,
  to: PublishedStatus = 'ongoing',
  saleStartsAt: Date | null = found.event.saleStartsAt,
): ChecklistItem[] {
  const { event, venue } = found;
  return publishingChecklist({
    now: facts.now,
    to,
    organisationApproved: facts.organisationApproved,
    event: {
      startsAt: event.startDate,
      endsAt: event.endDate,
      saleStartsAt,
      bannerImg: event.bannerImg,
      thumbnailImg: event.thumbnailImg,
      freeEvent: event.freeEvent,
      hasSeatMap: venue.seatMap !== null,
      paymentGatewayIds: event.paymentGatewayIds,
      unavailablePaymentGatewayIds: facts.unavailablePaymentGatewayIds,
    },
    packages: packages.map((pkg) => ({
      name: pkg.name,
      active: pkg.active,
      freeSeating: pkg.freeSeating,
      seatCount: pkg.seatingRange.length,
      saleStartsAt: pkg.saleStartsAt,
      saleEndsAt: pkg.saleEndsAt,
    })),
  });
}

export function eventAnswer(
  found: EventWithVenue,
  packages: readonly PackageWithHeld[],
  facts: ChecklistFacts,
): ConsoleEventAnswer {
  const { event, venue } = found;
  const zone = venue.timeZone;
  const counts = packages.map((pkg) => ({
    active: pkg.active,
    sold: pkg.soldCount,
    held: Math.max(0, pkg.held),
    capacity: pkg.capacity,
  }));
  const summary = summaryAnswer({ ...event, venue }, counts);
  return {
    ...summary,
    description: event.description,
    artists: [...event.artists],
    venue: {
      id: venue.id,
      name: venue.name,
      city: venue.city,
      country: countryOf(venue),
      time_zone: zone,
      has_seat_map: venue.seatMap !== null,
    },
    end_local: wallClockOf(event.endDate, zone),
    handling_cost: event.handlingCost,
    payment_gateway_ids: [...event.paymentGatewayIds],
    featured: event.featured,
    free_event: event.freeEvent,
    waiting_room: event.waitingRoom,
    admit_per_minute: event.admitPerMinute,
    sale_start_local: wallClockOf(event.saleStartsAt, zone),
    banner_url: imageUrlOf(event.bannerImg),
    published_at: event.publishedAt?.toISOString() ?? null,
    packages: packages.map((pkg) => packageAnswer(pkg, zone)),
    checklist: checklistOf(found, packages, facts),
    buyer_path: eventPath({ type: event.type, name: event.name, uid: event.uid }),
  };
}

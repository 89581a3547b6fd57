import {
  CURRENCY_BY_COUNTRY,
  type EventImportFile,
  type ImportEvent,
  type ImportIssue,
  type ImportVenue,
} from '@marquee/domain/import';
import { lifecycleStatusOf } from '@marquee/domain/authoring';
import { expandSeatMap, type SeatMap } from '@marquee/domain/seat-map';
import { eventPath } from '@marquee/domain/slug';
import type { events, promoCodes, ticketPackages } from '../schema';
import { eventUidFrom } from '../seed/event-uid';

/**
 * Step 2 of an import (load → plan → write): a pure function. Given a loaded file and what the database
 * already holds, it decides every row to write (venues, events, ticket packages, promo codes) or names
 * every problem, each with its path (`events[2].ticket_packages[0].sections[1]: …`). No database access:
 * the caller reads `ExistingCatalogue` first (write.ts, readExistingCatalogue).
 */

/** The plan was refused; nothing was written. `issues` name the field of each problem. */
export class EventImportError extends Error {
  readonly issues: ImportIssue[];

  constructor(issues: ImportIssue[]) {
    super(
      `The import was refused (${issues.length} ${issues.length === 1 ? 'problem' : 'problems'}); nothing was imported:\n${issues.map((issue) => `  ${issue.path}: ${issue.message}`).join('\n')}`,
    );
    this.name = 'EventImportError';
    this.issues = issues;
  }
}

export interface ExistingVenue extends NewVenue {
  id: number;
}

/** What the database holds that a plan depends on. */
export interface ExistingCatalogue {
  /** The importing organisation's venues only: a file never refers to another organisation's venue. */
  venues: readonly ExistingVenue[];
  /** Those of the file's event uids (eventUidOf) that an event already has. */
  takenUids: ReadonlySet<string>;
  paymentGatewayIds: ReadonlySet<number>;
}

export interface PlanOptions {
  /** The organisation the file is imported under: it owns the venues and events written. */
  organisationId: number;
  /**
   * An event whose uid exists: 'refuse' (default) makes it an issue (was this file imported before?);
   * 'skip' leaves it alone and plans the rest, so the same document can be applied again (the demo seed).
   */
  existingEvents?: 'refuse' | 'skip';
  /**
   * A venue the file defines that exists (same name and city): 'match' (default) requires the same
   * country and seat map; 'keep' uses the stored venue as it is, whatever the file says about it.
   */
  existingVenues?: 'match' | 'keep';
  /**
   * 'draft': every event is written as a draft, whatever status the file gives, and no package may say it has
   * sold tickets (the console's import: its events are published through the publishing checklist like any
   * other, and count their sales from none). Default: the file's status and counts.
   */
  statuses?: 'file' | 'draft';
}

/** A venue row that exists (its id), or the `index`-th of the plan's `newVenues`. */
export type PlannedVenueRef = { existing: number } | { new: number };

export interface NewVenue {
  organisationId: number;
  name: string;
  city: string;
  country: string;
  timeZone: string;
  address: string;
  seatMap: SeatMap | null;
}

export type PlannedEventRow = Omit<typeof events.$inferInsert, 'venueId'>;
export type PlannedPackageRow = Omit<typeof ticketPackages.$inferInsert, 'eventId'>;
/** A promo code row; the ids of the packages it is scoped to are known once they are written. */
export type PlannedPromoRow = Omit<typeof promoCodes.$inferInsert, 'eventId' | 'packageIds'> & {
  packageNames: string[];
};

export interface PlannedEvent {
  /** The event's index in the file's `events`. */
  index: number;
  uid: string;
  /** Its page: /{type}/{slug}/{uid}. */
  path: string;
  venue: PlannedVenueRef;
  row: PlannedEventRow;
  /** In the file's order (sortOrder). */
  packages: PlannedPackageRow[];
  promos: PlannedPromoRow[];
}

export interface EventImportPlan {
  /** The organisation every row of the plan belongs to. */
  organisationId: number;
  /** Empty when the plan can be written. */
  issues: ImportIssue[];
  /** Venues to create, in the order the file first defines them. */
  newVenues: NewVenue[];
  /** Every venue the file defines (its `venues` list, then events' own definitions), once each. */
  definedVenues: { name: string; city: string; venue: PlannedVenueRef }[];
  /** Events to write, in the file's order. */
  events: PlannedEvent[];
  /** Events left alone because their uid exists (existingEvents: 'skip'). */
  skippedEvents: { index: number; uid: string }[];
}

/** An event's uid: the one given, or one derived from its name and start. */
export function eventUidOf(event: Pick<ImportEvent, 'uid' | 'name' | 'start_date'>): string {
  return event.uid ?? eventUidFrom(`${event.name}|${new Date(event.start_date).toISOString()}`);
}

interface KnownVenue {
  ref: PlannedVenueRef;
  name: string;
  city: string;
  country: string;
  seatMap: SeatMap | null;
}

const venueKey = (name: string, city: string): string =>
  `${name.trim().toLowerCase()}\u0000${city.trim().toLowerCase()}`;

/** Key order-independent JSON, to tell whether two seat maps are the same layout. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function describeVenue(venue: Pick<ImportVenue, 'name' | 'city'>): string {
  return venue.city ? `"${venue.name}" in ${venue.city}` : `"${venue.name}"`;
}

/** Seat ids of each section, in the map's stable order. */
function seatsBySection(map: SeatMap): Map<string, string[]> {
  const bySection = new Map<string, string[]>();
  for (const seat of expandSeatMap(map)) {
    const list = bySection.get(seat.section);
    if (list) list.push(seat.id);
    else bySection.set(seat.section, [seat.id]);
  }
  return bySection;
}

/**
 * Plans an import: pure (same inputs, same plan; the inputs are not changed). Everything is checked
 * before a row is planned for writing, so a plan with issues is refused as a whole (writeEventImport).
 */
export function planEventImport(
  file: EventImportFile,
  existing: ExistingCatalogue,
  options: PlanOptions,
): EventImportPlan {
  const { organisationId } = options;
  const skipExistingEvents = options.existingEvents === 'skip';
  const keepExistingVenues = options.existingVenues === 'keep';
  const issues: ImportIssue[] = [];
  const issue = (path: string, message: string): void => {
    issues.push({ path, message });
  };

  // Venues: those in the database, plus the ones this file defines (created if new).
  const known = new Map<string, KnownVenue>();
  for (const venue of existing.venues) {
    known.set(venueKey(venue.name, venue.city), {
      ref: { existing: venue.id },
      name: venue.name,
      city: venue.city,
      country: venue.country,
      seatMap: venue.seatMap,
    });
  }
  const newVenues: NewVenue[] = [];
  const defined = new Set<KnownVenue>();
  const definitions: { venue: ImportVenue; at: string }[] = [
    ...file.venues.map((venue, index) => ({ venue, at: `venues[${index}]` })),
    ...file.events.map((event, index) => ({ venue: event.venue, at: `events[${index}].venue` })),
  ];
  for (const { venue, at } of definitions) {
    if (venue.country === undefined || venue.time_zone === undefined || venue.city === undefined) continue;
    const key = venueKey(venue.name, venue.city);
    const found = known.get(key);
    const seatMap = venue.seat_map ?? null;
    if (!found) {
      const created: KnownVenue = {
        ref: { new: newVenues.length },
        name: venue.name,
        city: venue.city,
        country: venue.country,
        seatMap,
      };
      newVenues.push({
        organisationId,
        name: venue.name,
        city: venue.city,
        country: venue.country,
        timeZone: venue.time_zone,
        address: venue.address ?? '',
        seatMap,
      });
      known.set(key, created);
      defined.add(created);
      continue;
    }
    defined.add(found);
    const inDatabase = 'existing' in found.ref;
    if (inDatabase && keepExistingVenues) continue;
    if (venue.seat_map !== undefined && stableJson(found.seatMap) !== stableJson(seatMap)) {
      issue(
        `${at}.seat_map`,
        `${describeVenue(venue)} ${inDatabase ? 'already exists' : 'is defined earlier in this file'} with a different seat map; refer to it by name and city`,
      );
    }
    if (found.country !== venue.country)
      issue(`${at}.country`, `${describeVenue(venue)} is already recorded in ${found.country}`);
  }

  const resolveVenue = (venue: ImportVenue, index: number): KnownVenue | null => {
    const matches = [...known.values()].filter(
      (candidate) =>
        candidate.name.trim().toLowerCase() === venue.name.trim().toLowerCase() &&
        (venue.city === undefined || candidate.city.trim().toLowerCase() === venue.city.trim().toLowerCase()),
    );
    if (matches.length === 1) return matches[0] ?? null;
    if (matches.length === 0) {
      issue(
        `events[${index}].venue`,
        `no venue ${describeVenue(venue)} exists; define it with name, city, country and time_zone`,
      );
    } else {
      issue(
        `events[${index}].venue.city`,
        `${matches.length} venues are named "${venue.name}" (${matches.map((m) => m.city).join(', ')}); give the city`,
      );
    }
    return null;
  };

  const seatCache = new Map<KnownVenue, Map<string, string[]>>();
  const sectionsOf = (venue: KnownVenue, map: SeatMap): Map<string, string[]> => {
    let bySection = seatCache.get(venue);
    if (!bySection) {
      bySection = seatsBySection(map);
      seatCache.set(venue, bySection);
    }
    return bySection;
  };

  const planned: PlannedEvent[] = [];
  const skippedEvents: EventImportPlan['skippedEvents'] = [];
  const firstIndexOfUid = new Map<string, number>();

  file.events.forEach((event, index) => {
    const at = `events[${index}]`;
    // Uids: given or derived from name and start; unique in the file and new to the database.
    const uid = eventUidOf(event);
    const uidField = event.uid === undefined ? 'name' : 'uid';
    const earlier = firstIndexOfUid.get(uid);
    if (earlier !== undefined) {
      issue(
        `${at}.${uidField}`,
        `gives the same uid ${uid} as events[${earlier}]${event.uid === undefined ? ' (same name and start_date)' : ''}`,
      );
    } else {
      firstIndexOfUid.set(uid, index);
      if (existing.takenUids.has(uid)) {
        if (skipExistingEvents) {
          skippedEvents.push({ index, uid });
          return;
        }
        issue(
          `${at}.${uidField}`,
          `an event with uid ${uid} already exists${event.uid === undefined ? ' (same name and start_date: was this file imported before?)' : ''}`,
        );
      }
    }

    event.payment_gateway_ids.forEach((id, gatewayIndex) => {
      if (!existing.paymentGatewayIds.has(id))
        issue(
          `${at}.payment_gateway_ids[${gatewayIndex}]`,
          `no payment gateway has id ${id} (known: ${[...existing.paymentGatewayIds].join(', ')})`,
        );
    });

    const venue = resolveVenue(event.venue, index);
    if (!venue) return;
    const expectedCurrency = Object.entries(CURRENCY_BY_COUNTRY).find(([country]) => country === venue.country)?.[1];
    if (event.venue.country === undefined && expectedCurrency !== undefined && event.currency !== expectedCurrency) {
      issue(`${at}.currency`, `must be ${expectedCurrency} for ${venue.name}, ${venue.city} (${venue.country})`);
    }

    const owner = new Map<string, number>();
    const packages: PlannedPackageRow[] = [];
    event.ticket_packages.forEach((pkg, packageIndex) => {
      const pat = `${at}.ticket_packages[${packageIndex}]`;
      let seatingRange: string[] = [];
      let capacity = pkg.capacity ?? 0;
      if (venue.seatMap === null) {
        if (pkg.sections) issue(`${pat}.sections`, `${venue.name} has no seat map; give a capacity instead`);
        if (pkg.seating_range) issue(`${pat}.seating_range`, `${venue.name} has no seat map; give a capacity instead`);
        if (pkg.capacity === undefined) issue(`${pat}.capacity`, 'is required at a venue without a seat map');
      } else {
        const bySection = sectionsOf(venue, venue.seatMap);
        if (pkg.sections) {
          pkg.sections.forEach((section, sectionIndex) => {
            const seats = bySection.get(section);
            if (seats) seatingRange.push(...seats);
            else
              issue(
                `${pat}.sections[${sectionIndex}]`,
                `${venue.name} has no section "${section}" (sections: ${[...bySection.keys()].join(', ')})`,
              );
          });
        } else if (pkg.seating_range) {
          const allSeats = new Set([...bySection.values()].flat());
          const unknown = pkg.seating_range.filter((seat) => !allSeats.has(seat));
          if (unknown.length > 0) {
            issue(
              `${pat}.seating_range`,
              `${unknown.length} seat ids are not in ${venue.name}'s seat map, e.g. ${unknown.slice(0, 3).join(', ')}`,
            );
          }
          seatingRange = [...new Set(pkg.seating_range)];
        } else {
          issue(
            `${pat}.sections`,
            `${venue.name} has a seat map; give the sections (or seating_range) this package owns`,
          );
        }
        const clashes = seatingRange.filter((seat) => owner.has(seat));
        if (clashes.length > 0) {
          issue(
            `${pat}.${pkg.sections ? 'sections' : 'seating_range'}`,
            `${clashes.length} seats also belong to ticket_packages[${owner.get(clashes[0] ?? '') ?? 0}], e.g. ${clashes[0]}`,
          );
        }
        for (const seat of seatingRange) if (!owner.has(seat)) owner.set(seat, packageIndex);
        if (pkg.capacity !== undefined && pkg.capacity !== seatingRange.length) {
          issue(`${pat}.capacity`, `must equal the number of seats it owns (${seatingRange.length}) or be left out`);
        }
        capacity = seatingRange.length;
        if (pkg.sold_count > capacity)
          issue(`${pat}.sold_count`, `must not exceed the number of seats it owns (${capacity})`);
      }
      // Tickets sold elsewhere before the import are Marquee's to record (the CLI), not an organiser's to claim.
      if (options.statuses === 'draft' && pkg.sold_count > 0) {
        issue(`${pat}.sold_count`, 'cannot be set in the console: tickets are counted as they are sold');
      }
      packages.push({
        name: pkg.name,
        description: pkg.description,
        price: pkg.price,
        capacity,
        soldCount: pkg.sold_count,
        seatingRange,
        freeSeating: venue.seatMap === null || pkg.free_seating,
        colorClass: pkg.color_class ?? packageIndex % 6,
        active: pkg.active,
        inactiveMessage: pkg.inactive_message ?? null,
        maxPerOrder: pkg.max_per_order,
        sortOrder: packageIndex,
      });
    });

    planned.push({
      index,
      uid,
      path: eventPath({ type: event.type, name: event.name, uid }),
      venue: venue.ref,
      row: {
        organisationId,
        uid,
        name: event.name,
        type: event.type,
        description: event.description,
        artists: [...event.artists],
        startDate: new Date(event.start_date),
        endDate: event.end_date ? new Date(event.end_date) : null,
        thumbnailImg: event.thumbnail_img ?? `/images/events/default-${event.type}-thumb.svg`,
        bannerImg: event.banner_img ?? `/images/events/default-${event.type}-banner.svg`,
        featured: event.featured,
        currency: event.currency,
        // The file keeps the spec's statuses; sold out is computed, so an event imported sold out is stored on sale.
        status: options.statuses === 'draft' ? 'draft' : lifecycleStatusOf(event.status),
        freeEvent: event.free_event,
        freeSeating: event.free_seating ?? venue.seatMap === null,
        promo: event.promo_codes.some((promo) => promo.active),
        promoAutoApply: event.promo_auto_apply,
        promoCode: event.promo_code ?? null,
        handlingCost: event.handling_cost,
        paymentGatewayIds: [...event.payment_gateway_ids],
        maxHeldPerBuyer: event.max_held_per_buyer,
        holdCooldownSeconds: event.hold_cooldown_seconds,
        maxFreePerBuyer: event.max_free_per_buyer,
      },
      packages,
      promos: event.promo_codes.map((promo) => ({
        code: promo.code,
        kind: promo.kind,
        value: promo.value,
        packageNames: [...(promo.packages ?? [])],
        validFrom: promo.valid_from ? new Date(promo.valid_from) : null,
        validTo: promo.valid_to ? new Date(promo.valid_to) : null,
        maxUses: promo.max_uses ?? null,
        maxUsesPerEmail: promo.max_uses_per_email ?? null,
        usedCount: promo.used_count,
        active: promo.active,
      })),
    });
  });

  return {
    organisationId,
    issues,
    newVenues,
    definedVenues: [...defined].map((venue) => ({ name: venue.name, city: venue.city, venue: venue.ref })),
    events: planned,
    skippedEvents,
  };
}

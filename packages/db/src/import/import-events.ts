import { inArray } from 'drizzle-orm';
import {
  CURRENCY_BY_COUNTRY,
  EventImportFileSchema,
  importIssuesFromZod,
  type ImportEvent,
  type ImportIssue,
  type ImportVenue,
} from '@marquee/domain/import';
import { SeatMapSchema, expandSeatMap, type SeatMap } from '@marquee/domain/seat-map';
import { eventPath } from '@marquee/domain/slug';
import type { Db } from '../client';
import { events, paymentGateways, promoCodes, ticketPackages, venues } from '../schema';
import { eventUidFrom } from '../seed/event-uid';
import { ensurePaymentGateways } from '../seed/payment-gateways';

export type { ImportIssue } from '@marquee/domain/import';

/** The file was refused; nothing was written. `issues` name the field of each problem. */
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

export interface ImportEventsOptions {
  /** Validate against the database and roll back instead of committing. */
  dryRun?: boolean;
}

export interface ImportEventsResult {
  events: { id: number; uid: string; name: string; path: string }[];
  venuesCreated: { id: number; name: string; city: string }[];
  ticketPackages: number;
  promoCodes: number;
  dryRun: boolean;
}

interface KnownVenue {
  id: number | null;
  name: string;
  city: string;
  country: string;
  timeZone: string;
  address: string;
  seatMap: SeatMap | null;
}

class DryRunRollback extends Error {
  readonly result: ImportEventsResult;

  constructor(result: ImportEventsResult) {
    super('dry run');
    this.result = result;
  }
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

function describeVenue(venue: ImportVenue): string {
  return venue.city ? `"${venue.name}" in ${venue.city}` : `"${venue.name}"`;
}

/**
 * Imports a file of events (EventImportFileSchema) all-or-nothing: every problem, in the file or against the
 * database (unknown venues, seats, gateways, uids already taken), is collected first and reported together
 * with its path (`events[2].ticket_packages[0].sections[1]: …`); then venues, events, packages and promo
 * codes are written in one transaction.
 */
export async function importEvents(
  db: Db,
  input: unknown,
  options: ImportEventsOptions = {},
): Promise<ImportEventsResult> {
  const parsed = EventImportFileSchema.safeParse(input);
  if (!parsed.success) throw new EventImportError(importIssuesFromZod(parsed.error));
  const file = parsed.data;

  try {
    return await db.transaction(async (tx) => {
      const result = await writeImport(tx, file.events);
      if (options.dryRun) throw new DryRunRollback({ ...result, dryRun: true });
      return result;
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.result;
    throw error;
  }
}

async function writeImport(db: Db, fileEvents: ImportEvent[]): Promise<ImportEventsResult> {
  const issues: ImportIssue[] = [];
  const issue = (path: string, message: string): void => {
    issues.push({ path, message });
  };

  await ensurePaymentGateways(db);
  const gatewayIds = new Set((await db.select({ id: paymentGateways.id }).from(paymentGateways)).map((row) => row.id));

  // Venues: those in the database, plus the ones this file defines (created below if new).
  const known = new Map<string, KnownVenue>();
  for (const row of await db.select().from(venues)) {
    const seatMap = row.seatMap === null ? null : SeatMapSchema.parse(row.seatMap);
    known.set(venueKey(row.name, row.city), {
      id: row.id,
      name: row.name,
      city: row.city,
      country: row.country,
      timeZone: row.timeZone,
      address: row.address,
      seatMap,
    });
  }
  fileEvents.forEach((event, index) => {
    const venue = event.venue;
    if (venue.country === undefined || venue.time_zone === undefined || venue.city === undefined) return;
    const key = venueKey(venue.name, venue.city);
    const existing = known.get(key);
    const seatMap = venue.seat_map ?? null;
    if (!existing) {
      known.set(key, {
        id: null,
        name: venue.name,
        city: venue.city,
        country: venue.country,
        timeZone: venue.time_zone,
        address: venue.address ?? '',
        seatMap,
      });
      return;
    }
    if (venue.seat_map !== undefined && stableJson(existing.seatMap) !== stableJson(seatMap)) {
      issue(
        `events[${index}].venue.seat_map`,
        `${describeVenue(venue)} ${existing.id === null ? 'is defined earlier in this file' : 'already exists'} with a different seat map; refer to it by name and city`,
      );
    }
    if (existing.country !== venue.country)
      issue(`events[${index}].venue.country`, `${describeVenue(venue)} is already recorded in ${existing.country}`);
  });

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

  // Uids: given or derived from name and start; unique in the file and new to the database.
  const uids = fileEvents.map(
    (event) => event.uid ?? eventUidFrom(`${event.name}|${new Date(event.start_date).toISOString()}`),
  );
  const takenUids = new Set(
    uids.length === 0
      ? []
      : (await db.select({ uid: events.uid }).from(events).where(inArray(events.uid, uids))).map((row) => row.uid),
  );
  const firstIndexOfUid = new Map<string, number>();

  const seatCache = new Map<KnownVenue, Map<string, string[]>>();
  const seatsBySection = (venue: KnownVenue, map: SeatMap): Map<string, string[]> => {
    let bySection = seatCache.get(venue);
    if (!bySection) {
      bySection = new Map();
      for (const seat of expandSeatMap(map)) {
        const list = bySection.get(seat.section);
        if (list) list.push(seat.id);
        else bySection.set(seat.section, [seat.id]);
      }
      seatCache.set(venue, bySection);
    }
    return bySection;
  };

  interface PlannedPackage {
    row: Omit<typeof ticketPackages.$inferInsert, 'eventId'>;
  }
  const plans: { index: number; uid: string; venue: KnownVenue; packages: PlannedPackage[] }[] = [];

  fileEvents.forEach((event, index) => {
    const at = `events[${index}]`;
    const uid = uids[index] ?? '';
    const uidField = event.uid === undefined ? 'name' : 'uid';
    const earlier = firstIndexOfUid.get(uid);
    if (earlier !== undefined) {
      issue(
        `${at}.${uidField}`,
        `gives the same uid ${uid} as events[${earlier}]${event.uid === undefined ? ' (same name and start_date)' : ''}`,
      );
    } else {
      firstIndexOfUid.set(uid, index);
      if (takenUids.has(uid)) {
        issue(
          `${at}.${uidField}`,
          `an event with uid ${uid} already exists${event.uid === undefined ? ' (same name and start_date: was this file imported before?)' : ''}`,
        );
      }
    }

    event.payment_gateway_ids.forEach((id, gatewayIndex) => {
      if (!gatewayIds.has(id))
        issue(
          `${at}.payment_gateway_ids[${gatewayIndex}]`,
          `no payment gateway has id ${id} (known: ${[...gatewayIds].join(', ')})`,
        );
    });

    const venue = resolveVenue(event.venue, index);
    if (!venue) return;
    const expectedCurrency = Object.entries(CURRENCY_BY_COUNTRY).find(([country]) => country === venue.country)?.[1];
    if (event.venue.country === undefined && expectedCurrency !== undefined && event.currency !== expectedCurrency) {
      issue(`${at}.currency`, `must be ${expectedCurrency} for ${venue.name}, ${venue.city} (${venue.country})`);
    }

    const owner = new Map<string, number>();
    const packages: PlannedPackage[] = [];
    event.ticket_packages.forEach((pkg, packageIndex) => {
      const pat = `${at}.ticket_packages[${packageIndex}]`;
      let seatingRange: string[] = [];
      let capacity = pkg.capacity ?? 0;
      if (venue.seatMap === null) {
        if (pkg.sections) issue(`${pat}.sections`, `${venue.name} has no seat map; give a capacity instead`);
        if (pkg.seating_range) issue(`${pat}.seating_range`, `${venue.name} has no seat map; give a capacity instead`);
        if (pkg.capacity === undefined) issue(`${pat}.capacity`, 'is required at a venue without a seat map');
      } else {
        const bySection = seatsBySection(venue, venue.seatMap);
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
      packages.push({
        row: {
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
        },
      });
    });
    plans.push({ index, uid, venue, packages });
  });

  if (issues.length > 0) throw new EventImportError(issues);

  // Everything checks out: write.
  const venuesCreated: ImportEventsResult['venuesCreated'] = [];
  for (const venue of known.values()) {
    if (venue.id !== null || !plans.some((plan) => plan.venue === venue)) continue;
    const [row] = await db
      .insert(venues)
      .values({
        name: venue.name,
        city: venue.city,
        country: venue.country,
        timeZone: venue.timeZone,
        address: venue.address,
        seatMap: venue.seatMap,
      })
      .returning({ id: venues.id });
    if (!row) throw new Error(`venue ${venue.name} was not created`);
    venue.id = row.id;
    venuesCreated.push({ id: row.id, name: venue.name, city: venue.city });
  }

  const eventRows = plans.map(({ index, uid, venue }) => {
    const event = fileEvents[index];
    if (!event || venue.id === null) throw new Error(`events[${index}] lost its venue`);
    return {
      uid,
      name: event.name,
      type: event.type,
      description: event.description,
      artists: event.artists,
      startDate: new Date(event.start_date),
      endDate: event.end_date ? new Date(event.end_date) : null,
      thumbnailImg: event.thumbnail_img ?? `/images/events/default-${event.type}-thumb.svg`,
      bannerImg: event.banner_img ?? `/images/events/default-${event.type}-banner.svg`,
      featured: event.featured,
      venueId: venue.id,
      currency: event.currency,
      status: event.status,
      freeEvent: event.free_event,
      freeSeating: event.free_seating ?? venue.seatMap === null,
      promo: event.promo_codes.some((promo) => promo.active),
      promoAutoApply: event.promo_auto_apply,
      promoCode: event.promo_code ?? null,
      handlingCost: event.handling_cost,
      paymentGatewayIds: event.payment_gateway_ids,
    };
  });
  const insertedEvents =
    eventRows.length === 0
      ? []
      : await db.insert(events).values(eventRows).returning({ id: events.id, uid: events.uid });
  const eventIdByUid = new Map(insertedEvents.map((row) => [row.uid, row.id]));
  const eventIdOf = (uid: string): number => {
    const id = eventIdByUid.get(uid);
    if (id === undefined) throw new Error(`event ${uid} was not inserted`);
    return id;
  };

  const packageRows = plans.flatMap((plan) =>
    plan.packages.map((pkg) => ({ ...pkg.row, eventId: eventIdOf(plan.uid) })),
  );
  const insertedPackages =
    packageRows.length === 0
      ? []
      : await db
          .insert(ticketPackages)
          .values(packageRows)
          .returning({ id: ticketPackages.id, eventId: ticketPackages.eventId, name: ticketPackages.name });

  const promoRows = plans.flatMap((plan) => {
    const event = fileEvents[plan.index];
    const eventId = eventIdOf(plan.uid);
    return (event?.promo_codes ?? []).map((promo) => ({
      code: promo.code,
      eventId,
      kind: promo.kind,
      value: promo.value,
      packageIds: (promo.packages ?? []).map((name) => {
        const pkg = insertedPackages.find((candidate) => candidate.eventId === eventId && candidate.name === name);
        if (!pkg) throw new Error(`promo ${promo.code}: package ${name} was not inserted`);
        return pkg.id;
      }),
      validFrom: promo.valid_from ? new Date(promo.valid_from) : null,
      validTo: promo.valid_to ? new Date(promo.valid_to) : null,
      maxUses: promo.max_uses ?? null,
      maxUsesPerEmail: promo.max_uses_per_email ?? null,
      active: promo.active,
    }));
  });
  if (promoRows.length > 0) await db.insert(promoCodes).values(promoRows);

  return {
    events: plans.map((plan) => {
      const event = fileEvents[plan.index];
      const name = event?.name ?? '';
      return {
        id: eventIdOf(plan.uid),
        uid: plan.uid,
        name,
        path: eventPath({ type: event?.type ?? 'concerts', name, uid: plan.uid }),
      };
    }),
    venuesCreated,
    ticketPackages: insertedPackages.length,
    promoCodes: promoRows.length,
    dryRun: false,
  };
}

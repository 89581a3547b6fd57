import { count, sql } from 'drizzle-orm';
import { eventPath } from '@marquee/domain/slug';
import { SeatMapSchema, expandSeatMap, type SeatMap } from '@marquee/domain/seat-map';
import type { Db } from '../client';
import { banners, events, promoCodes, testimonials, ticketPackages, venues } from '../schema';
import { DEMO_BANNERS, DEMO_EVENTS, DEMO_TESTIMONIALS, type DemoEvent, type DemoStart } from './demo-events';
import { DEMO_VENUES, type DemoVenue, type DemoVenueKey } from './demo-venues';
import { eventUidFrom } from './event-uid';
import { INSTALMENTS_GATEWAY_ID, CARD_GATEWAY_ID, ensurePaymentGateways } from './payment-gateways';
import { zonedDateTime } from './zoned-time';

export interface SeedSummary {
  /** Events inserted by this run. */
  events: number;
  /** Demo venues present after this run. */
  venues: number;
}

/** Serialises concurrent seeders (several server processes starting at once on one PostgreSQL). */
const SEED_LOCK_KEY = 728_466_002;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const CURRENCY_BY_COUNTRY = { LK: 'LKR', SG: 'SGD', AU: 'AUD' } as const;

/** Where the generated artwork for an event lives (apps/web/public, served by Marquee). */
export function demoEventImages(uid: string): { thumbnailImg: string; bannerImg: string } {
  return { thumbnailImg: `/images/events/${uid}-thumb.svg`, bannerImg: `/images/events/${uid}-banner.svg` };
}

/** The demo event's uid: derived from its name, so URLs stay the same across re-seeds. */
export function demoEventUid(event: Pick<DemoEvent, 'name'>): string {
  return eventUidFrom(event.name);
}

function startInstant(start: DemoStart, venue: DemoVenue, now: Date): Date {
  if ('minutesFromNow' in start) {
    // Whole minutes from now, so the countdown starts on a round figure.
    const base = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
    return new Date(base + start.minutesFromNow * MINUTE_MS);
  }
  return zonedDateTime(now, start.day, start.at, venue.timeZone);
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

function requireValue<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo seed: ${what}`);
  return value;
}

/** Inserts the demo catalogue; events whose uid already exists are left alone (so a re-run adds nothing twice). */
async function insertDemo(db: Db, now: Date): Promise<SeedSummary> {
  // Every layout is checked before anything is written.
  const parsedMaps = new Map<DemoVenueKey, SeatMap | null>(
    DEMO_VENUES.map((venue) => [venue.key, venue.seatMap === null ? null : SeatMapSchema.parse(venue.seatMap)]),
  );

  await ensurePaymentGateways(db);

  // A venue that already exists (same name and city) is kept as it is, and its stored map is the one used.
  const venueRows = await db
    .insert(venues)
    .values(
      DEMO_VENUES.map((venue) => ({
        name: venue.name,
        address: venue.address,
        city: venue.city,
        country: venue.country,
        timeZone: venue.timeZone,
        seatMap: parsedMaps.get(venue.key) ?? null,
      })),
    )
    .onConflictDoUpdate({ target: [venues.name, venues.city], set: { name: sql`excluded.name` } })
    .returning({ id: venues.id, name: venues.name, city: venues.city, seatMap: venues.seatMap });

  const venueByKey = new Map<DemoVenueKey, { id: number; demo: DemoVenue; seats: Map<string, string[]> | null }>();
  for (const demo of DEMO_VENUES) {
    const row = requireValue(
      venueRows.find((candidate) => candidate.name === demo.name && candidate.city === demo.city),
      `venue ${demo.name} was not written`,
    );
    const stored = row.seatMap === null ? null : SeatMapSchema.parse(row.seatMap);
    venueByKey.set(demo.key, { id: row.id, demo, seats: stored ? seatsBySection(stored) : null });
  }

  const uids = new Set<string>();
  const eventRows = DEMO_EVENTS.map((event) => {
    const venue = requireValue(venueByKey.get(event.venue), `unknown venue ${event.venue}`);
    const uid = demoEventUid(event);
    if (uids.has(uid)) throw new Error(`Demo seed: uid ${uid} of "${event.name}" collides with another event`);
    uids.add(uid);
    const start = startInstant(event.start, venue.demo, now);
    return {
      uid,
      name: event.name,
      type: event.type,
      description: event.description,
      artists: event.artists,
      startDate: start,
      endDate: new Date(start.getTime() + event.durationMinutes * MINUTE_MS),
      ...demoEventImages(uid),
      featured: event.featured ?? false,
      venueId: venue.id,
      currency: CURRENCY_BY_COUNTRY[venue.demo.country],
      status: event.status,
      freeEvent: event.freeEvent ?? false,
      // No seat is picked anywhere at a venue without a map: the whole event is free seating.
      freeSeating: venue.seats === null,
      promo: (event.promos?.length ?? 0) > 0,
      promoAutoApply: event.autoApplyCode !== undefined,
      promoCode: event.autoApplyCode ?? null,
      handlingCost: event.handlingCost ?? 0,
      paymentGatewayIds: event.gateways ?? [CARD_GATEWAY_ID, INSTALMENTS_GATEWAY_ID],
    };
  });

  const inserted = await db
    .insert(events)
    .values(eventRows)
    .onConflictDoNothing({ target: events.uid })
    .returning({ id: events.id, uid: events.uid });
  const eventIdByUid = new Map(inserted.map((row) => [row.uid, row.id]));

  const packageRows: (typeof ticketPackages.$inferInsert)[] = [];
  for (const event of DEMO_EVENTS) {
    const eventId = eventIdByUid.get(demoEventUid(event));
    if (eventId === undefined) continue;
    const venue = requireValue(venueByKey.get(event.venue), `unknown venue ${event.venue}`);
    event.packages.forEach((pkg, index) => {
      let seatingRange: string[] = [];
      let capacity: number;
      if (venue.seats) {
        if (!pkg.sections)
          throw new Error(`Demo seed: "${event.name}" / "${pkg.name}" needs sections at a seated venue`);
        seatingRange = pkg.sections.flatMap((section) =>
          requireValue(
            venue.seats?.get(section),
            `"${event.name}" / "${pkg.name}": section ${section} is not in ${venue.demo.name}'s map`,
          ),
        );
        capacity = seatingRange.length;
      } else {
        capacity = requireValue(pkg.capacity, `"${event.name}" / "${pkg.name}" needs a capacity`);
      }
      packageRows.push({
        eventId,
        name: pkg.name,
        description: pkg.description ?? '',
        price: pkg.price,
        capacity,
        soldCount: pkg.sold === 'all' ? capacity : (pkg.sold ?? 0),
        seatingRange,
        freeSeating: venue.seats === null || (pkg.freeSeating ?? false),
        colorClass: pkg.colorClass ?? index % 6,
        active: pkg.inactiveMessage === undefined,
        inactiveMessage: pkg.inactiveMessage ?? null,
        maxPerOrder: pkg.maxPerOrder ?? 10,
        sortOrder: index,
      });
    });
  }
  const packages =
    packageRows.length === 0
      ? []
      : await db
          .insert(ticketPackages)
          .values(packageRows)
          .returning({ id: ticketPackages.id, eventId: ticketPackages.eventId, name: ticketPackages.name });

  const promoRows: (typeof promoCodes.$inferInsert)[] = [];
  const dayFromNow = (days: number | undefined): Date | null =>
    days === undefined ? null : new Date(now.getTime() + days * DAY_MS);
  for (const event of DEMO_EVENTS) {
    const eventId = eventIdByUid.get(demoEventUid(event));
    if (eventId === undefined) continue;
    for (const promo of event.promos ?? []) {
      const packageIds = (promo.packages ?? []).map(
        (name) =>
          requireValue(
            packages.find((pkg) => pkg.eventId === eventId && pkg.name === name),
            `promo ${promo.code} of "${event.name}" names an unknown package ${name}`,
          ).id,
      );
      promoRows.push({
        code: promo.code.toUpperCase(),
        eventId,
        kind: promo.kind,
        value: promo.value,
        packageIds,
        validFrom: dayFromNow(promo.validFromDays),
        validTo: dayFromNow(promo.validToDays),
        maxUses: promo.maxUses ?? null,
        maxUsesPerEmail: promo.maxUsesPerEmail ?? null,
        usedCount: promo.usedCount ?? 0,
        active: promo.active ?? true,
      });
    }
  }
  if (promoRows.length > 0) await db.insert(promoCodes).values(promoRows);

  const [bannerCount] = await db.select({ n: count() }).from(banners);
  if ((bannerCount?.n ?? 0) === 0) {
    await db.insert(banners).values(
      DEMO_BANNERS.map((banner, index) => {
        let link: string;
        if ('event' in banner) {
          const event = requireValue(
            DEMO_EVENTS.find((candidate) => candidate.name === banner.event),
            `banner ${banner.title} names an unknown event`,
          );
          link = eventPath({ type: event.type, name: event.name, uid: demoEventUid(event) });
        } else {
          link = `/${banner.category}`;
        }
        return { title: banner.title, subtitle: banner.subtitle, image: banner.image, link, sortOrder: index };
      }),
    );
  }

  const [testimonialCount] = await db.select({ n: count() }).from(testimonials);
  if ((testimonialCount?.n ?? 0) === 0) {
    await db
      .insert(testimonials)
      .values(DEMO_TESTIMONIALS.map((testimonial, index) => ({ ...testimonial, sortOrder: index })));
  }

  return { events: inserted.length, venues: venueByKey.size };
}

async function lockSeed(db: Db): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
}

/**
 * Seeds the demo catalogue with times relative to `now`, in one transaction. Safe to run again: events
 * already present (same uid) are skipped, banners and testimonials are only added to empty tables.
 */
export async function seedDemo(db: Db, now: Date = new Date()): Promise<SeedSummary> {
  return db.transaction(async (tx) => {
    await lockSeed(tx);
    return insertDemo(tx, now);
  });
}

/** Seeds the demo catalogue when there are no events at all; null when there already are. */
export async function seedDemoIfEmpty(db: Db, now: Date = new Date()): Promise<SeedSummary | null> {
  return db.transaction(async (tx) => {
    await lockSeed(tx);
    const [existing] = await tx.select({ n: count() }).from(events);
    if ((existing?.n ?? 0) > 0) return null;
    return insertDemo(tx, now);
  });
}

import { DEFAULT_ADMIT_PER_MINUTE } from '@marquee/domain/queue';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecycleStatusOf } from '@marquee/domain/authoring';
import { EVENT_TYPES } from '@marquee/domain/categories';
import { EVENT_STATUSES } from '@marquee/domain/statuses';
import { BUYER_LIMIT_DEFAULTS } from '@marquee/domain/orders';
import { SeatMapSchema, countSeats, expandSeatMap } from '@marquee/domain/seat-map';
import { zonedDateTime } from '@marquee/domain/zoned-time';
import {
  banners,
  events,
  organisations,
  paymentGateways,
  promoCodes,
  testimonials,
  ticketPackages,
  venues,
} from '../schema';
import { createTestDb, type TestDb } from '../testing/test-db';
import { DEMO_EVENTS, type DemoEvent } from './demo-events';
import { DEMO_ORGANISATIONS, demoOrganisationOf } from './demo-organisations';
import { DEMO_VENUES } from './demo-venues';
import { demoEventUid, seedDemo, seedDemoIfEmpty } from './seed-demo';

const PUBLIC_DIR = resolve(import.meta.dirname, '../../../../apps/web/public');
const NOW = new Date('2026-11-22T06:00:00Z');
const MINUTE = 60_000;

let handle: TestDb;
let seedMs = 0;
let firstRun: Awaited<ReturnType<typeof seedDemoIfEmpty>>;

async function loadAll() {
  const db = handle.db;
  return {
    organisations: await db.select().from(organisations),
    venues: await db.select().from(venues),
    events: await db.select().from(events),
    packages: await db.select().from(ticketPackages),
    promos: await db.select().from(promoCodes),
    banners: await db.select().from(banners),
    testimonials: await db.select().from(testimonials),
    gateways: await db.select().from(paymentGateways),
  };
}
let data: Awaited<ReturnType<typeof loadAll>>;

/**
 * The rows demo-venues.ts and demo-events.ts describe, read independently of the importer: the mapping the
 * seed used when it wrote the catalogue itself, before it went through the importer.
 */
function expectedDemoRows(now: Date) {
  const DAY = 24 * 60 * MINUTE;
  const venueOf = (event: DemoEvent) => {
    const venue = DEMO_VENUES.find((candidate) => candidate.key === event.venue);
    if (!venue) throw new Error(event.venue);
    return venue;
  };
  const start = (event: DemoEvent): Date =>
    'minutesFromNow' in event.start
      ? new Date(Math.floor(now.getTime() / MINUTE) * MINUTE + event.start.minutesFromNow * MINUTE)
      : zonedDateTime(now, event.start.day, event.start.at, venueOf(event).timeZone);
  const days = (n: number | undefined) => (n === undefined ? null : new Date(now.getTime() + n * DAY));
  const currency = { LK: 'LKR', SG: 'SGD', AU: 'AUD' } as const;
  return {
    venues: DEMO_VENUES.map((v) => ({
      organisation: demoOrganisationOf(v.key).slug,
      name: v.name,
      address: v.address,
      city: v.city,
      country: v.country,
      timeZone: v.timeZone,
      seatMap: v.seatMap === null ? null : SeatMapSchema.parse(v.seatMap),
      layoutSpec: null,
    })),
    events: DEMO_EVENTS.map((event) => {
      const uid = demoEventUid(event);
      return {
        organisation: demoOrganisationOf(event.venue).slug,
        uid,
        name: event.name,
        type: event.type,
        description: event.description,
        artists: event.artists,
        startDate: start(event),
        endDate: new Date(start(event).getTime() + event.durationMinutes * MINUTE),
        thumbnailImg: `/images/events/${uid}-thumb.svg`,
        bannerImg: `/images/events/${uid}-banner.svg`,
        featured: event.featured ?? false,
        venue: venueOf(event).name,
        currency: currency[venueOf(event).country],
        // The importer stores the lifecycle status: an event documented sold out is on sale (sold out is computed).
        status: lifecycleStatusOf(event.status),
        freeEvent: event.freeEvent ?? false,
        freeSeating: venueOf(event).seatMap === null,
        promo: (event.promos?.length ?? 0) > 0,
        promoAutoApply: event.autoApplyCode !== undefined,
        promoCode: event.autoApplyCode ?? null,
        handlingCost: event.handlingCost ?? 0,
        paymentGatewayIds: event.gateways ?? [1, 2],
        // The demo events keep the default buyer limits (decisions/029).
        maxHeldPerBuyer: BUYER_LIMIT_DEFAULTS.maxHeldPerBuyer,
        holdCooldownSeconds: BUYER_LIMIT_DEFAULTS.holdCooldownSeconds,
        maxFreePerBuyer: BUYER_LIMIT_DEFAULTS.maxFreePerBuyer,
        // No demo sale is behind a waiting room (issue 23): the default rate, off.
        waitingRoom: false,
        admitPerMinute: DEFAULT_ADMIT_PER_MINUTE,
        // Not yet written by the importer (the console's fields, issue 21).
        saleStartsAt: null,
        publishedAt: null,
        unpublishedAt: null,
        unpublishedBy: null,
        unpublishedReason: null,
        createdBy: null,
      };
    }),
    packages: DEMO_EVENTS.flatMap((event) => {
      const map = venueOf(event).seatMap;
      const seats = map === null ? [] : expandSeatMap(SeatMapSchema.parse(map));
      return event.packages.map((pkg, index) => {
        const seatingRange = (pkg.sections ?? []).flatMap((section) =>
          seats.filter((seat) => seat.section === section).map((seat) => seat.id),
        );
        const capacity = map === null ? (pkg.capacity ?? -1) : seatingRange.length;
        return {
          event: demoEventUid(event),
          name: pkg.name,
          description: pkg.description ?? '',
          price: pkg.price,
          capacity,
          soldCount: pkg.sold === 'all' ? capacity : (pkg.sold ?? 0),
          heldCount: 0,
          seatingRange,
          freeSeating: map === null || (pkg.freeSeating ?? false),
          colorClass: pkg.colorClass ?? index % 6,
          active: pkg.inactiveMessage === undefined,
          inactiveMessage: pkg.inactiveMessage ?? null,
          maxPerOrder: pkg.maxPerOrder ?? 10,
          sortOrder: index,
          saleStartsAt: null,
          saleEndsAt: null,
        };
      });
    }),
    promos: DEMO_EVENTS.flatMap((event) =>
      (event.promos ?? []).map((promo) => ({
        event: demoEventUid(event),
        code: promo.code.toUpperCase(),
        kind: promo.kind,
        value: promo.value,
        packages: promo.packages ?? [],
        validFrom: days(promo.validFromDays),
        validTo: days(promo.validToDays),
        maxUses: promo.maxUses ?? null,
        maxUsesPerEmail: promo.maxUsesPerEmail ?? null,
        usedCount: promo.usedCount ?? 0,
        active: promo.active ?? true,
        // The demo's auto-applied codes are the events' own (`autoApplyCode`), not codes marked in the console.
        autoApply: false,
      })),
    ),
  };
}

beforeAll(async () => {
  handle = await createTestDb();
  const started = performance.now();
  firstRun = await seedDemoIfEmpty(handle.db, NOW);
  seedMs = performance.now() - started;
  data = await loadAll();
});

afterAll(async () => {
  await handle.close();
});

describe('seedDemoIfEmpty', () => {
  it('seeds the whole catalogue in one go, quickly', () => {
    console.log(`seedDemoIfEmpty on ${handle.kind}: ${Math.round(seedMs)} ms`);
    expect(firstRun).toEqual({
      events: DEMO_EVENTS.length,
      venues: data.venues.length,
      organisations: DEMO_ORGANISATIONS.length,
    });
    expect(data.events.length).toBeGreaterThanOrEqual(30);
    expect(seedMs).toBeLessThan(10_000);
  });

  it('creates the demo organisations, approved, each owning its venues and the events at them', () => {
    expect(
      data.organisations.map(({ slug, name, contactEmail, country, status }) => ({
        slug,
        name,
        contactEmail,
        country,
        status,
      })),
    ).toEqual(
      DEMO_ORGANISATIONS.map(({ slug, name, contactEmail, country }) => ({
        slug,
        name,
        contactEmail,
        country,
        status: 'approved',
      })),
    );
    expect(data.organisations.every((organisation) => organisation.approvedAt !== null)).toBe(true);
    // Every demo venue is one organisation's, in that organisation's country.
    expect(DEMO_ORGANISATIONS.flatMap((organisation) => organisation.venues).sort()).toEqual(
      DEMO_VENUES.map((venue) => venue.key).sort(),
    );
    for (const venue of DEMO_VENUES) expect(demoOrganisationOf(venue.key).country, venue.name).toBe(venue.country);
    const venueById = new Map(data.venues.map((venue) => [venue.id, venue]));
    for (const event of data.events) {
      expect(event.organisationId, event.name).toBe(venueById.get(event.venueId)?.organisationId);
    }
    // Each demo organisation has events of its own.
    for (const organisation of data.organisations) {
      expect(
        data.events.some((event) => event.organisationId === organisation.id),
        organisation.slug,
      ).toBe(true);
    }
  });

  it('writes exactly the rows the demo data describes', () => {
    const expected = expectedDemoRows(NOW);
    const venueName = new Map(data.venues.map((v) => [v.id, v.name]));
    const eventUid = new Map(data.events.map((e) => [e.id, e.uid]));
    const packageName = new Map(data.packages.map((p) => [p.id, p.name]));
    const slugOf = new Map(data.organisations.map((o) => [o.id, o.slug]));
    // Written organisation by organisation: compared in a fixed order of their own.
    const byKey = <T>(rows: readonly T[], key: (row: T) => string) =>
      [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    const venueKey = (v: { name: string; city: string }) => `${v.name}\u0000${v.city}`;
    const eventKey = (e: { uid: string }) => e.uid;
    const packageKey = (p: { event: string | undefined; sortOrder: number }) =>
      `${p.event}\u0000${String(p.sortOrder).padStart(3, '0')}`;
    const promoKey = (p: { event: string | undefined; code: string }) => `${p.event}\u0000${p.code}`;
    expect(
      byKey(data.venues, venueKey).map((v) => ({
        organisation: slugOf.get(v.organisationId),
        name: v.name,
        address: v.address,
        city: v.city,
        country: v.country,
        timeZone: v.timeZone,
        seatMap: v.seatMap,
        layoutSpec: v.layoutSpec,
      })),
    ).toEqual(byKey(expected.venues, venueKey));
    expect(
      byKey(data.events, eventKey).map(
        ({ id: _id, organisationId, venueId, searchVector: _sv, createdAt: _c, updatedAt: _u, ...event }) => ({
          ...event,
          organisation: slugOf.get(organisationId),
          venue: venueName.get(venueId),
        }),
      ),
    ).toEqual(byKey(expected.events, eventKey));
    expect(
      byKey(
        data.packages.map(({ id: _id, eventId, createdAt: _c, updatedAt: _u, ...pkg }) => ({
          ...pkg,
          event: eventUid.get(eventId),
        })),
        packageKey,
      ),
    ).toEqual(byKey(expected.packages, packageKey));
    expect(
      byKey(
        data.promos.map(({ id: _id, eventId, packageIds, createdAt: _c, updatedAt: _u, ...promo }) => ({
          ...promo,
          event: eventUid.get(eventId ?? 0),
          packages: packageIds.map((id) => packageName.get(id)),
        })),
        promoKey,
      ),
    ).toEqual(byKey(expected.promos, promoKey));
  });

  it('covers every status, type, currency, seat-map type and the payment gateways', () => {
    // Every spec status in the documents; stored, sold out is on sale (and shows sold out: its tickets are all sold).
    expect(new Set(DEMO_EVENTS.map((e) => e.status))).toEqual(new Set(EVENT_STATUSES));
    expect(new Set(data.events.map((e) => e.status))).toEqual(new Set(EVENT_STATUSES.map(lifecycleStatusOf)));
    expect(new Set(data.events.map((e) => e.type))).toEqual(new Set(EVENT_TYPES));
    expect(new Set(data.events.map((e) => e.currency))).toEqual(new Set(['LKR', 'SGD', 'AUD']));
    expect(new Set(data.venues.map((v) => v.seatMapType))).toEqual(new Set([null, 'generic', 'lotus']));
    expect(data.venues.filter((v) => v.seatMapType === 'lotus')).toHaveLength(1);
    const zones = new Set(data.venues.map((v) => v.timeZone));
    for (const zone of ['Asia/Colombo', 'Asia/Singapore', 'Australia/Sydney', 'Australia/Melbourne', 'Australia/Perth'])
      expect(zones).toContain(zone);
    expect(data.gateways.map((g) => [g.id, g.kind, g.logo]).sort()).toEqual([
      [1, 'card', '/images/gateways/card.svg'],
      [2, 'instalments', '/images/gateways/payin3.svg'],
    ]);
    expect(data.events.every((e) => e.paymentGatewayIds[0] === 1)).toBe(true);
    expect(data.events.some((e) => e.paymentGatewayIds.length === 1)).toBe(true);
  });

  it('has a venue of at least 20,000 seats and a valid map for every seated venue', () => {
    const sizes = data.venues.filter((v) => v.seatMap !== null).map((v) => countSeats(SeatMapSchema.parse(v.seatMap)));
    expect(Math.max(...sizes)).toBeGreaterThanOrEqual(20_000);
    for (const venue of data.venues) {
      if (venue.seatMap === null) continue;
      const map = SeatMapSchema.parse(venue.seatMap);
      const seats = expandSeatMap(map);
      expect(new Set(seats.map((s) => s.id)).size).toBe(seats.length);
      const outside = seats.filter((seat) => seat.x < 0 || seat.x > map.width || seat.y < 0 || seat.y > map.height);
      expect(outside, venue.name).toEqual([]);
    }
  });

  it("gives every seated package seats of its own venue's map, and capacity = seats", () => {
    const venueById = new Map(data.venues.map((v) => [v.id, v]));
    const seatIdsByVenue = new Map(
      data.venues
        .filter((v) => v.seatMap !== null)
        .map((v) => [v.id, new Set(expandSeatMap(SeatMapSchema.parse(v.seatMap)).map((s) => s.id))]),
    );
    for (const event of data.events) {
      const venue = venueById.get(event.venueId);
      const packages = data.packages.filter((p) => p.eventId === event.id);
      expect(packages.length, event.name).toBeGreaterThanOrEqual(1);
      expect(packages.length, event.name).toBeLessThanOrEqual(6);
      const owned = new Set<string>();
      for (const pkg of packages) {
        expect(pkg.soldCount).toBeLessThanOrEqual(pkg.capacity);
        expect(pkg.colorClass).toBeGreaterThanOrEqual(0);
        expect(pkg.colorClass).toBeLessThanOrEqual(5);
        const seatIds = seatIdsByVenue.get(event.venueId);
        if (!seatIds) {
          expect(pkg.seatingRange, `${event.name} / ${pkg.name}`).toEqual([]);
          continue;
        }
        expect(pkg.seatingRange.length, `${event.name} / ${pkg.name}`).toBeGreaterThan(0);
        expect(pkg.capacity).toBe(pkg.seatingRange.length);
        const unknown = pkg.seatingRange.filter((seat) => !seatIds.has(seat));
        expect(unknown, `${event.name} / ${pkg.name}: seats not in ${venue?.name}`).toEqual([]);
        const twice = pkg.seatingRange.filter((seat) => owned.has(seat));
        expect(twice, `${event.name}: seats owned by two packages`).toEqual([]);
        for (const seat of pkg.seatingRange) owned.add(seat);
      }
    }
  });

  it('times the demo around now: countdowns, a live event, a season ahead and a few past', () => {
    const startsIn = data.events.map((e) => (e.startDate.getTime() - NOW.getTime()) / MINUTE);
    expect(startsIn.some((m) => m > 0 && m <= 5)).toBe(true);
    expect(startsIn.filter((m) => m > 5 && m <= 60).length).toBeGreaterThanOrEqual(1);
    const live = data.events.filter((e) => e.startDate <= NOW && e.endDate !== null && e.endDate > NOW);
    expect(live.map((e) => e.status)).toContain('ongoing');
    expect(data.events.filter((e) => e.endDate !== null && e.endDate <= NOW).length).toBeGreaterThanOrEqual(3);
    const weeks = startsIn.filter((m) => m >= 7 * 24 * 60 && m <= 10 * 7 * 24 * 60);
    expect(weeks.length).toBeGreaterThan(data.events.length / 2);
    expect(data.events.filter((e) => e.status === 'ongoing').length).toBeGreaterThan(data.events.length / 2);
  });

  it('has free events, convenience fees, featured events, sold-out and inactive packages', () => {
    expect(data.events.filter((e) => e.freeEvent).length).toBeGreaterThanOrEqual(2);
    expect(data.packages.some((p) => p.price === 0)).toBe(true);
    expect(data.events.filter((e) => e.handlingCost > 0).length).toBeGreaterThanOrEqual(5);
    expect(data.events.filter((e) => e.featured).length).toBeGreaterThanOrEqual(8);
    expect(data.packages.some((p) => p.soldCount === p.capacity && p.capacity > 0)).toBe(true);
    expect(data.packages.some((p) => !p.active && (p.inactiveMessage ?? '').length > 0)).toBe(true);
    expect(data.packages.some((p) => p.freeSeating && p.seatingRange.length > 0)).toBe(true);
    for (const event of data.events.filter((e) => e.freeEvent)) {
      expect(data.packages.filter((p) => p.eventId === event.id).every((p) => p.price === 0)).toBe(true);
    }
  });

  it('backs every promo flag with promo_codes rows (percent and fixed, scoped, windows and limits)', () => {
    const autoApply = data.events.filter((e) => e.promo && e.promoAutoApply);
    expect(autoApply.length).toBeGreaterThanOrEqual(2);
    for (const event of autoApply) {
      expect(data.promos.some((p) => p.eventId === event.id && p.code === event.promoCode)).toBe(true);
    }
    for (const event of data.events.filter((e) => e.promo))
      expect(data.promos.some((p) => p.eventId === event.id)).toBe(true);
    expect(new Set(data.promos.map((p) => p.kind))).toEqual(new Set(['percent', 'fixed']));
    const scoped = data.promos.filter((p) => p.packageIds.length > 0);
    expect(scoped.length).toBeGreaterThanOrEqual(2);
    for (const promo of scoped) {
      for (const id of promo.packageIds) expect(data.packages.find((p) => p.id === id)?.eventId).toBe(promo.eventId);
    }
    expect(data.promos.some((p) => p.validTo !== null && p.validFrom !== null)).toBe(true);
    expect(data.promos.some((p) => p.maxUses !== null)).toBe(true);
  });

  it('gives events stable 8-character uids and artwork served by Marquee', () => {
    for (const event of data.events) {
      expect(event.uid).toMatch(/^[a-z0-9]{8}$/);
      expect(event.uid).toBe(demoEventUid(event));
      for (const image of [event.thumbnailImg, event.bannerImg]) {
        expect(image).toMatch(/^\/images\/events\/[a-z0-9]{8}-(thumb|banner)\.svg$/);
        const file = resolve(PUBLIC_DIR, `.${image}`);
        expect(existsSync(file), `${image} (run packages/db/scripts/generate-images.ts)`).toBe(true);
        expect(statSync(file).size).toBeLessThan(6 * 1024);
      }
    }
    for (const image of [...data.banners.map((b) => b.image), ...data.gateways.map((g) => g.logo)]) {
      expect(existsSync(resolve(PUBLIC_DIR, `.${image}`)), image).toBe(true);
    }
  });

  it('adds 4-5 banners linking to events or categories, and exactly 10 testimonials', () => {
    expect(data.banners.length).toBeGreaterThanOrEqual(4);
    expect(data.banners.length).toBeLessThanOrEqual(5);
    const paths = new Set(data.events.map((e) => `/${e.type}/`));
    for (const banner of data.banners) {
      const isCategory = /^\/(concerts|theatre|dance|uni-events)$/.test(banner.link);
      const isEvent =
        [...paths].some((p) => banner.link.startsWith(p)) && data.events.some((e) => banner.link.endsWith(`/${e.uid}`));
      expect(isCategory || isEvent, banner.link).toBe(true);
    }
    expect(data.testimonials).toHaveLength(10);
    for (const t of data.testimonials) {
      expect(t.title.length).toBeGreaterThan(0);
      expect(t.profession.length).toBeGreaterThan(0);
      expect(t.description.length).toBeGreaterThan(40);
    }
  });

  it('is idempotent: a second run adds nothing', async () => {
    expect(await seedDemoIfEmpty(handle.db, NOW)).toBeNull();
    const again = await seedDemo(handle.db, new Date(NOW.getTime() + 3_600_000));
    expect(again.events).toBe(0);
    const after = await loadAll();
    expect(after.events).toHaveLength(data.events.length);
    expect(after.venues).toHaveLength(data.venues.length);
    expect(after.packages).toHaveLength(data.packages.length);
    expect(after.promos).toHaveLength(data.promos.length);
    expect(after.banners).toHaveLength(data.banners.length);
    expect(after.testimonials).toHaveLength(10);
    expect(after.gateways).toHaveLength(2);
    expect(after.organisations).toEqual(data.organisations);
  });
});

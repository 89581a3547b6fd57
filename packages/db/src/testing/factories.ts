import { eq } from 'drizzle-orm';
import { GenericSeatMapSchema, type GenericSeatMap } from '@marquee/domain/seat-map';
import type { Db } from '../client';
import { banners, events, organisations, promoCodes, testimonials, ticketPackages, venues } from '../schema';
import { ensurePaymentGateways } from '../seed/payment-gateways';

/**
 * Test factories: each inserts one row with sensible defaults and returns it; overrides are typed from
 * Drizzle's insert types. Names and uids carry a per-process sequence and a random tag, so factories
 * never collide with each other or with the demo seed.
 */

export type NewOrganisation = typeof organisations.$inferInsert;
export type NewVenue = typeof venues.$inferInsert;
export type NewEvent = typeof events.$inferInsert;
export type NewTicketPackage = typeof ticketPackages.$inferInsert;
export type NewPromoCode = typeof promoCodes.$inferInsert;
export type NewBanner = typeof banners.$inferInsert;
export type NewTestimonial = typeof testimonials.$inferInsert;

export type Organisation = typeof organisations.$inferSelect;
export type Venue = typeof venues.$inferSelect;
export type Event = typeof events.$inferSelect;
export type TicketPackageRow = typeof ticketPackages.$inferSelect;
export type PromoCode = typeof promoCodes.$inferSelect;
export type Banner = typeof banners.$inferSelect;
export type Testimonial = typeof testimonials.$inferSelect;

const RUN_TAG = Math.random().toString(36).slice(2, 5).padEnd(3, '0');
let sequence = 0;
function next(): number {
  sequence += 1;
  return sequence;
}

/** 8 lowercase alphanumerics, unique in this process (1.6 million of them): "t" + run tag + base-36 sequence. */
export function uniqueUid(): string {
  return `t${RUN_TAG}${next().toString(36).padStart(4, '0')}`;
}

function inserted<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw new Error(`factory: ${what} was not inserted`);
  return row;
}

/**
 * A small seated layout: sections A and B, `rows` rows of `perRow` seats each; seat ids `A-1-1` … .
 * Validated with the domain schema, like every map in the database.
 */
export function smallSeatMap(rows = 2, perRow = 5): GenericSeatMap {
  const section = (id: string, top: number) => ({
    id,
    name: `Section ${id}`,
    rows: Array.from({ length: rows }, (_, i) => ({
      label: String(i + 1),
      count: perRow,
      firstNumber: 1,
      x: 20,
      y: top + i * 16,
      spacing: 16,
    })),
  });
  const map: GenericSeatMap = {
    type: 'generic',
    width: 40 + perRow * 16,
    height: 100 + rows * 40,
    stage: { x: 10, y: 10, width: 20 + perRow * 16, height: 30, label: 'Stage' },
    sections: [section('A', 60), section('B', 70 + rows * 16)],
  };
  return GenericSeatMapSchema.parse(map);
}

/** An approved organisation (a new one each call). */
export async function createOrganisation(db: Db, overrides: Partial<NewOrganisation> = {}): Promise<Organisation> {
  const n = next();
  const [row] = await db
    .insert(organisations)
    .values({
      slug: `test-${RUN_TAG}-${n.toString(36)}`,
      name: `Test Organisation ${RUN_TAG}-${n}`,
      contactEmail: `organiser-${RUN_TAG}-${n}@example.com`,
      country: 'LK',
      status: 'approved',
      approvedAt: new Date(),
      ...overrides,
    })
    .returning();
  return inserted(row, 'organisation');
}

/** The slug of the organisation that owns what the factories make when no organisation is given. */
export const TEST_ORGANISATION_SLUG = 'test-organisation';

const defaultOrganisations = new WeakMap<Db, Promise<Organisation>>();

/**
 * The default test organisation of this database (slug TEST_ORGANISATION_SLUG, approved), made on first
 * use. Venues and events made without an organisation belong to it.
 */
export function defaultTestOrganisation(db: Db): Promise<Organisation> {
  let found = defaultOrganisations.get(db);
  if (!found) {
    found = findOrCreateDefaultOrganisation(db);
    defaultOrganisations.set(db, found);
    // A failure is not remembered: the next call tries again.
    found.catch(() => defaultOrganisations.delete(db));
  }
  return found;
}

async function findOrCreateDefaultOrganisation(db: Db): Promise<Organisation> {
  await db
    .insert(organisations)
    .values({
      slug: TEST_ORGANISATION_SLUG,
      name: 'Test Organisation',
      contactEmail: 'organiser@example.com',
      country: 'LK',
      status: 'approved',
      approvedAt: new Date(),
    })
    .onConflictDoNothing({ target: organisations.slug });
  const [row] = await db.select().from(organisations).where(eq(organisations.slug, TEST_ORGANISATION_SLUG));
  return inserted(row, 'default test organisation');
}

/** A venue without a map, in the default test organisation unless `organisationId` is given. */
export async function createVenue(db: Db, overrides: Partial<NewVenue> = {}): Promise<Venue> {
  const n = next();
  const organisationId = overrides.organisationId ?? (await defaultTestOrganisation(db)).id;
  const [row] = await db
    .insert(venues)
    .values({
      name: `Test Venue ${RUN_TAG}-${n}`,
      address: `${n} Test Street`,
      city: 'Colombo',
      country: 'LK',
      timeZone: 'Asia/Colombo',
      seatMap: null,
      ...overrides,
      organisationId,
    })
    .returning();
  return inserted(row, 'venue');
}

/**
 * An event a week from now. Its organisation is `organisationId`, else its venue's (`venueId`), else the
 * default test organisation; a venue is created in that organisation unless `venueId` is given. Payment
 * gateways 1 and 2 are ensured.
 */
export async function createEvent(db: Db, overrides: Partial<NewEvent> = {}): Promise<Event> {
  await ensurePaymentGateways(db);
  let organisationId = overrides.organisationId;
  if (organisationId === undefined && overrides.venueId !== undefined) {
    const [venue] = await db
      .select({ organisationId: venues.organisationId })
      .from(venues)
      .where(eq(venues.id, overrides.venueId));
    organisationId = venue?.organisationId;
  }
  organisationId ??= (await defaultTestOrganisation(db)).id;
  const venueId = overrides.venueId ?? (await createVenue(db, { organisationId })).id;
  const n = next();
  const uid = overrides.uid ?? uniqueUid();
  const startDate = overrides.startDate ?? new Date(Date.now() + 7 * 24 * 3_600_000);
  const [row] = await db
    .insert(events)
    .values({
      uid,
      name: `Test Event ${RUN_TAG}-${n}`,
      type: 'concerts',
      description: 'An event made by a test factory.',
      artists: ['Test Artist'],
      startDate,
      endDate: new Date(startDate.getTime() + 3 * 3_600_000),
      thumbnailImg: '/images/events/default-concerts-thumb.svg',
      bannerImg: '/images/events/default-concerts-banner.svg',
      currency: 'LKR',
      status: 'ongoing',
      paymentGatewayIds: [1, 2],
      ...overrides,
      organisationId,
      venueId,
    })
    .returning();
  return inserted(row, 'event');
}

/** A package of 100 tickets at 2,500.00; creates an event unless `eventId` is given. With a seatingRange, capacity defaults to its length. */
export async function createTicketPackage(
  db: Db,
  overrides: Partial<NewTicketPackage> = {},
): Promise<TicketPackageRow> {
  const eventId = overrides.eventId ?? (await createEvent(db)).id;
  const n = next();
  const [row] = await db
    .insert(ticketPackages)
    .values({
      name: `Package ${n}`,
      description: '',
      price: 250_000,
      capacity: overrides.seatingRange ? overrides.seatingRange.length : 100,
      ...overrides,
      eventId,
    })
    .returning();
  return inserted(row, 'ticket package');
}

/** A 10% code; creates an event unless `eventId` is given (pass `eventId: null` for a site-wide code). */
export async function createPromoCode(db: Db, overrides: Partial<NewPromoCode> = {}): Promise<PromoCode> {
  const eventId = 'eventId' in overrides ? (overrides.eventId ?? null) : (await createEvent(db)).id;
  const n = next();
  const [row] = await db
    .insert(promoCodes)
    .values({
      code: `TEST${RUN_TAG.toUpperCase()}${n}`,
      kind: 'percent',
      value: 10,
      ...overrides,
      eventId,
    })
    .returning();
  return inserted(row, 'promo code');
}

export async function createBanner(db: Db, overrides: Partial<NewBanner> = {}): Promise<Banner> {
  const n = next();
  const [row] = await db
    .insert(banners)
    .values({
      title: `Banner ${n}`,
      subtitle: 'A banner made by a test factory.',
      image: '/images/banners/theatre-season.svg',
      link: '/concerts',
      sortOrder: n,
      ...overrides,
    })
    .returning();
  return inserted(row, 'banner');
}

export async function createTestimonial(db: Db, overrides: Partial<NewTestimonial> = {}): Promise<Testimonial> {
  const n = next();
  const [row] = await db
    .insert(testimonials)
    .values({
      title: `Test Buyer ${n}`,
      profession: 'Tester',
      description: 'Booking was quick and the tickets arrived at once.',
      sortOrder: n,
      ...overrides,
    })
    .returning();
  return inserted(row, 'testimonial');
}

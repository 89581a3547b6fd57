import { count, eq, sql } from 'drizzle-orm';
import { eventPath } from '@marquee/domain/slug';
import type { Db } from '../client';
import { applyEventImport, EventImportError, loadEventImport } from '../import/import-events';
import { banners, events, organisations, testimonials } from '../schema';
import { demoCatalogues, demoEventUid } from './demo-catalogue';
import { DEMO_BANNERS, DEMO_EVENTS, DEMO_TESTIMONIALS } from './demo-events';
import { ensureDemoCheckInLists } from './demo-check-in-lists';
import type { DemoOrganisation } from './demo-organisations';

export { demoCatalogue, demoCatalogues, demoEventImages, demoEventUid } from './demo-catalogue';
export { DEMO_ORGANISATIONS, demoOrganisationOf, type DemoOrganisation } from './demo-organisations';

export interface SeedSummary {
  /** Events inserted by this run. */
  events: number;
  /** Demo venues present after this run. */
  venues: number;
  /** Demo organisations present after this run. */
  organisations: number;
}

/** Serialises concurrent seeders (several server processes starting at once on one PostgreSQL). */
const SEED_LOCK_KEY = 728_466_002;

function requireValue<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo seed: ${what}`);
  return value;
}

/** The demo organisation's id: created approved when its slug is new, left as it is when it exists. */
async function ensureDemoOrganisation(db: Db, organisation: DemoOrganisation, now: Date): Promise<number> {
  await db
    .insert(organisations)
    .values({
      slug: organisation.slug,
      name: organisation.name,
      contactEmail: organisation.contactEmail,
      country: organisation.country,
      status: 'approved',
      approvedAt: now,
    })
    .onConflictDoNothing({ target: organisations.slug });
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.slug, organisation.slug));
  return requireValue(row, `organisation ${organisation.slug} was not created`).id;
}

/**
 * Writes the demo catalogue through the importer, one import document per demo organisation
 * (demoCatalogues), each under its organisation (created approved when new); events whose uid already
 * exists are left alone (so a re-run adds nothing twice), and a demo venue that the organisation has (same
 * name and city) is kept as it is, its stored map the one used. Then the home page's banners and
 * testimonials, which are site content rather than catalogue, into empty tables.
 */
async function insertDemo(db: Db, now: Date): Promise<SeedSummary> {
  // Every layout and field of every document is checked before anything is written.
  const documents = demoCatalogues(now).map(({ organisation, document }) => {
    const loaded = loadEventImport(document);
    if (!loaded.ok) throw new EventImportError(loaded.issues);
    return { organisation, file: loaded.file };
  });
  let eventsWritten = 0;
  let venuesPresent = 0;
  for (const { organisation, file } of documents) {
    const organisationId = await ensureDemoOrganisation(db, organisation, now);
    const { plan, result } = await applyEventImport(db, file, {
      organisationId,
      existingEvents: 'skip',
      existingVenues: 'keep',
    });
    eventsWritten += result.events.length;
    await ensureDemoCheckInLists(
      db,
      result.events.map((event) => event.id),
    );
    venuesPresent += plan.definedVenues.length;
  }

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

  return { events: eventsWritten, venues: venuesPresent, organisations: documents.length };
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

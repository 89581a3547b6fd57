import { count, sql } from 'drizzle-orm';
import { eventPath } from '@marquee/domain/slug';
import type { Db } from '../client';
import { applyEventImport, EventImportError, loadEventImport } from '../import/import-events';
import { banners, events, testimonials } from '../schema';
import { demoCatalogue, demoEventUid } from './demo-catalogue';
import { DEMO_BANNERS, DEMO_EVENTS, DEMO_TESTIMONIALS } from './demo-events';

export { demoCatalogue, demoEventImages, demoEventUid } from './demo-catalogue';

export interface SeedSummary {
  /** Events inserted by this run. */
  events: number;
  /** Demo venues present after this run. */
  venues: number;
}

/** Serialises concurrent seeders (several server processes starting at once on one PostgreSQL). */
const SEED_LOCK_KEY = 728_466_002;

function requireValue<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo seed: ${what}`);
  return value;
}

/**
 * Writes the demo catalogue (demoCatalogue, an import document) through the importer; events whose uid
 * already exists are left alone (so a re-run adds nothing twice), and a demo venue that exists (same name
 * and city) is kept as it is, its stored map the one used. Then the home page's banners and testimonials,
 * which are site content rather than catalogue, into empty tables.
 */
async function insertDemo(db: Db, now: Date): Promise<SeedSummary> {
  // Every layout and field is checked before anything is written.
  const loaded = loadEventImport(demoCatalogue(now));
  if (!loaded.ok) throw new EventImportError(loaded.issues);
  const { plan, result } = await applyEventImport(db, loaded.file, { existingEvents: 'skip', existingVenues: 'keep' });

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

  return { events: result.events.length, venues: plan.definedVenues.length };
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

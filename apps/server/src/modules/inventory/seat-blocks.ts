import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@marquee/db/client';
import { events, seatBlocks, venues } from '@marquee/db/schema';
import { seatBlocksOf } from '@marquee/domain/best-available';
import { SeatMapSchema } from '@marquee/domain/seat-map';
import { TtlCache } from '../../lib/ttl-cache';
import { findEventSeatPackages } from './repository';

/** What the checkout checks a best-available request against: per package, its sections and wheelchair spaces. */
export interface SeatBlockSummary {
  sections: ReadonlyMap<number, ReadonlySet<string>>;
  wheelchair: ReadonlySet<number>;
}

const summaries = new TtlCache<SeatBlockSummary>({ ttlMs: 5_000, maxEntries: 50 });
const ROWS_PER_INSERT = 500;

const VersionRowsSchema = z.object({ rows: z.array(z.object({ event_id: z.coerce.number() })) });
const SummaryRowsSchema = z.object({
  rows: z.array(z.object({ package_id: z.coerce.number(), section: z.string(), wheelchair: z.boolean() })),
});

/**
 * Makes sure the event's seat_blocks (best available, issue 24; decisions/046) were built from this `version`
 * of its packages (the checkout's seat → package version), building them if not, and answers their summary.
 * A build is one transaction: the event's seat_block_sets row names the version, and only the caller whose
 * upsert changed it rebuilds (another process building the same version at once waits on that row and then
 * finds it done). A picker sees the old blocks or the new ones, never half of each.
 */
export async function ensureSeatBlocks(db: Db, eventId: number, version: string): Promise<SeatBlockSummary> {
  return summaries.getOrLoad(`${eventId}@${version}`, async () => {
    await db.transaction(async (tx) => {
      const changed = VersionRowsSchema.parse(
        await tx.execute(sql`
          INSERT INTO seat_block_sets (event_id, version) VALUES (${eventId}, ${version})
          ON CONFLICT (event_id) DO UPDATE SET version = excluded.version, built_at = now()
            WHERE seat_block_sets.version <> excluded.version
          RETURNING event_id`),
      );
      if (changed.rows.length === 0) return;
      const [venue] = await tx
        .select({ seatMap: venues.seatMap })
        .from(events)
        .innerJoin(venues, eq(venues.id, events.venueId))
        .where(eq(events.id, eventId));
      const packageOf = new Map<string, number>();
      for (const pkg of await findEventSeatPackages(tx, eventId)) for (const seat of pkg.seats) packageOf.set(seat, pkg.id);
      const blocks = venue?.seatMap ? seatBlocksOf(SeatMapSchema.parse(venue.seatMap), packageOf) : [];
      await tx.delete(seatBlocks).where(eq(seatBlocks.eventId, eventId));
      for (let start = 0; start < blocks.length; start += ROWS_PER_INSERT) {
        await tx.insert(seatBlocks).values(
          blocks.slice(start, start + ROWS_PER_INSERT).map((block) => ({
            eventId,
            blockNo: block.rank,
            packageId: block.packageId,
            section: block.section,
            row: block.row,
            seatIds: block.seatIds,
            scores: block.scores,
            access: block.access,
            size: block.seatIds.length,
            hasWheelchair: block.access.includes('w'),
          })),
        );
      }
    });
    const rows = SummaryRowsSchema.parse(
      await db.execute(sql`
        SELECT package_id, section, bool_or(has_wheelchair) AS wheelchair
        FROM seat_blocks WHERE event_id = ${eventId} GROUP BY package_id, section`),
    ).rows;
    const sections = new Map<number, Set<string>>();
    const wheelchair = new Set<number>();
    for (const row of rows) {
      const set = sections.get(row.package_id) ?? new Set<string>();
      set.add(row.section);
      sections.set(row.package_id, set);
      if (row.wheelchair) wheelchair.add(row.package_id);
    }
    return { sections, wheelchair };
  });
}

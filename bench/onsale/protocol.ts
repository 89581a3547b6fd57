import { z } from 'zod';

/** What run.ts and server.ts say to each other. */
export const OnsaleTargetSchema = z.enum(['baseline', 'app']);
export type OnsaleTarget = z.infer<typeof OnsaleTargetSchema>;

export const OnsaleReadySchema = z.object({
  type: z.literal('ready'),
  port: z.number().int(),
});
export type OnsaleReady = z.infer<typeof OnsaleReadySchema>;

/** The baseline's own table: one row, id 1, whose `remaining` every request decrements if it can. */
export const BASELINE_TABLE = 'bench_onsale_baseline';
/** So large that the baseline never sells out during a run. */
export const BASELINE_STOCK = 2_000_000_000;

/** The baseline's request body: the same ticket counts as the buyers' orders. */
export const BaselineHoldSchema = z.object({ ticket_count: z.number().int().min(1).max(10) });

/**
 * Baseline 2 (seat claims, issue 24): its own claims table, one row per (event, seat) as seat_claims has. Each
 * `POST /claim` inserts its next n seats (ids from a counter of the server process, never reused: it never
 * sells out) in one multi-row `INSERT … ON CONFLICT DO NOTHING` shared with the requests that came meanwhile.
 */
export const CLAIMS_TABLE = 'bench_onsale_claims';
/** At most this many requests in one INSERT (as the app's placer puts at most 32 orders in one call). */
export const CLAIMS_MAX_BATCH = 32;
export const BaselineClaimSchema = z.object({ n: z.number().int().min(1).max(10) });
/** Its answer: 201 with the rows it inserted (n, unless a seat was already claimed, which never happens). */
export const BaselineClaimedSchema = z.object({ inserted: z.number().int() });

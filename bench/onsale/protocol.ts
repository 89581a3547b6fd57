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

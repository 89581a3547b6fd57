import { z } from 'zod';

/** What run.ts and server.ts say to each other. */
export const BenchTargetSchema = z.enum(['baseline', 'app']);
export type BenchTarget = z.infer<typeof BenchTargetSchema>;

export const BenchReadySchema = z.object({
  type: z.literal('ready'),
  port: z.number().int(),
  eventUid: z.string().nullable(),
});
export type BenchReady = z.infer<typeof BenchReadySchema>;

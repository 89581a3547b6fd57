import { z } from 'zod';

/** What run.ts and server.ts say to each other. */
export const ExportReadySchema = z.object({ type: z.literal('ready'), port: z.number().int() });
export type ExportReady = z.infer<typeof ExportReadySchema>;

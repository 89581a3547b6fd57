/**
 * The export benchmark's server (run.ts forks one per measurement, so each starts from nothing): the real
 * Marquee app over DATABASE_URL (migrated and seeded by run.ts), listening on an ephemeral port on 127.0.0.1;
 * it reports { port } to the parent over IPC. The captcha and CSRF are off (run.ts signs an organiser in
 * through the API); neither is on an export's path.
 */
import { z } from 'zod';
import { startBenchApp } from '../lib/server';
import { serveParent } from '../lib/server-process';
import { ExportReadySchema, type ExportReady } from './protocol';

const env = z.object({ DATABASE_URL: z.string().min(1) }).parse(process.env);

await serveParent(async (onClose) => {
  const server = await startBenchApp({
    database: { kind: 'postgres', url: env.DATABASE_URL, poolSize: 10 },
    prepare: false,
    config: { captcha: false, csrf: false },
  });
  onClose(() => server.close());
  const ready: ExportReady = ExportReadySchema.parse({ type: 'ready', port: server.port });
  return ready;
});

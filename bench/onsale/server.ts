/**
 * One server under test for the on-sale benchmark, run in its own process by run.ts so it has its own
 * event loop while the buyers are simulated from the parent. BENCH_TARGET picks which:
 * - baseline: a bare Fastify + pg server doing one conditional
 *   `UPDATE … SET remaining = remaining - $n WHERE id = 1 AND remaining >= $n RETURNING remaining` per
 *   request on its own one-row table (201, or 409 when it would go below zero);
 * - app: the real Marquee app (buildApp: logging off, production settings, so the hold sweeper runs).
 * Both use DATABASE_URL (run.ts has migrated it) with a pool of BENCH_POOL connections, listen on an
 * ephemeral port on 127.0.0.1 and report { port } to the parent over IPC.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import { createDb } from '@marquee/db/client';
import { buildApp } from '@marquee/server/src/app';
import {
  BASELINE_STOCK,
  BASELINE_TABLE,
  BaselineHoldSchema,
  OnsaleReadySchema,
  OnsaleTargetSchema,
  type OnsaleReady,
} from './protocol';

const env = z
  .object({
    BENCH_TARGET: OnsaleTargetSchema,
    DATABASE_URL: z.string().min(1),
    BENCH_POOL: z.coerce.number().int().positive().default(10),
  })
  .parse(process.env);
const cleanups: (() => Promise<void> | void)[] = [];
const ReturnedSchema = z.object({ remaining: z.number().int() });

async function startBaseline(): Promise<FastifyInstance> {
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: env.BENCH_POOL });
  pool.on('error', () => {});
  cleanups.push(() => pool.end());
  await pool.query(
    `CREATE TABLE IF NOT EXISTS ${BASELINE_TABLE} (id integer PRIMARY KEY, remaining integer NOT NULL CHECK (remaining >= 0))`,
  );
  await pool.query(
    `INSERT INTO ${BASELINE_TABLE} (id, remaining) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET remaining = excluded.remaining`,
    [BASELINE_STOCK],
  );
  const hold = `UPDATE ${BASELINE_TABLE} SET remaining = remaining - $1 WHERE id = 1 AND remaining >= $1 RETURNING remaining`;

  const app = Fastify({ logger: false });
  app.post('/hold', async (request, reply) => {
    const { ticket_count } = BaselineHoldSchema.parse(request.body);
    const result = await pool.query(hold, [ticket_count]);
    const row = result.rows[0];
    if (row === undefined) return reply.code(409).send({ message: 'Sold out.' });
    return reply.code(201).send({ ticket_count, remaining: ReturnedSchema.parse(row).remaining });
  });
  return app;
}

async function startApp(): Promise<FastifyInstance> {
  const handle = createDb({ kind: 'postgres', url: env.DATABASE_URL, poolSize: env.BENCH_POOL });
  cleanups.push(() => handle.close());
  return buildApp({
    db: handle.db,
    // production: the hold sweeper runs every 30 s as in service; silent: no request log (it halves throughput).
    // CSRF stays on (the buyers send the token); the captcha is off by explicit configuration, as for
    // every benchmark: its cost is the buyer's browser's, not the server's (decisions/020).
    config: { env: 'production', publicUrl: 'http://127.0.0.1', logLevel: 'silent', webDistDir: null, captcha: false },
  });
}

async function shutdown(code: number): Promise<never> {
  for (const cleanup of cleanups) {
    try {
      await cleanup();
    } catch {
      // Best effort: the process is going away.
    }
  }
  process.exit(code);
}

try {
  const app = env.BENCH_TARGET === 'baseline' ? await startBaseline() : await startApp();
  // The app closes before its pool does: requests in flight finish first.
  cleanups.unshift(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  const ready: OnsaleReady = OnsaleReadySchema.parse({ type: 'ready', port: address.port });
  process.send?.(ready);
  process.on('disconnect', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  process.on('SIGINT', () => void shutdown(0));
} catch (error) {
  console.error(error);
  await shutdown(1);
}

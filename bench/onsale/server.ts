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
import Fastify from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import { listenOnLoopback, startBenchApp } from '../lib/server';
import { serveParent, type Cleanup } from '../lib/server-process';
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
const ReturnedSchema = z.object({ remaining: z.number().int() });

async function startBaseline(onClose: (cleanup: Cleanup) => void): Promise<number> {
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: env.BENCH_POOL });
  pool.on('error', () => {});
  onClose(() => pool.end());
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
  // The app closes before its pool does: requests in flight finish first.
  onClose(() => app.close());
  return listenOnLoopback(app);
}

async function startApp(onClose: (cleanup: Cleanup) => void): Promise<number> {
  const server = await startBenchApp({
    database: { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.BENCH_POOL },
    // run.ts has migrated the database and made the catalogue.
    prepare: false,
    // production: the hold sweeper runs every 30 s as in service; silent: no request log (it halves throughput).
    // CSRF stays on (the buyers send the token); the captcha is off by explicit configuration, as for
    // every benchmark: its cost is the buyer's browser's, not the server's (decisions/020).
    config: { captcha: false },
  });
  // The app closes before its pool does: requests in flight finish first.
  onClose(() => server.close());
  return server.port;
}

await serveParent(async (onClose) => {
  const port = env.BENCH_TARGET === 'baseline' ? await startBaseline(onClose) : await startApp(onClose);
  const ready: OnsaleReady = OnsaleReadySchema.parse({ type: 'ready', port });
  return ready;
});

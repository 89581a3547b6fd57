/**
 * One server under test for the on-sale benchmark, run in its own process by run.ts so it has its own
 * event loop while the buyers are simulated from the parent. BENCH_TARGET picks which:
 * - baseline: a bare Fastify + pg server doing one conditional
 *   `UPDATE … SET remaining = remaining - $n WHERE id = 1 AND remaining >= $n RETURNING remaining` per
 *   request on its own one-row table (201, or 409 when it would go below zero) at `POST /hold`, and
 *   baseline 2 (seat claims, issue 24) at `POST /claim`: the request's next n seats inserted into its own
 *   claims table by one multi-row `INSERT … ON CONFLICT DO NOTHING` shared with the requests that arrived
 *   while a statement was running (at most 32 a statement; BENCH_CLAIM_LANES statements at a time);
 * - app: the real Marquee app (buildApp: logging off, production settings, so the hold sweeper runs).
 * Both use DATABASE_URL (run.ts has migrated it) with a pool of BENCH_POOL connections, listen on an
 * ephemeral port on 127.0.0.1 and report { port } to the parent over IPC.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import { listenOnLoopback, startBenchApp } from '../lib/server';
import { serveParent, type Cleanup } from '../lib/server-process';
import { batchWhileBusy } from '@marquee/server/lib/batch-while-busy';
import {
  BASELINE_STOCK,
  BASELINE_TABLE,
  BaselineClaimSchema,
  BaselineHoldSchema,
  CLAIMS_MAX_BATCH,
  CLAIMS_TABLE,
  OnsaleReadySchema,
  OnsaleTargetSchema,
  type OnsaleReady,
} from './protocol';

const env = z
  .object({
    BENCH_TARGET: OnsaleTargetSchema,
    DATABASE_URL: z.string().min(1),
    BENCH_POOL: z.coerce.number().int().positive().default(10),
    /** Baseline 2's statements in flight at once (1: one per process, as the app's placer). */
    BENCH_CLAIM_LANES: z.coerce.number().int().positive().optional(),
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

  // Baseline 2: its own claims table, emptied at each start (the seat counter starts again at 1).
  await pool.query(
    `CREATE TABLE IF NOT EXISTS ${CLAIMS_TABLE} (event_id integer NOT NULL, seat_id text NOT NULL, PRIMARY KEY (event_id, seat_id))`,
  );
  await pool.query(`TRUNCATE ${CLAIMS_TABLE}`);
  const claimEventId = 1;
  let seatCounter = 0;
  const insertClaims = `INSERT INTO ${CLAIMS_TABLE} (event_id, seat_id) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING RETURNING seat_id`;
  const claim = batchWhileBusy<string[], number>(
    async (requests) => {
      const result = await pool.query<{ seat_id: string }>(insertClaims, [claimEventId, requests.flat()]);
      const inserted = new Set(result.rows.map((row) => row.seat_id));
      return requests.map((seats) => seats.filter((seat) => inserted.has(seat)).length);
    },
    { maxBatch: CLAIMS_MAX_BATCH, lanes: env.BENCH_CLAIM_LANES ?? env.BENCH_POOL },
  );

  const app = Fastify({ logger: false });
  app.post('/claim', async (request, reply) => {
    const { n } = BaselineClaimSchema.parse(request.body);
    const seats = Array.from({ length: n }, () => `C-${(seatCounter += 1)}`);
    const inserted = await claim(seats);
    if (inserted < n) return reply.code(409).send({ message: 'Seats taken.', inserted });
    return reply.code(201).send({ inserted });
  });
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

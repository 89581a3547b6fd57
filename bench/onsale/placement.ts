/**
 * PostgreSQL's CPU per order placement (issue 4, decisions/024): `marquee_place_order()` called straight
 * from a pool of connections, no HTTP, for seated orders on a fresh 100,000-seat event and for orders of
 * one hot package, and for the seated ones step by step (copies of the function that return before each
 * of its steps); then both 32 orders a `marquee_place_orders()` call on one connection, as the app places
 * them under load (decisions/025). CPU time per call is what a change to the placement has to lower; it is less noisy than
 * the on-sale rates on this shared machine, but still moves by about ±10 % between rounds: compare medians.
 *
 *   npm run bench:placement -w @marquee/bench
 *
 * Env: BENCH_ORDERS (calls per measurement, default 12000), BENCH_CONNECTIONS (default 20), BENCH_ROUNDS
 * (default 2; the medians are printed), BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres:
 * a throwaway database is made there and dropped). PostgreSQL must run on this machine: its CPU is read
 * from /proc (every `postgres` process, so keep other databases idle).
 */
import pg from 'pg';
import { z } from 'zod';
import { createDb } from '@marquee/db/client';
import { createEvent, createTicketPackage, createVenue } from '@marquee/db/factories';
import { databaseUrl, postgresCpu, postgresCpuSince, withClient } from '../lib/postgres';
import { median } from '../lib/stats';
import { stadiumLayout, type StadiumLayout } from './stadium';

const env = z
  .object({
    BENCH_ORDERS: z.coerce.number().int().positive().default(12_000),
    BENCH_CONNECTIONS: z.coerce.number().int().positive().default(20),
    BENCH_ROUNDS: z.coerce.number().int().positive().default(2),
    BENCH_PG_ADMIN_URL: z.string().min(1).default('postgres://postgres@127.0.0.1:5432/postgres'),
  })
  .parse(process.env);

/** The function's steps, each named by the comment that opens it (migrations 0008, 0011). */
const STEPS = [
  { name: 'call, commit', before: '  INSERT INTO orders (' },
  { name: '+ order row', before: '  -- Another request with this Idempotency-Key' },
  { name: '+ buyer limits', before: "  -- The order's lines" },
  { name: '+ order lines', before: '  -- Seats in a fixed order' },
  { name: '+ seat claims', before: '  -- The counters last' },
] as const;

/** A small deterministic generator, so every measurement asks for the same seats in the same order. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Call {
  order: Record<string, unknown>;
  lines: { package_id: number; package_name: string; unit_price: number; quantity: number; seats: string[] }[];
}

function order(eventId: number, index: number, tag: string): Record<string, unknown> {
  return {
    order_id: `B${tag}-${index}`,
    event_id: eventId,
    first_name: 'Bench',
    last_name: 'Buyer',
    email: `buyer${index}.${tag}@placement.example`,
    phone: '0771234567',
    nic: 'n/a',
    currency: 'LKR',
    subtotal: 0,
    convenience_fee: 0,
    discount: 0,
    total: 0,
    promo_code_id: null,
    payment_gateway_id: 1,
    payment_intent_id: null,
    payment_client_secret: null,
    payment_redirect_url: null,
    access_token: `token-${tag}-${index}`,
    idempotency_key: `placement-${tag}-${index}`,
    request_hash: 'bench',
  };
}

async function seatedCalls(
  db: ReturnType<typeof createDb>['db'],
  stadium: StadiumLayout & { venueId: number },
  tag: string,
): Promise<Call[]> {
  const event = await createEvent(db, { venueId: stadium.venueId, name: `Placement bench ${tag}` });
  const packageOf = new Map<string, number>();
  for (const [p, range] of stadium.packageSeats.entries()) {
    const pkg = await createTicketPackage(db, { eventId: event.id, name: `Stands ${p + 1}`, seatingRange: range });
    for (const seat of range) packageOf.set(seat, pkg.id);
  }
  const random = seededRandom(42);
  return Array.from({ length: env.BENCH_ORDERS }, (_, i) => {
    const row = stadium.rows[Math.floor(random() * stadium.rows.length)] ?? [];
    const count = 1 + Math.floor(random() * 4);
    const start = Math.floor(random() * (row.length - count + 1));
    const seats = row.slice(start, start + count);
    const packageId = packageOf.get(seats[0] ?? '') ?? 0;
    return {
      order: order(event.id, i, tag),
      lines: [{ package_id: packageId, package_name: 'Stands', unit_price: 0, quantity: count, seats }],
    };
  });
}

async function hotCalls(db: ReturnType<typeof createDb>['db'], venueId: number, tag: string): Promise<Call[]> {
  const event = await createEvent(db, { venueId, name: `Placement bench ${tag}` });
  const pkg = await createTicketPackage(db, { eventId: event.id, name: 'General admission', capacity: 1_000_000 });
  const random = seededRandom(7);
  return Array.from({ length: env.BENCH_ORDERS }, (_, i) => {
    const count = 1 + Math.floor(random() * 4);
    return {
      order: order(event.id, i, tag),
      lines: [{ package_id: pkg.id, package_name: 'General admission', unit_price: 0, quantity: count, seats: [] }],
    };
  });
}

/**
 * Runs the calls and answers PostgreSQL's CPU per order (µs) and the refusals: one order a call over
 * BENCH_CONNECTIONS connections (`batch` 0), or `batch` orders a call on one connection, as the app places
 * them (`marquee_place_orders`, migration 0009: one batch in flight per server process).
 */
async function place(
  pool: pg.Pool,
  calls: readonly Call[],
  batch: number,
): Promise<{ cpuMicros: number; refused: number }> {
  let next = 0;
  let refused = 0;
  const before = postgresCpu();
  await Promise.all(
    Array.from({ length: batch > 0 ? 1 : env.BENCH_CONNECTIONS }, async () => {
      const client = await pool.connect();
      try {
        while (batch > 0 && next < calls.length) {
          const group = calls.slice(next, next + batch);
          next += group.length;
          const result = await client.query('SELECT refusal_hint FROM marquee_place_orders($1::jsonb)', [
            JSON.stringify(group.map((call) => ({ ...call, hold_minutes: 10 }))),
          ]);
          refused += result.rows.filter((row: { refusal_hint: string | null }) => row.refusal_hint !== null).length;
        }
        for (let call = calls[next++]; call; call = calls[next++]) {
          try {
            await client.query('SELECT * FROM marquee_place_order($1::jsonb, $2::jsonb, 10)', [
              JSON.stringify(call.order),
              JSON.stringify(call.lines),
            ]);
          } catch (error) {
            if (z.object({ code: z.literal('MQ409') }).safeParse(error).success) refused += 1;
            else throw error;
          }
        }
      } finally {
        client.release();
      }
    }),
  );
  return { cpuMicros: (postgresCpuSince(before) / calls.length) * 1e6, refused };
}

async function main(): Promise<void> {
  const name = `marquee_bench_placement_${process.pid}`;
  await withClient(env.BENCH_PG_ADMIN_URL, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = databaseUrl(env.BENCH_PG_ADMIN_URL, name);
  const handle = createDb({ kind: 'postgres', url, poolSize: 2 });
  const pool = new pg.Pool({ connectionString: url, max: env.BENCH_CONNECTIONS });
  pool.on('error', () => {});
  try {
    await handle.migrate();
    const original = z
      .object({ def: z.string() })
      .parse((await pool.query(`SELECT pg_get_functiondef('marquee_place_order'::regproc) AS def`)).rows[0]).def;
    const layout = stadiumLayout(100_000);
    const stadium = {
      ...layout,
      venueId: (await createVenue(handle.db, { name: 'Placement bench stadium', seatMap: layout.map })).id,
    };
    const plainVenue = await createVenue(handle.db, { name: 'Placement bench arena' });
    console.log(
      `Placement benchmark: ${env.BENCH_ORDERS.toLocaleString('en-US')} calls per measurement over ${env.BENCH_CONNECTIONS} connections, ` +
        `${env.BENCH_ROUNDS} rounds; ${stadium.seats.toLocaleString('en-US')}-seat stadium.`,
    );

    const variants = [
      ...STEPS.filter((step) => original.includes(step.before)).map((step) => ({
        name: `seated, up to: ${step.name}`,
        kind: 'seated' as const,
        // A copy that returns before the step (what it wrote so far is committed, as a whole order is).
        def: original.replace(
          step.before,
          `  RETURN QUERY SELECT v_order_id, v_expires, now(); RETURN;\n${step.before}`,
        ),
        batch: 0,
      })),
      { name: 'seated, whole placement', kind: 'seated' as const, def: original, batch: 0 },
      { name: 'hot package, whole placement', kind: 'hot' as const, def: original, batch: 0 },
      { name: 'seated, 32 a call (as the app)', kind: 'seated' as const, def: original, batch: 32 },
      { name: 'hot package, 32 a call (as the app)', kind: 'hot' as const, def: original, batch: 32 },
    ];
    const results = new Map<string, { cpu: number[]; refused: number[] }>(
      variants.map((variant) => [variant.name, { cpu: [], refused: [] }]),
    );
    for (let round = 1; round <= env.BENCH_ROUNDS; round++) {
      for (const [index, variant] of variants.entries()) {
        const tag = `${round}${index}`;
        const calls =
          variant.kind === 'seated'
            ? await seatedCalls(handle.db, stadium, tag)
            : await hotCalls(handle.db, plainVenue.id, tag);
        await pool.query(variant.def);
        try {
          const { cpuMicros, refused } = await place(pool, calls, variant.batch);
          results.get(variant.name)?.cpu.push(cpuMicros);
          results.get(variant.name)?.refused.push(refused);
          console.log(
            `  round ${round}  ${variant.name.padEnd(38)} ${cpuMicros.toFixed(0).padStart(5)} µs/order  ${refused} refused`,
          );
        } finally {
          await pool.query(original);
        }
      }
    }
    console.log('');
    console.log('PostgreSQL CPU per order (median over rounds):');
    let previous = 0;
    for (const variant of variants) {
      const cpu = median(results.get(variant.name)?.cpu ?? []);
      const isStep = variant.kind === 'seated' && variant.batch === 0;
      const step = isStep ? `  (+${(cpu - previous).toFixed(0)})` : '';
      console.log(`  ${variant.name.padEnd(38)} ${cpu.toFixed(0).padStart(5)} µs${step}`);
      if (isStep) previous = cpu;
    }
  } finally {
    await pool.end().catch(() => {});
    await handle.close().catch(() => {});
    await withClient(env.BENCH_PG_ADMIN_URL, (client) =>
      client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * Waiting room (issue 23): 50,000 simulated buyers against two server processes (apps/server/src/main.ts, as
 * in production) on one PostgreSQL. About 60 % arrive in the seconds before the sale opens (the pre-queue,
 * whose places are drawn at random at the opening) and the rest after it, spread over the run. Each buyer
 * joins, asks again when told to, and once admitted places one order; meanwhile cheaters order without
 * being admitted (simulation.ts). It prints the admission rate held against the configured one, the order
 * latency while admitting, the pre-queue's fairness (Spearman's rank correlation between arrival and
 * admission order: near 0 for the pre-queue, near 1 after), orders placed without an admission (must be 0),
 * and the servers' memory.
 *
 *   npm run bench:waiting-room -w @marquee/bench
 *
 * Env: BENCH_QUEUE_BUYERS (50000), BENCH_ADMIT_PER_MINUTE (the event's rate; default: what admits every
 * buyer in BENCH_ADMIT_SECONDS, 100 s: 30,000 a minute for 50,000 buyers), BENCH_PRE_SHARE (0.6),
 * BENCH_OPENS_IN (seconds from the start to the opening; default about 1 s per 1,000 pre-queue buyers, at
 * least 5), BENCH_SERVERS (2), BENCH_CONNECTIONS (keep-alive sockets per server, 48), BENCH_CHEATERS (100),
 * BENCH_CHEAT_EVERY (seconds between a cheater's attempts, 3), BENCH_THINK (seconds an admitted buyer takes
 * at most before ordering, 2), BENCH_CAPACITY (tickets of the package, 200000), DATABASE_URL (use this
 * database; otherwise a throwaway one on BENCH_PG_ADMIN_URL, dropped at the end), PORT_RANGE.
 * Exits 1 when an order was placed (or got past the queue check) without an admission, an order of the event
 * does not belong to an admitted place, an admitted buyer's order was refused, a buyer was never admitted, a
 * server answered 5xx or a connection failed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { createDb } from '@marquee/db/client';
import { createEvent, createTicketPackage, createVenue } from '@marquee/db/factories';
import { MAX_ADMIT_PER_MINUTE, MIN_ADMIT_PER_MINUTE, QUEUE_COOKIE } from '@marquee/domain/queue';
import { freePort } from '@marquee/server/testing/ports';
import { startServerProcess, type ServerProcess } from '@marquee/server/testing/server-process';
import { printableUrl, withClient } from '../lib/postgres';
import { heldRate, heldRateOfRoom, quantile, spearman, type RoomSample } from './figures';
import { CookieJar, ServerPool } from './http-client';
import {
  CHEAT_KINDS,
  addressOf,
  arrivalTimes,
  simulate,
  type Buyer,
  type Cheater,
  type SimulationResult,
} from './simulation';

const EnvSchema = z.object({
  BENCH_QUEUE_BUYERS: z.coerce.number().int().positive().default(50_000),
  BENCH_ADMIT_PER_MINUTE: z.coerce.number().int().min(MIN_ADMIT_PER_MINUTE).max(MAX_ADMIT_PER_MINUTE).optional(),
  BENCH_ADMIT_SECONDS: z.coerce.number().positive().default(100),
  BENCH_PRE_SHARE: z.coerce.number().min(0).max(1).default(0.6),
  BENCH_OPENS_IN: z.coerce.number().min(3).optional(),
  BENCH_SERVERS: z.coerce.number().int().min(1).default(2),
  BENCH_CONNECTIONS: z.coerce.number().int().positive().default(48),
  BENCH_CHEATERS: z.coerce.number().int().min(0).default(100),
  BENCH_CHEAT_EVERY: z.coerce.number().positive().default(3),
  BENCH_THINK: z.coerce.number().min(0).default(2),
  BENCH_CAPACITY: z.coerce.number().int().positive().default(200_000),
  /** 1: the servers count their rate limits in a private redis-server (REDIS_URL) instead of each in its memory. */
  BENCH_REDIS: z.enum(['0', '1']).default('0'),
  BENCH_PG_ADMIN_URL: z.string().min(1).default('postgres://postgres@127.0.0.1:5432/postgres'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((value) => value || undefined),
});
const env = EnvSchema.parse(process.env);
const RUN_TAG = Date.now().toString(36);
const STAMP = new Date().toISOString().replace(/[:.]/g, '-');
const RESULTS_DIR = join(import.meta.dirname, '..', 'results');

const buyerCount = env.BENCH_QUEUE_BUYERS;
const admitPerMinute =
  env.BENCH_ADMIT_PER_MINUTE ??
  Math.min(
    MAX_ADMIT_PER_MINUTE,
    Math.max(MIN_ADMIT_PER_MINUTE, Math.round((buyerCount * 60) / env.BENCH_ADMIT_SECONDS)),
  );
const admitPerSecond = admitPerMinute / 60;
const preCount = Math.round(buyerCount * env.BENCH_PRE_SHARE);
const opensInSeconds = env.BENCH_OPENS_IN ?? Math.min(60, Math.max(5, Math.ceil(preCount / 1_000) + 2));
/** Admitting everyone at the configured rate takes this long; the later buyers arrive over 80 % of it. */
const drainSeconds = buyerCount / admitPerSecond;

/** Targets of the verdicts (not exit codes: a busy machine or the server's own slowing can move them). */
const TARGET_RATE_RATIO = 0.9;
const TARGET_PRE_RHO = 0.1;
const TARGET_LATE_RHO = 0.9;

// ---------------------------------------------------------------------------------------------------

interface BenchDatabase {
  url: string;
  label: string;
  drop: (() => Promise<void>) | null;
}

async function openDatabase(): Promise<BenchDatabase> {
  if (env.DATABASE_URL)
    return { url: env.DATABASE_URL, label: `${printableUrl(env.DATABASE_URL)} (DATABASE_URL)`, drop: null };
  const name = `marquee_bench_waiting_room_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${process.pid}`;
  const admin = env.BENCH_PG_ADMIN_URL;
  await withClient(admin, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    label: `${name} on ${url.host} (throwaway, dropped at the end)`,
    drop: async () => {
      await withClient(admin, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'unknown';
  }
}

/** VmRSS of a process in MB, from /proc; NaN once it is gone. */
function rssMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds a process has used (user + system), from /proc/<pid>/stat; NaN once it is gone. */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    // The fields after the command name (which is in parentheses and may hold spaces): utime and stime are 14 and 15.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** One `GET /sanctum/csrf-cookie` per browser, 64 at a time over the servers in turn. */
async function openSessions(
  servers: readonly ServerPool[],
  browsers: readonly { ip: string; jar: CookieJar; setToken: (token: string) => void }[],
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < browsers.length) {
      const i = next;
      next += 1;
      const browser = browsers[i];
      const server = servers[i % servers.length];
      if (!browser || !server) continue;
      const answer = await server.send({
        method: 'GET',
        path: '/sanctum/csrf-cookie',
        headers: { 'x-requested-with': 'XMLHttpRequest', 'x-forwarded-for': browser.ip },
        timeoutMs: 60_000,
      });
      if (answer.status !== 204 && answer.status !== 200)
        throw new Error(`GET /sanctum/csrf-cookie answered ${answer.status}: ${answer.body.slice(0, 200)}`);
      browser.jar.store(answer.setCookies);
      const token = browser.jar.get('XSRF-TOKEN');
      if (token === undefined) throw new Error('GET /sanctum/csrf-cookie set no XSRF-TOKEN cookie');
      browser.setToken(decodeURIComponent(token));
    }
  };
  await Promise.all(Array.from({ length: 64 }, worker));
}

// ---------------------------------------------------------------------------------------------------
// Figures

/** Admission order: when an answer first said admitted, ties broken by the last position the buyer was told. */
function admissionOrder(buyers: readonly Buyer[]): number[] {
  const sorted = buyers
    .map((buyer, i) => ({ i, at: buyer.admittedSeenMs ?? Number.POSITIVE_INFINITY, position: buyer.lastPosition ?? 0 }))
    .sort((a, b) => a.at - b.at || a.position - b.position);
  const order = new Array<number>(buyers.length).fill(0);
  sorted.forEach((entry, rank) => {
    order[entry.i] = rank;
  });
  return order;
}

function correlation(buyers: readonly Buyer[]): { rho: number; n: number } {
  const admitted = buyers.filter((buyer) => buyer.admittedSeenMs !== null && buyer.joinSeq !== null);
  return {
    rho: spearman(
      admitted.map((buyer) => buyer.joinSeq ?? 0),
      admissionOrder(admitted),
    ),
    n: admitted.length,
  };
}

function latency(values: readonly number[]): { n: number; mean: number; p50: number; p99: number; max: number } {
  return {
    n: values.length,
    mean: values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length),
    p50: quantile(values, 0.5),
    p99: quantile(values, 0.99),
    max: quantile(values, 1),
  };
}

/** The visitor a browser's place is kept under: the sha256 of its queue cookie (waiting-room/service.ts). */
function visitorOf(jar: CookieJar): string | null {
  const cookie = jar.get(QUEUE_COOKIE);
  return cookie === undefined ? null : createHash('sha256').update(cookie).digest('hex');
}

interface SqlChecks {
  ordersOfEvent: number;
  /** Orders whose buyer (by e-mail) has no admitted place that counted an order: must be 0. */
  ordersWithoutAdmittedPlace: number;
  ordersOfCheaters: number;
  /** Places that counted an order without being admitted: must be 0. */
  placesCountingWithoutAdmission: number;
  /** Orders the places counted (an order refused after its admission was counted is counted too). */
  ordersCounted: number;
  places: number;
  admittedPlaces: number;
  ticketsHeldOrSold: number;
}

async function sqlChecks(
  pool: pg.Pool,
  eventId: number,
  browsers: readonly { email: string; jar: CookieJar }[],
  cheaters: readonly Cheater[],
): Promise<SqlChecks> {
  const known = browsers.flatMap((browser) => {
    const visitor = visitorOf(browser.jar);
    return visitor === null ? [] : [{ email: browser.email, visitor }];
  });
  const result = await pool.query(
    `WITH who AS (SELECT * FROM unnest($2::text[], $3::text[]) AS w(email, visitor)),
          admitted AS (
            SELECT who.email FROM who JOIN queue_entries q ON q.event_id = $1 AND q.visitor = who.visitor
            WHERE q.admitted_at IS NOT NULL AND q.orders_placed > 0)
     SELECT
       (SELECT count(*) FROM orders o WHERE o.event_id = $1)::int AS orders,
       (SELECT count(*) FROM orders o WHERE o.event_id = $1
          AND NOT EXISTS (SELECT 1 FROM admitted a WHERE a.email = o.email))::int AS without_place,
       (SELECT count(*) FROM orders o WHERE o.event_id = $1 AND o.email = ANY($4::text[]))::int AS cheaters,
       (SELECT count(*) FROM queue_entries q
          WHERE q.event_id = $1 AND q.orders_placed > 0 AND q.admitted_at IS NULL)::int AS counting_unadmitted,
       (SELECT coalesce(sum(q.orders_placed), 0) FROM queue_entries q WHERE q.event_id = $1)::int AS counted,
       (SELECT count(*) FROM queue_entries q WHERE q.event_id = $1)::int AS places,
       (SELECT count(*) FROM queue_entries q WHERE q.event_id = $1 AND q.admitted_at IS NOT NULL)::int AS admitted,
       (SELECT coalesce(sum(held_count + sold_count), 0) FROM ticket_packages WHERE event_id = $1)::int AS tickets`,
    [
      eventId,
      known.map((entry) => entry.email),
      known.map((entry) => entry.visitor),
      cheaters.map((cheater) => cheater.email),
    ],
  );
  const row = z
    .object({
      orders: z.number(),
      without_place: z.number(),
      cheaters: z.number(),
      counting_unadmitted: z.number(),
      counted: z.number(),
      places: z.number(),
      admitted: z.number(),
      tickets: z.number(),
    })
    .parse(result.rows[0]);
  return {
    ordersOfEvent: row.orders,
    ordersWithoutAdmittedPlace: row.without_place,
    ordersOfCheaters: row.cheaters,
    placesCountingWithoutAdmission: row.counting_unadmitted,
    ordersCounted: row.counted,
    places: row.places,
    admittedPlaces: row.admitted,
    ticketsHeldOrSold: row.tickets,
  };
}

/** Each buyer's place in the server's line (queue_entries.position: the order of admission), by buyer index. */
async function placesInLine(pool: pg.Pool, eventId: number, buyers: readonly Buyer[]): Promise<Map<number, number>> {
  const visitors = buyers.map((buyer) => visitorOf(buyer.jar) ?? '');
  const result = await pool.query(
    `SELECT w.i::int AS i, q.position::float8 AS position
       FROM unnest($2::text[]) WITH ORDINALITY AS w(visitor, i)
       JOIN queue_entries q ON q.event_id = $1 AND q.visitor = w.visitor
      WHERE q.position IS NOT NULL`,
    [eventId, visitors],
  );
  const rows = z.array(z.object({ i: z.number(), position: z.number() })).parse(result.rows);
  return new Map(rows.map((row) => [row.i - 1, row.position]));
}

/** Spearman's rho between arrival order (the joins as sent) and the server's places in line. */
function correlationOfPlaces(buyers: readonly Buyer[], places: Map<number, number>): { rho: number; n: number } {
  const placed = buyers.filter((buyer) => buyer.joinSeq !== null && places.has(buyer.index));
  return {
    rho: spearman(
      placed.map((buyer) => buyer.joinSeq ?? 0),
      placed.map((buyer) => places.get(buyer.index) ?? 0),
    ),
    n: placed.length,
  };
}

/** A private redis-server (BENCH_REDIS=1): no persistence, on a free port; killed at the end. */
async function startRedis(port: number): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    child.once('error', reject);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { url: `redis://127.0.0.1:${port}`, child };
}

function printTable(rows: [string, string, string][]): void {
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i]?.length ?? 0)));
  const line = (row: [string, string, string]) =>
    `${row[0].padEnd(widths[0] ?? 0)}  ${row[1].padStart(widths[1] ?? 0)}  ${row[2]}`;
  console.log(line(rows[0] ?? ['', '', '']));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
}

const fmt = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '-';

// ---------------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  console.log(
    `Waiting-room benchmark: ${fmt(buyerCount)} buyers (${fmt(preCount)} before the opening, ${fmt(buyerCount - preCount)} after), ` +
      `${env.BENCH_CHEATERS} cheaters, ${env.BENCH_SERVERS} server processes; admission rate ${fmt(admitPerMinute)}/min ` +
      `(${fmt(admitPerSecond, 1)}/s), the sale opening ${opensInSeconds} s after the start.`,
  );
  const loadBefore = loadAverage();
  console.log(`Load average at the start: ${loadBefore}.`);
  const database = await openDatabase();
  console.log(`Database: PostgreSQL ${database.label}.`);
  const logDir = join(RESULTS_DIR, `waiting-room-${STAMP}`);
  mkdirSync(logDir, { recursive: true });
  const handle = createDb({ kind: 'postgres', url: database.url, poolSize: 2 });
  const checkPool = new pg.Pool({ connectionString: database.url, max: 2 });
  checkPool.on('error', () => {});
  const servers: ServerProcess[] = [];
  const pools: ServerPool[] = [];
  const serverExits: string[] = [];
  let redis: ChildProcess | null = null;
  try {
    await handle.migrate();
    let redisUrl: string | null = null;
    if (env.BENCH_REDIS === '1') {
      const started = await startRedis(await freePort());
      redis = started.child;
      redisUrl = started.url;
      console.log(`Rate limits counted in a private redis-server (${redisUrl}).`);
    }
    const starts = await Promise.allSettled(
      Array.from({ length: env.BENCH_SERVERS }, async (_, i) => {
        const port = await freePort();
        return startServerProcess({
          port,
          env: {
            NODE_ENV: 'production',
            DATABASE_URL: database.url,
            PUBLIC_URL: `http://127.0.0.1:${port}`,
            SEED_DEMO: 'false',
            LOG_LEVEL: 'warn',
            CAPTCHA: 'off',
            // Every buyer has an address of its own in X-Forwarded-For, as behind a load balancer; without
            // this, 50,000 buyers on 127.0.0.1 would be one client to the per-client limits.
            TRUSTED_PROXIES: 'loopback',
            ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
          },
          timeoutMs: 120_000,
          logFile: join(logDir, `server-${i + 1}.log`),
        });
      }),
    );
    for (const start of starts) if (start.status === 'fulfilled') servers.push(start.value);
    for (const start of starts) if (start.status === 'rejected') throw start.reason;
    for (const server of servers) pools.push(new ServerPool(server.port, env.BENCH_CONNECTIONS));
    console.log(
      `Servers: ${servers.length} processes of apps/server/src/main.ts on ports ${servers.map((s) => s.port).join(', ')} ` +
        `(logs in ${logDir}).`,
    );

    // Browsers: one CSRF session each, before the clock starts (a page load, not part of the rush).
    const buyers: Buyer[] = [];
    for (let i = 0; i < buyerCount; i += 1)
      buyers.push({
        index: i,
        arriveAtMs: 0,
        group: 'pre',
        ip: addressOf(i + 1),
        email: `queue${i}.${RUN_TAG}@waiting-room.example`,
        jar: new CookieJar(),
        xsrfToken: '',
        joinSeq: null,
        joinSentMs: null,
        joinAnsweredMs: null,
        joinState: null,
        admittedSeenMs: null,
        lastPosition: null,
        firstPositionAfterDraw: null,
        states: [],
        polls: 0,
        positionRises: 0,
        retries: 0,
        order: null,
        failure: null,
        isDone: false,
      });
    const cheaters: Cheater[] = Array.from({ length: env.BENCH_CHEATERS }, (_, i) => ({
      index: i,
      kind: CHEAT_KINDS[i % CHEAT_KINDS.length] ?? 'no_place',
      ip: addressOf(buyerCount + 1 + i),
      email: `cheater${i}.${RUN_TAG}@waiting-room.example`,
      jar: new CookieJar(),
      xsrfToken: '',
      hasJoined: false,
    }));
    const sessionsStarted = Date.now();
    await openSessions(pools, [
      ...buyers.map((buyer) => ({ ip: buyer.ip, jar: buyer.jar, setToken: (t: string) => (buyer.xsrfToken = t) })),
      ...cheaters.map((c) => ({ ip: c.ip, jar: c.jar, setToken: (t: string) => (c.xsrfToken = t) })),
    ]);
    console.log(
      `  ${fmt(buyers.length + cheaters.length)} browser sessions from GET /sanctum/csrf-cookie in ` +
        `${((Date.now() - sessionsStarted) / 1000).toFixed(1)} s.`,
    );

    // The event, made now so that its opening is counted from the start of the rush.
    const startedAt = Date.now() + 1_000;
    const openingMs = opensInSeconds * 1000;
    const venue = await createVenue(handle.db, { name: `Bench waiting room ${RUN_TAG} arena` });
    const event = await createEvent(handle.db, {
      venueId: venue.id,
      name: `Bench waiting room ${RUN_TAG}`,
      // Pending until its sale start: joins before it go to the pre-queue (an ongoing event is on sale at once).
      status: 'pending',
      saleStartsAt: new Date(startedAt + openingMs),
    });
    const pkg = await createTicketPackage(handle.db, {
      eventId: event.id,
      name: 'General admission',
      capacity: env.BENCH_CAPACITY,
    });
    await checkPool.query(`UPDATE events SET waiting_room = true, admit_per_minute = $2 WHERE id = $1`, [
      event.id,
      admitPerMinute,
    ]);
    const times = arrivalTimes({
      buyers: buyerCount,
      preShare: env.BENCH_PRE_SHARE,
      preEndMs: Math.max(1_000, openingMs - 2_000),
      openingMs,
      lateEndMs: openingMs + 0.8 * drainSeconds * 1000,
    });
    for (const [i, time] of times.entries()) {
      const buyer = buyers[i];
      if (!buyer) continue;
      buyer.arriveAtMs = time.atMs;
      buyer.group = time.group;
    }

    const rssSeries: { atMs: number; mb: number[] }[] = [];
    const rssAtStart = servers.map((server) => rssMb(server.child.pid));
    const cpuAtStart = servers.map((server) => cpuSeconds(server.child.pid));
    const benchCpuAtStart = process.cpuUsage();
    const roomSamples: RoomSample[] = [];
    let openedAtMs: number | null = null;
    const RoomSchema = z.object({
      opened_ms: z.number().nullable(),
      joined: z.coerce.number(),
      admitted_through: z.number(),
      rate_per_minute: z.number(),
    });
    const readRoom = async () => {
      const atMs = Date.now() - startedAt;
      const result = await checkPool.query(
        `SELECT extract(epoch FROM opened_at)::float8 * 1000 AS opened_ms, joined, admitted_through, rate_per_minute
           FROM queue_rooms WHERE event_id = $1`,
        [event.id],
      );
      const room = RoomSchema.optional().parse(result.rows[0]);
      if (!room) return;
      if (room.opened_ms !== null) openedAtMs ??= room.opened_ms - startedAt;
      roomSamples.push({
        atMs,
        joined: room.joined,
        admittedThrough: room.admitted_through,
        ratePerMinute: room.rate_per_minute,
      });
    };
    const rssTimer = setInterval(() => {
      rssSeries.push({ atMs: Date.now() - startedAt, mb: servers.map((server) => rssMb(server.child.pid)) });
      readRoom().catch(() => {});
    }, 1_000);
    let isStopping = false;
    for (const [i, server] of servers.entries())
      void server.exited.then((exit) => {
        if (!isStopping) serverExits.push(`server ${i + 1} exited (${exit.code ?? exit.signal})`);
      });

    while (Date.now() < startedAt) await new Promise((resolve) => setTimeout(resolve, 5));
    console.log(`Rush: event ${event.uid} (id ${event.id}), ${fmt(env.BENCH_CAPACITY)} tickets.`);
    let lastRequests = 0;
    const result: SimulationResult = await simulate({
      servers: pools,
      eventUid: event.uid,
      eventId: event.id,
      packageId: pkg.id,
      startedAt,
      openingMs,
      buyers,
      cheaters,
      inFlight: env.BENCH_CONNECTIONS * pools.length,
      thinkMs: env.BENCH_THINK * 1000,
      cheatEveryMs: env.BENCH_CHEAT_EVERY * 1000,
      deadlineMs: openingMs + (3 * drainSeconds + 120) * 1000,
      timeoutMs: 30_000,
      onTick: (progress) => {
        if (Math.round(progress.nowMs / 1000) % 5 !== 0) return;
        const rss = servers.map((server) => fmt(rssMb(server.child.pid))).join(' + ');
        console.log(
          `  t=${fmt(progress.nowMs / 1000)}s  joined ${fmt(progress.joined)} (pre-queue ${fmt(progress.preQueue)}, waiting ${fmt(progress.waiting)}), ` +
            `admitted ${fmt(progress.admitted)}, ordered ${fmt(progress.ordered)}, failed ${fmt(progress.failed)}; ` +
            `${fmt((progress.requests - lastRequests) / 5)} req/s, in flight ${progress.inFlight}; RSS ${rss} MB`,
        );
        lastRequests = progress.requests;
      },
    });
    clearInterval(rssTimer);
    const serverCpu = servers.map((server, i) => cpuSeconds(server.child.pid) - (cpuAtStart[i] ?? 0));
    const benchCpuUsage = process.cpuUsage(benchCpuAtStart);
    const benchCpu = (benchCpuUsage.user + benchCpuUsage.system) / 1e6;
    const loadAfter = loadAverage();

    await readRoom();
    const checks = await sqlChecks(checkPool, event.id, [...buyers, ...cheaters], cheaters);
    const places = await placesInLine(checkPool, event.id, buyers);
    isStopping = true;
    const exits = await Promise.all(servers.map((server) => server.stop('SIGTERM')));
    for (const pool of pools) pool.close();

    // ---- figures
    const preQueue = buyers.filter((buyer) => buyer.joinState === 'pre_queue');
    const later = buyers.filter((buyer) => buyer.joinState !== null && buyer.joinState !== 'pre_queue');
    const pre = correlationOfPlaces(preQueue, places);
    const late = correlationOfPlaces(later, places);
    const preSeen = correlation(preQueue);
    const lateSeen = correlation(later);
    const roomRate = heldRateOfRoom(roomSamples, Math.max(10, admitPerSecond * 5));
    const admitted = buyers.filter((buyer) => buyer.admittedSeenMs !== null);
    const rate = heldRate(
      admitted.map((buyer) => ({
        waitingFromMs: Math.max(buyer.joinAnsweredMs ?? 0, buyer.joinState === 'pre_queue' ? openingMs : 0),
        admittedAtMs: buyer.admittedSeenMs ?? 0,
      })),
      { minWaiting: Math.max(10, admitPerSecond * 10), minWindowMs: 10_000 },
    );
    const orders = buyers.flatMap((buyer) => (buyer.order ? [buyer.order] : []));
    const orderLatency = latency(orders.filter((order) => order.status === 201).map((order) => order.ms));
    const byKind = (kind: string) => result.requests.filter((request) => request.kind === kind);
    const joinLatency = latency(byKind('join').map((request) => request.ms));
    const pollLatency = latency(byKind('poll').map((request) => request.ms));
    const lag = latency(result.requests.map((request) => request.lagMs));
    const serverErrors = result.requests.filter((request) => request.status >= 500).length;
    const refusedAdmitted = orders.filter((order) => order.status !== 201);
    const notAdmitted = buyers.filter((buyer) => buyer.admittedSeenMs === null);
    const cheatPlaced = result.cheatAttempts.filter((attempt) => attempt.status === 201).length;
    const cheatPassed = result.cheatAttempts.filter(
      (attempt) => !(attempt.status === 403 && attempt.code === 'queue_required'),
    );
    const rssPeak = servers.map((_, i) => Math.max(...rssSeries.map((sample) => sample.mb[i] ?? 0)));
    const rates = roomSamples.filter((sample) => sample.atMs >= openingMs).map((sample) => sample.ratePerMinute);
    const pollsPerBuyer = buyers.reduce((sum, buyer) => sum + buyer.polls, 0) / buyerCount;
    const positionRises = buyers.reduce((sum, buyer) => sum + buyer.positionRises, 0);
    const firstAdmitted = admitted.reduce(
      (first, buyer) => Math.min(first, buyer.admittedSeenMs ?? Number.POSITIVE_INFINITY),
      Number.POSITIVE_INFINITY,
    );
    const lastAdmitted = admitted.reduce((last, buyer) => Math.max(last, buyer.admittedSeenMs ?? 0), 0);
    const requestsPerServer = pools.map((_, i) => result.requests.filter((request) => request.server === i).length);

    const minBacklog = Math.max(10, admitPerSecond * 5);
    const withoutAdmission = cheatPlaced + checks.ordersOfCheaters + checks.ordersWithoutAdmittedPlace;
    console.log('');
    printTable([
      ['figure', 'value', 'note'],
      [
        'admission rate held (/s)',
        roomRate ? fmt(roomRate.perSecond, 1) : '-',
        roomRate
          ? `${(roomRate.perSecond / admitPerSecond).toFixed(2)}x the configured ${fmt(admitPerSecond, 1)}/s: the server's admitted places ` +
            `(queue_rooms, read every second) from t=${fmt(roomRate.fromMs / 1000, 1)} to ${fmt(roomRate.toMs / 1000, 1)} s, while >= ${fmt(minBacklog)} waited`
          : `the server's line never held ${fmt(minBacklog)} places`,
      ],
      [
        'admissions buyers were told (/s)',
        rate ? fmt(rate.perSecond, 1) : '-',
        `${fmt(admitted.length)} buyers told admitted from t=${fmt(firstAdmitted / 1000, 1)} to ${fmt(lastAdmitted / 1000, 1)} s` +
          (rate
            ? `; rate from t=${fmt(rate.fromMs / 1000, 1)} to ${fmt(rate.toMs / 1000, 1)} s (polling blurs it)`
            : ''),
      ],
      [
        'rate the server set (/min)',
        fmt(quantile(rates, 0.5)),
        `median of queue_rooms.rate_per_minute after the opening; min ${fmt(quantile(rates, 0))}, max ${fmt(quantile(rates, 1))}; configured ${fmt(admitPerMinute)}`,
      ],
      [
        'order latency p50 / p99 (ms)',
        `${fmt(orderLatency.p50)} / ${fmt(orderLatency.p99)}`,
        `${fmt(orderLatency.n)} orders placed while admitting, from the buyers' side; max ${fmt(orderLatency.max)} ms`,
      ],
      [
        'pre-queue: Spearman rho',
        fmt(pre.rho, 3),
        `${fmt(pre.n)} buyers, arrival order vs place in line (target |rho| < ${TARGET_PRE_RHO}); as told admitted: ${fmt(preSeen.rho, 3)}`,
      ],
      [
        'after the opening: Spearman rho',
        fmt(late.rho, 3),
        `${fmt(late.n)} buyers (target > ${TARGET_LATE_RHO}); as told admitted: ${fmt(lateSeen.rho, 3)}`,
      ],
      [
        'orders placed without admission',
        fmt(withoutAdmission),
        `must be 0: ${fmt(cheatPlaced)} cheaters' 201s; SQL: ${checks.ordersOfCheaters} cheaters' orders, ` +
          `${checks.ordersWithoutAdmittedPlace} orders without an admitted place that counted one`,
      ],
      [
        'cheating attempts not refused',
        fmt(cheatPassed.length),
        `must be 0 (403 queue_required) of ${fmt(result.cheatAttempts.length)}: ` +
          CHEAT_KINDS.map(
            (kind) => `${kind} ${result.cheatAttempts.filter((attempt) => attempt.kind === kind).length}`,
          ).join(', '),
      ],
      ...servers.map((_, i): [string, string, string] => [
        `server ${i + 1} RSS peak (MB)`,
        fmt(rssPeak[i] ?? Number.NaN),
        `${fmt(rssAtStart[i] ?? Number.NaN)} MB before the rush; ${fmt(requestsPerServer[i] ?? 0)} requests`,
      ]),
      [
        'CPU used in the rush (s)',
        `${serverCpu.map((cpu) => fmt(cpu, 1)).join(' + ')} / ${fmt(benchCpu, 1)}`,
        `the servers / the bench, over ${fmt(result.endedMs / 1000, 1)} s (2 cores shared with PostgreSQL and other work)`,
      ],
      [
        'join latency p50 / p99 (ms)',
        `${fmt(joinLatency.p50)} / ${fmt(joinLatency.p99)}`,
        `${fmt(joinLatency.n)} joins`,
      ],
      [
        'poll latency p50 / p99 (ms)',
        `${fmt(pollLatency.p50)} / ${fmt(pollLatency.p99)}`,
        `${fmt(pollLatency.n)} polls, ${fmt(pollsPerBuyer, 1)} a buyer`,
      ],
      [
        'load generator lag p50 / p99 (ms)',
        `${fmt(lag.p50)} / ${fmt(lag.p99)}`,
        'from a request being due to its sending: high when every connection was busy (see the CPU row for whose)',
      ],
    ]);
    console.log('');
    console.log(
      `Run: ${(result.endedMs / 1000).toFixed(1)} s from the start${result.timedOut ? ' (TIMED OUT)' : ''}; ` +
        `sale start at ${opensInSeconds} s, the server drew the pre-queue at ${openedAtMs === null ? '-' : fmt(openedAtMs / 1000, 1)} s; ` +
        `${fmt(result.requests.length)} requests; load average ${loadBefore} at the start, ${loadAfter} at the end.`,
    );
    console.log(
      `SQL: ${fmt(checks.ordersOfEvent)} orders for the event (${fmt(checks.ordersCounted)} counted by places), ` +
        `${fmt(checks.ticketsHeldOrSold)} tickets held or sold; ${fmt(checks.places)} places, ${fmt(checks.admittedPlaces)} admitted; ` +
        `places that counted an order unadmitted: ${checks.placesCountingWithoutAdmission}; positions that went up between two answers: ${fmt(positionRises)}.`,
    );
    for (const [what, entry] of result.unexpected)
      console.log(`Unexpected: ${what}: ${fmt(entry.count)} (e.g. ${entry.example.replace(/\s+/g, ' ')})`);

    const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
    console.log('');
    console.log(
      `Rate held >= ${TARGET_RATE_RATIO}x configured: ${roomRate ? verdict(roomRate.perSecond >= TARGET_RATE_RATIO * admitPerSecond) : 'not measured'}; ` +
        `pre-queue drawn at random (|rho| < ${TARGET_PRE_RHO}): ${verdict(Math.abs(pre.rho) < TARGET_PRE_RHO)}; ` +
        `later arrivals in order (rho > ${TARGET_LATE_RHO}): ${verdict(late.rho > TARGET_LATE_RHO)}; ` +
        `orders without admission: ${withoutAdmission === 0 && cheatPassed.length === 0 ? 'none' : 'SOME'}.`,
    );

    const file = join(RESULTS_DIR, `waiting-room-${STAMP}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          env: { ...env, DATABASE_URL: env.DATABASE_URL ? 'set' : 'unset' },
          admitPerMinute,
          opensInSeconds,
          openedAtMs,
          database: database.label,
          load: { before: loadBefore, after: loadAfter },
          rateHeld: roomRate,
          rateTold: rate,
          firstAdmittedMs: firstAdmitted,
          lastAdmittedMs: lastAdmitted,
          rateSet: { p50: quantile(rates, 0.5), min: quantile(rates, 0), max: quantile(rates, 1) },
          orderLatency,
          joinLatency,
          pollLatency,
          lag,
          spearman: { preQueue: pre, later: late, preQueueAsTold: preSeen, laterAsTold: lateSeen },
          cheats: {
            attempts: result.cheatAttempts.length,
            placed: cheatPlaced,
            notRefused: cheatPassed.length,
            byKind: Object.fromEntries(
              CHEAT_KINDS.map((kind) => [kind, result.cheatAttempts.filter((attempt) => attempt.kind === kind).length]),
            ),
          },
          sql: checks,
          rss: { atStart: rssAtStart, peak: rssPeak, series: rssSeries },
          cpuSeconds: { servers: serverCpu, bench: benchCpu },
          room: roomSamples,
          requestsPerServer,
          positionRises,
          unexpected: Object.fromEntries(result.unexpected),
          serverExits: exits,
          timedOut: result.timedOut,
        },
        null,
        2,
      ),
    );
    console.log(`Figures saved to ${file}`);

    let failed = false;
    const fail = (message: string) => {
      failed = true;
      console.error(`FAIL: ${message}`);
    };
    if (cheatPlaced > 0) fail(`${cheatPlaced} orders placed by cheaters without an admission.`);
    if (cheatPassed.length > 0)
      fail(
        `${cheatPassed.length} cheating attempts not refused with 403 queue_required (e.g. ${cheatPassed
          .slice(0, 3)
          .map((attempt) => `${attempt.kind}: ${attempt.status} ${attempt.code ?? ''}`)
          .join('; ')}).`,
      );
    if (checks.ordersOfCheaters > 0) fail(`${checks.ordersOfCheaters} orders of cheaters in the database.`);
    if (checks.ordersWithoutAdmittedPlace > 0)
      fail(`${checks.ordersWithoutAdmittedPlace} orders of the event without an admitted place that counted them.`);
    if (checks.placesCountingWithoutAdmission > 0)
      fail(`${checks.placesCountingWithoutAdmission} places counted orders without being admitted.`);
    if (refusedAdmitted.length > 0)
      fail(
        `${refusedAdmitted.length} admitted buyers' orders refused (e.g. ${refusedAdmitted
          .slice(0, 3)
          .map((order) => `${order.status} ${order.code ?? ''}`)
          .join('; ')}).`,
      );
    if (notAdmitted.length > 0)
      fail(`${notAdmitted.length} buyers never admitted${result.timedOut ? ' (the run timed out)' : ''}.`);
    if (serverErrors > 0) fail(`${serverErrors} answers 5xx.`);
    if (result.connectionErrors > 0) fail(`${result.connectionErrors} connection errors.`);
    if (serverExits.length > 0) fail(`a server exited during the run: ${serverExits.join('; ')}.`);
    for (const [i, exit] of exits.entries())
      if (exit.code !== 0) fail(`server ${i + 1} did not shut down cleanly (${exit.code ?? exit.signal}).`);
    return failed ? 1 : 0;
  } finally {
    for (const pool of pools) pool.close();
    await Promise.all(servers.map((server) => server.stop('SIGTERM')));
    await checkPool.end().catch(() => {});
    await handle.close().catch(() => {});
    redis?.kill('SIGTERM');
    if (database.drop)
      await database.drop().catch((error: unknown) => console.error('Could not drop the bench database:', error));
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

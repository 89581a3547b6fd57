/**
 * On-sale rush (issue 4): virtual buyers create orders through the real HTTP API (POST /api/orders)
 * against PostgreSQL, for one hot package of 20,000 tickets and for a seated event, beside a baseline
 * measured in the same run: a bare Fastify + pg server doing one conditional UPDATE per request.
 * Targets: at least 1,000 tickets held per second, and at least half the baseline's rate.
 * Issue 24 adds best available (the server picks 2-6 seats together) and baseline 2, a batched multi-row
 * INSERT of seat claims (server.ts). Its targets as decisions/046 takes them: best available at least 0.5x
 * the baseline's rate with 409s under 2 % of its answers, and a best-available sell-out of the 20,000-seat
 * stadium within 1.5x the hot package's sell-out time; its ratios to baseline 2 (by rate, and by
 * PostgreSQL's CPU per seat) and the sell-out's 409s are printed for information.
 *
 *   npm run bench:onsale -w @marquee/bench
 *
 * Env: BENCH_DURATION (seconds measured per phase, default 10), BENCH_ROUNDS (the phases take turns in
 * this many rounds, default 2), BENCH_RAMP (seconds of each slice before its measured window, default 3),
 * BENCH_WARMUP (seconds per phase before the first round, default 2),
 * BENCH_PHASES (the measured phases, default baseline,claims,hot,seated,best; e.g. `hot` alone to profile it),
 * BENCH_CLAIM_LANES (baseline 2's statements in flight, default BENCH_POOL),
 * BENCH_BUYERS (concurrent buyers = keep-alive connections, default 256), BENCH_POOL (database
 * connections of each server, default 10 as in production), BENCH_CAPACITY (tickets of the package
 * sold out at the end, default 20000), BENCH_SLICE_CAPACITY (tickets of each measured slice's hot package,
 * default 1000000, so no slice measures a sold-out tail), BENCH_SLICE_SEATS (seats of each measured slice's
 * stadium, a multiple of 10,000, default 100000: the largest stadium of our markets, the MCG; a 20,000-seat
 * one is sold out within a slice, which would measure its sold-out tail), BENCH_SELLOUT (1: finish
 * with a rush until one hot package of BENCH_CAPACITY tickets is sold out, then one until a 20,000-seat
 * stadium is, then one until another is by best available; 0: skip), BENCH_SELLOUT_TIMEOUT (seconds, default 120), DATABASE_URL (use this PostgreSQL database;
 * otherwise a throwaway database is created on BENCH_PG_ADMIN_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres, and dropped at the end).
 * Exits non-zero on an oversold ticket, a double-sold seat, an inconsistent counter, or any answer
 * other than 201/409 (or a connection error). It does not fail on the targets (noisy machine).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { z } from 'zod';
import { createDb, type DbHandle } from '@marquee/db/client';
import { createEvent, createTicketPackage, createVenue } from '@marquee/db/factories';
import {
  postgresCpu,
  postgresCpuSince,
  printableUrl,
  type PostgresCpu,
  waitForQuiet,
  withClient,
} from '../lib/postgres';
import { forkServer, stopServer } from '../lib/server-process';
import { median } from '../lib/stats';
import { OnsaleReadySchema, type OnsaleReady, type OnsaleTarget } from './protocol';
import { STADIUM_SEAT_MULTIPLE, stadiumLayout, type StadiumLayout } from './stadium';

const EnvSchema = z.object({
  BENCH_DURATION: z.coerce.number().positive().default(10),
  BENCH_ROUNDS: z.coerce.number().int().min(1).default(2),
  BENCH_RAMP: z.coerce.number().min(0).default(3),
  BENCH_WARMUP: z.coerce.number().min(0).default(2),
  BENCH_BUYERS: z.coerce.number().int().positive().default(256),
  BENCH_POOL: z.coerce.number().int().positive().default(10),
  BENCH_CAPACITY: z.coerce.number().int().positive().default(20_000),
  BENCH_SLICE_CAPACITY: z.coerce.number().int().positive().default(1_000_000),
  BENCH_SLICE_SEATS: z.coerce
    .number()
    .int()
    .positive()
    .multipleOf(
      STADIUM_SEAT_MULTIPLE,
      'BENCH_SLICE_SEATS must be a multiple of 10,000 (4 packages of 2,500-seat stands).',
    )
    .default(100_000),
  BENCH_SELLOUT: z.enum(['0', '1']).default('1'),
  /** The measured phases, comma-separated (profiling one phase: BENCH_PHASES=hot). */
  BENCH_PHASES: z
    .string()
    .default('baseline,claims,hot,seated,best')
    .transform((value) => value.split(',').map((name) => name.trim()))
    .pipe(z.array(z.enum(['baseline', 'claims', 'hot', 'seated', 'best'])).min(1)),
  /** Baseline 2's statements in flight at once (default: BENCH_POOL, one a connection). */
  BENCH_CLAIM_LANES: z.coerce.number().int().positive().optional(),
  BENCH_SELLOUT_TIMEOUT: z.coerce.number().positive().default(120),
  BENCH_PG_ADMIN_URL: z.string().min(1).default('postgres://postgres@127.0.0.1:5432/postgres'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((value) => value || undefined),
});
const env = EnvSchema.parse(process.env);
const TARGET_TICKETS_PER_SECOND = 1_000;
const TARGET_RATIO = 0.5;
/**
 * Issue 24, as decisions/046 ("The targets, decided") takes them: the best-available phase at least 0.5x the
 * baseline's rate (baseline 1, as issue 4's targets; its ratios to baseline 2 are printed for information) ...
 */
const TARGET_BEST_RATIO = 0.5;
/** ... 409s under 2 % of the best-available phase's answers ... */
const TARGET_BEST_409_SHARE = 0.02;
/** ... and the best-available sell-out of the 20,000-seat stadium within 1.5x the hot package's sell-out time. */
const TARGET_SELLOUT_TIME_RATIO = 1.5;
/** Tag in event names and e-mails, so this run's rows are told apart from anything else in the database. */
const RUN_TAG = Date.now().toString(36);

// ---------------------------------------------------------------------------------------------------
// Database: a throwaway one unless DATABASE_URL is given

interface BenchDatabase {
  url: string;
  label: string;
  drop: (() => Promise<void>) | null;
}

async function openDatabase(): Promise<BenchDatabase> {
  if (env.DATABASE_URL)
    return { url: env.DATABASE_URL, label: `${printableUrl(env.DATABASE_URL)} (DATABASE_URL)`, drop: null };
  const name = `marquee_bench_onsale_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${process.pid}`;
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

// ---------------------------------------------------------------------------------------------------
// Catalogue rows: the hot package and the seated event (a fresh one per slice, made between slices)

/** The seated sell-out's stadium: 20,000 seats, the size of the demo's largest venue. */
const SELLOUT_SEATS = 20_000;

interface Stadium extends Omit<StadiumLayout, 'map'> {
  venueId: number;
}

async function createStadium(db: DbHandle['db'], seats: number): Promise<Stadium> {
  const { map, ...layout } = stadiumLayout(seats);
  const venue = await createVenue(db, {
    name: `Bench on-sale ${RUN_TAG} stadium of ${seats.toLocaleString('en-US')} seats`,
    seatMap: map,
  });
  return { venueId: venue.id, ...layout };
}

interface Catalogue {
  db: DbHandle['db'];
  plainVenueId: number;
  /** The measured slices' stadium (BENCH_SLICE_SEATS), and the seated sell-out's (20,000 seats). */
  sliceStadium: Stadium;
  sellOutStadium: Stadium;
  /** Every event this run made (the invariants are checked over these). */
  eventIds: number[];
}

async function prepareCatalogue(db: DbHandle['db']): Promise<Catalogue> {
  const plain = await createVenue(db, { name: `Bench on-sale ${RUN_TAG} arena` });
  return {
    db,
    plainVenueId: plain.id,
    sliceStadium: await createStadium(db, env.BENCH_SLICE_SEATS),
    sellOutStadium: await createStadium(db, SELLOUT_SEATS),
    eventIds: [],
  };
}

async function newHotPackage(
  catalogue: Catalogue,
  label: string,
  capacity: number,
): Promise<{ eventId: number; packageId: number }> {
  const event = await createEvent(catalogue.db, {
    venueId: catalogue.plainVenueId,
    name: `Bench on-sale ${RUN_TAG} hot package, ${label}`,
  });
  catalogue.eventIds.push(event.id);
  const pkg = await createTicketPackage(catalogue.db, {
    eventId: event.id,
    name: 'General admission',
    capacity,
  });
  return { eventId: event.id, packageId: pkg.id };
}

async function newSeatedEvent(
  catalogue: Catalogue,
  stadium: Stadium,
  label: string,
): Promise<{ id: number; uid: string; packageIds: number[] }> {
  const event = await createEvent(catalogue.db, {
    venueId: stadium.venueId,
    name: `Bench on-sale ${RUN_TAG} seated event, ${label}`,
  });
  catalogue.eventIds.push(event.id);
  const packageIds: number[] = [];
  for (const [i, seatingRange] of stadium.packageSeats.entries()) {
    const pkg = await createTicketPackage(catalogue.db, {
      eventId: event.id,
      name: `Stands ${seatingRange[0]?.split('-')[0]} to ${seatingRange.at(-1)?.split('-')[0]}`,
      seatingRange,
      colorClass: i % 6,
    });
    packageIds.push(pkg.id);
  }
  return { id: event.id, uid: event.uid, packageIds };
}

// ---------------------------------------------------------------------------------------------------
// Buyers

let buyerSequence = 0;

function ticketCount(): number {
  return 1 + Math.floor(Math.random() * 4);
}

function buyer(): { first_name: string; last_name: string; email: string; phone: string } {
  buyerSequence += 1;
  return {
    first_name: 'Bench',
    last_name: 'Buyer',
    email: `buyer${buyerSequence}.${RUN_TAG}@onsale.example`,
    phone: '0771234567',
  };
}

/** A buyer of 1-4 tickets of the hot package. */
function hotOrder(eventId: number, packageId: number): () => string {
  return () =>
    JSON.stringify({
      event_id: eventId,
      buyer: buyer(),
      ticket_package_details: [{ package_id: packageId, ticket_count: ticketCount() }],
      terms_agreed: true,
    });
}

/** How often a buyer's seat map asks which seats are taken (the web app's SEAT_STATES_POLL_MS). */
const SEAT_MAP_POLL_MS = 5_000;
/** How often the bench takes a snapshot of the taken seats (a buyer's view is one of the last few). */
const SEAT_SNAPSHOT_MS = 1_000;

/**
 * What the buyers' seat maps show: the taken seats as `GET /api/events/{uid}/seats` (the endpoint the map
 * polls) answered, snapshotted every second. The maps of 256 buyers poll every 5 s, each at its own
 * moment, so a buyer's view is 0-4 s old: each pick uses one of the last five snapshots at random. Seats
 * other buyers took since (and those in flight) are not in it: picking them is a legitimate 409.
 */
class SeatMapViews {
  readonly #url: string;
  #snapshots: ReadonlySet<string>[] = [new Set()];
  #timer: NodeJS.Timeout | undefined;
  polls = 0;

  constructor(port: number, eventUid: string) {
    this.#url = `http://127.0.0.1:${port}/api/events/${eventUid}/seats`;
  }

  async start(): Promise<void> {
    await this.#poll();
    this.#timer = setInterval(() => void this.#poll(), SEAT_SNAPSHOT_MS);
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  /** The newest snapshot (0-1 s old): the map of a buyer whose app has just refetched it. */
  latest(): ReadonlySet<string> {
    return this.#snapshots[0] ?? new Set();
  }

  /** One buyer's view: a snapshot 0-4 s old. */
  view(): ReadonlySet<string> {
    const age = Math.floor(Math.random() * Math.min(this.#snapshots.length, SEAT_MAP_POLL_MS / SEAT_SNAPSHOT_MS));
    return this.#snapshots[age] ?? new Set();
  }

  async #poll(): Promise<void> {
    try {
      const response = await fetch(this.#url, { headers: { 'x-requested-with': 'XMLHttpRequest' } });
      if (!response.ok) return;
      const { taken } = z.object({ taken: z.array(z.string()) }).parse(await response.json());
      this.polls += 1;
      this.#snapshots = [new Set(taken), ...this.#snapshots].slice(0, SEAT_MAP_POLL_MS / SEAT_SNAPSHOT_MS);
    } catch {
      // A missed poll leaves the views a second older, as a browser's would be.
    }
  }
}

/**
 * A buyer of 1-4 seats side by side, chosen as a buyer does: among the seats their map shows free (a
 * view 0-4 s old, see SeatMapViews; the newest one after their last order was refused for taken seats,
 * as the web app refetches the map then), in a random row that still has enough of them together; failing
 * that, fewer seats; failing that (a full view), any seats, to be refused.
 */
function seatedOrder(eventId: number, rows: readonly string[][], views: SeatMapViews): (buyer: BuyerState) => string {
  const pick = (count: number, taken: ReadonlySet<string>): string[] | null => {
    for (let attempt = 0; attempt < 40; attempt++) {
      const row = rows[Math.floor(Math.random() * rows.length)] ?? [];
      const starts: number[] = [];
      let run = 0;
      for (const [i, seat] of row.entries()) {
        run = taken.has(seat) ? 0 : run + 1;
        if (run >= count) starts.push(i - count + 1);
      }
      const start = starts[Math.floor(Math.random() * starts.length)];
      if (start !== undefined) return row.slice(start, start + count);
    }
    return null;
  };
  return (state) => {
    const taken = state.sawSeatsTaken ? views.latest() : views.view();
    const wanted = ticketCount();
    let seats: string[] | null = null;
    for (let count = wanted; count >= 1 && seats === null; count--) seats = pick(count, taken);
    if (seats === null) {
      const row = rows[Math.floor(Math.random() * rows.length)] ?? [];
      seats = row.slice(0, wanted);
    }
    return JSON.stringify({ event_id: eventId, buyer: buyer(), seats, terms_agreed: true });
  };
}

/** The baseline's request: the same ticket counts, no order. */
function baselineHold(): string {
  return JSON.stringify({ ticket_count: ticketCount() });
}

/** Best available (issue 24): 2-6 seats together. */
const BEST_MIN_SEATS = 2;
const BEST_MAX_SEATS = 6;

function bestCount(): number {
  return BEST_MIN_SEATS + Math.floor(Math.random() * (BEST_MAX_SEATS - BEST_MIN_SEATS + 1));
}

/** Baseline 2's request: the next 2-6 seats, as many as a best-available order asks for. */
function baselineClaim(): string {
  return JSON.stringify({ n: bestCount() });
}

/**
 * A buyer of 2-6 seats together, the best available of one of the event's packages (chosen at random), with
 * no seat map: the server picks the seats. `largest` (the sell-out only) is what the buyers know of each
 * package: the most seats together it may still have (one fewer than a refused group); a buyer asks for no
 * more than that, and leaves out a package that has refused 2 (a shop showing "sold out" or "only smaller
 * groups left" once a package has refused a group).
 */
function bestOrder(eventId: number, packageIds: readonly number[], largest?: Map<number, number>): () => string {
  return () => {
    const open = largest
      ? packageIds.filter((id) => (largest.get(id) ?? BEST_MAX_SEATS) >= BEST_MIN_SEATS)
      : packageIds;
    const choices = open.length > 0 ? open : packageIds;
    const packageId = choices[Math.floor(Math.random() * choices.length)] ?? 0;
    const quantity = Math.min(bestCount(), largest?.get(packageId) ?? BEST_MAX_SEATS);
    return JSON.stringify({
      event_id: eventId,
      buyer: buyer(),
      best_available: { package_id: packageId, quantity: Math.max(BEST_MIN_SEATS, quantity) },
      terms_agreed: true,
    });
  };
}

// ---------------------------------------------------------------------------------------------------
// Load

interface Slice {
  /** Length of the measured window: the slice after its ramp. */
  seconds: number;
  /**
   * Steady-state rates: for each buyer, their answers after their first one in the window divided by
   * the time from that first answer to their last, summed over the buyers. Whole cycles only, so the
   * waves in which this app answers (see README) do not make the figure depend on where the window ends.
   */
  ordersPerSecond: number;
  ticketsPerSecond: number;
  /**
   * Answers in the window: 201s, the tickets in them, 409s (and of those: sold out, seats taken, no seats
   * together for a best-available order).
   */
  orders: number;
  tickets: number;
  conflicts: number;
  soldOut: number;
  seatsTaken: number;
  noSeatsTogether: number;
  /** Over the whole slice, ramp included: answers other than 201/409, and connection errors/timeouts. */
  failures: number;
  errors: number;
  /** Latency of the answers in the window (201s and 409s alike). */
  p50Ms: number;
  p99Ms: number;
  /** From the start of the burst (every buyer sending at once) to the first answer of any kind. */
  firstAnswerMs: number;
  /** Share of the buyers with at least two answers in the window (the steady-state rates need two). */
  coverage: number;
  failureSamples: string[];
  /**
   * When `shouldStop` said so, from the start (ms); answers to requests sent after it are not counted (the
   * load generator only closes its connections on its next one-second tick). NaN if it never did.
   */
  stoppedAtMs: number;
  /**
   * PostgreSQL's CPU (every `postgres` process of this machine, from /proc) over the measured window, per
   * ticket in its 201s, in µs: what the ceiling of a PostgreSQL that is the bottleneck is made of.
   */
  postgresMicrosPerTicket: number;
}

interface LoadSpec {
  port: number;
  path: string;
  /** The buyer's next order; `buyer` is the connection's own state (see BuyerState). */
  nextBody: (buyer: BuyerState) => string;
  /** Send an Idempotency-Key per order, as the web app does. */
  idempotencyKeys: boolean;
  /** The buyers' sessions (cookies and CSRF token), used in turn; empty for the baseline. */
  sessions: readonly BuyerSession[];
  /** Called when the slice is over (stops the seat-map polls). */
  cleanup?: () => void;
  /** Tickets in a 201's body (default: the sum of its `ticket_count`s). */
  countTickets?: (body: string) => number;
  /** Called with every answer and the request it answers (the best-available sell-out learns from it). */
  onAnswer?: (status: number, body: string, requestBody: string) => void;
}

/**
 * What the buyer of a connection knows from their last answer. The web app refetches the event and its seat map
 * when an order is refused for seats someone else took (checkout-page.tsx, onEventStale), so that buyer's
 * next pick is from the newest view, not from one 0-4 s old.
 */
interface BuyerState {
  sawSeatsTaken?: boolean;
}

/** A buyer's browser session: the cookies `GET /sanctum/csrf-cookie` set, and the token to echo. */
interface BuyerSession {
  cookie: string;
  /** The XSRF-TOKEN cookie's value, URL-decoded, for the X-XSRF-TOKEN header. */
  xsrfToken: string | null;
}

/**
 * One `GET /sanctum/csrf-cookie` per virtual buyer, before any load (as the web app does once per
 * visit). A 404 (an app without the route) gives no sessions: requests then carry no cookie.
 */
async function openSessions(port: number, count: number): Promise<BuyerSession[]> {
  const sessions: BuyerSession[] = [];
  const openOne = async (): Promise<BuyerSession | null> => {
    const response = await fetch(`http://127.0.0.1:${port}/sanctum/csrf-cookie`, {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    await response.arrayBuffer();
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`GET /sanctum/csrf-cookie answered ${response.status}`);
    const pairs = response.headers.getSetCookie().map((line) => line.split(';')[0]?.trim() ?? '');
    const xsrf = pairs.find((pair) => pair.startsWith('XSRF-TOKEN='));
    return {
      cookie: pairs.filter(Boolean).join('; '),
      xsrfToken: xsrf === undefined ? null : decodeURIComponent(xsrf.slice('XSRF-TOKEN='.length)),
    };
  };
  for (let i = 0; i < count; i += 16) {
    const batch = await Promise.all(Array.from({ length: Math.min(16, count - i) }, openOne));
    if (batch.includes(null)) return [];
    for (const session of batch) if (session) sessions.push(session);
  }
  return sessions;
}

interface Outcome {
  order: number;
  tickets: number;
  conflict: number;
  soldOut: number;
  seatsTaken: number;
  noSeatsTogether: number;
}

const NO_OUTCOME: Outcome = { order: 0, tickets: 0, conflict: 0, soldOut: 0, seatsTaken: 0, noSeatsTogether: 0 };

const TICKET_COUNT_PATTERN = /"ticket_count":(\d+)/g;

function ticketsIn(body: string): number {
  let tickets = 0;
  for (const match of body.matchAll(TICKET_COUNT_PATTERN)) tickets += Number(match[1]);
  return tickets;
}
let idempotencySequence = 0;
let sessionSequence = 0;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/**
 * Drives `spec` with BENCH_BUYERS keep-alive connections, each a buyer who sends their next order as soon
 * as the last one is answered: all of them at once at the start (the rush), for `rampSeconds` that are
 * not measured and then `seconds` that are (or until `shouldStop` says so, checked at every answer; the
 * answers to requests sent after that are not counted).
 */
function runLoad(
  spec: LoadSpec,
  options: { rampSeconds: number; seconds: number; shouldStop?: (total: { tickets: number }) => boolean },
): Promise<Slice> {
  const total = { tickets: 0, failures: 0 };
  const inWindow = { orders: 0, tickets: 0, conflicts: 0, soldOut: 0, seatsTaken: 0, noSeatsTogether: 0 };
  const countTickets = spec.countTickets ?? ticketsIn;
  const latencies: number[] = [];
  const buyers = new Map<object, { first: number; last: number; orders: number; tickets: number }>();
  const failureSamples: string[] = [];
  // onResponse (which sees the body) runs just before the 'response' event (which sees the connection
  // and the latency) for the same answer, in the same tick: it leaves the outcome here for it.
  let outcome: Outcome = { ...NO_OUTCOME };
  // The same way to the connection's next request: autocannon builds it (setupRequest) right after the
  // answer, in the same tick, and its per-connection `context` is reset between requests of a one-request
  // sequence, so it cannot carry this.
  let answerSawSeatsTaken = false;
  const start = performance.now();
  const windowStart = start + options.rampSeconds * 1000;
  let firstAnswer = Number.NaN;
  let stoppedAt = Number.NaN;
  let answerIgnored = false;
  // PostgreSQL's CPU from the window's start (read when the ramp ends) to the load's end.
  let postgresAtWindow: PostgresCpu | undefined = options.rampSeconds === 0 ? postgresCpu() : undefined;
  const windowTimer =
    options.rampSeconds === 0
      ? undefined
      : setTimeout(() => {
          postgresAtWindow = postgresCpu();
        }, options.rampSeconds * 1000);
  // Each request's context object (autocannon's, one per request here): when it was sent, and its body.
  const sent = new WeakMap<object, { at: number; body: string }>();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${spec.port}${spec.path}`,
        connections: env.BENCH_BUYERS,
        duration: options.rampSeconds + options.seconds,
        timeout: 30,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            setupRequest: (request, context) => {
              const headers: Record<string, string | string[] | undefined> = {
                ...request.headers,
                'x-requested-with': 'XMLHttpRequest',
              };
              if (spec.idempotencyKeys) {
                idempotencySequence += 1;
                headers['idempotency-key'] = `bench-${RUN_TAG}-${idempotencySequence}`;
              }
              const session = spec.sessions[sessionSequence++ % Math.max(1, spec.sessions.length)];
              if (session) {
                headers.cookie = session.cookie;
                if (session.xsrfToken !== null) headers['x-xsrf-token'] = session.xsrfToken;
              }
              const buyer: BuyerState = { sawSeatsTaken: answerSawSeatsTaken };
              answerSawSeatsTaken = false;
              const body = spec.nextBody(buyer);
              // The connection's context lives until this request's answer (a new one for the next request).
              sent.set(context, { at: performance.now(), body });
              return { ...request, headers, body };
            },
            onResponse: (status, body, context) => {
              answerSawSeatsTaken = status === 409 && body.includes('"taken_seats"');
              outcome = { ...NO_OUTCOME };
              // Sent after the stop (the load generator closes its connections on its next one-second tick).
              const request = sent.get(context);
              answerIgnored = request !== undefined && request.at - start > stoppedAt;
              if (answerIgnored && (status === 201 || status === 409)) return;
              if (status === 201) {
                outcome.order = 1;
                outcome.tickets = countTickets(body);
                total.tickets += outcome.tickets;
              } else if (status === 409) {
                outcome.conflict = 1;
                if (body.includes('"sold_out_packages"')) outcome.soldOut = 1;
                else if (body.includes('"taken_seats"')) outcome.seatsTaken = 1;
                else if (body.includes('"no_seats_together"')) outcome.noSeatsTogether = 1;
              } else {
                total.failures += 1;
                if (failureSamples.length < 5) failureSamples.push(`${status} ${body.slice(0, 300)}`);
              }
              if (spec.onAnswer && request) spec.onAnswer(status, body, request.body);
            },
          },
        ],
      },
      (error: unknown, result) => {
        clearTimeout(windowTimer);
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        const postgresSeconds = postgresAtWindow === undefined ? Number.NaN : postgresCpuSince(postgresAtWindow);
        let ordersPerSecond = 0;
        let ticketsPerSecond = 0;
        let covered = 0;
        for (const buyer of buyers.values()) {
          if (buyer.last <= buyer.first) continue;
          covered += 1;
          ordersPerSecond += buyer.orders / ((buyer.last - buyer.first) / 1000);
          ticketsPerSecond += buyer.tickets / ((buyer.last - buyer.first) / 1000);
        }
        latencies.sort((a, b) => a - b);
        resolve({
          seconds: Number.isNaN(stoppedAt)
            ? Math.max(0, result.duration - options.rampSeconds)
            : Math.max(0, stoppedAt / 1000 - options.rampSeconds),
          ordersPerSecond,
          ticketsPerSecond,
          ...inWindow,
          failures: total.failures,
          errors: result.errors,
          p50Ms: percentile(latencies, 50),
          p99Ms: percentile(latencies, 99),
          firstAnswerMs: firstAnswer,
          coverage: covered / env.BENCH_BUYERS,
          failureSamples,
          stoppedAtMs: stoppedAt,
          postgresMicrosPerTicket: inWindow.tickets > 0 ? (postgresSeconds * 1e6) / inWindow.tickets : Number.NaN,
        });
      },
    );
    const { shouldStop } = options;
    instance.on('response', (client, _status, _bytes, responseTime) => {
      const now = performance.now();
      if (Number.isNaN(firstAnswer)) firstAnswer = now - start;
      if (answerIgnored) return;
      if (shouldStop && Number.isNaN(stoppedAt) && shouldStop(total)) {
        stoppedAt = now - start;
        instance.stop();
      }
      if (now < windowStart) return;
      inWindow.orders += outcome.order;
      inWindow.tickets += outcome.tickets;
      inWindow.conflicts += outcome.conflict;
      inWindow.soldOut += outcome.soldOut;
      inWindow.seatsTaken += outcome.seatsTaken;
      inWindow.noSeatsTogether += outcome.noSeatsTogether;
      latencies.push(responseTime);
      const buyer = buyers.get(client);
      if (buyer === undefined) {
        buyers.set(client, { first: now, last: now, orders: 0, tickets: 0 });
      } else {
        buyer.last = now;
        buyer.orders += outcome.order;
        buyer.tickets += outcome.tickets;
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// Servers (each in its own process, like bench/catalog)

function startServer(target: OnsaleTarget, databaseUrl: string): Promise<{ child: ChildProcess; ready: OnsaleReady }> {
  return forkServer(join(import.meta.dirname, 'server.ts'), {
    name: target,
    env: {
      ...process.env,
      BENCH_TARGET: target,
      DATABASE_URL: databaseUrl,
      BENCH_POOL: String(env.BENCH_POOL),
      ...(env.BENCH_CLAIM_LANES === undefined ? {} : { BENCH_CLAIM_LANES: String(env.BENCH_CLAIM_LANES) }),
    },
    timeoutMs: 120_000,
    ready: OnsaleReadySchema,
  });
}

// ---------------------------------------------------------------------------------------------------
// Phases, interleaved

type PhaseName = 'baseline' | 'claims' | 'hot' | 'seated' | 'best';

interface Phase {
  name: PhaseName;
  label: string;
  /** Makes the rows a slice needs (outside the measured time) and says how to load it. */
  prepare: (label: string) => Promise<LoadSpec>;
}

interface PhaseResult {
  name: PhaseName;
  label: string;
  /** Means over the rounds of the slices' steady-state rates. */
  ordersPerSecond: number;
  ticketsPerSecond: number;
  /** Medians over the rounds. */
  p50Ms: number;
  p99Ms: number;
  firstAnswerMs: number;
  /** The lowest share of buyers with two answers in a window (below 0.9 the slices are too short). */
  coverage: number;
  conflicts: number;
  soldOut: number;
  seatsTaken: number;
  noSeatsTogether: number;
  failures: number;
  errors: number;
  /** Median over rounds of (orders/s / baseline holds/s in the same round); null for the baseline. */
  ratio: number | null;
  /**
   * Median over rounds of (tickets/s / baseline 2's seats claimed/s in the same round); null for baseline 2,
   * NaN without it.
   */
  ratioClaims: number | null;
  /** Median over rounds of PostgreSQL's CPU per ticket (µs; see Slice). */
  postgresMicrosPerTicket: number;
  /**
   * Median over rounds of (baseline 2's PostgreSQL CPU per seat / this phase's per ticket): this phase's
   * seats/s over baseline 2's where PostgreSQL is the bottleneck; null for baseline 2.
   */
  ratioClaimsAtPostgres: number | null;
  rounds: Slice[];
}

function summarise(phase: Phase, slices: Slice[], baseline: Slice[], claims: Slice[]): PhaseResult {
  const sum = (pick: (slice: Slice) => number) => slices.reduce((total, slice) => total + pick(slice), 0);
  return {
    name: phase.name,
    label: phase.label,
    ordersPerSecond: sum((slice) => slice.ordersPerSecond) / Math.max(1, slices.length),
    ticketsPerSecond: sum((slice) => slice.ticketsPerSecond) / Math.max(1, slices.length),
    p50Ms: median(slices.map((slice) => slice.p50Ms)),
    p99Ms: median(slices.map((slice) => slice.p99Ms)),
    firstAnswerMs: median(slices.map((slice) => slice.firstAnswerMs)),
    coverage: Math.min(...slices.map((slice) => slice.coverage)),
    conflicts: sum((slice) => slice.conflicts),
    soldOut: sum((slice) => slice.soldOut),
    seatsTaken: sum((slice) => slice.seatsTaken),
    noSeatsTogether: sum((slice) => slice.noSeatsTogether),
    failures: sum((slice) => slice.failures),
    errors: sum((slice) => slice.errors),
    ratio:
      phase.name === 'baseline'
        ? null
        : median(slices.map((slice, i) => slice.ordersPerSecond / (baseline[i]?.ordersPerSecond ?? Number.NaN))),
    ratioClaims:
      phase.name === 'claims'
        ? null
        : median(slices.map((slice, i) => slice.ticketsPerSecond / (claims[i]?.ticketsPerSecond ?? Number.NaN))),
    postgresMicrosPerTicket: median(slices.map((slice) => slice.postgresMicrosPerTicket)),
    ratioClaimsAtPostgres:
      phase.name === 'claims'
        ? null
        : median(
            slices.map(
              (slice, i) => (claims[i]?.postgresMicrosPerTicket ?? Number.NaN) / slice.postgresMicrosPerTicket,
            ),
          ),
    rounds: slices,
  };
}

/**
 * The phases take turns, round after round, so the baseline and the app see the same machine load:
 * this box is shared and noisy, and interleaving keeps the ratios honest.
 */
async function measureInterleaved(phases: Phase[], quietPool: pg.Pool): Promise<PhaseResult[]> {
  const sliceSeconds = env.BENCH_DURATION / env.BENCH_ROUNDS;
  // Warm-up figures are dropped, but not its errors.
  const warmUpErrors = new Map<PhaseName, { failures: number; errors: number }>();
  if (env.BENCH_WARMUP > 0) {
    for (const phase of phases) {
      const spec = await phase.prepare('warm-up');
      await waitForQuiet(quietPool);
      const slice = await runLoad(spec, { rampSeconds: 0, seconds: env.BENCH_WARMUP }).finally(() => spec.cleanup?.());
      warmUpErrors.set(phase.name, { failures: slice.failures, errors: slice.errors });
    }
  }
  const slices = new Map<PhaseName, Slice[]>(phases.map((phase) => [phase.name, []]));
  for (let round = 1; round <= env.BENCH_ROUNDS; round++) {
    for (const phase of phases) {
      const spec = await phase.prepare(`round ${round}`);
      await waitForQuiet(quietPool);
      const slice = await runLoad(spec, { rampSeconds: env.BENCH_RAMP, seconds: sliceSeconds }).finally(() =>
        spec.cleanup?.(),
      );
      slices.get(phase.name)?.push(slice);
      const rate = (value: number) => Math.round(value).toLocaleString('en-US').padStart(6);
      console.log(
        `  round ${round}/${env.BENCH_ROUNDS}  ${phase.label.padEnd(34)} ${rate(slice.ordersPerSecond)} orders/s ` +
          `${rate(slice.ticketsPerSecond)} tickets/s  p99 ${slice.p99Ms.toFixed(0)} ms  first answer ${slice.firstAnswerMs.toFixed(0)} ms`,
      );
    }
  }
  const baseline = slices.get('baseline') ?? [];
  const claims = slices.get('claims') ?? [];
  return phases.map((phase) => {
    const result = summarise(phase, slices.get(phase.name) ?? [], baseline, claims);
    const warmUp = warmUpErrors.get(phase.name);
    return {
      ...result,
      failures: result.failures + (warmUp?.failures ?? 0),
      errors: result.errors + (warmUp?.errors ?? 0),
    };
  });
}

/** The end of a sell-out's label, left out where the sentence says it. */
const UNTIL_SOLD_OUT = /, until sold out( \(info\))?$/;

interface SellOut {
  label: string;
  capacity: number;
  seconds: number;
  orders: number;
  tickets: number;
  heldCount: number;
  /** 409s: sold out (hot package), or seats someone else took (stadium). */
  refusals: number;
  isSoldOut: boolean;
  ticketsPerSecond: number;
  ordersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  firstAnswerMs: number;
  failures: number;
  errors: number;
  ratio: number;
  /** PostgreSQL's CPU per ticket over the whole sell-out (µs). */
  postgresMicrosPerTicket: number;
  failureSamples: string[];
  /** The best-available sell-out only (issue 24). */
  best?: BestSellOut;
}

/** What the best-available sell-out left, and how its answers went. */
interface BestSellOut {
  /** 409s as a share of the answers (201s + 409s; target < 2 %). */
  refusalShare: number;
  /** 409s answered after the last 201 (the buyers in flight when the last group went). */
  refusalsAfterLast201: number;
  noSeatsTogether: number;
  /** Why it stopped: every seat held, or every package refusing 2 seats together. */
  end: 'all seats held' | 'no 2 seats together left' | 'timeout';
  /** Free seats after the sale, and of them the orphans: both neighbours in the row taken, or the row's end. */
  unsold: number;
  orphans: number;
  /** Free runs of 2 or more seats side by side left (0 if the buyers stopped for the right reason). */
  groupsLeft: number;
  /** Held seats of the event, seats in its pending orders' lines, and seats in two lines at once. */
  heldClaims: number;
  seatsInPendingLines: number;
  seatsInTwoLines: number;
  /** Its time over the hot package's sell-out time in the same run (target <= 1.5). */
  timeRatio: number;
}

/**
 * After the best-available sell-out: the seats left free, the orphans among them (a free seat between two
 * taken ones, or between a taken one and the row's end), runs of 2+ left, and whether the held seats are
 * exactly the seats of the pending orders' lines.
 */
async function bestLeftOver(
  pool: pg.Pool,
  stadium: Stadium,
  eventId: number,
): Promise<Omit<BestSellOut, 'refusalShare' | 'refusalsAfterLast201' | 'noSeatsTogether' | 'end' | 'timeRatio'>> {
  const claims = await pool.query(
    `SELECT seat_id FROM seat_claims WHERE event_id = $1 AND (state = 'sold' OR expires_at > now())`,
    [eventId],
  );
  const taken = new Set(
    z
      .array(z.object({ seat_id: z.string() }))
      .parse(claims.rows)
      .map((row) => row.seat_id),
  );
  let unsold = 0;
  let orphans = 0;
  let groupsLeft = 0;
  // Each row of a stand is one block: its seats are side by side, of one package, with no aisle.
  for (const row of stadium.rows) {
    let run = 0;
    for (const [i, seat] of row.entries()) {
      if (taken.has(seat)) {
        if (run >= 2) groupsLeft += 1;
        run = 0;
        continue;
      }
      unsold += 1;
      run += 1;
      const left = row[i - 1];
      const right = row[i + 1];
      if ((left === undefined || taken.has(left)) && (right === undefined || taken.has(right))) orphans += 1;
    }
    if (run >= 2) groupsLeft += 1;
  }
  const lines = await pool.query(
    `WITH pending AS (
       SELECT s.seat FROM order_lines l JOIN orders o ON o.id = l.order_id CROSS JOIN LATERAL unnest(l.seats) AS s(seat)
       WHERE o.event_id = $1 AND o.status = 'pending'
     )
     SELECT
       (SELECT count(*) FROM seat_claims WHERE event_id = $1 AND state = 'held')::int AS held,
       (SELECT count(*) FROM pending)::int AS in_lines,
       (SELECT count(*) - count(DISTINCT seat) FROM pending)::int AS twice`,
    [eventId],
  );
  const counts = z.object({ held: z.number(), in_lines: z.number(), twice: z.number() }).parse(lines.rows[0]);
  return {
    unsold,
    orphans,
    groupsLeft,
    heldClaims: counts.held,
    seatsInPendingLines: counts.in_lines,
    seatsInTwoLines: counts.twice,
  };
}

/**
 * A whole rush, until everything is held: one more hot package of BENCH_CAPACITY tickets, or a fresh event
 * at the 20,000-seat stadium (its buyers picking from their maps as in the seated phase). Its rate
 * includes the end, when the last seats are hard to find; it is shown for information.
 */
async function sellOut(
  kind: 'hot' | 'seated' | 'best',
  catalogue: Catalogue,
  port: number,
  sessions: readonly BuyerSession[],
  quietPool: pg.Pool,
  baselineRate: number,
): Promise<SellOut> {
  let spec: LoadSpec;
  let label: string;
  let capacity: number;
  let countHeld: () => Promise<number>;
  let shouldStop = (total: { tickets: number }) => total.tickets >= capacity;
  let afterwards: ((slice: Slice) => Promise<BestSellOut>) | undefined;
  if (kind === 'best') {
    const stadium = catalogue.sellOutStadium;
    const event = await newSeatedEvent(catalogue, stadium, 'best-available sell-out');
    label = `${stadium.seats.toLocaleString('en-US')}-seat stadium, best available, until sold out`;
    capacity = stadium.seats;
    // The most seats together each package may still have: one fewer than the last group it refused.
    const largest = new Map<number, number>();
    const packageOf = (requestBody: string) =>
      z
        .object({ best_available: z.object({ package_id: z.number(), quantity: z.number() }) })
        .parse(JSON.parse(requestBody)).best_available;
    let refusalsAfterLast201 = 0;
    spec = {
      port,
      path: '/api/orders',
      nextBody: bestOrder(event.id, event.packageIds, largest),
      idempotencyKeys: true,
      sessions,
      onAnswer: (status, body, requestBody) => {
        if (status === 201) refusalsAfterLast201 = 0;
        if (status !== 409) return;
        refusalsAfterLast201 += 1;
        if (!body.includes('"no_seats_together"')) return;
        const { package_id, quantity } = packageOf(requestBody);
        largest.set(package_id, Math.min(largest.get(package_id) ?? BEST_MAX_SEATS, quantity - 1));
      },
    };
    shouldStop = (total) =>
      total.tickets >= capacity || event.packageIds.every((id) => (largest.get(id) ?? BEST_MAX_SEATS) < BEST_MIN_SEATS);
    countHeld = async () => {
      const result = await quietPool.query(
        `SELECT count(*)::int AS taken FROM seat_claims
         WHERE event_id = $1 AND (state = 'sold' OR expires_at > now())`,
        [event.id],
      );
      return z.object({ taken: z.number() }).parse(result.rows[0]).taken;
    };
    afterwards = async (slice) => {
      const answers = slice.orders + slice.conflicts;
      return {
        refusalShare: slice.conflicts / Math.max(1, answers),
        refusalsAfterLast201,
        noSeatsTogether: slice.noSeatsTogether,
        end: Number.isNaN(slice.stoppedAtMs)
          ? 'timeout'
          : slice.tickets >= capacity
            ? 'all seats held'
            : 'no 2 seats together left',
        ...(await bestLeftOver(quietPool, stadium, event.id)),
        timeRatio: Number.NaN,
      };
    };
  } else if (kind === 'hot') {
    const { eventId, packageId } = await newHotPackage(catalogue, 'sell-out', env.BENCH_CAPACITY);
    label = 'hot package, until sold out (info)';
    capacity = env.BENCH_CAPACITY;
    spec = { port, path: '/api/orders', nextBody: hotOrder(eventId, packageId), idempotencyKeys: true, sessions };
    countHeld = async () => {
      const result = await quietPool.query(
        `SELECT sold_count + (SELECT coalesce(sum(quantity), 0)::int FROM holds
           WHERE package_id = ticket_packages.id AND status = 'active') AS taken
         FROM ticket_packages WHERE id = $1`,
        [packageId],
      );
      return z.object({ taken: z.number() }).parse(result.rows[0]).taken;
    };
  } else {
    const stadium = catalogue.sellOutStadium;
    const event = await newSeatedEvent(catalogue, stadium, 'sell-out');
    const views = new SeatMapViews(port, event.uid);
    await views.start();
    label = `${stadium.seats.toLocaleString('en-US')}-seat stadium, until sold out (info)`;
    capacity = stadium.seats;
    spec = {
      port,
      path: '/api/orders',
      nextBody: seatedOrder(event.id, stadium.rows, views),
      idempotencyKeys: true,
      sessions,
      cleanup: () => views.stop(),
    };
    countHeld = async () => {
      const result = await quietPool.query(
        `SELECT count(*)::int AS taken FROM seat_claims
         WHERE event_id = $1 AND (state = 'sold' OR expires_at > now())`,
        [event.id],
      );
      return z.object({ taken: z.number() }).parse(result.rows[0]).taken;
    };
  }
  console.log(`  rush until sold out: ${label.replace(UNTIL_SOLD_OUT, '')} …`);
  await waitForQuiet(quietPool);
  const slice = await runLoad(spec, {
    rampSeconds: 0,
    seconds: env.BENCH_SELLOUT_TIMEOUT,
    shouldStop,
  }).finally(() => spec.cleanup?.());
  await waitForQuiet(quietPool);
  const heldCount = await countHeld();
  const best = await afterwards?.(slice);
  return {
    label,
    capacity,
    seconds: slice.seconds,
    orders: slice.orders,
    tickets: slice.tickets,
    heldCount,
    refusals: slice.conflicts,
    isSoldOut: heldCount >= capacity,
    ticketsPerSecond: slice.tickets / slice.seconds,
    ordersPerSecond: slice.orders / slice.seconds,
    p50Ms: slice.p50Ms,
    p99Ms: slice.p99Ms,
    firstAnswerMs: slice.firstAnswerMs,
    failures: slice.failures,
    errors: slice.errors,
    ratio: slice.orders / slice.seconds / baselineRate,
    postgresMicrosPerTicket: slice.postgresMicrosPerTicket,
    failureSamples: slice.failureSamples,
    ...(best ? { best } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------
// The invariants, checked in SQL over this run's events

interface Invariants {
  packages: number;
  /** Tickets beyond capacity: sold + the largest of held_count, active holds and pending order lines. */
  oversoldTickets: number;
  /** Seats in the lines of more than one live order of the same event. */
  doubleSoldSeats: number;
  /**
   * Packages whose counters disagree with their holds: held_count must be the direct holds plus the
   * buckets' allotments, the buckets' held_count their holds, and the active holds the pending lines.
   */
  inconsistentPackages: number;
  /** Seats of pending orders without their claim, or held claims without a pending order of theirs. */
  claimMismatches: number;
}

async function checkInvariants(pool: pg.Pool, eventIds: number[]): Promise<Invariants> {
  const packages = await pool.query(
    `WITH p AS (
       SELECT tp.id, tp.capacity, tp.sold_count, tp.held_count,
         coalesce((SELECT sum(h.quantity) FROM holds h WHERE h.package_id = tp.id AND h.status = 'active'), 0)::int AS active_holds,
         coalesce((SELECT sum(h.quantity) FROM holds h WHERE h.package_id = tp.id AND h.status = 'active' AND h.bucket = 0), 0)::int AS direct_holds,
         coalesce((SELECT sum(h.quantity) FROM holds h WHERE h.package_id = tp.id AND h.status = 'active' AND h.bucket > 0), 0)::int AS bucket_holds,
         coalesce((SELECT sum(b.allotted) FROM ticket_package_buckets b WHERE b.package_id = tp.id), 0)::int AS allotted,
         coalesce((SELECT sum(b.held_count) FROM ticket_package_buckets b WHERE b.package_id = tp.id), 0)::int AS bucket_held,
         coalesce((SELECT sum(l.quantity) FROM order_lines l JOIN orders o ON o.id = l.order_id
                   WHERE l.package_id = tp.id AND o.status = 'pending'), 0)::int AS pending_lines
       FROM ticket_packages tp WHERE tp.event_id = ANY($1::int[])
     )
     SELECT count(*)::int AS packages,
       coalesce(sum(greatest(0, sold_count + greatest(held_count, active_holds, pending_lines) - capacity)), 0)::int AS oversold,
       (count(*) FILTER (WHERE held_count <> direct_holds + allotted OR bucket_held <> bucket_holds
                          OR active_holds <> pending_lines))::int AS inconsistent
     FROM p`,
    [eventIds],
  );
  const seats = await pool.query(
    `WITH sold AS (
       SELECT o.id AS order_id, o.event_id, o.status, s.seat
       FROM order_lines l JOIN orders o ON o.id = l.order_id CROSS JOIN LATERAL unnest(l.seats) AS s(seat)
       WHERE o.event_id = ANY($1::int[]) AND o.status IN ('pending', 'complete', 'verified')
     )
     SELECT
       (SELECT count(*) FROM (SELECT 1 FROM sold GROUP BY event_id, seat HAVING count(*) > 1) d)::int AS double_sold,
       ((SELECT count(*) FROM sold WHERE status = 'pending' AND NOT EXISTS (
           SELECT 1 FROM seat_claims c WHERE c.event_id = sold.event_id AND c.seat_id = sold.seat AND c.order_id = sold.order_id))
        + (SELECT count(*) FROM seat_claims c WHERE c.event_id = ANY($1::int[]) AND c.state = 'held' AND NOT EXISTS (
           SELECT 1 FROM orders o WHERE o.id = c.order_id AND o.status = 'pending')))::int AS claim_mismatches`,
    [eventIds],
  );
  const p = z.object({ packages: z.number(), oversold: z.number(), inconsistent: z.number() }).parse(packages.rows[0]);
  const s = z.object({ double_sold: z.number(), claim_mismatches: z.number() }).parse(seats.rows[0]);
  return {
    packages: p.packages,
    oversoldTickets: p.oversold,
    doubleSoldSeats: s.double_sold,
    inconsistentPackages: p.inconsistent,
    claimMismatches: s.claim_mismatches,
  };
}

// ---------------------------------------------------------------------------------------------------
// Output

function printTable(rows: PhaseResult[], sellOuts: readonly SellOut[]): void {
  const fmt = (value: number) => Math.round(value).toLocaleString('en-US');
  const times = (ratio: number | null) => (ratio === null ? '1.00' : Number.isNaN(ratio) ? '-' : ratio.toFixed(2));
  const header = [
    'phase',
    'orders/s',
    'tickets/s',
    'p50 ms',
    'p99 ms',
    '409s',
    'errors',
    'x baseline',
    'x baseline 2',
    'PG µs/ticket',
    'x b2 at PG',
  ];
  const lines = rows.map((row) => [
    row.label,
    fmt(row.ordersPerSecond),
    fmt(row.ticketsPerSecond),
    row.p50Ms.toFixed(0),
    row.p99Ms.toFixed(0),
    fmt(row.conflicts),
    String(row.failures + row.errors),
    times(row.ratio),
    times(row.ratioClaims),
    Number.isNaN(row.postgresMicrosPerTicket) ? '-' : row.postgresMicrosPerTicket.toFixed(1),
    times(row.ratioClaimsAtPostgres),
  ]);
  for (const sold of sellOuts)
    lines.push([
      sold.label,
      fmt(sold.ordersPerSecond),
      fmt(sold.ticketsPerSecond),
      sold.p50Ms.toFixed(0),
      sold.p99Ms.toFixed(0),
      fmt(sold.refusals),
      String(sold.failures + sold.errors),
      times(sold.ratio),
      '-',
      Number.isNaN(sold.postgresMicrosPerTicket) ? '-' : sold.postgresMicrosPerTicket.toFixed(1),
      '-',
    ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => (line[i] ?? '').length)));
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

// ---------------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const database = await openDatabase();
  console.log(
    `On-sale benchmark: ${env.BENCH_BUYERS} buyers, ${env.BENCH_DURATION} s per phase in ${env.BENCH_ROUNDS} interleaved rounds ` +
      `(after a ${env.BENCH_WARMUP} s warm-up each), pool ${env.BENCH_POOL} per server.`,
  );
  console.log(`Database: PostgreSQL ${database.label}.`);
  const handle = createDb({ kind: 'postgres', url: database.url, poolSize: 2 });
  const checkPool = new pg.Pool({ connectionString: database.url, max: 2 });
  checkPool.on('error', () => {});
  const servers: ChildProcess[] = [];
  try {
    await handle.migrate();
    const catalogue = await prepareCatalogue(handle.db);
    const [baseline, app] = await Promise.all([
      startServer('baseline', database.url),
      startServer('app', database.url),
    ]);
    servers.push(baseline.child, app.child);
    const sessions = await openSessions(app.ready.port, env.BENCH_BUYERS);
    console.log(
      sessions.length > 0
        ? `  ${sessions.length} buyer sessions from GET /sanctum/csrf-cookie (cookies and X-XSRF-TOKEN on every order).`
        : '  GET /sanctum/csrf-cookie: 404 (no CSRF protection in this app yet): orders carry no cookie.',
    );

    const allPhases: Phase[] = [
      {
        name: 'baseline',
        label: 'baseline: Fastify + pg, 1 UPDATE',
        prepare: async () => ({
          port: baseline.ready.port,
          path: '/hold',
          nextBody: baselineHold,
          idempotencyKeys: false,
          sessions: [],
        }),
      },
      {
        name: 'claims',
        label: 'baseline 2: seat claims, INSERT',
        prepare: async () => ({
          port: baseline.ready.port,
          path: '/claim',
          nextBody: baselineClaim,
          idempotencyKeys: false,
          sessions: [],
          countTickets: (body) => Number(/"inserted":(\d+)/.exec(body)?.[1] ?? 0),
        }),
      },
      {
        name: 'hot',
        label: 'hot package (one package, rate)',
        prepare: async (label) => {
          // Big enough that no measured slice sells it out: a sold-out tail of quick 409s is not a rate.
          const { eventId, packageId } = await newHotPackage(catalogue, label, env.BENCH_SLICE_CAPACITY);
          return {
            port: app.ready.port,
            path: '/api/orders',
            nextBody: hotOrder(eventId, packageId),
            idempotencyKeys: true,
            sessions,
          };
        },
      },
      {
        name: 'seated',
        label: `seated event (${catalogue.sliceStadium.seats.toLocaleString('en-US')} seats)`,
        prepare: async (label) => {
          const event = await newSeatedEvent(catalogue, catalogue.sliceStadium, label);
          const views = new SeatMapViews(app.ready.port, event.uid);
          await views.start();
          return {
            port: app.ready.port,
            path: '/api/orders',
            nextBody: seatedOrder(event.id, catalogue.sliceStadium.rows, views),
            idempotencyKeys: true,
            sessions,
            cleanup: () => views.stop(),
          };
        },
      },
      {
        name: 'best',
        label: `best available (${catalogue.sliceStadium.seats.toLocaleString('en-US')} seats)`,
        prepare: async (label) => {
          const event = await newSeatedEvent(catalogue, catalogue.sliceStadium, `best available, ${label}`);
          return {
            port: app.ready.port,
            path: '/api/orders',
            nextBody: bestOrder(event.id, event.packageIds),
            idempotencyKeys: true,
            sessions,
          };
        },
      },
    ];
    const phases = allPhases.filter((phase) => env.BENCH_PHASES.includes(phase.name));
    const rows = await measureInterleaved(phases, checkPool);
    const baselineRate = rows.find((row) => row.name === 'baseline')?.ordersPerSecond ?? Number.NaN;
    const sellOuts: SellOut[] = [];
    if (env.BENCH_SELLOUT === '1') {
      for (const kind of ['hot', 'seated', 'best'] as const)
        sellOuts.push(await sellOut(kind, catalogue, app.ready.port, sessions, checkPool, baselineRate));
      const hotSeconds = sellOuts[0]?.seconds ?? Number.NaN;
      for (const sold of sellOuts) if (sold.best) sold.best.timeRatio = sold.seconds / hotSeconds;
    }
    await waitForQuiet(checkPool);
    await Promise.all(servers.map((child) => stopServer(child)));
    const invariants = await checkInvariants(checkPool, catalogue.eventIds);

    console.log('');
    printTable(rows, sellOuts);
    console.log('');
    console.log(
      '409s are normal answers (sold out, seats another buyer took first, or no seats together left); errors are any other answer.',
    );
    console.log(
      `First answer after the burst (all ${env.BENCH_BUYERS} buyers sending at once, median over rounds): ` +
        rows.map((row) => `${row.name} ${row.firstAnswerMs.toFixed(0)} ms`).join(', ') +
        sellOuts.map((sold) => `, ${sold.label.replace(' (info)', '')} ${sold.firstAnswerMs.toFixed(0)} ms`).join('') +
        '.',
    );
    for (const row of rows.filter((r) => r.coverage < 0.9))
      console.log(
        `Note: ${row.label}: only ${(row.coverage * 100).toFixed(0)}% of the buyers had two answers in a window; ` +
          'its rates are low estimates (raise BENCH_DURATION or lower BENCH_ROUNDS).',
      );
    const seated = rows.find((row) => row.name === 'seated');
    if (seated) {
      const answered = seated.rounds.reduce((sum, slice) => sum + slice.orders + slice.conflicts, 0);
      console.log(
        `Seated event: ${seated.seatsTaken.toLocaleString('en-US')} of the 409s named taken seats ` +
          `(${((100 * seated.conflicts) / Math.max(1, answered)).toFixed(0)}% of the answers in the windows; ` +
          'buyers pick from a view of the map 0-4 s old).',
      );
    }
    const best = rows.find((row) => row.name === 'best');
    if (best) {
      const answered = best.rounds.reduce((sum, slice) => sum + slice.orders + slice.conflicts, 0);
      console.log(
        `Best available: ${best.noSeatsTogether.toLocaleString('en-US')} of the 409s were no_seats_together ` +
          `(409s ${((100 * best.conflicts) / Math.max(1, answered)).toFixed(1)}% of the answers in the windows).`,
      );
    }
    for (const sold of sellOuts) {
      const what = sold.label.replace(UNTIL_SOLD_OUT, '');
      const { best } = sold;
      if (best) {
        console.log(
          `Sell-out, ${what}: ${sold.tickets.toLocaleString('en-US')} seats in ${sold.orders.toLocaleString('en-US')} orders in ${sold.seconds.toFixed(1)} s ` +
            `(ended: ${best.end}); held or sold ${sold.heldCount.toLocaleString('en-US')} of ${sold.capacity.toLocaleString('en-US')}, ` +
            `${best.unsold.toLocaleString('en-US')} left unsold, of them ${best.orphans.toLocaleString('en-US')} single orphan seats; ` +
            `${best.groupsLeft} runs of 2+ free seats left; ${sold.refusals.toLocaleString('en-US')} 409s ` +
            `(${best.noSeatsTogether.toLocaleString('en-US')} no_seats_together; ${best.refusalsAfterLast201.toLocaleString('en-US')} after the last 201, from buyers in flight at the end), ` +
            `${(100 * best.refusalShare).toFixed(1)}% of the answers ` +
            `(${((100 * (sold.refusals - best.refusalsAfterLast201)) / Math.max(1, sold.orders + sold.refusals)).toFixed(1)}% without those after the last 201).`,
        );
        console.log(
          `  Its seats in SQL: ${best.heldClaims.toLocaleString('en-US')} held claims, ${best.seatsInPendingLines.toLocaleString('en-US')} seats in pending orders' lines, ` +
            `${best.seatsInTwoLines} seats in two lines at once.`,
        );
        continue;
      }
      console.log(
        sold.isSoldOut
          ? `Sell-out, ${what}: ${sold.tickets.toLocaleString('en-US')} tickets in ${sold.orders.toLocaleString('en-US')} orders in ${sold.seconds.toFixed(1)} s; held or sold ${sold.heldCount.toLocaleString('en-US')} of ${sold.capacity.toLocaleString('en-US')}; ${sold.refusals.toLocaleString('en-US')} answers were 409s.`
          : `Sell-out, ${what}: NOT sold out within ${env.BENCH_SELLOUT_TIMEOUT} s (held or sold ${sold.heldCount.toLocaleString('en-US')} of ${sold.capacity.toLocaleString('en-US')}).`,
      );
    }
    console.log('');
    console.log(`Invariants over this run's ${invariants.packages} packages (SQL):`);
    console.log(`  oversold tickets: ${invariants.oversoldTickets}`);
    console.log(`  double-sold seats: ${invariants.doubleSoldSeats}`);
    console.log(
      `  packages whose counters (package row, buckets), active holds and pending order lines disagree: ${invariants.inconsistentPackages}`,
    );
    console.log(`  seat claims not matching a pending order's seats: ${invariants.claimMismatches}`);
    console.log('');
    for (const row of rows.filter((r) => r.name !== 'baseline' && r.name !== 'claims' && r.name !== 'best')) {
      const tickets = row.ticketsPerSecond >= TARGET_TICKETS_PER_SECOND;
      const ratio = (row.ratio ?? 0) >= TARGET_RATIO;
      console.log(
        `${row.label}: ${Math.round(row.ticketsPerSecond).toLocaleString('en-US')} tickets held/s (target >= ${TARGET_TICKETS_PER_SECOND.toLocaleString('en-US')}): ${tickets ? 'met' : 'NOT met'}; ` +
          `${(row.ratio ?? 0).toFixed(2)}x the baseline's rate (orders/s over conditional UPDATEs/s, median of per-round ratios; target >= ${TARGET_RATIO.toFixed(2)}x): ${ratio ? 'met' : 'NOT met'}.`,
      );
    }
    const verdict = (met: boolean | null) => (met === null ? 'not measured' : met ? 'met' : 'NOT met');
    const times = (ratio: number) => (Number.isNaN(ratio) ? '-' : `${ratio.toFixed(2)}x`);
    const bestRow = rows.find((row) => row.name === 'best');
    const bestOverBaseline = bestRow?.ratio ?? Number.NaN;
    const bestOverClaims = bestRow?.ratioClaims ?? Number.NaN;
    const bestOverClaimsAtPostgres = bestRow?.ratioClaimsAtPostgres ?? Number.NaN;
    const bestAnswers = bestRow?.rounds.reduce((sum, slice) => sum + slice.orders + slice.conflicts, 0) ?? 0;
    const bestRefusalShare = bestRow && bestAnswers > 0 ? bestRow.conflicts / bestAnswers : Number.NaN;
    const bestSellOut = sellOuts.find((sold) => sold.best)?.best;
    const verdicts = {
      bestRatio: Number.isNaN(bestOverBaseline) ? null : bestOverBaseline >= TARGET_BEST_RATIO,
      bestRefusals: Number.isNaN(bestRefusalShare) ? null : bestRefusalShare < TARGET_BEST_409_SHARE,
      sellOutTime:
        bestSellOut === undefined || Number.isNaN(bestSellOut.timeRatio)
          ? null
          : bestSellOut.end !== 'timeout' && bestSellOut.timeRatio <= TARGET_SELLOUT_TIME_RATIO,
    };
    console.log(
      `Best available (issue 24, targets as decisions/046 takes them): ${times(bestOverBaseline)} the baseline's rate ` +
        `(orders/s over conditional UPDATEs/s, median of per-round ratios; target >= ${TARGET_BEST_RATIO.toFixed(2)}x): ${verdict(verdicts.bestRatio)}; ` +
        `409s ${Number.isNaN(bestRefusalShare) ? '-' : (100 * bestRefusalShare).toFixed(1)}% of its answers ` +
        `(target < ${(100 * TARGET_BEST_409_SHARE).toFixed(0)}%): ${verdict(verdicts.bestRefusals)}.`,
    );
    console.log(
      `  Over baseline 2 (information): ${times(bestOverClaims)} its seats/s; ${times(bestOverClaimsAtPostgres)} ` +
        `where PostgreSQL is the bottleneck (baseline 2's PostgreSQL CPU per seat over best available's).`,
    );
    console.log(
      `Best-available sell-out of ${SELLOUT_SEATS.toLocaleString('en-US')} seats: ` +
        (bestSellOut
          ? `${bestSellOut.timeRatio.toFixed(2)}x the hot package's sell-out time (target <= ${TARGET_SELLOUT_TIME_RATIO.toFixed(1)}x): ${verdict(verdicts.sellOutTime)}; ` +
            `409s ${(100 * bestSellOut.refusalShare).toFixed(1)}% of its answers (information: every one no_seats_together, see above).`
          : 'not run (BENCH_SELLOUT=0).'),
    );

    const resultsDir = join(import.meta.dirname, '..', 'results');
    mkdirSync(resultsDir, { recursive: true });
    const file = join(resultsDir, `onsale-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          env: { ...env, DATABASE_URL: env.DATABASE_URL ? 'set' : 'unset' },
          database: database.label,
          rows,
          sellOuts,
          invariants,
          targets: {
            bestOverBaseline: { value: bestOverBaseline, target: TARGET_BEST_RATIO, met: verdicts.bestRatio },
            bestRefusalShare: { value: bestRefusalShare, target: TARGET_BEST_409_SHARE, met: verdicts.bestRefusals },
            bestSellOutTimeRatio: {
              value: bestSellOut?.timeRatio ?? null,
              target: TARGET_SELLOUT_TIME_RATIO,
              met: verdicts.sellOutTime,
            },
            bestOverClaims: { value: bestOverClaims },
            bestOverClaimsAtPostgres: { value: bestOverClaimsAtPostgres },
            bestSellOutRefusalShare: { value: bestSellOut?.refusalShare ?? null },
          },
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
    if (invariants.oversoldTickets > 0) fail(`${invariants.oversoldTickets} tickets oversold.`);
    if (invariants.doubleSoldSeats > 0) fail(`${invariants.doubleSoldSeats} seats double-sold.`);
    if (invariants.inconsistentPackages > 0)
      fail(`${invariants.inconsistentPackages} packages with inconsistent counters.`);
    if (invariants.claimMismatches > 0) fail(`${invariants.claimMismatches} seat claims not matching their orders.`);
    for (const row of [...rows, ...sellOuts]) {
      if (row.failures > 0 || row.errors > 0)
        fail(`${row.label}: ${row.failures} answers other than 201/409 and ${row.errors} connection errors.`);
    }
    const samples = [
      ...rows.flatMap((row) => row.rounds.flatMap((slice) => slice.failureSamples)),
      ...sellOuts.flatMap((sold) => sold.failureSamples),
    ];
    for (const sample of samples.slice(0, 5)) console.error(`  e.g. ${sample}`);
    return failed ? 1 : 0;
  } finally {
    await Promise.all(servers.map((child) => stopServer(child)));
    await checkPool.end().catch(() => {});
    await handle.close().catch(() => {});
    if (database.drop) {
      await database.drop().catch((error: unknown) => console.error('Could not drop the bench database:', error));
    }
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

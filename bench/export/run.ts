/**
 * Streamed exports (issue 22; docs/decisions/042): an event of 100,000 tickets exported as CSV and XLSX by
 * the real server on PostgreSQL, beside a bare server process measured in the same run.
 *
 *   npm run bench:export -w @marquee/bench
 *
 * One run:
 * 1. seeds one event with BENCH_TICKETS tickets (2 per order) straight into PostgreSQL with generate_series,
 *    and an owner of its organisation signed in through the API (its second factor set in SQL);
 * 2. forks a fresh server process per measurement (bench/export/server.ts), so each starts from nothing:
 *    - bare: started, one small console request, then its resident memory (VmRSS) sampled for a second;
 *    - csv, xlsx (and csv with `Accept-Encoding: gzip`, as a browser asks): the same, then the export
 *      downloaded over HTTP while this process polls the server's /proc/<pid>/status every 10 ms;
 * 3. prints wall time, rows/s, the file's size, the server's peak RSS (the larger of the polled VmRSS and its
 *    VmHWM, the kernel's own high-water mark) beside the bare process's, and their ratio.
 *
 * The claim it checks: memory does not grow with the export. A server that held the rows would need hundreds of
 * MB more for 100,000 rows; a streamed one stays within a few tens of MB of the bare process.
 *
 * Env: BENCH_TICKETS (default 100000), DATABASE_URL (use this PostgreSQL database; otherwise a throwaway one
 * is created on BENCH_PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres, and dropped at the end).
 * Exits non-zero when an export is not a 200 or the CSV has not one line per ticket.
 */
import { get } from 'node:http';
import { loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { z } from 'zod';
import { createDb } from '@marquee/db/client';
import { createEvent, createOrganisation, createTicketPackage, createVenue } from '@marquee/db/factories';
import { printableUrl, withClient } from '../lib/postgres';
import { forkServer, stopServer } from '../lib/server-process';
import { ExportReadySchema } from './protocol';

const env = z
  .object({
    BENCH_TICKETS: z.coerce.number().int().positive().multipleOf(2).default(100_000),
    BENCH_PG_ADMIN_URL: z.string().min(1).default('postgres://postgres@127.0.0.1:5432/postgres'),
    DATABASE_URL: z
      .string()
      .optional()
      .transform((value) => value || undefined),
  })
  .parse(process.env);

const SERVER = resolve(import.meta.dirname, 'server.ts');
const PASSWORD = 'bench export password';
const MB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------------
// Database

async function openDatabase() {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, label: printableUrl(env.DATABASE_URL), drop: null };
  const name = `marquee_bench_export_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${process.pid}`;
  const admin = env.BENCH_PG_ADMIN_URL;
  await withClient(admin, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    label: `${name} on ${url.host} (throwaway, dropped at the end)`,
    drop: () => withClient(admin, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

/** One event with `tickets` tickets of `tickets / 2` paid orders, written by generate_series. */
async function seed(url: string, tickets: number) {
  const handle = createDb({ kind: 'postgres', url, poolSize: 2 });
  try {
    await handle.migrate();
    const organisation = await createOrganisation(handle.db, { name: 'Bench Exports' });
    const venue = await createVenue(handle.db, { organisationId: organisation.id });
    const event = await createEvent(handle.db, { organisationId: organisation.id, venueId: venue.id });
    const pkg = await createTicketPackage(handle.db, {
      eventId: event.id,
      freeSeating: true,
      capacity: tickets,
      price: 250_000,
    });
    await withClient(url, async (client) => {
      await client.query(
        `INSERT INTO orders (order_id, event_id, status, first_name, last_name, email, phone, nic, currency, subtotal,
           convenience_fee, discount, total, payment_gateway_id, access_token, request_hash, hold_expires_at, paid_at,
           created_at, updated_at)
         SELECT 'MQB' || lpad(g::text, 9, '0'), $1, 'complete',
                CASE WHEN g % 2 = 0 THEN 'නිමල්' ELSE 'Kamala' END, 'Buyer ' || g, 'buyer' || g || '@example.com',
                '077' || lpad(g::text, 7, '0'), '1990' || lpad(g::text, 8, '0'), 'LKR', 500000, 0, 0, 500000, 1,
                md5(g::text), 'bench', now(), now(), now() - g * interval '1 minute', now()
         FROM generate_series(1, $2::int) g`,
        [event.id, tickets / 2],
      );
      await client.query(
        `INSERT INTO order_lines (order_id, package_id, package_name, unit_price, quantity)
         SELECT id, $2, 'General', 250000, 2 FROM orders WHERE event_id = $1`,
        [event.id, pkg.id],
      );
      await client.query(
        `INSERT INTO tickets (order_id, event_id, package_id, admission_no, code, used_at)
         SELECT o.id, $1, $2, a, 'TBENCH' || o.id || '-' || a, CASE WHEN o.id % 3 = 0 THEN now() END
         FROM orders o CROSS JOIN generate_series(1, 2) a WHERE o.event_id = $1`,
        [event.id, pkg.id],
      );
      await client.query('UPDATE ticket_packages SET sold_count = capacity WHERE id = $1', [pkg.id]);
      await client.query('ANALYZE');
    });
    return { slug: organisation.slug, organisationId: organisation.id, eventUid: event.uid };
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// The server and its memory

async function startServer(url: string) {
  const { child, ready } = await forkServer(SERVER, {
    name: 'export',
    env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'production' },
    timeoutMs: 60_000,
    ready: ExportReadySchema,
  });
  return { child, origin: `http://127.0.0.1:${ready.port}` };
}

/** VmRSS and VmHWM of a process, in bytes. */
function memoryOf(child: ChildProcess): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/** Polls the process's VmRSS every 10 ms until stopped: the highest seen. */
function pollPeak(child: ChildProcess) {
  let peak = memoryOf(child).rss;
  const timer = setInterval(() => (peak = Math.max(peak, memoryOf(child).rss)), 10);
  return () => {
    clearInterval(timer);
    return Math.max(peak, memoryOf(child).rss);
  };
}

/** GETs `path`, reading the body as it comes: status, bytes, newlines, the last bytes, and the wall time. */
function download(origin: string, path: string, headers: Record<string, string>) {
  const started = performance.now();
  return new Promise<{ status: number; bytes: number; newlines: number; tail: Buffer; seconds: number }>(
    (done, fail) => {
      get(`${origin}${path}`, { headers }, (response) => {
        let bytes = 0;
        let newlines = 0;
        let tail = Buffer.alloc(0);
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) newlines += 1;
          tail = Buffer.concat([tail, chunk]).subarray(-64);
        });
        response.on('end', () =>
          done({
            status: response.statusCode ?? 0,
            bytes,
            newlines,
            tail,
            seconds: (performance.now() - started) / 1000,
          }),
        );
        response.on('error', fail);
      }).on('error', fail);
    },
  );
}

/** Registers and signs in an organiser through the API; makes them the organisation's owner with a second factor in SQL. */
async function signInOwner(url: string, origin: string, organisationId: number): Promise<string> {
  const email = `bench-owner-${Date.now()}@example.com`;
  const headers = { 'content-type': 'application/json', origin: 'http://127.0.0.1' };
  const registered = await fetch(`${origin}/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Bench Owner', email, password: PASSWORD, password_confirmation: PASSWORD }),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const signedIn = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('marquee.session_token='));
  if (signedIn.status !== 200 || !cookie) throw new Error(`sign-in: ${signedIn.status} ${await signedIn.text()}`);
  const token = decodeURIComponent(cookie.slice('marquee.session_token='.length)).split('.')[0] ?? '';
  await withClient(url, async (client) => {
    const user = await client.query('UPDATE users SET two_factor_enabled = true WHERE email = $1 RETURNING id', [
      email,
    ]);
    const userId = z.object({ id: z.string() }).parse(user.rows[0]).id;
    await client.query('UPDATE sessions SET second_factor = true WHERE token = $1', [token]);
    await client.query(
      `INSERT INTO organisation_members (organisation_id, user_id, role, all_events) VALUES ($1, $2, 'owner', true)`,
      [organisationId, userId],
    );
  });
  return cookie;
}

// ---------------------------------------------------------------------------------------------------

interface Measured {
  name: string;
  afterStart: number;
  peak: number;
  seconds: number | null;
  bytes: number | null;
}

const database = await openDatabase();
let failed = false;
try {
  console.log(`Export benchmark: ${env.BENCH_TICKETS.toLocaleString('en')} tickets on ${database.label}`);
  const seedStarted = performance.now();
  const seeded = await seed(database.url, env.BENCH_TICKETS);
  console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

  const setup = await startServer(database.url);
  const cookie = await signInOwner(database.url, setup.origin, seeded.organisationId);
  await stopServer(setup.child);

  const base = `/api/organiser/${seeded.slug}/events/${seeded.eventUid}/exports`;
  const runs: { name: string; path: string | null; headers: Record<string, string> }[] = [
    { name: 'bare server', path: null, headers: {} },
    { name: 'attendees.csv', path: `${base}/attendees.csv`, headers: {} },
    { name: 'attendees.csv, gzip', path: `${base}/attendees.csv`, headers: { 'accept-encoding': 'gzip' } },
    { name: 'attendees.xlsx', path: `${base}/attendees.xlsx`, headers: {} },
  ];
  const results: Measured[] = [];
  for (const run of runs) {
    const server = await startServer(database.url);
    try {
      // The same small console request on every process, so the bare one has been through the console's path too.
      const warm = await fetch(`${server.origin}/api/organiser/${seeded.slug}`, { headers: { cookie } });
      if (warm.status !== 200) throw new Error(`warm-up: ${warm.status} ${await warm.text()}`);
      await warm.arrayBuffer();
      const stopPolling = pollPeak(server.child);
      await new Promise((settle) => setTimeout(settle, 1_000));
      const afterStart = memoryOf(server.child).rss;
      if (run.path === null) {
        results.push({ name: run.name, afterStart, peak: stopPolling(), seconds: null, bytes: null });
        continue;
      }
      const answer = await download(server.origin, run.path, { cookie, ...run.headers });
      const peak = Math.max(stopPolling(), memoryOf(server.child).hwm);
      if (answer.status !== 200) throw new Error(`${run.name}: ${answer.status}`);
      const isPlainCsv = run.path.endsWith('.csv') && run.headers['accept-encoding'] === undefined;
      if (isPlainCsv && answer.newlines !== env.BENCH_TICKETS + 1) {
        throw new Error(`${run.name}: ${answer.newlines} lines for ${env.BENCH_TICKETS} tickets and a header`);
      }
      if (run.path.endsWith('.xlsx') && !answer.tail.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06]))) {
        throw new Error(`${run.name}: the file does not end with a zip's central directory`);
      }
      results.push({ name: run.name, afterStart, peak, seconds: answer.seconds, bytes: answer.bytes });
    } finally {
      await stopServer(server.child);
    }
  }

  const bare = results[0]?.peak ?? 1;
  const load = loadavg().map((each) => each.toFixed(2));
  console.log(`\nload average (1, 5, 15 min): ${load.join(' ')}\n`);
  console.table(
    results.map((each) => ({
      run: each.name,
      'wall s': each.seconds === null ? '' : each.seconds.toFixed(2),
      'rows/s': each.seconds === null ? '' : Math.round(env.BENCH_TICKETS / each.seconds).toLocaleString('en'),
      'file MB': each.bytes === null ? '' : (each.bytes / MB).toFixed(1),
      'RSS after start MB': (each.afterStart / MB).toFixed(0),
      'peak RSS MB': (each.peak / MB).toFixed(0),
      'x bare peak': (each.peak / bare).toFixed(2),
    })),
  );
  console.log(
    'peak RSS: the largest of VmRSS polled every 10 ms and VmHWM; "x bare peak": that over the bare process\'s peak.',
  );
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await database.drop?.();
}
process.exit(failed ? 1 : 0);

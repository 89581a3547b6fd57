/**
 * bench/reliability's run: a sell-out on three server processes sharing one private PostgreSQL, with
 * virtual buyers and injected faults, then the checks. run.ts prints it; reliability.test.ts runs a
 * shorter one in the test suite.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { createDb } from '@marquee/db/client';
import { createEvent, createTicketPackage, createVenue, smallSeatMap } from '@marquee/db/factories';
import { expandSeatMap } from '@marquee/domain/seat-map';
import { freePort } from '@marquee/server/testing/ports';
import { startServerProcess, type ServerProcess } from '@marquee/server/testing/server-process';
import { databaseUrl, withClient } from '../lib/postgres';
import { startPrivatePostgres, type PrivatePostgres } from '../lib/private-postgres';
import { emptyStats, runBuyer, type BuyerStats, type SaleTarget } from './buyers';
import { readApiReserved, runChecks, type Check } from './checks';
import { startSmtpServer, startWebhookProxy, type SmtpServer, type WebhookProxy } from './faults';

export interface ReliabilityOptions {
  servers: number;
  buyers: number;
  /** Capacities of the counted packages of one event. */
  packageCapacities: number[];
  /** The seated event: two sections of rows x seats per row, one package per section. */
  seatRows: number;
  seatsPerRow: number;
  /** Faults, each when this share of the tickets is sold (0-1), lasting `seconds` where that applies. */
  faults: FaultPlan[];
  /** Seconds before the sale is called off unsold; then the drain's limit. */
  saleTimeoutSeconds: number;
  drainTimeoutSeconds: number;
  /** Worker periods given to the servers (ms), and the e-mail retry's first delay (s). */
  holdSweepMs: number;
  mailSendMs: number;
  webhookMs: number;
  mailRetrySeconds: number;
  /** How long a claimed e-mail waits for the process that claimed it (s): a killed one leaves its claims. */
  mailLeaseSeconds: number;
  /**
   * After the verdict, break the data on purpose (one fault per check: a ticket deleted, a seat sold to a
   * second order, …) and run the SQL, SMTP and API checks again: each must then count at least one violation. Proves that the
   * checks can fail; the run's own verdict is reported before it.
   */
  selfTest?: boolean;
  /** Where the servers' output goes (one file each); null: kept in memory only. */
  logDir: string | null;
  log: (line: string) => void;
}

export type FaultPlan =
  | { kind: 'webhook-outage'; at: number; seconds: number }
  | { kind: 'smtp-outage'; at: number; seconds: number }
  | { kind: 'kill-server'; at: number; server: number; restartAfterSeconds: number }
  | { kind: 'restart-postgres'; at: number; downSeconds: number };

export interface FaultRecord {
  kind: FaultPlan['kind'];
  /** Seconds from the start of the sale, and the share sold then. */
  atSeconds: number;
  soldShare: number;
  detail: string;
}

export interface ReliabilityReport {
  seconds: { total: number; sale: number; drain: number };
  isSoldOut: boolean;
  tickets: { capacity: number; sold: number };
  stats: BuyerStats;
  faults: FaultRecord[];
  checks: Check[];
  violations: number;
  figures: Record<string, number>;
  webhookProxy: WebhookProxy['counts'];
  /** Exit codes of the final SIGTERM of each server (0: a clean shutdown). */
  shutdownExitCodes: (number | null)[];
  agedOrders: number;
  notes: string[];
  /** With `selfTest`: each check's count on the deliberately broken data (all must be > 0). */
  selfTest: Check[] | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MAIL_DOMAIN = 'marquee.local';

interface ServerSlot {
  index: number;
  port: number;
  process: ServerProcess | null;
}

export async function runReliability(options: ReliabilityOptions): Promise<ReliabilityReport> {
  const started = Date.now();
  const { log } = options;
  const runTag = Date.now().toString(36);
  const notes: string[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];
  let postgres: PrivatePostgres | null = null;
  try {
    postgres = await startPrivatePostgres({ port: await freePort() });
    const privatePostgres = postgres;
    cleanups.push(() => privatePostgres.stop());
    const dbName = 'rel_marquee';
    await withClient(postgres.adminUrl, (client) => client.query(`CREATE DATABASE ${dbName}`));
    const url = databaseUrl(postgres.adminUrl, dbName);
    log(`PostgreSQL: a private cluster on 127.0.0.1:${postgres.port} (deleted at the end).`);

    // The catalogue: one event of counted packages, one seated event.
    const handle = createDb({ kind: 'postgres', url, poolSize: 2 });
    await handle.migrate();
    const plain = await createEvent(handle.db, { name: `Reliability ${runTag} arena` });
    for (const [i, capacity] of options.packageCapacities.entries())
      await createTicketPackage(handle.db, { eventId: plain.id, name: `Tier ${i + 1}`, capacity });
    const map = smallSeatMap(options.seatRows, options.seatsPerRow);
    const venue = await createVenue(handle.db, { name: `Reliability ${runTag} hall`, seatMap: map });
    const seated = await createEvent(handle.db, { venueId: venue.id, name: `Reliability ${runTag} hall` });
    const seats = expandSeatMap(map);
    const sections = [...new Set(seats.map((seat) => seat.section))];
    for (const [i, section] of sections.entries())
      await createTicketPackage(handle.db, {
        eventId: seated.id,
        name: `Section ${section}`,
        seatingRange: seats.filter((seat) => seat.section === section).map((seat) => seat.id),
        colorClass: i % 6,
      });
    await handle.close();
    const byRow = new Map<string, string[]>();
    for (const seat of seats) byRow.set(`${seat.section}-${seat.row}`, [...(byRow.get(`${seat.section}-${seat.row}`) ?? []), seat.id]);
    const rowsOfSeats = [...byRow.values()];
    const capacity = options.packageCapacities.reduce((sum, n) => sum + n, 0) + seats.length;
    const targets: SaleTarget[] = [
      { eventUid: plain.uid, eventId: plain.id, seatRows: [] },
      { eventUid: seated.uid, eventId: seated.id, seatRows: rowsOfSeats },
    ];
    const eventIds = [plain.id, seated.id];

    // Faults' instruments: the SMTP server and the webhook endpoint's proxy.
    const smtp: SmtpServer = await startSmtpServer(await freePort());
    cleanups.push(() => smtp.stop());
    const slots: ServerSlot[] = [];
    for (let i = 0; i < options.servers; i += 1) slots.push({ index: i, port: await freePort(), process: null });
    const livePorts = () => slots.filter((slot) => slot.process !== null).map((slot) => slot.port);
    const proxy = await startWebhookProxy({ port: await freePort(), targets: livePorts });
    cleanups.push(() => proxy.close());

    if (options.logDir) mkdirSync(options.logDir, { recursive: true });
    const serverEnv = (slot: ServerSlot): Record<string, string> => ({
      NODE_ENV: 'production',
      DATABASE_URL: url,
      PUBLIC_URL: `http://127.0.0.1:${slot.port}`,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      CAPTCHA: 'off',
      SMTP_URL: smtp.url,
      WEBHOOK_TARGET_URL: `http://127.0.0.1:${proxy.port}/api/payments/webhooks/sandbox`,
      HOLD_SWEEP_INTERVAL_MS: String(options.holdSweepMs),
      MAIL_SEND_INTERVAL_MS: String(options.mailSendMs),
      WEBHOOK_INTERVAL_MS: String(options.webhookMs),
      MAIL_RETRY_SECONDS: String(options.mailRetrySeconds),
      MAIL_LEASE_SECONDS: String(options.mailLeaseSeconds),
    });
    // A process that exits unless the harness stopped it crashed: counted (a violation), and started again
    // after a second, as a supervisor (systemd, Kubernetes) would.
    const crashes: string[] = [];
    let isFinishing = false;
    const startSlot = async (slot: ServerSlot): Promise<void> => {
      const started = await startServerProcess({
        port: slot.port,
        env: serverEnv(slot),
        timeoutMs: 120_000,
        ...(options.logDir ? { logFile: join(options.logDir, `server-${slot.index + 1}.log`) } : {}),
      });
      slot.process = started;
      void started.exited.then(async (exit) => {
        if (slot.process !== started || isFinishing) return;
        slot.process = null;
        const tail = started.output().trim().split('\n').slice(-12).join('\n');
        crashes.push(`server ${slot.index + 1} exited on its own (${exit.signal ?? exit.code}):\n${tail}`);
        log(`  server ${slot.index + 1} CRASHED (${exit.signal ?? exit.code}); restarting it`);
        await sleep(1_000);
        if (!isFinishing) await startSlot(slot).catch((error: unknown) => crashes.push(`restart failed: ${String(error)}`));
      });
    };
    cleanups.push(() => Promise.all(slots.map((slot) => slot.process?.stop('SIGKILL'))));
    // All settled before a failure is thrown, so that the cleanup sees every process that did start.
    const starts = await Promise.allSettled(slots.map(startSlot));
    for (const start of starts) if (start.status === 'rejected') throw start.reason;
    log(`(${((Date.now() - started) / 1000).toFixed(1)} s) Servers: ${slots.length} processes of apps/server/src/main.ts on ports ${slots.map((s) => s.port).join(', ')}.`);

    // The sale.
    const checkPool = new pg.Pool({ connectionString: url, max: 2 });
    checkPool.on('error', () => {});
    cleanups.push(() => checkPool.end());
    const soldShare = async (): Promise<number | null> => {
      try {
        const result = await checkPool.query(
          `SELECT coalesce(sum(sold_count), 0)::int AS sold FROM ticket_packages WHERE event_id = ANY($1::int[])`,
          [eventIds],
        );
        return z.object({ sold: z.number() }).parse(result.rows[0]).sold / capacity;
      } catch {
        return null; // the database is down (a fault): ask again later
      }
    };
    const stats = emptyStats();
    let isStopped = false;
    const abandoned = new Map<string, number>();
    const aged = new Set<string>();
    const saleStart = Date.now();
    const seconds = () => (Date.now() - saleStart) / 1000;
    log(
      `Sale: ${capacity} tickets (${options.packageCapacities.join(' + ')} counted, ${seats.length} seats), ` +
        `${options.buyers} buyers.`,
    );
    const buyers = Array.from({ length: options.buyers }, (_, i) =>
      runBuyer(
        {
          ports: livePorts,
          targets,
          stats,
          isStopped: () => isStopped,
          onAbandoned: (orderId) => abandoned.set(orderId, Date.now()),
          isAged: (orderId) => aged.has(orderId),
          runTag,
        },
        i + 1,
      ),
    );

    // Ten minutes pass for abandoned orders: their holds (and seat claims) are moved into the past, as if
    // made ten minutes ago, so the sweeper and the next buyers reclaim them during the sale.
    const ageHolds = async () => {
      const due = [...abandoned].filter(([, at]) => Date.now() - at > 1_000).map(([id]) => id);
      if (due.length === 0) return;
      try {
        await checkPool.query(
          `WITH o AS (
             UPDATE orders SET hold_expires_at = now() - interval '1 second'
             WHERE order_id = ANY($1::text[]) AND status = 'pending' RETURNING id),
           h AS (UPDATE holds SET expires_at = now() - interval '1 second', created_at = created_at - interval '10 minutes'
                 WHERE order_id IN (SELECT id FROM o) AND status = 'active' RETURNING 1)
           UPDATE seat_claims SET expires_at = now() - interval '1 second'
           WHERE order_id IN (SELECT id FROM o) AND state = 'held'`,
          [due],
        );
        for (const id of due) {
          abandoned.delete(id);
          aged.add(id);
        }
      } catch {
        // the database is down (a fault): next time
      }
    };

    const faults: FaultRecord[] = [];
    const pending = [...options.faults].sort((a, b) => a.at - b.at);
    const running: Promise<void>[] = [];
    const inject = async (fault: FaultPlan, share: number) => {
      const record = (detail: string) => {
        faults.push({ kind: fault.kind, atSeconds: seconds(), soldShare: share, detail });
        log(`  ${seconds().toFixed(1).padStart(6)} s  ${(share * 100).toFixed(0).padStart(3)}% sold  ${detail}`);
      };
      switch (fault.kind) {
        case 'webhook-outage':
          proxy.setFailing(true);
          record(`webhook endpoint answers 503 for ${fault.seconds} s`);
          await sleep(fault.seconds * 1000);
          proxy.setFailing(false);
          log(`  ${seconds().toFixed(1).padStart(6)} s        webhook endpoint back`);
          return;
        case 'smtp-outage':
          await smtp.stop();
          record(`SMTP server down for ${fault.seconds} s`);
          await sleep(fault.seconds * 1000);
          await smtp.start();
          log(`  ${seconds().toFixed(1).padStart(6)} s        SMTP server back`);
          return;
        case 'kill-server': {
          const slot = slots[fault.server % slots.length];
          if (!slot?.process) return;
          const victim = slot.process;
          slot.process = null;
          victim.child.kill('SIGKILL');
          const exit = await victim.exited;
          record(`server ${slot.index + 1} killed (${exit.signal ?? exit.code}), restarted after ${fault.restartAfterSeconds} s`);
          await sleep(fault.restartAfterSeconds * 1000);
          await startSlot(slot);
          log(`  ${seconds().toFixed(1).padStart(6)} s        server ${slot.index + 1} back`);
          return;
        }
        case 'restart-postgres': {
          if (!postgres) return;
          await postgres.kill('immediate');
          record(`PostgreSQL killed (immediate: crash recovery), started again after ${fault.downSeconds} s`);
          await sleep(fault.downSeconds * 1000);
          await postgres.start();
          log(`  ${seconds().toFixed(1).padStart(6)} s        PostgreSQL back`);
          return;
        }
      }
    };

    let share = 0;
    let isSoldOut = false;
    let lastAging = 0;
    while (seconds() < options.saleTimeoutSeconds) {
      await sleep(250);
      share = (await soldShare()) ?? share;
      while (pending[0] && share >= pending[0].at) {
        const fault = pending.shift();
        if (fault) running.push(inject(fault, share));
      }
      if (Date.now() - lastAging > 1_000) {
        lastAging = Date.now();
        await ageHolds();
      }
      if (share >= 1 && pending.length === 0) {
        isSoldOut = true;
        break;
      }
    }
    const saleSeconds = seconds();
    isStopped = true;
    if (!isSoldOut) notes.push(`Not sold out within ${options.saleTimeoutSeconds} s (${(share * 100).toFixed(1)}% sold).`);
    for (const fault of pending) notes.push(`Fault not injected (the sale ended first): ${fault.kind} at ${fault.at * 100}%.`);
    log(`Sale over after ${saleSeconds.toFixed(1)} s: ${(share * 100).toFixed(1)}% sold. Waiting for the buyers and the faults to end …`);
    const buyerResults = await Promise.allSettled(buyers);
    for (const result of buyerResults)
      if (result.status === 'rejected') notes.push(`A buyer stopped on an error: ${String(result.reason).slice(0, 300)}`);
    await Promise.all(running);
    // Anything abandoned at the end is aged too: no hold may outlive its ten minutes.
    abandoned.forEach((_, id) => abandoned.set(id, 0));
    await ageHolds();

    // Drain: e-mails sent, webhooks delivered, paid orders completed, expired holds swept.
    const drainStart = Date.now();
    const Backlog = z.object({ mails: z.number(), webhooks: z.number(), unsettled: z.number(), expired: z.number() });
    let backlog: z.infer<typeof Backlog> | null = null;
    while ((Date.now() - drainStart) / 1000 < options.drainTimeoutSeconds) {
      try {
        const result = await checkPool.query(
          `SELECT
             (SELECT count(*) FROM outbox WHERE status = 'pending')::int AS mails,
             (SELECT count(*) FROM sandbox_webhook_deliveries WHERE delivered_at IS NULL AND attempts < 12)::int AS webhooks,
             (SELECT count(*) FROM sandbox_payment_intents i JOIN orders o ON o.order_id = i.reference
               WHERE i.status = 'succeeded' AND o.status NOT IN ('complete', 'verified'))::int AS unsettled,
             (SELECT count(*) FROM holds WHERE status = 'active' AND expires_at <= now())::int AS expired`,
        );
        backlog = Backlog.parse(result.rows[0]);
        // Webhooks still in their backoff are not waited for (a retry may be ten minutes off): what matters,
        // that every paid order is complete, is `unsettled`; undelivered webhooks are reported as a figure.
        if (backlog.mails + backlog.unsettled + backlog.expired === 0) break;
      } catch {
        // a query failed: try again
      }
      await sleep(500);
    }
    const drainSeconds = (Date.now() - drainStart) / 1000;
    if (backlog && backlog.mails + backlog.unsettled + backlog.expired > 0)
      notes.push(`Drain timed out after ${drainSeconds.toFixed(0)} s: ${JSON.stringify(backlog)}.`);
    log(`Drained in ${drainSeconds.toFixed(1)} s.`);

    // What the API counts, once the catalogue caches (5 s) hold nothing from before the drain.
    await sleep(5_500);
    const apiPort = livePorts()[0];
    const apiReserved =
      apiPort === undefined
        ? new Map<number, number>()
        : await readApiReserved(apiPort, [plain.uid, seated.uid]).catch((error: unknown) => {
            notes.push(`The API could not be read: ${String(error)}`);
            return new Map<number, number>();
          });

    // A graceful stop of every server (each must exit 0), then the verdict.
    isFinishing = true;
    const shutdownExitCodes: (number | null)[] = [];
    for (const slot of slots) {
      const exit = (await slot.process?.stop('SIGTERM')) ?? { code: null };
      shutdownExitCodes.push(exit.code);
      slot.process = null;
    }
    const { checks, figures } = await runChecks(checkPool, {
      eventIds,
      received: smtp.receivedByMessageId(),
      confirmationMessageId: (bookingId) => `<order-confirmation.${bookingId}@${MAIL_DOMAIN}>`,
      sweepGraceSeconds: Math.ceil(options.holdSweepMs / 1000) + 30,
      apiReserved,
    });
    checks.push({
      name: 'no server process crashed (exited without being told to)',
      violations: crashes.length,
      detail: crashes.length === 0 ? 'every exit was a SIGKILL or SIGTERM of the harness' : crashes.join('\n'),
    });
    checks.push({
      name: 'every server shut down cleanly on SIGTERM (exit code 0)',
      violations: shutdownExitCodes.filter((code) => code !== 0).length,
      detail: `exit codes ${shutdownExitCodes.join(', ')}`,
    });
    const checkOptions = {
      eventIds,
      received: smtp.receivedByMessageId(),
      confirmationMessageId: (bookingId: string) => `<order-confirmation.${bookingId}@${MAIL_DOMAIN}>`,
      sweepGraceSeconds: Math.ceil(options.holdSweepMs / 1000) + 30,
      apiReserved,
    };
    let selfTest: Check[] | null = null;
    if (options.selfTest) {
      await breakOnPurpose(checkPool, eventIds, checkOptions);
      selfTest = (await runChecks(checkPool, checkOptions)).checks;
    }
    const sold = z
      .object({ sold: z.number() })
      .parse(
        (
          await checkPool.query(
            `SELECT coalesce(sum(sold_count), 0)::int AS sold FROM ticket_packages WHERE event_id = ANY($1::int[])`,
            [eventIds],
          )
        ).rows[0],
      ).sold;
    return {
      seconds: { total: (Date.now() - started) / 1000, sale: saleSeconds, drain: drainSeconds },
      isSoldOut,
      tickets: { capacity, sold },
      stats,
      faults,
      checks,
      violations: checks.reduce((sum, check) => sum + check.violations, 0),
      figures,
      webhookProxy: proxy.counts,
      shutdownExitCodes,
      agedOrders: aged.size,
      notes,
      selfTest,
    };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }
}

/**
 * One deliberate fault for each SQL check (the self-test), on the run's private database: afterwards
 * every check must count at least one violation.
 */
async function breakOnPurpose(
  pool: pg.Pool,
  eventIds: number[],
  checks: { received: Map<string, number>; apiReserved: Map<number, number>; confirmationMessageId: (id: string) => string },
): Promise<void> {
  const ids = [eventIds];
  const one = async (sql: string, params: unknown[] = ids) => (await pool.query(sql, params)).rows[0] as Record<string, unknown> | undefined;
  // Over capacity: the constraint that would stop it is dropped first (a throwaway cluster).
  const constraints = await pool.query(
    `SELECT conname FROM pg_constraint WHERE conrelid = 'ticket_packages'::regclass AND contype = 'c'`,
  );
  for (const row of z.array(z.object({ conname: z.string() })).parse(constraints.rows))
    await pool.query(`ALTER TABLE ticket_packages DROP CONSTRAINT "${row.conname}"`);
  await one(`UPDATE ticket_packages SET capacity = sold_count - 1 WHERE id = (
               SELECT min(id) FROM ticket_packages WHERE event_id = ANY($1::int[]) AND sold_count > 0)`);
  // A paid order loses a ticket (its package's sold_count now disagrees too).
  await one(`DELETE FROM tickets WHERE id = (
               SELECT min(t.id) FROM tickets t JOIN orders o ON o.id = t.order_id
               WHERE o.event_id = ANY($1::int[]) AND o.status = 'complete' AND t.seat_id IS NULL)`);
  // A seat of one paid order written into another paid order's line of the same event.
  await one(`WITH a AS (SELECT l.id, l.seats[1] AS seat, o.event_id FROM order_lines l JOIN orders o ON o.id = l.order_id
                        WHERE o.event_id = ANY($1::int[]) AND o.status = 'complete' AND cardinality(l.seats) > 0 ORDER BY l.id LIMIT 1)
             UPDATE order_lines SET seats = seats || (SELECT seat FROM a)
             WHERE id = (SELECT max(l.id) FROM order_lines l JOIN orders o ON o.id = l.order_id, a
                         WHERE o.event_id = a.event_id AND o.status = 'complete' AND cardinality(l.seats) > 0 AND l.id <> a.id)`);
  // A ticket for an order that was never paid.
  await one(`INSERT INTO tickets (order_id, event_id, package_id, admission_no, code)
             SELECT o.id, o.event_id, l.package_id, 1, 'self-test-' || o.id FROM orders o JOIN order_lines l ON l.order_id = o.id
             WHERE o.event_id = ANY($1::int[]) AND o.status = 'cancelled' LIMIT 1`);
  // A paid order whose payment reads as refunded.
  await one(`UPDATE sandbox_payment_intents SET status = 'refunded' WHERE reference = (
               SELECT max(order_id) FROM orders WHERE event_id = ANY($1::int[]) AND status = 'complete')`);
  // A confirmation back to pending, and one queued for an unpaid order.
  await one(`UPDATE outbox SET status = 'pending' WHERE id = (
               SELECT min(x.id) FROM outbox x JOIN orders o ON o.id = x.order_id WHERE o.event_id = ANY($1::int[]) AND o.status = 'complete')`);
  await one(`INSERT INTO outbox (kind, order_id) SELECT 'order_confirmation', id FROM orders
             WHERE event_id = ANY($1::int[]) AND status = 'cancelled' ORDER BY id DESC LIMIT 1`);
  // An hour-old hold still active: a cancelled order's hold set back to active.
  await one(`UPDATE holds SET status = 'active', expires_at = now() - interval '1 hour' WHERE id = (
               SELECT min(h.id) FROM holds h JOIN orders o ON o.id = h.order_id
               WHERE o.event_id = ANY($1::int[]) AND o.status = 'cancelled')`);
  // The SMTP server lost a confirmation; the API over-counts a package.
  const paid = await one(`SELECT min(order_id) AS id FROM orders WHERE event_id = ANY($1::int[]) AND status = 'complete'`);
  checks.received.delete(checks.confirmationMessageId(String(paid?.id)));
  const [first] = checks.apiReserved.keys();
  if (first !== undefined) checks.apiReserved.set(first, (checks.apiReserved.get(first) ?? 0) + 1);
}

type Preset = Omit<ReliabilityOptions, 'logDir' | 'log'>;

/** `npm run bench:reliability`: three servers, two SIGKILLs, every other fault once. */
export const fullRun: Preset = {
  servers: 3,
  buyers: 40,
  packageCapacities: [150, 100, 50],
  seatRows: 5,
  seatsPerRow: 12,
  faults: [
    { kind: 'webhook-outage', at: 0.05, seconds: 15 },
    { kind: 'smtp-outage', at: 0.15, seconds: 20 },
    { kind: 'kill-server', at: 0.3, server: 1, restartAfterSeconds: 3 },
    { kind: 'restart-postgres', at: 0.5, downSeconds: 3 },
    { kind: 'kill-server', at: 0.7, server: 2, restartAfterSeconds: 3 },
  ],
  saleTimeoutSeconds: 600,
  drainTimeoutSeconds: 180,
  holdSweepMs: 5_000,
  mailSendMs: 1_000,
  webhookMs: 1_000,
  mailRetrySeconds: 5,
  mailLeaseSeconds: 60,
};

/** The test suite's run (reliability.test.ts): every kind of fault once, in well under a minute. */
export const shortRun: Preset = {
  servers: 3,
  buyers: 16,
  packageCapacities: [50, 30],
  seatRows: 2,
  seatsPerRow: 10,
  faults: [
    { kind: 'webhook-outage', at: 0.03, seconds: 4 },
    { kind: 'smtp-outage', at: 0.08, seconds: 4 },
    { kind: 'kill-server', at: 0.15, server: 1, restartAfterSeconds: 1 },
    { kind: 'restart-postgres', at: 0.3, downSeconds: 1 },
  ],
  saleTimeoutSeconds: 45,
  drainTimeoutSeconds: 90,
  holdSweepMs: 2_000,
  mailSendMs: 500,
  webhookMs: 500,
  mailRetrySeconds: 2,
  mailLeaseSeconds: 30,
};

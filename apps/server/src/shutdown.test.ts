import { csrfHeadersOver } from './test-support/protection';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '@marquee/db/client';
import { createEvent, createTicketPackage } from '@marquee/db/factories';
import { holds, orders, outbox, ticketPackages } from '@marquee/db/schema';
import { createTestDb, type TestDb } from '@marquee/db/testing';
import { CreatedOrderSchema, type CreatedOrder } from '@marquee/domain/orders';
import { startSmtpSink, type SmtpSink } from './test-support/smtp-sink';
import { freePort } from './test-support/ports';
import { startServerProcess, type ServerProcess } from './test-support/server-process';

/**
 * Graceful shutdown of the real server process (main.ts), on PGlite or, with DATABASE_URL, PostgreSQL.
 * SIGTERM while a request is in flight: new connections are refused at once, the request is answered
 * (it still reaches the database), the process closes the database and exits 0. Then, with the process
 * gone, what it left behind (an e-mail it could not send, a hold that has run out) is handled by the next
 * process as soon as it starts.
 */
const isPostgres = Boolean(process.env.DATABASE_URL);
const BUYER = { first_name: 'Nimal', last_name: 'Perera', email: 'nimal@example.com', phone: '0771234567' };
const CARD = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123', name: 'Nimal Perera' };

let dataDir: string;
let testDb: TestDb | null = null;
let serverEnv: Record<string, string>;
let smtpPort: number;
let eventId: number;
let packageId: number;
let sink: SmtpSink | null = null;
const running: ServerProcess[] = [];

/** The database the way the test may reach it: PostgreSQL at any time, PGlite only while no server has it open. */
async function withDb<T>(run: (db: DbHandle['db']) => Promise<T>): Promise<T> {
  if (testDb) return run(testDb.db);
  const handle = createDb({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  try {
    await handle.migrate();
    return await run(handle.db);
  } finally {
    await handle.close();
  }
}

async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess({ port: await freePort(), env: serverEnv, timeoutMs: 90_000 });
  running.push(server);
  return server;
}

async function post(port: number, path: string, body: unknown): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await csrfHeadersOver(`http://127.0.0.1:${port}`)) },
    body: JSON.stringify(body),
  });
}

function orderBody(): string {
  return JSON.stringify({
    event_id: eventId,
    buyer: BUYER,
    ticket_package_details: [{ package_id: packageId, ticket_count: 2 }],
    terms_agreed: true,
  });
}

/** Whether a new TCP connection to the port is refused. */
function isRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/** Reads one HTTP/1.1 answer with a Content-Length from a raw socket. */
function readResponse(socket: Socket): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    let data = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const text = data.toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split === -1) return;
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, split))?.[1] ?? NaN);
      const body = data.subarray(Buffer.byteLength(text.slice(0, split + 4)));
      if (Number.isNaN(length) || body.length < length) return;
      socket.off('data', onData);
      resolve({
        status: Number(text.slice(9, 12)),
        head: text.slice(0, split).toLowerCase(),
        body: body.subarray(0, length).toString('utf8'),
      });
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('close', () => reject(new Error(`connection closed before an answer: ${data.toString('utf8')}`)));
  });
}

async function until(condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'marquee-shutdown-'));
  smtpPort = await freePort();
  if (isPostgres) testDb = await createTestDb();
  await withDb(async (db) => {
    const event = await createEvent(db);
    const pkg = await createTicketPackage(db, { eventId: event.id, capacity: 10 });
    eventId = event.id;
    packageId = pkg.id;
  });
  serverEnv = {
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    CAPTCHA: 'off',
    ...(testDb?.url ? { DATABASE_URL: testDb.url } : { DATA_DIR: dataDir }),
    // Nothing listens there yet: the confirmation e-mail cannot go out while the first process runs.
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_SEND_INTERVAL_MS: '200',
    MAIL_RETRY_SECONDS: '1',
    // Longer than the test: a sweep that happens is the one every process runs when it starts.
    HOLD_SWEEP_INTERVAL_MS: '600000',
  };
}, 120_000);

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop('SIGKILL')));
  await sink?.close();
  await testDb?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('graceful shutdown of the server process', () => {
  let paid: CreatedOrder;
  let inFlight: CreatedOrder;

  it('on SIGTERM refuses new connections, answers the request in flight, closes the database and exits 0', async () => {
    const server = await startServer();
    // A paid order: its confirmation e-mail is queued, and stays queued while SMTP is unreachable.
    const created = await post(server.port, '/api/orders', JSON.parse(orderBody()));
    expect({ status: created.status, body: created.status === 201 ? null : await created.text() }).toEqual({ status: 201, body: null });
    paid = CreatedOrderSchema.parse(await created.json());
    const confirm = await post(server.port, `/api/sandbox/payment_intents/${paid.payment?.intent_id ?? ''}/confirm`, {
      client_secret: paid.payment?.client_secret ?? '',
      card: CARD,
    });
    expect(confirm.status).toBe(200);
    const back = await fetch(`http://127.0.0.1:${server.port}/api/bookings/status?orderId=${paid.order_id}`, { redirect: 'manual' });
    expect(back.status).toBe(303);

    // A request in flight: its headers and half its body are in when SIGTERM arrives.
    const body = Buffer.from(orderBody());
    const csrf = await csrfHeadersOver(`http://127.0.0.1:${server.port}`);
    const socket = connect(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const answer = readResponse(socket);
    socket.write(
      `POST /api/orders HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\n` +
        `X-Requested-With: XMLHttpRequest\r\nCookie: ${csrf.cookie}\r\nX-XSRF-TOKEN: ${csrf['x-xsrf-token']}\r\n` +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');

    await until(() => isRefused(server.port), 10_000, 'new connections to be refused');
    expect(server.child.exitCode).toBeNull();
    // write, not end: a half-closed connection is one whose client gave up (Node aborts its request).
    socket.write(body.subarray(20));
    const response = await answer.catch((error: unknown) => {
      const exitNow = JSON.stringify({ code: server.child.exitCode, signal: server.child.signalCode });
      throw new Error(`${String(error)} (server exit: ${exitNow})\n--- server output:\n${server.output()}`);
    });
    expect(response.status).toBe(201);
    inFlight = CreatedOrderSchema.parse(JSON.parse(response.body));
    // The server ends the kept-alive connection itself: the client need not hang up for the process to exit.
    expect(response.head).toContain('\r\nconnection: close');
    const closedBy = Date.now() + 10_000;
    await until(() => socket.destroyed || socket.readableEnded, 10_000, 'the server to end the connection');
    expect(Date.now()).toBeLessThan(closedBy);

    const exit = await server.exited;
    expect({ ...exit, output: server.output() }).toMatchObject({ code: 0, signal: null });
    expect(server.output()).toContain('Database closed.');
    socket.destroy();
    expect(server.output()).not.toMatch(/"level":(50|60)/);

    await withDb(async (db) => {
      const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.orderId, inFlight.order_id));
      expect(order?.status).toBe('pending');
      const [mail] = await db
        .select({ status: outbox.status, attempts: outbox.attempts })
        .from(outbox)
        .innerJoin(orders, eq(orders.id, outbox.orderId))
        .where(eq(orders.orderId, paid.order_id));
      expect(mail?.status).toBe('pending');
      expect(mail?.attempts).toBeGreaterThan(0);
    });
  }, 120_000);

  it('the next process sends the queued e-mail and sweeps the expired hold as soon as it starts', async () => {
    // While no process runs: the in-flight order's ten minutes pass, and the SMTP server comes back.
    await withDb(async (db) => {
      await db.execute(sql`
        WITH o AS (UPDATE orders SET hold_expires_at = now() - interval '1 second' WHERE order_id = ${inFlight.order_id} RETURNING id)
        UPDATE holds SET expires_at = now() - interval '1 second' WHERE order_id IN (SELECT id FROM o)`);
    });
    sink = await startSmtpSink({ port: smtpPort });

    const server = await startServer();
    await until(() => (sink?.received.length ?? 0) > 0, 30_000, 'the queued e-mail');
    expect(sink.received.map((mail) => mail.message.headers.get('message-id'))).toEqual([
      `<order-confirmation.${paid.order_id}@marquee.local>`,
    ]);
    const exit = await server.stop('SIGTERM');
    expect({ ...exit, output: server.output() }).toMatchObject({ code: 0, signal: null });

    await withDb(async (db) => {
      const [order] = await db
        .select({ id: orders.id, status: orders.status, cancelReason: orders.cancelReason })
        .from(orders)
        .where(eq(orders.orderId, inFlight.order_id));
      expect(order).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
      const orderHolds = await db.select({ status: holds.status }).from(holds).where(eq(holds.orderId, order?.id ?? 0));
      expect(orderHolds.map((hold) => hold.status)).toEqual(['expired']);
      const [pkg] = await db
        .select({ held: ticketPackages.heldCount, sold: ticketPackages.soldCount })
        .from(ticketPackages)
        .where(eq(ticketPackages.id, packageId));
      expect(pkg).toEqual({ held: 0, sold: 2 });
      const [mail] = await db
        .select({ status: outbox.status })
        .from(outbox)
        .innerJoin(orders, eq(orders.id, outbox.orderId))
        .where(eq(orders.orderId, paid.order_id));
      expect(mail?.status).toBe('sent');
    });
  }, 120_000);
});

describe('starting while the database cannot be reached', () => {
  // PostgreSQL only: the wait is for a database server that is down or restarting; PGlite is in-process.
  it.runIf(isPostgres)('waits for PostgreSQL and starts once it answers, instead of exiting', async () => {
    const target = new URL(testDb?.url ?? '');
    const proxyPort = await freePort();
    const url = new URL(target);
    url.port = String(proxyPort);
    // Nothing listens on proxyPort at first (connections are refused, as while PostgreSQL restarts); once
    // the server says it is waiting, a plain TCP relay to the test database opens there. (Opened on that
    // line, not after a fixed time: on a busy machine the server took longer than that to try at all.)
    const sockets = new Set<Socket>();
    const relay = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => socket.destroy());
        socket.on('close', () => sockets.delete(socket));
      }
      client.pipe(upstream).pipe(client);
    });
    const waiting = /The database cannot be reached yet \(.*ECONNREFUSED.*\); waiting up to 60000 ms/;
    let open: (() => void) | undefined;
    const opened = new Promise<void>((resolve) => (open = resolve));
    let isOpening = false;
    try {
      const server = await startServerProcess({
        port: await freePort(),
        env: { ...serverEnv, DATABASE_URL: url.toString() },
        timeoutMs: 60_000,
        onOutput: (output) => {
          if (isOpening || !waiting.test(output)) return;
          isOpening = true;
          relay.listen(proxyPort, '127.0.0.1', () => open?.());
        },
      });
      running.push(server);
      await opened;
      expect(server.output()).toMatch(waiting);
      const health = await fetch(`http://127.0.0.1:${server.port}/api/events/${'zzzz'}/seats`);
      expect(health.status).toBe(404);
      await server.stop();
    } finally {
      for (const socket of sockets) socket.destroy();
      if (relay.listening) await new Promise((resolve) => relay.close(resolve));
    }
  }, 90_000);
});

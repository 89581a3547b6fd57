import { csrfHeadersOver } from '../../test-support/protection';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { sql, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTicketPackage, createVenue, smallSeatMap } from '@marquee/db/factories';
import { holds, seatClaims, ticketPackages } from '@marquee/db/schema';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';

/**
 * The inventory invariants under concurrency (ARCHITECTURE 1-3). They prove something where
 * transactions really run side by side: on PostgreSQL (`DATABASE_URL`, as `.ci/run` sets it). PGlite
 * has one connection and runs the same requests one after another (still a check of the outcome);
 * two server processes cannot share a PGlite folder, so that test runs on PostgreSQL only.
 */
const isPostgres = Boolean(process.env.DATABASE_URL);

const BUYER = { first_name: 'Race', last_name: 'Runner', email: 'race@example.com', phone: '0771234567' };
let t: TestApp;
let buyers = 0;

/** A buyer of their own: these tests race many people for stock (one buyer's limits are decisions/029's). */
function nextBuyer() {
  buyers += 1;
  return { ...BUYER, email: `race${buyers}@example.com` };
}

function order(inject: TestApp['app'], body: object) {
  return inject.inject({
    method: 'POST',
    url: '/api/orders',
    payload: JSON.stringify({ buyer: nextBuyer(), terms_agreed: true, ...body }),
    headers: { 'content-type': 'application/json' },
  });
}

async function packageState(packageId: number) {
  const [row] = await t.db
    .select({
      held: ticketPackages.heldCount,
      sold: ticketPackages.soldCount,
      activeHolds: sql<number>`(SELECT coalesce(sum(quantity), 0)::int FROM holds WHERE package_id = ${packageId} AND status = 'active')`,
    })
    .from(ticketPackages)
    .where(eq(ticketPackages.id, packageId));
  return row;
}

/**
 * A bucketed package's counters (decisions/018): the package row's held_count counts direct holds and
 * every bucket's allotment; each bucket's held_count its holds. `spare` is what buckets have allotted but
 * not held.
 */
async function bucketState(packageId: number) {
  const result = await t.db.execute(sql`
    SELECT
      (SELECT held_count FROM ticket_packages WHERE id = ${packageId})::int AS package_held,
      (SELECT coalesce(sum(quantity), 0) FROM holds WHERE package_id = ${packageId} AND status = 'active' AND bucket = 0)::int AS direct_holds,
      (SELECT coalesce(sum(quantity), 0) FROM holds WHERE package_id = ${packageId} AND status = 'active' AND bucket > 0)::int AS bucket_holds,
      (SELECT coalesce(sum(allotted), 0) FROM ticket_package_buckets WHERE package_id = ${packageId})::int AS allotted,
      (SELECT coalesce(sum(held_count), 0) FROM ticket_package_buckets WHERE package_id = ${packageId})::int AS bucket_held,
      (SELECT count(*) FROM ticket_package_buckets WHERE package_id = ${packageId})::int AS buckets`);
  const row = (result as unknown as { rows: Record<string, number>[] }).rows[0] ?? {};
  // Where each hold is counted agrees with the counters, whatever happened.
  expect(row.package_held).toBe((row.direct_holds ?? 0) + (row.allotted ?? 0));
  expect(row.bucket_held).toBe(row.bucket_holds);
  return { buckets: row.buckets ?? 0, spare: (row.allotted ?? 0) - (row.bucket_held ?? 0) };
}

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('inventory under concurrency', () => {
  it('200 concurrent buyers for 100 tickets of one package hold exactly 100', async () => {
    const event = await createEvent(t.db);
    const pkg = await createTicketPackage(t.db, { eventId: event.id, capacity: 100 });
    const responses = await Promise.all(
      Array.from({ length: 200 }, () =>
        order(t.app, { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }] }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(100);
    expect(statuses.filter((s) => s === 409)).toHaveLength(100);
    expect(await packageState(pkg.id)).toEqual({ held: 100, sold: 0, activeHolds: 100 });
  });

  it('50 buyers racing for the same 2 seats: exactly one wins', async () => {
    const venue = await createVenue(t.db, { seatMap: smallSeatMap(2, 5) });
    const event = await createEvent(t.db, { venueId: venue.id });
    const pkg = await createTicketPackage(t.db, { eventId: event.id, seatingRange: ['A-1-1', 'A-1-2', 'A-1-3'] });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        order(t.app, { event_id: event.id, seats: i % 2 ? ['A-1-1', 'A-1-2'] : ['A-1-2', 'A-1-1'] }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(49);
    for (const loser of responses.filter((r) => r.statusCode === 409))
      expect(loser.json().taken_seats.length).toBeGreaterThan(0);
    const claims = await t.db.select().from(seatClaims).where(eq(seatClaims.eventId, event.id));
    expect(claims.map((c) => c.seatId).sort()).toEqual(['A-1-1', 'A-1-2']);
    expect(await packageState(pkg.id)).toEqual({ held: 2, sold: 0, activeHolds: 2 });
  });

  it('expired holds are taken back exactly once while 40 buyers race for them, before any sweeper runs', async () => {
    const event = await createEvent(t.db);
    const pkg = await createTicketPackage(t.db, { eventId: event.id, capacity: 20 });
    const first = await Promise.all(
      Array.from({ length: 10 }, () =>
        order(t.app, { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }] }),
      ),
    );
    expect(first.every((r) => r.statusCode === 201)).toBe(true);
    await t.db
      .update(holds)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(holds.packageId, pkg.id));

    const race = await Promise.all(
      Array.from({ length: 40 }, () =>
        order(t.app, { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }] }),
      ),
    );
    expect(race.filter((r) => r.statusCode === 201)).toHaveLength(20);
    expect(await packageState(pkg.id)).toEqual({ held: 20, sold: 0, activeHolds: 20 });
  });

  it('a bucketed package of 1,000: 300 buyers of 4 at once hold exactly 1,000, none left in a bucket', async () => {
    const event = await createEvent(t.db);
    const pkg = await createTicketPackage(t.db, { eventId: event.id, capacity: 1_000, maxPerOrder: 10 });
    const responses = await Promise.all(
      Array.from({ length: 300 }, () =>
        order(t.app, { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 4 }] }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(250);
    expect(statuses.filter((s) => s === 409)).toHaveLength(50);
    expect(await packageState(pkg.id)).toEqual({ held: 1_000, sold: 0, activeHolds: 1_000 });
    const buckets = await bucketState(pkg.id);
    expect(buckets.buckets).toBeGreaterThan(0);
    expect(buckets.spare).toBe(0);
  }, 120_000);

  it('the end of a bucketed sale: buyers get tickets while any bucket has them, then exactly capacity', async () => {
    const event = await createEvent(t.db);
    // 1,000 tickets of which 900 are sold: 100 left, handed out through buckets in chunks of 32.
    const pkg = await createTicketPackage(t.db, { eventId: event.id, capacity: 1_000, soldCount: 900 });
    const first = await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        order(t.app, {
          event_id: event.id,
          ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 + (i % 3) }],
        }),
      ),
    );
    expect(first.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    await bucketState(pkg.id);
    // Buyers of one ticket, one after another, until refused: every ticket left in any bucket goes.
    let won = 0;
    for (;;) {
      const r = await order(t.app, {
        event_id: event.id,
        ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
      });
      if (r.statusCode !== 201) {
        expect(r.statusCode).toBe(409);
        expect(r.json().sold_out_packages).toEqual([pkg.id]);
        break;
      }
      won += 1;
      expect(won).toBeLessThanOrEqual(100);
    }
    expect(await packageState(pkg.id)).toEqual({ held: 100, sold: 900, activeHolds: 100 });
    expect((await bucketState(pkg.id)).spare).toBe(0);

    // Every hold expires: 40 buyers of 3 race for the 100 tickets before any sweeper runs, and a buyer
    // of 1 takes the last; cancelling an order gives its tickets back to its bucket for the next buyer.
    await t.db
      .update(holds)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(holds.packageId, pkg.id));
    const race = await Promise.all(
      Array.from({ length: 40 }, () =>
        order(t.app, { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 3 }] }),
      ),
    );
    expect(race.filter((r) => r.statusCode === 201)).toHaveLength(33);
    const last = await order(t.app, {
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
    });
    expect(last.statusCode).toBe(201);
    expect(await packageState(pkg.id)).toEqual({ held: 100, sold: 900, activeHolds: 100 });
    const winner = race.find((r) => r.statusCode === 201)?.json() as { order_id: string; access_token: string };
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${winner.order_id}/cancel`,
      payload: '{}',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${winner.access_token}` },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await packageState(pkg.id))?.activeHolds).toBe(97);
    const again = await order(t.app, {
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 3 }],
    });
    expect(again.statusCode).toBe(201);
    expect(await packageState(pkg.id)).toEqual({ held: 100, sold: 900, activeHolds: 100 });
    await bucketState(pkg.id);
  }, 120_000);

  it("fair holds (decisions/029): one buyer's 30 orders of 1 at once hold exactly 10", async () => {
    const event = await createEvent(t.db);
    const pkg = await createTicketPackage(t.db, { eventId: event.id, capacity: 100 });
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/orders',
          payload: JSON.stringify({
            buyer: { ...BUYER, email: i % 2 ? 'one.buyer@example.com' : 'One.Buyer@Example.com ' },
            terms_agreed: true,
            event_id: event.id,
            ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
          }),
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(10);
    const refused = responses.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(20);
    for (const r of refused) expect(r.json()).toMatchObject({ code: 'hold_limit_reached', hold_limit: 'held' });
    expect(await packageState(pkg.id)).toEqual({ held: 10, sold: 0, activeHolds: 10 });
  });

  describe.runIf(isPostgres)('two server processes against one database (PostgreSQL)', () => {
    const servers: ChildProcess[] = [];
    const ports: number[] = [];

    beforeAll(async () => {
      for (let i = 0; i < 2; i += 1) {
        const port = await freePort();
        const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '../../main.ts')], {
          env: {
            ...process.env,
            DATABASE_URL: t.handle.url ?? '',
            PORT: String(port),
            HOST: '127.0.0.1',
            SEED_DEMO: 'false',
            LOG_LEVEL: 'warn',
            NODE_ENV: 'test',
            // Not what this test is about; CSRF stays on (the buyers below send the token).
            CAPTCHA: 'off',
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        servers.push(child);
        ports.push(port);
      }
      await Promise.all(ports.map((port) => waitForServer(port)));
    }, 60_000);

    afterAll(async () => {
      await Promise.all(
        servers.map(
          (child) =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        ),
      );
    });

    it('keep the invariants: 120 buyers over both for 50 tickets and 1 seat', async () => {
      const event = await createEvent(t.db);
      const pkg = await createTicketPackage(t.db, { eventId: event.id, capacity: 50 });
      const venue = await createVenue(t.db, { seatMap: smallSeatMap(1, 2) });
      const seated = await createEvent(t.db, { venueId: venue.id });
      await createTicketPackage(t.db, { eventId: seated.id, seatingRange: ['A-1-1', 'A-1-2'] });

      // One browser session's CSRF cookie and token: both processes verify it (the token is signed, not stored).
      const csrf = await csrfHeadersOver(`http://127.0.0.1:${ports[0]}`);
      const post = (port: number, body: object) =>
        fetch(`http://127.0.0.1:${port}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...csrf },
          body: JSON.stringify({ buyer: nextBuyer(), terms_agreed: true, ...body }),
        }).then((r) => r.status);
      const statuses = await Promise.all(
        Array.from({ length: 120 }, (_, i) =>
          post(ports[i % 2] ?? 0, {
            event_id: event.id,
            ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
          }),
        ),
      );
      expect(statuses.filter((s) => s === 201)).toHaveLength(50);
      expect(statuses.filter((s) => s === 409)).toHaveLength(70);
      expect(await packageState(pkg.id)).toEqual({ held: 50, sold: 0, activeHolds: 50 });

      const seatStatuses = await Promise.all(
        Array.from({ length: 30 }, (_, i) => post(ports[i % 2] ?? 0, { event_id: seated.id, seats: ['A-1-1'] })),
      );
      expect(seatStatuses.filter((s) => s === 201)).toHaveLength(1);
    }, 60_000);

    /** A request over HTTP to one of the processes, with one browser's CSRF cookie and token (and more headers). */
    async function send(port: number, path: string, body: object, headers: Record<string, string>) {
      const answer = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    }

    /** An account registered and signed in on one process: its session cookie, which both processes read. */
    async function signedIn(
      port: number,
      csrf: Record<string, string>,
      email: string,
    ): Promise<Record<string, string>> {
      const headers = { ...csrf, origin: `http://localhost:${port}` };
      const password = 'correct horse battery';
      const registered = await send(
        port,
        '/register',
        { name: 'Hoarding Account', email, password, password_confirmation: password },
        headers,
      );
      expect(registered.status).toBe(201);
      const answer = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email, password }),
      });
      expect(answer.status).toBe(200);
      const session = answer.headers
        .getSetCookie()
        .map((line) => line.split(';')[0] ?? '')
        .find((cookie) => cookie.startsWith('marquee.session_token='));
      expect(session).toBeDefined();
      return { ...csrf, cookie: `${csrf.cookie}; ${session}` };
    }

    it('fair holds (decisions/029): 50 clients hoarding one event over both hold 10 each and renew nothing; real buyers get tickets', async () => {
      const event = await createEvent(t.db);
      // 1,000 tickets: counted in buckets (decisions/018), so the processes' placements do not queue on one
      // package row, and only the buyer's own lock stands between a hoarder's orders in both processes.
      const pkg = await createTicketPackage(t.db, { eventId: event.id, capacity: 1_000 });
      const port = (n: number) => ports[n % 2] ?? 0;
      const csrf = await csrfHeadersOver(`http://127.0.0.1:${port(0)}`);
      const accountEmail = 'account.hoarder@example.com';
      const account = await signedIn(port(0), csrf, accountEmail);

      // Ten hoarders of five clients each: nine by e-mail (each client writes it its own way), and one
      // signed-in account whose clients give a new e-mail on every order. Each client asks for 10 tickets
      // three times at once, over both processes, and keeps what it gets.
      const hoarders = Array.from({ length: 10 }, (_, h) => ({ h, isAccount: h === 9 }));
      const spellings = (h: number) => [
        `hoarder${h}@example.com`,
        ` Hoarder${h}@Example.com`,
        `HOARDER${h}@EXAMPLE.COM `,
        `hoarder${h}@Example.COM`,
        `\thoarder${h}@example.com`,
      ];
      const clients = hoarders.flatMap(({ h, isAccount }) =>
        Array.from({ length: 5 }, (_, c) => ({
          h,
          c,
          headers: isAccount ? account : csrf,
          email: (attempt: number) => (isAccount ? `alias.${c}.${attempt}@example.com` : (spellings(h)[c] ?? '')),
        })),
      );
      const lines = [{ package_id: pkg.id, ticket_count: 10 }];
      const orderBody = (email: string) => ({
        event_id: event.id,
        buyer: { ...BUYER, email },
        terms_agreed: true,
        ticket_package_details: lines,
      });
      type Held = { client: (typeof clients)[number]; orderId: string; token: string };
      const held: Held[] = [];
      const hoardAnswers: { status: number; code: unknown; limit: unknown }[] = [];
      await Promise.all(
        clients.flatMap((client, i) =>
          [0, 1, 2].map(async (attempt) => {
            const answer = await send(
              port(i + attempt),
              '/api/orders',
              orderBody(client.email(attempt)),
              client.headers,
            );
            hoardAnswers.push({ status: answer.status, code: answer.body.code, limit: answer.body.hold_limit });
            if (answer.status === 201)
              held.push({ client, orderId: String(answer.body.order_id), token: String(answer.body.access_token) });
          }),
        ),
      );
      // Each hoarder got one order of 10; every other try was refused by the limit, in words.
      expect(hoardAnswers.filter((a) => a.status === 201)).toHaveLength(10);
      expect(
        hoardAnswers
          .filter((a) => a.status !== 201)
          .every((a) => a.status === 409 && a.code === 'hold_limit_reached' && a.limit === 'held'),
      ).toBe(true);
      expect(new Set(held.map((entry) => entry.client.h)).size).toBe(10);

      // Then 30 real buyers of 2 arrive, while every hoarder cancels its order and orders again at once
      // (on the other process) to renew its hold.
      const [buyerStatuses, renewals] = await Promise.all([
        Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            send(
              port(i),
              '/api/orders',
              {
                ...orderBody(`fan${i}@example.com`),
                ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }],
              },
              csrf,
            ).then((a) => a.status),
          ),
        ),
        Promise.all(
          held.map(async (entry, i) => {
            const cancelled = await send(
              port(i),
              `/api/orders/${entry.orderId}/cancel`,
              {},
              { ...entry.client.headers, authorization: `Bearer ${entry.token}` },
            );
            expect(cancelled.status).toBe(200);
            return send(port(i + 1), '/api/orders', orderBody(entry.client.email(3)), entry.client.headers);
          }),
        ),
      ]);
      expect(buyerStatuses).toEqual(Array.from({ length: 30 }, () => 201));
      for (const renewal of renewals)
        expect(renewal).toMatchObject({ status: 409, body: { code: 'hold_limit_reached', hold_limit: 'cooldown' } });

      // What each hoarder ever held, by the database: 10 tickets, once.
      const everHeld = await t.db.execute(sql`
        SELECT o.email, sum(h.quantity)::int AS tickets, count(DISTINCT o.id)::int AS orders
        FROM holds h JOIN orders o ON o.id = h.order_id
        WHERE o.event_id = ${event.id} AND o.email LIKE 'hoarder%'
        GROUP BY o.email ORDER BY o.email`);
      expect((everHeld as unknown as { rows: unknown[] }).rows).toEqual(
        Array.from({ length: 9 }, (_, h) => ({ email: `hoarder${h}@example.com`, tickets: 10, orders: 1 })),
      );
      const byAccount = await t.db.execute(sql`
        SELECT sum(h.quantity)::int AS tickets, count(DISTINCT o.id)::int AS orders
        FROM holds h JOIN orders o ON o.id = h.order_id JOIN user_orders u ON u.order_id = o.id
        JOIN users a ON a.id = u.user_id
        WHERE o.event_id = ${event.id} AND a.email = ${accountEmail}`);
      expect((byAccount as unknown as { rows: unknown[] }).rows).toEqual([{ tickets: 10, orders: 1 }]);
      expect(await packageState(pkg.id)).toMatchObject({ sold: 0, activeHolds: 60 });
      await bucketState(pkg.id);
    }, 120_000);

    /**
     * Runs `race` while this test holds the package's row, and lets go once `waiters` placements wait on a
     * lock (the row, or the buyer's lock): each has run as far as it can side by side with the other,
     * in its own process, before either commits.
     */
    async function whilePackageLocked<T>(packageId: number, waiters: number, race: () => Promise<T>): Promise<T> {
      const waiting = async () => {
        const result = await t.db.execute(sql`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`);
        return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
      };
      let raced: Promise<T> | null = null;
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT id FROM ticket_packages WHERE id = ${packageId} FOR UPDATE`);
        raced = race();
        // Its answers are awaited below, after the row is let go.
        raced.catch(() => undefined);
        await expect.poll(waiting, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(waiters);
      });
      if (raced === null) throw new Error('the race did not start');
      return raced;
    }

    it("fair holds: a buyer's two orders placed side by side, one in each process, are counted together (the buyer's lock)", async () => {
      const csrf = await csrfHeadersOver(`http://127.0.0.1:${ports[0]}`);
      const account = await signedIn(ports[0] ?? 0, csrf, 'racing.account@example.com');
      const race = async (
        options: { freeEvent?: boolean; price?: number },
        orders: { email: string; headers: Record<string, string>; count: number }[],
      ) => {
        const event = await createEvent(t.db, { freeEvent: options.freeEvent ?? false });
        const pkg = await createTicketPackage(t.db, {
          eventId: event.id,
          capacity: 100,
          price: options.price ?? 250_000,
        });
        const answers = await whilePackageLocked(pkg.id, 2, () =>
          Promise.all(
            orders.map((order, i) =>
              send(
                ports[i % 2] ?? 0,
                '/api/orders',
                {
                  event_id: event.id,
                  buyer: { ...BUYER, email: order.email },
                  terms_agreed: true,
                  ticket_package_details: [{ package_id: pkg.id, ticket_count: order.count }],
                },
                order.headers,
              ),
            ),
          ),
        );
        return { answers: answers.sort((a, b) => a.status - b.status), state: await packageState(pkg.id) };
      };

      // One e-mail, written two ways: 6 + 6 held would be 12.
      const byEmail = await race({}, [
        { email: 'twice@example.com', headers: csrf, count: 6 },
        { email: ' Twice@Example.COM', headers: csrf, count: 6 },
      ]);
      expect(byEmail.answers).toMatchObject([
        { status: 201 },
        { status: 409, body: { code: 'hold_limit_reached', hold_limit: 'held' } },
      ]);
      expect(byEmail.state).toEqual({ held: 6, sold: 0, activeHolds: 6 });

      // One signed-in account, two e-mails.
      const byAccount = await race({}, [
        { email: 'first.alias@example.com', headers: account, count: 6 },
        { email: 'second.alias@example.com', headers: account, count: 6 },
      ]);
      expect(byAccount.answers).toMatchObject([
        { status: 201 },
        { status: 409, body: { code: 'hold_limit_reached', hold_limit: 'held' } },
      ]);
      expect(byAccount.state).toEqual({ held: 6, sold: 0, activeHolds: 6 });

      // Free tickets: 3 + 3 would be 6 of 4.
      const free = await race({ freeEvent: true, price: 0 }, [
        { email: 'free.loader@example.com', headers: csrf, count: 3 },
        { email: 'FREE.LOADER@example.com ', headers: csrf, count: 3 },
      ]);
      expect(free.answers).toMatchObject([
        { status: 201 },
        { status: 409, body: { code: 'hold_limit_reached', hold_limit: 'free' } },
      ]);
      expect(free.state).toEqual({ held: 0, sold: 3, activeHolds: 0 });
    }, 90_000);
  });
});

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

async function waitForServer(port: number): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/categories`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on port ${port} did not start`);
}

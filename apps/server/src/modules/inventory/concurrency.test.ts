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

function order(inject: TestApp['app'], body: object) {
  return inject.inject({
    method: 'POST',
    url: '/api/orders',
    payload: JSON.stringify({ buyer: BUYER, terms_agreed: true, ...body }),
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

      const post = (port: number, body: object) =>
        fetch(`http://127.0.0.1:${port}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ buyer: BUYER, terms_agreed: true, ...body }),
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

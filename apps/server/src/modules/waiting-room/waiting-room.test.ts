import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTicketPackage } from '@marquee/db/factories';
import { events, orders, queueEntries } from '@marquee/db/schema';
import { QueueStatusSchema } from '@marquee/domain/queue';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { csrfHeadersOver } from '../../test-support/protection';
import { startServerProcesses, type ServerProcess } from '../../test-support/server-process';
import { tickRoom } from './repository';

/**
 * The waiting room (issue 23; decisions/048): places, the random draw of the pre-queue, admission at a rate,
 * and orders that need an admission bound to the browser. On PGlite and PostgreSQL; the race of many browsers
 * over two server processes on PostgreSQL only.
 */
const isPostgres = Boolean(process.env.DATABASE_URL);
let t: TestApp;
let buyers = 0;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

let addresses = 0;

/** A browser: its cookies, kept between calls, and a connection address of its own (the join limit is per client). */
function browser(remoteAddress = `10.1.${Math.floor(++addresses / 250)}.${addresses % 250}`) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const keep = (setCookie: string | string[] | undefined) => {
    for (const line of [setCookie ?? []].flat()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  return {
    jar,
    async join(uid: string) {
      const reply = await t.app.inject({
        method: 'POST',
        url: `/api/events/${uid}/queue`,
        payload: '{}',
        remoteAddress,
        headers: { 'content-type': 'application/json', cookie: cookieHeader() },
      });
      keep(reply.headers['set-cookie']);
      return reply;
    },
    async status(uid: string) {
      const reply = await t.app.inject({ url: `/api/events/${uid}/queue`, remoteAddress, headers: { cookie: cookieHeader() } });
      keep(reply.headers['set-cookie']);
      return reply;
    },
    async order(eventId: number, packageId: number, extraCookies = '') {
      buyers += 1;
      return t.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: JSON.stringify({
          event_id: eventId,
          buyer: { first_name: 'Queue', last_name: 'Buyer', email: `queue${buyers}@example.com`, phone: '0771234567' },
          terms_agreed: true,
          ticket_package_details: [{ package_id: packageId, ticket_count: 1 }],
        }),
        headers: { 'content-type': 'application/json', cookie: [cookieHeader(), extraCookies].filter(Boolean).join('; ') },
      });
    },
  };
}

async function roomEvent(options: { opensInSeconds?: number; admitPerMinute?: number } = {}) {
  const opens = options.opensInSeconds;
  const event = await createEvent(t.db, {
    waitingRoom: true,
    admitPerMinute: options.admitPerMinute ?? 600,
    ...(opens === undefined
      ? {}
      : { status: 'pending' as const, saleStartsAt: new Date(Date.now() + opens * 1000) }),
  });
  const pkg = await createTicketPackage(t.db, { eventId: event.id, capacity: 1000 });
  return { event, pkg };
}

/** Opens the sale now and lets every place drawn so far in (as the rate would, later). */
async function openAndAdmitAll(eventId: number) {
  await t.db.update(events).set({ saleStartsAt: new Date(Date.now() - 1000) }).where(eq(events.id, eventId));
}

async function admitThrough(eventId: number, places: number) {
  await t.db.execute(sql`UPDATE queue_rooms SET admitted_through = least(joined, ${places}) WHERE event_id = ${eventId}`);
}

async function ordersOf(eventId: number) {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.eventId, eventId));
  return row?.n ?? 0;
}

describe('the waiting room', () => {
  it('gives one place per browser, however often it asks, and waits its turn', async () => {
    const { event } = await roomEvent({ admitPerMinute: 10 });
    const first = browser();
    const second = browser();
    const a = await first.join(event.uid);
    expect(a.statusCode).toBe(200);
    const status = QueueStatusSchema.parse(a.json());
    expect(first.jar.get('mq_queue')).toBeTruthy();
    // Many tabs and refreshes: the same place.
    for (let i = 0; i < 3; i++) expect((await first.join(event.uid)).json().position).toBe(status.position);
    const b = QueueStatusSchema.parse((await second.join(event.uid)).json());
    const places = await t.db.select().from(queueEntries).where(eq(queueEntries.eventId, event.id));
    expect(places).toHaveLength(2);
    expect(b.state === 'waiting' || b.state === 'admitted').toBe(true);
    // No place, no status; another browser's cookie is another place.
    expect((await browser().status(event.uid)).statusCode).toBe(404);
  });

  it('draws the pre-queue at random when the sale opens: arriving early is no edge', async () => {
    const { event } = await roomEvent({ opensInSeconds: 3600 });
    const early = Array.from({ length: 40 }, () => browser());
    for (const b of early) {
      const joined = QueueStatusSchema.parse((await b.join(event.uid)).json());
      expect(joined.state).toBe('pre_queue');
      expect(joined.position).toBeNull();
      expect(joined.opens_at).not.toBeNull();
    }
    await openAndAdmitAll(event.id);
    const late = browser();
    const positions: number[] = [];
    for (const b of early) positions.push(QueueStatusSchema.parse((await b.status(event.uid)).json()).position ?? 0);
    // Every early place drawn, 1..40 in some order, and not the order of arrival.
    expect([...positions].sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(positions).not.toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    // A later arrival goes after all of them.
    expect(QueueStatusSchema.parse((await late.join(event.uid)).json()).position).toBe(41);
  });

  it('admits at the rate, and sells only to an admitted browser, with its own cookie', async () => {
    const { event, pkg } = await roomEvent();
    const buyer = browser();
    const stranger = browser();
    expect((await buyer.join(event.uid)).statusCode).toBe(200);
    expect((await stranger.join(event.uid)).statusCode).toBe(200);
    // Not admitted yet: refused, nothing written.
    await t.db.execute(sql`UPDATE queue_rooms SET admitted_through = 0, ticked_at = now() + interval '1 hour' WHERE event_id = ${event.id}`);
    const early = await buyer.order(event.id, pkg.id);
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('queue_required');
    await admitThrough(event.id, 2);
    const admitted = QueueStatusSchema.parse((await buyer.status(event.uid)).json());
    expect(admitted.state).toBe('admitted');
    const token = buyer.jar.get(`mq_admit_${event.id}`);
    expect(token).toBeTruthy();
    const placed = await buyer.order(event.id, pkg.id);
    expect(placed.statusCode).toBe(201);

    // Another browser with the buyer's admission but its own place: refused. A forged one: refused.
    const shared = await browser().order(event.id, pkg.id, `mq_admit_${event.id}=${token}`);
    expect(shared.statusCode).toBe(403);
    const forged = await stranger.order(event.id, pkg.id, `mq_admit_${event.id}=${event.id}.abc.${Date.now() + 60_000}.xyz`);
    expect(forged.statusCode).toBe(403);
    const otherEvent = await roomEvent();
    const elsewhere = await buyer.order(otherEvent.event.id, otherEvent.pkg.id, `mq_admit_${otherEvent.event.id}=${token}`);
    expect(elsewhere.statusCode).toBe(403);
    expect(await ordersOf(event.id)).toBe(1);
    expect(await ordersOf(otherEvent.event.id)).toBe(0);
  });

  it('lets an admission place 3 orders, then refuses; an expired admission is refused', async () => {
    const { event, pkg } = await roomEvent();
    const buyer = browser();
    await buyer.join(event.uid);
    await admitThrough(event.id, 1);
    expect(QueueStatusSchema.parse((await buyer.status(event.uid)).json()).state).toBe('admitted');
    for (let i = 0; i < 3; i++) expect((await buyer.order(event.id, pkg.id)).statusCode).toBe(201);
    const fourth = await buyer.order(event.id, pkg.id);
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().code).toBe('queue_required');

    const late = browser();
    await late.join(event.uid);
    await admitThrough(event.id, 2);
    expect(QueueStatusSchema.parse((await late.status(event.uid)).json()).state).toBe('admitted');
    await t.db.execute(sql`UPDATE queue_entries SET admitted_at = now() - interval '21 minutes' WHERE event_id = ${event.id}`);
    expect((await late.order(event.id, pkg.id)).statusCode).toBe(403);
    expect(QueueStatusSchema.parse((await late.status(event.uid)).json()).state).toBe('expired');
    // Joining again after it ran out: a new place at the end.
    const again = QueueStatusSchema.parse((await late.join(event.uid)).json());
    expect(again.state === 'waiting' || again.state === 'admitted').toBe(true);
    expect(await ordersOf(event.id)).toBe(3);
  });

  it('moves the admitted places on by the rate, no faster', async () => {
    const { event } = await roomEvent({ admitPerMinute: 60 });
    const crowd = Array.from({ length: 30 }, () => browser());
    for (const b of crowd) await b.join(event.uid);
    await t.db.execute(sql`UPDATE queue_rooms SET admitted_through = 0, ticked_at = now() - interval '3 seconds' WHERE event_id = ${event.id}`);
    // The tick every process sends (at most once a second each; at most one a second takes effect).
    await tickRoom(t.db, event.id, 60);
    await tickRoom(t.db, event.id, 60);
    const [room] = await t.db.execute(sql`SELECT admitted_through FROM queue_rooms WHERE event_id = ${event.id}`).then(
      (result) => (result as unknown as { rows: { admitted_through: number }[] }).rows,
    );
    // 60 a minute for about 3 seconds: about 3 places (the second tick, within the second, did nothing).
    expect(room?.admitted_through).toBeGreaterThanOrEqual(2.9);
    expect(room?.admitted_through).toBeLessThan(6);
    // A room nobody asked about for an hour lets in at most 5 seconds' worth at once, not a crowd.
    await t.db.execute(sql`UPDATE queue_rooms SET admitted_through = 0, ticked_at = now() - interval '1 hour' WHERE event_id = ${event.id}`);
    await tickRoom(t.db, event.id, 60);
    const [burst] = await t.db.execute(sql`SELECT admitted_through FROM queue_rooms WHERE event_id = ${event.id}`).then(
      (result) => (result as unknown as { rows: { admitted_through: number }[] }).rows,
    );
    expect(burst?.admitted_through).toBeLessThanOrEqual(5);
    const last = QueueStatusSchema.parse((await crowd[29]!.status(event.uid)).json());
    expect(last.state).toBe('waiting');
    expect(last.estimated_wait_seconds).toBeGreaterThan(0);
  });

  it('refuses what it cannot do with a clear 4xx, writing nothing', async () => {
    const plain = await createEvent(t.db);
    const b = browser();
    expect((await b.join(plain.uid)).json().code).toBe('conflict');
    expect((await b.join('nosuchevent')).statusCode).toBe(404);
    const closed = await createEvent(t.db, { waitingRoom: true, status: 'closed' });
    expect((await b.join(closed.uid)).json().code).toBe('not_on_sale');
    const rows = await t.db.select().from(queueEntries).where(eq(queueEntries.eventId, plain.id));
    expect(rows).toHaveLength(0);
    // One connection asking for many places (many cookie jars): 100 new places per 10 minutes, then 429.
    // Asking again for one's own place is not counted: a browser behind that address keeps its place.
    const { event } = await roomEvent();
    const regular = browser('10.9.9.9');
    expect((await regular.join(event.uid)).statusCode).toBe(200);
    const answers = [];
    for (let i = 0; i < 100; i++) answers.push((await browser('10.9.9.9').join(event.uid)).statusCode);
    expect(answers.slice(0, 99).every((status) => status === 200)).toBe(true);
    expect(answers[99]).toBe(429);
    const refused = await t.db.select().from(queueEntries).where(eq(queueEntries.eventId, event.id));
    expect(refused).toHaveLength(100);
    for (let i = 0; i < 5; i++) expect((await regular.join(event.uid)).statusCode).toBe(200);
    // An event without a waiting room sells as before.
    const pkg = await createTicketPackage(t.db, { eventId: plain.id, capacity: 5 });
    expect((await b.order(plain.id, pkg.id)).statusCode).toBe(201);
  });
});

describe.runIf(isPostgres)('two server processes, one queue (PostgreSQL)', () => {
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    // Each browser below is its own client (X-Forwarded-For), as behind a load balancer.
    servers.push(...(await startServerProcesses(2, t.handle.url ?? '', { TRUSTED_PROXIES: 'loopback' })));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it('300 browsers over both: one place each, positions 1..300 once each, the draw made once', async () => {
    const { event } = await roomEvent({ opensInSeconds: 3600 });
    const csrf = await csrfHeadersOver(`http://127.0.0.1:${servers[0]!.port}`);
    const join = async (i: number, cookie: string | null) => {
      const answer = await fetch(`http://127.0.0.1:${servers[i % 2]!.port}/api/events/${event.uid}/queue`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...csrf,
          ...(cookie ? { cookie: `${csrf.cookie}; mq_queue=${cookie}` } : {}),
          'x-forwarded-for': `10.0.${Math.floor(i / 250)}.${i % 250}`,
        },
        body: '{}',
      });
      const set = answer.headers.getSetCookie().find((line) => line.startsWith('mq_queue='));
      return { status: answer.status, cookie: set ? (set.split(';')[0]?.slice('mq_queue='.length) ?? null) : cookie };
    };
    // Half before the opening, half after; every browser asks twice at once (two tabs).
    const before = await Promise.all(Array.from({ length: 150 }, (_, i) => join(i, null)));
    expect(before.every((answer) => answer.status === 200)).toBe(true);
    await openAndAdmitAll(event.id);
    const after = await Promise.all(Array.from({ length: 150 }, (_, i) => join(150 + i, null)));
    const tabs = await Promise.all([...before, ...after].map((answer, i) => join(i, answer.cookie)));
    expect(tabs.every((answer) => answer.status === 200)).toBe(true);
    const rows = await t.db
      .select({ position: queueEntries.position })
      .from(queueEntries)
      .where(eq(queueEntries.eventId, event.id));
    expect(rows).toHaveLength(300);
    const positions = rows.map((row) => row.position ?? 0).sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
  }, 120_000);
});

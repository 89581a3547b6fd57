import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  createTicketPackage,
  createVenue,
  smallSeatMap,
  type TicketPackageRow,
} from '@marquee/db/factories';
import { orderLines, orders, outbox, waitlistEntries } from '@marquee/db/schema';
import { OrderSchema, SeatStatesSchema, type CreatedOrder } from '@marquee/domain/orders';
import { WaitlistEntryAnswerSchema, WaitlistOfferAnswerSchema } from '@marquee/domain/waitlist';
import { buildTestApp, TEST_APP_CONFIG, type TestApp } from '../../test-support/build-test-app';
import { orderTickets, payWith4242, TEST_BUYER } from '../../test-support/buy-tickets';
import { expireHold } from '../../test-support/expire-hold';
import { packageCounts } from '../../test-support/order-facts';
import { startServerProcesses, type ServerProcess } from '../../test-support/server-process';
import { partText, startSmtpSink, type SmtpSink } from '../../test-support/smtp-sink';
import { createMailService, type MailService } from '../mail/service';
import { createOrderCompletion } from '../orders/completion';
import { createOrdersService } from '../orders/service';
import { createPaymentGateways } from '../payments/gateways';
import { createSandboxWebhooks } from '../payments/sandbox-webhooks';
import { createWaitlistService, type WaitlistService } from './service';

/*
 * The waitlist of a sold-out package (issue 23; decisions/049), through the API as a buyer uses it, on PGlite and
 * (with DATABASE_URL) PostgreSQL. The app's worker is off in tests: they run `makeOffers` themselves, with a
 * service made as the app makes it.
 */

const isPostgres = Boolean(process.env.DATABASE_URL);
let t: TestApp;
let sink: SmtpSink;
let mail: MailService;
let waitlist: WaitlistService;
let orderService: ReturnType<typeof createOrdersService>;
let clients = 0;
const nextClient = () => `203.0.113.${(clients += 1) % 250}`;

beforeAll(async () => {
  t = await buildTestApp();
  sink = await startSmtpSink();
  mail = createMailService({
    db: t.db,
    config: { smtpUrl: sink.url, from: 'Marquee <tickets@marquee.local>', viewer: 'off' },
    publicUrl: TEST_APP_CONFIG.publicUrl,
    log: t.app.log,
  });
  const gateways = createPaymentGateways(t.db, { sandboxWebhooks: createSandboxWebhooks(t.db) });
  orderService = createOrdersService({
    db: t.db,
    gateways,
    completion: createOrderCompletion({ db: t.db, gateways }),
    checkoutCacheTtlMs: 0,
  });
  waitlist = createWaitlistService({
    db: t.db,
    publicUrl: TEST_APP_CONFIG.publicUrl,
    log: t.app.log,
    placeOffer: orderService.placeWaitlistOffer,
  });
});
afterAll(async () => {
  mail.close();
  await sink.close();
  await t.close();
});

function buyer(email: string) {
  return { ...TEST_BUYER, email };
}

function join(uid: string, body: Record<string, unknown>, remoteAddress = nextClient()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/events/${uid}/waitlist`,
    payload: { quantity: 1, terms_agreed: true, ...body },
    remoteAddress,
  });
}

function post(url: string, token: string) {
  return t.app.inject({ method: 'POST', url, payload: { token } });
}

/** The token of the link to `page` in the latest e-mail to `address` that has one. */
async function linkToken(address: string, page: 'confirm' | 'offer'): Promise<string> {
  await mail.sendDue();
  const pattern = new RegExp(`${TEST_APP_CONFIG.publicUrl}/waitlist/${page}\\?token=(\\S+)`);
  const texts = sink.received
    .filter((one) => one.envelope.to.includes(address))
    .map((one) => partText(one.message, 'text/plain') ?? '');
  const match = texts
    .map((text) => pattern.exec(text))
    .filter((found) => found?.[1])
    .at(-1);
  if (!match?.[1]) throw new Error(`No ${page} link to ${address} in ${texts.length} e-mails.`);
  return decodeURIComponent(match[1]);
}

/** Joins and confirms through the e-mail's link, as a buyer does; answers the confirmation's answer. */
async function joinAndConfirm(uid: string, packageId: number, email: string, quantity = 1) {
  const joined = await join(uid, { package_id: packageId, quantity, buyer: buyer(email) });
  expect(joined.statusCode, joined.body).toBe(202);
  const confirmed = await post('/api/waitlist/confirm', await linkToken(email, 'confirm'));
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return WaitlistEntryAnswerSchema.parse(confirmed.json());
}

/** An on-sale event with one package of `capacity` tickets, all of them held by one order. */
async function soldOutPackage(capacity = 2) {
  const event = await createEvent(t.db, { name: 'Sold Out Night' });
  const pkg = await createTicketPackage(t.db, {
    eventId: event.id,
    capacity,
    maxPerOrder: Math.max(4, capacity),
    price: 150_000,
  });
  const first = await orderTickets(
    t,
    { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: capacity }] },
    { email: `first.${pkg.id}@example.com` },
  );
  return { event, pkg, first };
}

function order(eventId: number, pkg: TicketPackageRow, count: number, email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      event_id: eventId,
      buyer: buyer(email),
      terms_agreed: true,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: count }],
    },
    remoteAddress: nextClient(),
  });
}

async function entriesOf(packageId: number) {
  return t.db
    .select({ email: waitlistEntries.email, status: waitlistEntries.status, orderId: waitlistEntries.orderId })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.packageId, packageId))
    .orderBy(waitlistEntries.id);
}

async function rowCounts() {
  const [row] = await t.db
    .select({
      entries: sql<number>`(SELECT count(*)::int FROM ${waitlistEntries})`,
      outbox: sql<number>`(SELECT count(*)::int FROM ${outbox})`,
    })
    .from(sql`(SELECT 1) AS one`);
  return row;
}

describe('joining (double opt-in)', () => {
  it('queues a confirmation e-mail; the buyer is in line only once its link is used, and then told their place', async () => {
    const { event, pkg } = await soldOutPackage();
    const email = 'waiting.one@example.com';
    const joined = await join(event.uid, {
      package_id: pkg.id,
      quantity: 2,
      buyer: buyer(' Waiting.One@Example.com '),
    });
    expect(joined.statusCode).toBe(202);
    expect(joined.json()).toEqual({ status: 'pending', message: expect.stringContaining('Check your e-mail') });
    expect(await entriesOf(pkg.id)).toEqual([{ email, status: 'unconfirmed', orderId: null }]);

    const token = await linkToken(email, 'confirm');
    const confirmed = WaitlistEntryAnswerSchema.parse((await post('/api/waitlist/confirm', token)).json());
    expect(confirmed).toMatchObject({ status: 'waiting', position: 1, quantity: 2, package_name: pkg.name });
    expect(confirmed.event.path).toContain(event.uid);
    // The second in line is told 2; using the first link again answers the same place.
    expect((await joinAndConfirm(event.uid, pkg.id, 'waiting.two@example.com')).position).toBe(2);
    expect(WaitlistEntryAnswerSchema.parse((await post('/api/waitlist/confirm', token)).json()).position).toBe(1);
  });

  it('answers a join again alike, and sends at most 3 confirmation e-mails a day to one address', async () => {
    const { event, pkg } = await soldOutPackage();
    const email = 'often@example.com';
    for (let i = 0; i < 5; i += 1) {
      const again = await join(event.uid, { package_id: pkg.id, buyer: buyer(email) });
      expect(again.statusCode).toBe(202);
    }
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .innerJoin(waitlistEntries, eq(waitlistEntries.id, outbox.waitlistEntryId))
      .where(eq(waitlistEntries.email, email));
    expect(row?.n).toBe(3);
    expect(await entriesOf(pkg.id)).toHaveLength(1);
  });

  it('limits joins per client (429), never per address', async () => {
    const { event, pkg } = await soldOutPackage();
    const client = '192.0.2.77';
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await join(event.uid, { package_id: pkg.id, buyer: buyer(`c${i}@example.com`) }, client)).statusCode,
      ).toBe(202);
    }
    const refused = await join(event.uid, { package_id: pkg.id, buyer: buyer('c5@example.com') }, client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    // Another client is not held back by this one.
    expect((await join(event.uid, { package_id: pkg.id, buyer: buyer('c5@example.com') })).statusCode).toBe(202);
  });

  it('refuses bad input with a clear 4xx and writes nothing', async () => {
    const { event, pkg } = await soldOutPackage();
    const open = await createTicketPackage(t.db, { eventId: event.id, capacity: 50 });
    const pending = await createEvent(t.db, { status: 'pending', saleStartsAt: new Date(Date.now() + 86_400_000) });
    const pendingPkg = await createTicketPackage(t.db, { eventId: pending.id, capacity: 0 });
    const before = await rowCounts();
    const cases: [string, Record<string, unknown>, number, string][] = [
      [event.uid, { package_id: open.id, buyer: buyer('a@example.com') }, 409, 'not_sold_out'],
      [pending.uid, { package_id: pendingPkg.id, buyer: buyer('a@example.com') }, 409, 'waitlist_closed'],
      ['nosuchevent', { package_id: pkg.id, buyer: buyer('a@example.com') }, 404, 'not_found'],
      [event.uid, { package_id: pendingPkg.id, buyer: buyer('a@example.com') }, 404, 'not_found'],
      [event.uid, { package_id: pkg.id, buyer: buyer('not-an-email') }, 422, 'validation_failed'],
      [event.uid, { package_id: pkg.id, quantity: 5, buyer: buyer('a@example.com') }, 422, 'validation_failed'],
      [event.uid, { package_id: pkg.id, quantity: 0, buyer: buyer('a@example.com') }, 422, 'validation_failed'],
      [
        event.uid,
        { package_id: pkg.id, payment_gateway_id: 99, buyer: buyer('a@example.com') },
        422,
        'validation_failed',
      ],
      [event.uid, { package_id: pkg.id, terms_agreed: false, buyer: buyer('a@example.com') }, 422, 'validation_failed'],
    ];
    for (const [uid, body, status, code] of cases) {
      const answer = await join(uid, body);
      expect(answer.statusCode, `${JSON.stringify(body)}: ${answer.body}`).toBe(status);
      expect(answer.json().code).toBe(code);
    }
    for (const [url, token, status, code] of [
      ['/api/waitlist/confirm', 'x'.repeat(43), 403, 'link_invalid'],
      ['/api/waitlist/confirm', '', 422, 'validation_failed'],
      ['/api/waitlist/leave', 'forged', 403, 'link_invalid'],
      ['/api/waitlist/offer', 'y'.repeat(43), 403, 'link_invalid'],
    ] as const) {
      const answer = await post(url, token);
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json().code).toBe(code);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a confirmation link older than 7 days (410)', async () => {
    const { event, pkg } = await soldOutPackage();
    const email = 'late@example.com';
    await join(event.uid, { package_id: pkg.id, buyer: buyer(email) });
    const token = await linkToken(email, 'confirm');
    await t.db
      .update(waitlistEntries)
      .set({ confirmRequestedAt: sql`now() - interval '8 days'` })
      .where(eq(waitlistEntries.email, email));
    const answer = await post('/api/waitlist/confirm', token);
    expect(answer.statusCode).toBe(410);
    expect(answer.json().code).toBe('link_expired');
    expect((await entriesOf(pkg.id))[0]?.status).toBe('unconfirmed');
  });
});

describe('tickets that come back go to the line first', () => {
  it('keeps them from other buyers, holds them for the next in line, who opens the offer and pays', async () => {
    const { event, pkg, first } = await soldOutPackage();
    const email = 'next.in.line@example.com';
    await joinAndConfirm(event.uid, pkg.id, email, 2);
    // Nothing came back yet: no offer.
    expect(await waitlist.makeOffers()).toBe(0);

    await expireHold(t.db, first.order_id);
    // A buyer who refreshes at that moment is refused, and the catalogue shows the package taken.
    const sniper = await order(event.id, pkg, 1, 'sniper@example.com');
    expect(sniper.statusCode, sniper.body).toBe(409);
    expect(sniper.json().code).toBe('sold_out');
    const shown = await t.app.inject({ url: `/api/events/${event.uid}` });
    expect(JSON.stringify(shown.json())).not.toContain('"available":2');

    expect(await waitlist.makeOffers()).toBe(1);
    const [entry] = await entriesOf(pkg.id);
    expect(entry?.status).toBe('offered');
    const opened = await post('/api/waitlist/offer', await linkToken(email, 'offer'));
    expect(opened.statusCode, opened.body).toBe(200);
    const offer = WaitlistOfferAnswerSchema.parse(opened.json());
    const read = await t.app.inject({
      url: `/api/orders/${offer.order_id}`,
      headers: { authorization: `Bearer ${offer.access_token}` },
    });
    const held = OrderSchema.parse(read.json());
    expect(held).toMatchObject({ status: 'pending', buyer: { email } });
    expect(held.lines.map((line) => [line.package_id, line.ticket_count])).toEqual([[pkg.id, 2]]);

    await payWith4242(t, { ...held, access_token: offer.access_token } satisfies CreatedOrder);
    await waitlist.makeOffers();
    expect((await entriesOf(pkg.id))[0]?.status).toBe('bought');
    // The link now says so instead of opening anything.
    const again = await post('/api/waitlist/offer', await linkToken(email, 'offer'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'offer_unavailable',
      message: expect.stringContaining('bought'),
      event: { uid: event.uid, name: event.name },
    });
  });

  it('passes an unpaid offer on to the next in line, and opens the sale to everyone once the line is empty', async () => {
    const { event, pkg, first } = await soldOutPackage(1);
    await joinAndConfirm(event.uid, pkg.id, 'slow@example.com');
    await joinAndConfirm(event.uid, pkg.id, 'quick@example.com');
    await expireHold(t.db, first.order_id);
    expect(await waitlist.makeOffers()).toBe(1);
    const slowOffer = await post('/api/waitlist/offer', await linkToken('slow@example.com', 'offer'));
    const slow = WaitlistOfferAnswerSchema.parse(slowOffer.json());

    // Ten minutes pass unpaid: the tickets go to the next in line.
    await expireHold(t.db, slow.order_id);
    expect(await waitlist.makeOffers()).toBe(1);
    const states = await entriesOf(pkg.id);
    expect(states.map((row) => [row.email, row.status])).toEqual([
      ['slow@example.com', 'offered'],
      ['quick@example.com', 'offered'],
    ]);
    const late = await post('/api/waitlist/offer', await linkToken('slow@example.com', 'offer'));
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('offer_unavailable');

    // The quick one cancels; nobody waits any more, so the ticket is anyone's.
    const quick = WaitlistOfferAnswerSchema.parse(
      (await post('/api/waitlist/offer', await linkToken('quick@example.com', 'offer'))).json(),
    );
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${quick.order_id}/cancel`,
      headers: { authorization: `Bearer ${quick.access_token}` },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await order(event.id, pkg, 1, 'anyone@example.com')).statusCode).toBe(201);
  });

  it('leaving takes a buyer out of the line: the next one gets the offer', async () => {
    const { event, pkg, first } = await soldOutPackage(1);
    await joinAndConfirm(event.uid, pkg.id, 'leaver@example.com');
    const leaverToken = await linkToken('leaver@example.com', 'confirm');
    await joinAndConfirm(event.uid, pkg.id, 'stayer@example.com');
    const left = await post('/api/waitlist/leave', leaverToken);
    expect(WaitlistEntryAnswerSchema.parse(left.json())).toMatchObject({ status: 'left', position: null });
    expect((await post('/api/waitlist/leave', leaverToken)).statusCode).toBe(200);
    await expireHold(t.db, first.order_id);
    await waitlist.makeOffers();
    expect((await entriesOf(pkg.id)).map((row) => row.status)).toEqual(['left', 'offered']);
  });

  it("shows a package's seats as taken on the seat map while its line waits, and free again once no one waits", async () => {
    const venue = await createVenue(t.db, { seatMap: smallSeatMap(2, 2) });
    const event = await createEvent(t.db, { venueId: venue.id });
    const lined = ['A-1-1', 'A-1-2'];
    const open = ['A-2-1', 'A-2-2'];
    const pkg = await createTicketPackage(t.db, { eventId: event.id, seatingRange: lined, maxPerOrder: 2 });
    await createTicketPackage(t.db, { eventId: event.id, seatingRange: open, maxPerOrder: 2 });
    const back = await orderTickets(t, { event_id: event.id, seats: lined }, { email: 'gives.back.map@example.com' });
    const other = await orderTickets(t, { event_id: event.id, seats: open }, { email: 'other.map@example.com' });
    const taken = async () => {
      const answer = await t.app.inject({ method: 'GET', url: `/api/events/${event.uid}/seats` });
      expect(answer.statusCode, answer.body).toBe(200);
      return SeatStatesSchema.parse(answer.json()).taken;
    };
    expect(await taken()).toEqual([...lined, ...open].sort());
    expect((await joinAndConfirm(event.uid, pkg.id, 'waits.map@example.com', 2)).status).toBe('waiting');
    // Both packages' holds end: the lined package's seats are the line's, the other's are anyone's.
    await expireHold(t.db, back.order_id);
    await expireHold(t.db, other.order_id);
    expect(await taken()).toEqual(lined);
    // A buyer who picks one anyway is told it is sold out, as the map says.
    const picked = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { event_id: event.id, buyer: buyer('picks.map@example.com'), terms_agreed: true, seats: ['A-1-1'] },
      remoteAddress: nextClient(),
    });
    expect(picked.statusCode, picked.body).toBe(409);
    expect(picked.json()).toMatchObject({ code: 'sold_out' });
    // The buyer leaves the line: nobody waits, and the seats show free again.
    const left = await post('/api/waitlist/leave', await linkToken('waits.map@example.com', 'confirm'));
    expect(left.statusCode, left.body).toBe(200);
    expect(await taken()).toEqual([]);
  });

  it('picks seats together for a seated package (best available), passing over a group that does not fit', async () => {
    const map = smallSeatMap(1, 4);
    const venue = await createVenue(t.db, { seatMap: map });
    const event = await createEvent(t.db, { venueId: venue.id });
    const row = ['A-1-1', 'A-1-2', 'A-1-3', 'A-1-4'];
    const pkg = await createTicketPackage(t.db, { eventId: event.id, seatingRange: row, maxPerOrder: 4 });
    await orderTickets(t, { event_id: event.id, seats: row.slice(0, 2) }, { email: 'keeps.two@example.com' });
    const back = await orderTickets(
      t,
      { event_id: event.id, seats: row.slice(2) },
      { email: 'gives.back@example.com' },
    );
    await joinAndConfirm(event.uid, pkg.id, 'four@example.com', 4);
    await joinAndConfirm(event.uid, pkg.id, 'two@example.com', 2);
    // Two seats side by side come back: four together do not fit, two do.
    await expireHold(t.db, back.order_id);
    expect(await waitlist.makeOffers()).toBe(1);
    const states = await entriesOf(pkg.id);
    expect(states.map((entry) => [entry.email, entry.status])).toEqual([
      ['four@example.com', 'waiting'],
      ['two@example.com', 'offered'],
    ]);
    const [line] = await t.db
      .select({ seats: orderLines.seats })
      .from(orderLines)
      .where(eq(orderLines.orderId, states[1]?.orderId ?? -1));
    expect([...(line?.seats ?? [])].sort()).toEqual(row.slice(2));
  });
});

describe('under a rush', () => {
  it('two workers and a crowd at once: each returned ticket is offered once, in line order, and no one else gets one', async () => {
    const { event, pkg, first } = await soldOutPackage(4);
    const line = Array.from({ length: 6 }, (_, i) => `line.${i}@example.com`);
    for (const email of line) await joinAndConfirm(event.uid, pkg.id, email);
    await expireHold(t.db, first.order_id);

    const other = createWaitlistService({
      db: t.db,
      publicUrl: TEST_APP_CONFIG.publicUrl,
      log: t.app.log,
      placeOffer: orderService.placeWaitlistOffer,
    });
    const crowd = Array.from({ length: 12 }, (_, i) => order(event.id, pkg, 1, `crowd.${i}@example.com`));
    const [answers] = await Promise.all([Promise.all(crowd), waitlist.makeOffers(), other.makeOffers()]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 409));

    const states = await entriesOf(pkg.id);
    expect(states.map((row) => row.status)).toEqual(['offered', 'offered', 'offered', 'offered', 'waiting', 'waiting']);
    const offered = await t.db
      .select({ email: orders.email, status: orders.status })
      .from(orders)
      .where(eq(orders.eventId, event.id));
    const pending = offered
      .filter((row) => row.status === 'pending' && row.email !== `first.${pkg.id}@example.com`)
      .map((row) => row.email);
    expect(pending.sort()).toEqual(line.slice(0, 4).sort());
  });
});

describe.runIf(isPostgres)('two server processes, one line (PostgreSQL)', () => {
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    // Both processes run the worker (every 200 ms); the crowd buys through this process meanwhile.
    servers.push(...(await startServerProcesses(2, t.handle.url ?? '', { WAITLIST_INTERVAL_MS: '200' })));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it('each returned ticket is offered once, to the line in its order, while a crowd is refused', async () => {
    const { event, pkg, first } = await soldOutPackage(10);
    const line = Array.from({ length: 30 }, (_, i) => `proc.line.${i}@example.com`);
    for (const [i, email] of line.entries()) {
      await t.db.insert(waitlistEntries).values({
        eventId: event.id,
        packageId: pkg.id,
        quantity: 1 + (i % 2),
        firstName: 'Line',
        lastName: 'Buyer',
        email,
        phone: '0771234567',
        nic: 'n/a',
        status: 'waiting',
        confirmTokenHash: randomBytes(32).toString('hex'),
        confirmedAt: sql`now() + make_interval(secs => ${i})`,
      });
    }
    await expireHold(t.db, first.order_id);
    const crowd = await Promise.all(
      Array.from({ length: 40 }, (_, i) => order(event.id, pkg, 1, `proc.crowd.${i}@example.com`)),
    );
    expect(crowd.map((answer) => answer.statusCode)).toEqual(crowd.map(() => 409));

    // The signal: the ten tickets are all held again (1 + 2 + 1 + 2 + 1 + 2 + 1 = 10 for the first seven).
    await expect
      .poll(async () => (await entriesOf(pkg.id)).filter((entry) => entry.status === 'offered').length, {
        timeout: 60_000,
        interval: 200,
      })
      .toBe(7);
    const states = await entriesOf(pkg.id);
    expect(states.map((entry) => entry.status)).toEqual([...line.map((_, i) => (i < 7 ? 'offered' : 'waiting'))]);
    const held = await t.db
      .select({ email: orders.email, n: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        sql`${orders.eventId} = ${event.id} AND ${orders.status} = 'pending' AND ${orders.email} LIKE 'proc.line.%'`,
      )
      .groupBy(orders.email);
    expect(held.map((row) => [row.email, row.n]).sort()).toEqual(
      line
        .slice(0, 7)
        .map((email) => [email, 1])
        .sort(),
    );
    expect(await packageCounts(t.db, pkg.id)).toMatchObject({ sold: 0 });
  }, 120_000);
});

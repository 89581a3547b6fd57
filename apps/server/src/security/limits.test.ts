import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createPromoCode, createTicketPackage } from '@marquee/db/factories';
import { ACCOUNT_MESSAGES } from '@marquee/domain/accounts';
import { BOOKING_LOOKUP_MESSAGES } from '@marquee/domain/bookings';
import { ErrorBodySchema } from '@marquee/domain/errors';
import type { CreatedOrder } from '@marquee/domain/orders';
import { buildApp } from '../app';
import { appConfigFromEnv, parseEnv } from '../config';
import { createTicketsService } from '../modules/tickets/service';
import { RATE_LIMIT_MESSAGES } from '../plugins/rate-limits';
import { buildTestApp, TEST_APP_CONFIG, type TestApp } from '../test-support/build-test-app';
import { buyTickets } from '../test-support/buy-tickets';

/**
 * Issue 20: limits that protect the victim, not the attacker (decisions/028). Each test attacks one
 * defence: an owner locked out by a stranger's failures, a client naming a new address per request, a
 * flood of fresh keys evicting counters, a Redis outage opening the gates, a dictionary of promo codes,
 * the return address as an oracle for Booking IDs, and guessed staff tokens.
 */

const PUBLIC_URL = 'http://marquee.test';
const STAFF_TOKEN = 'limits-staff-token-0123456789';
const PASSWORD = 'correct horse';
const OWNER = 'owner@example.com';
const NIC = '952345678V';
const json = { 'content-type': 'application/json', origin: PUBLIC_URL };

let t: TestApp;
let booking: CreatedOrder;
let eventId = 0;
let packageId = 0;

function post(
  app: TestApp,
  url: string,
  payload: unknown,
  remoteAddress: string,
  headers: Record<string, string> = {},
) {
  return app.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { ...json, ...headers },
    remoteAddress,
  });
}
const signIn = (app: TestApp, email: string, password: string, client: string, headers: Record<string, string> = {}) =>
  post(app, '/api/auth/sign-in/email', { email, password }, client, headers);
const lookup = (app: TestApp, bookingId: string, nic: string, client: string, headers: Record<string, string> = {}) =>
  post(app, '/api/bookings/lookup', { booking_id: bookingId, nic }, client, headers);

/** The answer is the limit's 429: the error shape, these words, and a Retry-After in seconds. */
function expectLimited(answer: Awaited<ReturnType<typeof post>>, message: string): void {
  expect(answer.statusCode, answer.body).toBe(429);
  expect(ErrorBodySchema.parse(answer.json())).toEqual({ code: 'rate_limited', message });
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
}

beforeAll(async () => {
  t = await buildTestApp({
    publicUrl: PUBLIC_URL,
    tickets: { signingKey: null, linkKey: null, staffToken: STAFF_TOKEN },
  });
  const account = { name: 'Ama Perera', email: OWNER, password: PASSWORD, password_confirmation: PASSWORD };
  expect((await post(t, '/register', account, '192.0.2.200')).statusCode).toBe(201);
  const event = await createEvent(t.db, { name: 'Harbour Lights Gala', promo: true });
  const pkg = await createTicketPackage(t.db, { eventId: event.id, price: 450_000, capacity: 100 });
  eventId = event.id;
  packageId = pkg.id;
  booking = await buyTickets(
    t,
    { event_id: eventId, ticket_package_details: [{ package_id: packageId, ticket_count: 1 }] },
    { nic: NIC },
  );
});
afterAll(async () => {
  await t?.close();
});

describe("a stranger's failures do not lock the owner out", () => {
  it("sign-in: an attacker's wrong passwords refuse the attacker (10 per account), while the owner signs in", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await signIn(t, OWNER, `guess ${i}`, '203.0.113.66')).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
    expectLimited(await signIn(t, OWNER, PASSWORD, '203.0.113.66'), ACCOUNT_MESSAGES.tooManyAttempts);
    // The owner, from their own connection: a typo, then the right password.
    expect((await signIn(t, OWNER, 'typo', '198.51.100.10')).statusCode).toBe(401);
    expect((await signIn(t, OWNER, PASSWORD, '198.51.100.10')).statusCode).toBe(200);
  });

  it('sign-in: one client failing at many accounts is refused after 30; successes never count', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1)
      statuses.push((await signIn(t, `nobody-${i}@example.com`, 'x', '203.0.113.67')).statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
    for (let i = 0; i < 12; i += 1) expect((await signIn(t, OWNER, PASSWORD, '198.51.100.11')).statusCode).toBe(200);
  });

  it('sign-in: an account guessed at from 50 clients leaves each client 3 tries at it, and the owner still signs in', async () => {
    const email = 'besieged@example.com';
    const account = { name: 'Kasun Silva', email, password: PASSWORD, password_confirmation: PASSWORD };
    expect((await post(t, '/register', account, '192.0.2.201')).statusCode).toBe(201);
    for (let i = 0; i < 50; i += 1)
      expect((await signIn(t, email, `bot ${i}`, `198.18.0.${i + 1}`)).statusCode).toBe(401);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await signIn(t, email, `bot again ${i}`, '198.18.1.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await signIn(t, email, PASSWORD, '198.51.100.12')).statusCode).toBe(200);
    // 55 password checks (scrypt, on purpose slow): on a busy 2-core machine they take more than the default.
  }, 120_000);

  it("the booking lookup: an attacker's wrong NICs refuse the attacker, while the owner finds the booking", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1)
      statuses.push((await lookup(t, booking.order_id, `98765432${i}V`, '203.0.113.68')).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(404), 429, 429]);
    expectLimited(await lookup(t, booking.order_id, NIC, '203.0.113.68'), BOOKING_LOOKUP_MESSAGES.tooManyAttempts);
    expect((await lookup(t, booking.order_id, NIC, '198.51.100.20')).statusCode).toBe(200);
  });

  it('the booking lookup: a Booking ID guessed at from 20 clients leaves each client 2 tries, and the owner still gets in', async () => {
    const other = await buyTickets(
      t,
      { event_id: eventId, ticket_package_details: [{ package_id: packageId, ticket_count: 1 }] },
      { nic: '881234567V' },
    );
    for (let i = 0; i < 20; i += 1)
      expect((await lookup(t, other.order_id, `bot-${i}`, `198.18.2.${i + 1}`)).statusCode).toBe(404);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1)
      statuses.push((await lookup(t, other.order_id, `bot-again-${i}`, '198.18.3.1')).statusCode);
    expect(statuses).toEqual([404, 404, 429]);
    expect((await lookup(t, other.order_id, '881234567v', '198.51.100.21')).statusCode).toBe(200);
  });
});

describe('the client address: X-Forwarded-For only from the proxies named in TRUSTED_PROXIES', () => {
  it('by default none: a peer on loopback or the private network cannot name a new address per request', async () => {
    for (const peer of ['10.0.0.2', '127.0.0.1', 'fd00::2']) {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        statuses.push(
          (
            await lookup(t, 'MQ0000000000', 'x', peer, {
              'x-forwarded-for': `192.0.2.${i + 1}`,
              'x-real-ip': `192.0.2.${i + 1}`,
            })
          ).statusCode,
        );
      }
      expect(statuses, peer).toEqual([...Array<number>(10).fill(404), 429]);
    }
  });

  it('an IPv6 client is its /64 network: a new address in it per request is the same client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await lookup(t, 'MQ0000000000', 'x', `2001:db8:0:42::${(i + 1).toString(16)}`)).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(404), 429]);
    expect((await lookup(t, 'MQ0000000000', 'x', '2001:db8:0:43::1')).statusCode).toBe(404);
  });

  describe('behind a proxy named in TRUSTED_PROXIES', () => {
    let proxied: TestApp;
    beforeAll(async () => {
      proxied = await buildTestApp({
        trustedProxies: ['10.0.0.2', '10.1.0.0/16'],
        bookingLookupLimit: { max: 3, windowMs: 60_000 },
      });
    });
    afterAll(async () => {
      await proxied?.close();
    });

    it("tells the proxy's clients apart by the address the proxy saw, not one a client put in front of it", async () => {
      const viaProxy = (client: string, peer = '10.0.0.2') =>
        lookup(proxied, 'MQ0000000000', 'x', peer, { 'x-forwarded-for': `203.0.113.250, ${client}` });
      const first: number[] = [];
      for (let i = 0; i < 4; i += 1) first.push((await viaProxy('192.0.2.1')).statusCode);
      expect(first).toEqual([404, 404, 404, 429]);
      expect((await viaProxy('192.0.2.2')).statusCode).toBe(404);
      expect((await viaProxy('192.0.2.1', '10.1.7.7')).statusCode).toBe(429);
    });

    it("a proxy's malformed X-Forwarded-Host or -Proto is a refusal, never a 500, on the accounts library's routes", async () => {
      for (const header of [
        { 'x-forwarded-host': 'a b' },
        { 'x-forwarded-host': '[' },
        { 'x-forwarded-proto': 'a b' },
      ]) {
        const response = await proxied.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: '10.0.0.2',
          headers: { 'content-type': 'application/json', ...header },
          payload: JSON.stringify({ email: 'nobody@example.com', password: 'not the password' }),
        });
        expect(response.statusCode, JSON.stringify(header)).toBe(401);
      }
    });

    it('a peer that is not named is the client, whatever its header says', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push(
          (await lookup(proxied, 'MQ0000000000', 'x', '10.0.0.3', { 'x-forwarded-for': `192.0.2.${50 + i}` }))
            .statusCode,
        );
      expect(statuses).toEqual([404, 404, 404, 429]);
    });
  });

  it('TRUSTED_PROXIES: addresses, CIDR ranges and the range names; anything else refused at boot', () => {
    const base = { NODE_ENV: 'production' };
    expect(appConfigFromEnv(parseEnv(base)).trustedProxies).toEqual([]);
    expect(
      appConfigFromEnv(parseEnv({ ...base, TRUSTED_PROXIES: ' 10.0.0.5, 10.1.0.0/16,fd00::/8 ,loopback' }))
        .trustedProxies,
    ).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8', 'loopback']);
    for (const wrong of ['10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/8', 'fd00::/129', '*']) {
      expect(() => parseEnv({ ...base, TRUSTED_PROXIES: wrong }), wrong).toThrow(/TRUSTED_PROXIES/);
    }
  });
});

describe('limits on the calls an attacker can guess through', () => {
  const promoCheck = (code: string, client: string) =>
    post(
      t,
      '/api/promotions/check',
      { event_id: eventId, promo_code: code, ticket_package_details: [{ package_id: packageId, ticket_count: 1 }] },
      client,
    );

  it('promo check: 20 refused codes per client, then 429 for any code; a valid code never counts', async () => {
    await createPromoCode(t.db, { eventId, code: 'HARBOUR10' });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await promoCheck(`GUESS${i}`, '203.0.113.70')).statusCode);
    expect(statuses).toEqual(Array<number>(20).fill(400));
    const refused = await promoCheck('HARBOUR10', '203.0.113.70');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(ErrorBodySchema.parse(refused.json()).message).toMatch(/promo codes/);
    // A buyer re-checking a valid code as they change their tickets is never limited.
    for (let i = 0; i < 25; i += 1) expect((await promoCheck('harbour10', '198.51.100.30')).statusCode).toBe(200);
  });

  it('the return address: 20 unknown Booking IDs per client, then 429; a buyer coming back with a real one is never counted', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1)
      statuses.push(
        (
          await t.app.inject({
            url: `/api/bookings/status?orderId=MQ${String(i).padStart(10, '0')}`,
            remoteAddress: '203.0.113.71',
          })
        ).statusCode,
      );
    expect(statuses).toEqual(Array<number>(20).fill(404));
    const refused = await t.app.inject({
      url: `/api/bookings/status?orderId=${booking.order_id}`,
      remoteAddress: '203.0.113.71',
    });
    expect(refused.statusCode).toBe(429);
    expect(ErrorBodySchema.parse(refused.json()).code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 25; i += 1) {
      expect(
        (
          await t.app.inject({
            url: `/api/bookings/status?orderId=${booking.order_id}`,
            remoteAddress: '198.51.100.31',
          })
        ).statusCode,
      ).toBe(303);
    }
  });

  it('check-in: 20 wrong staff tokens per client, then 429 even for the right one; a gate with the right token is never counted', async () => {
    const [code = ''] = await createTicketsService({
      db: t.db,
      config: { ...TEST_APP_CONFIG, tickets: { signingKey: null, linkKey: null, staffToken: STAFF_TOKEN } },
    }).signedCodes(booking.order_id);
    const checkIn = (token: string, client: string) =>
      post(t, '/api/check-in', { code }, client, { authorization: `Bearer ${token}` });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1)
      statuses.push((await checkIn(`wrong-token-${i}-0123456789`, '203.0.113.72')).statusCode);
    expect(statuses).toEqual(Array<number>(20).fill(401));
    const refused = await checkIn(STAFF_TOKEN, '203.0.113.72');
    expect(refused.statusCode).toBe(429);
    expect(ErrorBodySchema.parse(refused.json()).message).toMatch(/staff tokens/);
    // The gate admits the ticket, then every further scan is told it was used: none is limited.
    const scans: number[] = [];
    for (let i = 0; i < 25; i += 1) scans.push((await checkIn(STAFF_TOKEN, '198.51.100.32')).statusCode);
    expect(scans).toEqual([200, ...Array<number>(24).fill(409)]);
  });
});

describe('counters that a flood cannot evict', () => {
  it("without Redis: a full store refuses new clients (429) and keeps the attacker's counter", async () => {
    // Small on purpose: 40 keys per limit. Clients through a trusted proxy on loopback, one per address.
    const small = await buildTestApp({
      trustedProxies: ['127.0.0.1'],
      rateLimitMemoryKeys: 40,
      bookingLookupLimit: { max: 3, windowMs: 60_000 },
    });
    try {
      const from = (client: string, bookingId = 'MQ0000000000') =>
        lookup(small, bookingId, 'x', '127.0.0.1', { 'x-forwarded-for': client });
      const attacker: number[] = [];
      for (let i = 0; i < 4; i += 1) attacker.push((await from('203.0.113.80')).statusCode);
      expect(attacker).toEqual([404, 404, 404, 429]);
      // 5,000 fresh clients: the first 39 fill the per-client store, the rest are refused, not let in.
      const flood: number[] = [];
      for (let i = 0; i < 5_000; i += 1)
        flood.push(
          (await from(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, `MQ${String(i).padStart(10, '1')}`))
            .statusCode,
        );
      expect(flood.filter((status) => status === 404)).toHaveLength(39);
      expect(flood.filter((status) => status === 429)).toHaveLength(4_961);
      expectLimited(await from('192.0.2.99'), RATE_LIMIT_MESSAGES.busy);
      // The attacker's counter survived the flood.
      expectLimited(await from('203.0.113.80'), BOOKING_LOOKUP_MESSAGES.tooManyAttempts);
    } finally {
      await small.close();
    }
  }, 120_000);

  it.runIf(process.env.REDIS_URL)(
    "in Redis, a database's counters are its own: shared by every app on it, apart from another database's",
    async () => {
      const config = { redisUrl: process.env.REDIS_URL ?? null, bookingLookupLimit: { max: 3, windowMs: 60_000 } };
      const one = await buildTestApp(config);
      const other = await buildTestApp(config);
      // A second server on the first database, as a second process would be.
      const twin = await buildApp({ db: one.db, config: { ...TEST_APP_CONFIG, ...config } });
      try {
        const client = '203.0.113.91';
        const first: number[] = [];
        for (let i = 0; i < 3; i += 1) first.push((await lookup(one, 'MQ0000000000', 'x', client)).statusCode);
        expect(first).toEqual([404, 404, 404]);
        expectLimited(
          await lookup({ ...one, app: twin }, 'MQ0000000000', 'x', client),
          BOOKING_LOOKUP_MESSAGES.tooManyAttempts,
        );
        expect((await lookup(other, 'MQ0000000000', 'x', client)).statusCode).toBe(404);
      } finally {
        await twin.close();
        await one.close();
        await other.close();
      }
    },
  );

  it('while Redis cannot be reached, the limits hold (counted in the process), rather than letting everyone through', async () => {
    const cut = await buildTestApp({
      redisUrl: 'redis://127.0.0.1:1',
      bookingLookupLimit: { max: 3, windowMs: 60_000 },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await lookup(cut, 'MQ0000000000', 'x', '203.0.113.90')).statusCode);
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await cut.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTicketPackage, createVenue } from '@marquee/db/factories';
import { ACCOUNT_MESSAGES } from '@marquee/domain/accounts';
import { buildApp } from '../app';
import { buildTestApp, TEST_APP_CONFIG, type TestApp } from '../test-support/build-test-app';
import { dbFingerprint } from '../test-support/fuzz';
import { csrfHeaders, solveCaptcha } from '../test-support/protection';

/**
 * Issue 7's protections with everything on, as in production: CSRF double submit on every state-changing
 * request, the proof-of-work captcha, and rate limits (shared through Redis when REDIS_URL is set).
 */

const PUBLIC_URL = 'http://marquee.test';
const json = { 'content-type': 'application/json' };
let t: TestApp;

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { ...json, origin: PUBLIC_URL, ...headers },
  });
}

const newAccount = (email: string) => ({
  name: 'Ama Perera',
  email,
  password: 'correct horse',
  password_confirmation: 'correct horse',
});

beforeAll(async () => {
  t = await buildTestApp({ publicUrl: PUBLIC_URL, csrf: true, captcha: true });
});
afterAll(async () => {
  await t.close();
});

describe('CSRF (double submit of XSRF-TOKEN)', () => {
  it('GET /sanctum/csrf-cookie sets a readable XSRF-TOKEN and an HttpOnly secret, both SameSite=Lax', async () => {
    const answer = await t.app.inject({ url: '/sanctum/csrf-cookie' });
    expect(answer.statusCode).toBe(204);
    const token = answer.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN');
    const secret = answer.cookies.find((cookie) => cookie.name === 'marquee_csrf');
    expect(token?.httpOnly).toBeFalsy();
    expect(secret?.httpOnly).toBe(true);
    for (const cookie of [token, secret]) {
      expect(cookie?.sameSite).toBe('Lax');
      expect(cookie?.path).toBe('/');
    }
  });

  it('refuses a state-changing request without the token, with a wrong one, or without X-Requested-With; nothing is written', async () => {
    const good = await csrfHeaders(t.app);
    const other = await csrfHeaders(t.app);
    const before = await dbFingerprint(t.db);
    const attempts: Record<string, Record<string, string>> = {
      'no token at all': {},
      'cookie but no header': { cookie: good.cookie!, 'x-requested-with': 'XMLHttpRequest' },
      'another browser’s token': { ...good, 'x-xsrf-token': other['x-xsrf-token']! },
      'a forged token': { ...good, 'x-xsrf-token': 'forged-token' },
      'token without its secret cookie': { ...good, cookie: `XSRF-TOKEN=${encodeURIComponent(good['x-xsrf-token']!)}` },
      'no X-Requested-With': { cookie: good.cookie!, 'x-xsrf-token': good['x-xsrf-token']! },
    };
    for (const [name, headers] of Object.entries(attempts)) {
      for (const [url, body] of [
        ['/register', newAccount('csrf@example.com')],
        ['/api/auth/sign-in/email', { email: 'csrf@example.com', password: 'correct horse' }],
        ['/api/orders', { event_id: 1 }],
        ['/api/bookings/lookup', { booking_id: 'MQ7K3F9X2QHD', nic: 'n/a' }],
      ] as const) {
        const answer = await post(url, body, headers);
        expect(answer.statusCode, `${name}: ${url}`).toBe(403);
        expect(answer.json(), `${name}: ${url}`).toEqual({ code: 'csrf_failed', message: ACCOUNT_MESSAGES.csrf });
      }
    }
    expect(await dbFingerprint(t.db)).toEqual(before);
  });

  it('passes the token echoed from its cookie (and GETs need none)', async () => {
    const headers = { ...(await csrfHeaders(t.app)), 'x-captcha': await solveCaptcha(t.app) };
    const answer = await post('/register', newAccount('csrf-ok@example.com'), headers);
    expect(answer.statusCode, answer.body).toBe(201);
    expect((await t.app.inject({ url: '/api/auth/session' })).statusCode).toBe(200);
  });
});

describe('captcha (ALTCHA proof of work)', () => {
  it('is required on register, password forgot and the booking lookup: missing, garbage or unsolved → 403, nothing written', async () => {
    const csrf = await csrfHeaders(t.app);
    const challenge = (await t.app.inject({ url: '/api/captcha/challenge' })).json();
    const unsolved = Buffer.from(JSON.stringify({ challenge, solution: { counter: 1, derivedKey: '00' } })).toString(
      'base64',
    );
    const before = await dbFingerprint(t.db);
    for (const captcha of [undefined, 'garbage', unsolved]) {
      for (const [url, body] of [
        ['/register', newAccount('bot@example.com')],
        ['/api/auth/password/forgot', { email: 'bot@example.com' }],
        ['/api/bookings/lookup', { booking_id: 'MQ7K3F9X2QHD', nic: 'n/a' }],
      ] as const) {
        const answer = await post(url, body, { ...csrf, ...(captcha ? { 'x-captcha': captcha } : {}) });
        expect(answer.statusCode, `${url} with ${captcha ?? 'none'}`).toBe(403);
        expect(answer.json().message).toBe(ACCOUNT_MESSAGES.captchaFailed);
      }
    }
    expect(await dbFingerprint(t.db)).toEqual(before);
  });

  it('a solution passes once; the same solution again is refused', async () => {
    const csrf = await csrfHeaders(t.app);
    const captcha = await solveCaptcha(t.app);
    expect(
      (await post('/api/auth/password/forgot', { email: 'once@example.com' }, { ...csrf, 'x-captcha': captcha }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/api/auth/password/forgot', { email: 'once@example.com' }, { ...csrf, 'x-captcha': captcha }))
        .statusCode,
    ).toBe(403);
  });

  it('an order: a retry with the same Idempotency-Key may show its solution again (a double click), another order may not', async () => {
    const venue = await createVenue(t.db);
    const event = await createEvent(t.db, { venueId: venue.id });
    const pkg = await createTicketPackage(t.db, { eventId: event.id, price: 1_000, capacity: 10 });
    const body = {
      event_id: event.id,
      buyer: { first_name: 'Nimal', last_name: 'Perera', email: 'nimal@example.com', phone: '0771234567' },
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
      terms_agreed: true,
    };
    const headers = { ...(await csrfHeaders(t.app)), 'x-captcha': await solveCaptcha(t.app) };
    const first = await post('/api/orders', body, { ...headers, 'idempotency-key': 'checkout-attempt-1' });
    expect(first.statusCode, first.body).toBe(201);
    const replay = await post('/api/orders', body, { ...headers, 'idempotency-key': 'checkout-attempt-1' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().order_id).toBe(first.json().order_id);
    const another = await post('/api/orders', body, { ...headers, 'idempotency-key': 'checkout-attempt-2' });
    expect(another.statusCode).toBe(403);
  });
});

describe('rate limits', () => {
  it('sign-in: 10 failures per client and account per 15 minutes; then 429 with Retry-After', async () => {
    const csrf = await csrfHeaders(t.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const answer = await post(
        '/api/auth/sign-in/email',
        { email: 'Victim@example.com', password: `guess ${attempt}` },
        // X-Forwarded-For from a peer TRUSTED_PROXIES does not name (none here) changes nothing.
        { ...csrf, 'x-forwarded-for': `203.0.113.${attempt + 1}` },
      );
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) {
        expect(answer.json().message).toBe(ACCOUNT_MESSAGES.tooManyAttempts);
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another account from the same client is not locked out by it, nor is this account from another client
    // (issue 20: the stranger's failures spend the stranger's allowance).
    expect(
      (await post('/api/auth/sign-in/email', { email: 'someone@example.com', password: 'x' }, csrf)).statusCode,
    ).toBe(401);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: JSON.stringify({ email: 'victim@example.com', password: 'guess again' }),
      headers: { ...json, origin: PUBLIC_URL, ...csrf },
      remoteAddress: '198.51.100.9',
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('password forgot: 3 per account per hour', async () => {
    const csrf = await csrfHeaders(t.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const answer = await post(
        '/api/auth/password/forgot',
        { email: 'limited@example.com' },
        { ...csrf, 'x-captcha': await solveCaptcha(t.app) },
      );
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe.runIf(process.env.REDIS_URL)('rate limits across server processes (REDIS_URL)', () => {
  it('two apps on one database and one Redis share the sign-in counters (per client and account)', async () => {
    const config = { publicUrl: PUBLIC_URL, csrf: false, captcha: false, redisUrl: process.env.REDIS_URL! };
    const first = await buildTestApp(config);
    // A second server on the same database, as a second process would be (the counters are the database's).
    const second = { app: await buildApp({ db: first.db, config: { ...TEST_APP_CONFIG, ...config } }) };
    try {
      const email = `shared-${Date.now()}@example.com`;
      // A client of this run's own: Redis keeps the counters of earlier runs for their window.
      const client = `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt += 1) {
        const app = attempt % 2 === 0 ? first.app : second.app;
        const answer = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: JSON.stringify({ email, password: 'wrong' }),
          headers: { ...json, origin: PUBLIC_URL },
          remoteAddress: client,
        });
        statuses.push(answer.statusCode);
      }
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.at(-1)).toBe(429);
      // The account itself is not locked: from another client, on either process, it is answered.
      const elsewhere = await second.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: JSON.stringify({ email, password: 'wrong' }),
        headers: { ...json, origin: PUBLIC_URL },
        remoteAddress: '198.51.100.77',
      });
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      await second.app.close();
      await first.close();
    }
  });
});

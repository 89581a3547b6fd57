import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTicketPackage, createVenue } from '@marquee/db/factories';
import { outbox, sessions, userOrders, users } from '@marquee/db/schema';
import { ACCOUNT_MESSAGES, MyBookingsAnswerSchema, SessionAnswerSchema } from '@marquee/domain/accounts';
import { CreatedOrderSchema } from '@marquee/domain/orders';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { SIGN_OUT_REFUSED_MESSAGE } from './routes';
import { createMailService } from '../mail/service';
import { partText, startSmtpSink, type SmtpSink } from '../../test-support/smtp-sink';

const PUBLIC_URL = 'http://marquee.test';
let t: TestApp;
let sink: SmtpSink;

type Cookies = Record<string, string>;
const cookieHeader = (jar: Cookies) =>
  Object.entries(jar)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

async function post(url: string, payload: unknown, jar: Cookies = {}) {
  const answer = await t.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: {
      'content-type': 'application/json',
      origin: PUBLIC_URL,
      ...(Object.keys(jar).length ? { cookie: cookieHeader(jar) } : {}),
    },
  });
  for (const cookie of answer.cookies) jar[cookie.name] = cookie.value;
  return answer;
}

async function get(url: string, jar: Cookies = {}, headers: Record<string, string> = {}) {
  const answer = await t.app.inject({
    url,
    headers: { ...(Object.keys(jar).length ? { cookie: cookieHeader(jar) } : {}), ...headers },
  });
  for (const cookie of answer.cookies) {
    if (cookie.maxAge === 0 || cookie.value === '') delete jar[cookie.name];
    else jar[cookie.name] = cookie.value;
  }
  return answer;
}

const register = (body: Partial<Record<'name' | 'email' | 'password' | 'password_confirmation', unknown>>) =>
  post('/register', {
    name: 'Ama Perera',
    email: 'ama@example.com',
    password: 'correct horse',
    password_confirmation: 'correct horse',
    ...body,
  });

async function signIn(email: string, password: string, jar: Cookies = {}) {
  const answer = await post('/api/auth/sign-in/email', { email, password }, jar);
  return { answer, jar };
}

async function sessionOf(jar: Cookies) {
  return SessionAnswerSchema.parse((await get('/api/auth/session', jar)).json());
}

function mailer() {
  return createMailService({
    db: t.db,
    config: { smtpUrl: sink.url, from: 'Marquee <tickets@marquee.test>', viewer: 'off' },
    publicUrl: PUBLIC_URL,
    log: t.app.log,
  });
}

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({
    publicUrl: PUBLIC_URL,
    mail: { smtpUrl: sink.url, from: 'Marquee <tickets@marquee.test>', viewer: 'off' },
  });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

describe('POST /register', () => {
  it('creates the account (no sign-in follows) and answers 201 with the popup message', async () => {
    const answer = await register({ email: 'Kasun@Example.com', name: 'Kasun Silva' });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toEqual({ message: ACCOUNT_MESSAGES.registered });
    expect(answer.cookies.find((cookie) => cookie.name.includes('session_token'))).toBeUndefined();
    const [user] = await t.db.select().from(users).where(eq(users.email, 'kasun@example.com'));
    expect(user?.name).toBe('Kasun Silva');
  });

  it('answers every invalid field in the 422 map of lists, and writes nothing', async () => {
    const before = (await t.db.select().from(users)).length;
    const answer = await post('/register', {
      name: '',
      email: 'not-an-email',
      password: 'short',
      password_confirmation: 'other',
    });
    expect(answer.statusCode).toBe(422);
    const { errors } = answer.json<{ errors: Record<string, string[]> }>();
    expect(errors.name).toContain(ACCOUNT_MESSAGES.nameRequired);
    expect(errors.email).toContain(ACCOUNT_MESSAGES.emailInvalid);
    expect(errors.password).toContain(ACCOUNT_MESSAGES.passwordTooShort);
    expect((await t.db.select().from(users)).length).toBe(before);
  });

  it('refuses mismatched passwords and an e-mail that already has an account, in the map', async () => {
    const mismatch = await register({ email: 'nuwan@example.com', password_confirmation: 'something else' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual([ACCOUNT_MESSAGES.passwordMismatch]);
    expect((await register({ email: 'dup@example.com' })).statusCode).toBe(201);
    const dup = await register({ email: 'DUP@example.com' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.email).toEqual([ACCOUNT_MESSAGES.emailTaken]);
  });

  it('refuses malformed JSON, a wrong content type and a huge body with a clear 4xx', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/register',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The request body is not valid JSON.');
    const text = await t.app.inject({
      method: 'POST',
      url: '/register',
      payload: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    const huge = await register({ name: 'x'.repeat(100_000) });
    expect(huge.statusCode).toBe(413);
  });
});

describe('credentials sign-in, session and sign-out', () => {
  beforeAll(async () => {
    expect((await register({ email: 'signin@example.com', name: 'Dilani Fernando' })).statusCode).toBe(201);
  });

  it('a wrong password or unknown e-mail is told as such (401), and sets no session', async () => {
    for (const [email, password] of [
      ['signin@example.com', 'wrong password'],
      ['nobody@example.com', 'correct horse'],
    ] as const) {
      const { answer, jar } = await signIn(email, password);
      expect(answer.statusCode).toBe(401);
      expect(answer.json().message).toBe(ACCOUNT_MESSAGES.wrongCredentials);
      expect((await sessionOf(jar)).user).toBeNull();
    }
  });

  it("signs in with an HttpOnly, SameSite=Lax session cookie; the session reads as the spec's User session", async () => {
    const { answer, jar } = await signIn('SignIn@example.com', 'correct horse');
    expect(answer.statusCode, answer.body).toBe(200);
    const cookie = answer.cookies.find((item) => item.name === 'marquee.session_token');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.secure).toBeFalsy(); // http in tests; Secure when PUBLIC_URL is https
    // The session is in the HttpOnly cookie only: a script on the page cannot read it from the answer.
    expect(answer.json()).not.toHaveProperty('token');
    expect(answer.body).not.toContain(decodeURIComponent(cookie?.value ?? '').split('.')[0] ?? 'no cookie');
    expect((await sessionOf(jar)).user).toEqual({
      email: 'signin@example.com',
      name: 'Dilani Fernando',
      first_name: 'Dilani',
      last_name: 'Fernando',
      image: null,
    });
  });

  it('every sign-in makes a new session: a token planted before sign-in is not adopted', async () => {
    const planted: Cookies = { 'marquee.session_token': 'attacker-chosen-token' };
    const first = await signIn('signin@example.com', 'correct horse', planted);
    const second = await signIn('signin@example.com', 'correct horse', {});
    const a = first.jar['marquee.session_token'];
    const b = second.jar['marquee.session_token'];
    expect(a).toBeDefined();
    expect(a).not.toBe('attacker-chosen-token');
    expect(a).not.toBe(b);
    const [user] = await t.db.select().from(users).where(eq(users.email, 'signin@example.com'));
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });

  it('GET /api/auth/logout from our page ends the session (the cookie no longer signs in)', async () => {
    const { jar } = await signIn('signin@example.com', 'correct horse');
    const stolen = { ...jar };
    expect((await sessionOf(jar)).user?.email).toBe('signin@example.com');
    // What lib/api-client sends.
    const out = await get('/api/auth/logout', jar, { 'x-requested-with': 'XMLHttpRequest' });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: ACCOUNT_MESSAGES.signedOut });
    expect((await sessionOf(jar)).user).toBeNull();
    expect((await sessionOf(stolen)).user).toBeNull();
    // A browser's own word for a request of our origin does as well.
    const again = await signIn('signin@example.com', 'correct horse');
    expect((await get('/api/auth/logout', again.jar, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await sessionOf(again.jar)).user).toBeNull();
  });

  it('GET /api/auth/logout made by another site (an <img>, a link) is refused with 403, and the session stays', async () => {
    const { jar } = await signIn('signin@example.com', 'correct horse');
    const attempts: Record<string, string>[] = [
      // <img src="https://marquee/api/auth/logout"> on another site, in a browser that sends Fetch Metadata…
      {
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'no-cors',
        'sec-fetch-dest': 'image',
        referer: 'https://evil.example/',
      },
      // …a sibling subdomain…
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' },
      // …or a browser that sends none, and a header that is not our client's.
      {},
      { 'x-requested-with': 'fetch' },
    ];
    for (const headers of attempts) {
      const answer = await get('/api/auth/logout', jar, headers);
      expect(answer.statusCode, JSON.stringify(headers)).toBe(403);
      expect(answer.json()).toEqual({ code: 'csrf_failed', message: SIGN_OUT_REFUSED_MESSAGE });
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect((await sessionOf(jar)).user?.email).toBe('signin@example.com');
    }
  });

  it('the session answer says which social sign-ins are configured (none here)', async () => {
    expect((await sessionOf({})).providers).toEqual({ google: false, apple: false });
  });
});

describe('password reset', () => {
  beforeAll(async () => {
    expect((await register({ email: 'forgot@example.com', name: 'Ruwan Jayasuriya' })).statusCode).toBe(201);
  });

  it('answers the same for an account and for no account; only the account gets an e-mail', async () => {
    const known = await post('/api/auth/password/forgot', { email: 'forgot@example.com' });
    const unknown = await post('/api/auth/password/forgot', { email: 'ghost@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ message: ACCOUNT_MESSAGES.resetLinkSent });
    const rows = await t.db.select().from(outbox).where(eq(outbox.kind, 'password_reset'));
    expect(rows).toHaveLength(1);
  });

  it('e-mails a one-time link; it leads to the form, sets the new password once, and signs every session out', async () => {
    const { jar: before } = await signIn('forgot@example.com', 'correct horse');
    expect((await sessionOf(before)).user).not.toBeNull();
    sink.received.length = 0;
    expect((await mailer().sendDue()).sent).toBeGreaterThanOrEqual(1);
    const mail = sink.received.find((item) => item.envelope.to.includes('forgot@example.com'));
    const text = partText(mail!.message, 'text/plain') ?? '';
    const link = /https?:\/\/\S+reset-password\/\S+/.exec(text)?.[0];
    expect(link, text).toBeDefined();
    const url = new URL(link!);
    expect(url.origin).toBe(PUBLIC_URL);

    const landing = await get(url.pathname + url.search);
    expect(landing.statusCode).toBe(302);
    const form = new URL(landing.headers.location as string, PUBLIC_URL);
    expect(form.pathname).toBe('/reset-password');
    const token = form.searchParams.get('token');
    expect(token).toBeTruthy();

    const mismatch = await post('/api/auth/password/reset', {
      token,
      password: 'new password 1',
      password_confirmation: 'nope',
    });
    expect(mismatch.statusCode).toBe(422);
    const done = await post('/api/auth/password/reset', {
      token,
      password: 'new password 1',
      password_confirmation: 'new password 1',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: ACCOUNT_MESSAGES.resetDone });

    expect((await signIn('forgot@example.com', 'correct horse')).answer.statusCode).toBe(401);
    expect((await signIn('forgot@example.com', 'new password 1')).answer.statusCode).toBe(200);
    expect((await sessionOf(before)).user).toBeNull();

    const again = await post('/api/auth/password/reset', {
      token,
      password: 'new password 2',
      password_confirmation: 'new password 2',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toEqual([ACCOUNT_MESSAGES.resetLinkInvalid]);
    const used = await get(url.pathname + url.search);
    expect(new URL(used.headers.location as string, PUBLIC_URL).searchParams.get('error')).toBe('INVALID_TOKEN');
  });
});

describe('My bookings', () => {
  it('401 when signed out; lists the orders the account placed while signed in, not others with its e-mail', async () => {
    expect((await get('/api/me/bookings')).statusCode).toBe(401);
    expect((await register({ email: 'buyer@example.com', name: 'Sanduni Wickrama' })).statusCode).toBe(201);
    const { jar } = await signIn('buyer@example.com', 'correct horse');

    const venue = await createVenue(t.db);
    const event = await createEvent(t.db, { venueId: venue.id, name: 'Colombo Jazz Night' });
    const pkg = await createTicketPackage(t.db, { eventId: event.id, price: 2_500, capacity: 20 });
    const order = (cookies: Cookies) =>
      post(
        '/api/orders',
        {
          event_id: event.id,
          buyer: { first_name: 'Sanduni', last_name: 'Wickrama', email: 'buyer@example.com', phone: '0771234567' },
          ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }],
          terms_agreed: true,
        },
        cookies,
      );
    const mine = CreatedOrderSchema.parse((await order(jar)).json());
    await order({}); // the same e-mail, signed out: not this account's booking

    const answer = await get('/api/me/bookings', jar);
    expect(answer.statusCode).toBe(200);
    const { data } = MyBookingsAnswerSchema.parse(answer.json());
    expect(data.map((booking) => booking.order_id)).toEqual([mine.order_id]);
    expect(data[0]).toMatchObject({
      event_name: 'Colombo Jazz Night',
      status: 'pending',
      tot_tickets: 2,
      ticket_url: null,
    });
    expect(await t.db.select().from(userOrders)).toHaveLength(1);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '@marquee/db/schema';
import {
  ACCOUNT_MESSAGES,
  EnableTwoFactorAnswerSchema,
  SessionAnswerSchema,
  SignInAnswerSchema,
  TwoFactorRedirectSchema,
  TwoFactorVerifiedAnswerSchema,
} from '@marquee/domain/accounts';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { secretOf, totpCode, wrongTotpCode } from '../../test-support/totp';

/**
 * Two factors (issue 21, decisions/032): better-auth's twoFactor plugin behind our routes. Enrolment, the
 * sign-in's code step with an app's code or a backup code, the limit on wrong codes, and the session flag
 * `second_factor` that the console's guard will read: true only for a session a verified code made.
 */
const PUBLIC_URL = 'http://marquee.test';
const PASSWORD = 'correct horse battery';
const SESSION = 'marquee.session_token';
const CHALLENGE = 'marquee.two_factor';
let t: TestApp;
let clients = 0;

type Cookies = Record<string, string>;
const cookieHeader = (jar: Cookies) =>
  Object.entries(jar)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

/** A client of its own (an address), so that one test's wrong codes do not spend another's allowance. */
function newClient(): string {
  clients += 1;
  return `192.0.2.${clients}`;
}

async function post(url: string, payload: unknown, jar: Cookies, client: string) {
  const answer = await t.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    remoteAddress: client,
    headers: {
      'content-type': 'application/json',
      origin: PUBLIC_URL,
      ...(Object.keys(jar).length > 0 ? { cookie: cookieHeader(jar) } : {}),
    },
  });
  for (const cookie of answer.cookies) {
    if (cookie.maxAge === 0 || cookie.value === '') delete jar[cookie.name];
    else jar[cookie.name] = cookie.value;
  }
  return answer;
}

async function register(email: string): Promise<string> {
  const answer = await post(
    '/register',
    { name: 'Ama Perera', email, password: PASSWORD, password_confirmation: PASSWORD },
    {},
    newClient(),
  );
  expect(answer.statusCode, answer.body).toBe(201);
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no account for ${email}`);
  return user.id;
}

function signIn(email: string, jar: Cookies, client: string, password = PASSWORD) {
  return post('/api/auth/sign-in/email', { email, password }, jar, client);
}

/** The session row of the jar's session cookie (its value is the token, a dot, and better-auth's signature). */
async function sessionRow(jar: Cookies) {
  const value = jar[SESSION];
  if (value === undefined) return undefined;
  const token = decodeURIComponent(value).split('.')[0] ?? '';
  const [row] = await t.db.select().from(sessions).where(eq(sessions.token, token));
  return row;
}

async function signedInEmail(jar: Cookies): Promise<string | null> {
  const answer = await t.app.inject({ url: '/api/auth/session', headers: { cookie: cookieHeader(jar) } });
  return SessionAnswerSchema.parse(answer.json()).user?.email ?? null;
}

async function twoFactorEnabled(userId: string): Promise<boolean | undefined> {
  const [user] = await t.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  return user?.on;
}

/** Registers, signs in, enables and verifies the first code: an account with two factors on. */
async function enrolledAccount(email: string) {
  const userId = await register(email);
  const client = newClient();
  const jar: Cookies = {};
  expect((await signIn(email, jar, client)).statusCode).toBe(200);
  const enabled = await post('/api/auth/two-factor/enable', { password: PASSWORD }, jar, client);
  expect(enabled.statusCode, enabled.body).toBe(200);
  const { totp_uri, backup_codes } = EnableTwoFactorAnswerSchema.parse(enabled.json());
  const secret = secretOf(totp_uri);
  const verified = await post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) }, jar, client);
  expect(verified.statusCode, verified.body).toBe(200);
  const signedOut = await t.app.inject({
    url: '/api/auth/logout',
    headers: { cookie: cookieHeader(jar), 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(signedOut.statusCode).toBe(200);
  return { userId, secret, backupCodes: backup_codes };
}

/** A password sign-in of an account with two factors on: the challenge, and no session. */
async function challenge(email: string, client: string): Promise<Cookies> {
  const jar: Cookies = {};
  const answer = await signIn(email, jar, client);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(TwoFactorRedirectSchema.parse(answer.json())).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
  expect(jar[SESSION]).toBeUndefined();
  expect(jar[CHALLENGE]).toBeDefined();
  return jar;
}

beforeAll(async () => {
  t = await buildTestApp({ publicUrl: PUBLIC_URL });
});
afterAll(async () => {
  await t.close();
});

describe('enrolment: POST /api/auth/two-factor/enable, then the first code', () => {
  it('answers the otpauth address and ten backup codes, never cached; the first right code turns two factors on and flags the session', async () => {
    const email = 'owner@example.com';
    const userId = await register(email);
    const client = newClient();
    const jar: Cookies = {};
    expect((await signIn(email, jar, client)).statusCode).toBe(200);
    expect((await sessionRow(jar))?.secondFactor).toBe(false);

    const enabled = await post('/api/auth/two-factor/enable', { password: PASSWORD }, jar, client);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.headers['cache-control']).toBe('no-store');
    const answer = EnableTwoFactorAnswerSchema.parse(enabled.json());
    expect(answer.totp_uri).toMatch(/^otpauth:\/\/totp\/Marquee:owner%40example\.com\?/);
    expect(new URL(answer.totp_uri).searchParams.get('issuer')).toBe('Marquee');
    expect(answer.backup_codes).toHaveLength(10);
    // Not on until a code from the app proves it was set up.
    expect(await twoFactorEnabled(userId)).toBe(false);

    const secret = secretOf(answer.totp_uri);
    const wrong = await post('/api/auth/two-factor/verify-totp', { code: wrongTotpCode(secret) }, jar, client);
    expect(wrong.statusCode).toBe(401);
    expect(ErrorBodySchema.parse(wrong.json())).toEqual({
      code: 'wrong_credentials',
      message: ACCOUNT_MESSAGES.wrongCode,
    });
    expect(await twoFactorEnabled(userId)).toBe(false);

    const before = await sessionRow(jar);
    const verified = await post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) }, jar, client);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await twoFactorEnabled(userId)).toBe(true);
    // A new session (better-auth renews it), made by a second factor; the old one is gone.
    const after = await sessionRow(jar);
    expect(after?.id).not.toBe(before?.id);
    expect(after?.secondFactor).toBe(true);
    expect(before && (await t.db.select().from(sessions).where(eq(sessions.id, before.id)))).toEqual([]);
    expect(await signedInEmail(jar)).toBe(email);

    // Once on, it cannot be started over (which would replace the secret).
    const again = await post('/api/auth/two-factor/enable', { password: PASSWORD }, jar, client);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.twoFactorAlreadyOn);
  });

  it('needs a session, and the right password of an account that has one', async () => {
    const email = 'manager@example.com';
    await register(email);
    const client = newClient();
    const anonymous = await post('/api/auth/two-factor/enable', { password: PASSWORD }, {}, client);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('sign_in_required');

    const jar: Cookies = {};
    expect((await signIn(email, jar, client)).statusCode).toBe(200);
    for (const body of [{}, { password: 'not the password' }]) {
      const refused = await post('/api/auth/two-factor/enable', body, jar, client);
      expect(refused.statusCode, JSON.stringify(body)).toBe(401);
      expect(ErrorBodySchema.parse(refused.json())).toEqual({
        code: 'wrong_credentials',
        message: ACCOUNT_MESSAGES.wrongPassword,
      });
    }
  });

  it('a wrong password there is counted per client: past ten, 429, and the right one is refused too', async () => {
    const email = 'guessed@example.com';
    await register(email);
    const client = newClient();
    const jar: Cookies = {};
    expect((await signIn(email, jar, client)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect(
        (await post('/api/auth/two-factor/enable', { password: `wrong ${attempt}` }, jar, client)).statusCode,
      ).toBe(401);
    }
    const over = await post('/api/auth/two-factor/enable', { password: PASSWORD }, jar, client);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another client (the owner elsewhere) is not refused.
    const elsewhere: Cookies = {};
    const other = newClient();
    expect((await signIn(email, elsewhere, other)).statusCode).toBe(200);
    expect((await post('/api/auth/two-factor/enable', { password: PASSWORD }, elsewhere, other)).statusCode).toBe(200);
  });
});

describe('signing in with two factors on', () => {
  const email = 'two-factor@example.com';
  let account: Awaited<ReturnType<typeof enrolledAccount>>;

  beforeAll(async () => {
    account = await enrolledAccount(email);
  });

  it('the password alone answers twoFactorRedirect and sets no session; the right code signs in with second_factor', async () => {
    const client = newClient();
    const jar = await challenge(email, client);
    expect(await signedInEmail(jar)).toBeNull();
    const sessionsBefore = await t.db.select().from(sessions).where(eq(sessions.userId, account.userId));

    // better-auth's "trust this device" is not ours to offer: the body drops it, and no such cookie is set.
    const answer = await post(
      '/api/auth/two-factor/verify-totp',
      { code: totpCode(account.secret), trustDevice: true },
      jar,
      client,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(TwoFactorVerifiedAnswerSchema.parse(answer.json()).user.email).toBe(email);
    expect(Object.keys(jar).filter((name) => name.includes('trust_device'))).toEqual([]);
    expect(jar[CHALLENGE]).toBeUndefined();
    expect(await signedInEmail(jar)).toBe(email);
    const row = await sessionRow(jar);
    expect(row?.secondFactor).toBe(true);
    expect(sessionsBefore.map((each) => each.id)).not.toContain(row?.id);
  });

  it('a wrong code is refused and counted: five at one challenge, then 429 even for the right code', async () => {
    const client = newClient();
    const jar = await challenge(email, client);
    const wrong = wrongTotpCode(account.secret);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await post('/api/auth/two-factor/verify-totp', { code: wrong }, jar, client);
      expect(answer.statusCode, `attempt ${attempt}`).toBe(401);
      expect(answer.json().code).toBe('wrong_credentials');
      expect(jar[SESSION]).toBeUndefined();
    }
    const over = await post('/api/auth/two-factor/verify-totp', { code: totpCode(account.secret) }, jar, client);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('rate_limited');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(jar[SESSION]).toBeUndefined();

    // A new sign-in from another client is a new challenge, with its own count; the right code works.
    const other = newClient();
    const fresh = await challenge(email, other);
    const answer = await post('/api/auth/two-factor/verify-totp', { code: totpCode(account.secret) }, fresh, other);
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await sessionRow(fresh))?.secondFactor).toBe(true);
  });

  it('a malformed code is a 422 on the field, and is not a guess', async () => {
    const client = newClient();
    const jar = await challenge(email, client);
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const answer = await post('/api/auth/two-factor/verify-totp', { code }, jar, client);
      expect(answer.statusCode, code).toBe(422);
      expect(answer.json().errors.code).toEqual([ACCOUNT_MESSAGES.codeInvalid]);
    }
  });

  it('without a challenge, a code is refused as a sign-in to do first', async () => {
    const client = newClient();
    const answer = await post('/api/auth/two-factor/verify-totp', { code: totpCode(account.secret) }, {}, client);
    expect(answer.statusCode).toBe(401);
    expect(ErrorBodySchema.parse(answer.json())).toEqual({
      code: 'sign_in_required',
      message: ACCOUNT_MESSAGES.twoFactorSignInAgain,
    });
  });

  it('a backup code signs in once (second_factor), and is refused the second time', async () => {
    const [code] = account.backupCodes;
    if (code === undefined) throw new Error('no backup code');
    const client = newClient();
    const jar = await challenge(email, client);
    const first = await post('/api/auth/two-factor/verify-backup-code', { code }, jar, client);
    expect(first.statusCode, first.body).toBe(200);
    expect(await signedInEmail(jar)).toBe(email);
    expect((await sessionRow(jar))?.secondFactor).toBe(true);

    const again = await challenge(email, client);
    const second = await post('/api/auth/two-factor/verify-backup-code', { code }, again, client);
    expect(second.statusCode).toBe(401);
    expect(ErrorBodySchema.parse(second.json())).toEqual({
      code: 'wrong_credentials',
      message: ACCOUNT_MESSAGES.wrongBackupCode,
    });
    expect(again[SESSION]).toBeUndefined();
    // Another, unused, still works.
    const next = await post('/api/auth/two-factor/verify-backup-code', { code: account.backupCodes[1] }, again, client);
    expect(next.statusCode, next.body).toBe(200);
    expect((await sessionRow(again))?.secondFactor).toBe(true);
  });
});

describe('sessions without a second factor', () => {
  it('a password sign-in of an account without two factors: a session, second_factor false', async () => {
    const email = 'buyer@example.com';
    await register(email);
    const jar: Cookies = {};
    const answer = await signIn(email, jar, newClient());
    expect(answer.statusCode).toBe(200);
    expect(SignInAnswerSchema.parse(answer.json())).toMatchObject({ user: { email } });
    const row = await sessionRow(jar);
    expect(row).toBeDefined();
    expect(row?.secondFactor).toBe(false);
  });
});

describe('step-up: a code sent with a session instead of a challenge', () => {
  /** A signed-in session of an enrolled account that no code made (as a Google or Apple sign-in makes one). */
  async function sessionWithoutCode(email: string) {
    const { secret } = await enrolledAccount(email);
    const client = newClient();
    const jar = await challenge(email, client);
    expect((await post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) }, jar, client)).statusCode).toBe(
      200,
    );
    const row = await sessionRow(jar);
    if (!row) throw new Error('no session');
    await t.db.update(sessions).set({ secondFactor: false }).where(eq(sessions.id, row.id));
    return { jar, client, secret, sessionId: row.id };
  }

  it('a right code marks that same session as made with a second factor', async () => {
    const { jar, client, secret, sessionId } = await sessionWithoutCode('step-up@example.com');
    const answer = await post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) }, jar, client);
    expect(answer.statusCode, answer.body).toBe(200);
    const row = await sessionRow(jar);
    expect(row?.id).toBe(sessionId);
    expect(row?.secondFactor).toBe(true);
  });

  it('a wrong code leaves the session as it was', async () => {
    const { jar, client, secret } = await sessionWithoutCode('step-up-wrong@example.com');
    const answer = await post('/api/auth/two-factor/verify-totp', { code: wrongTotpCode(secret) }, jar, client);
    expect(answer.statusCode).toBe(401);
    expect(ErrorBodySchema.parse(answer.json()).code).toBe('wrong_credentials');
    expect((await sessionRow(jar))?.secondFactor).toBe(false);
  });

  it('an account without two factors cannot step up with any code', async () => {
    const email = 'no-factor@example.com';
    await register(email);
    const jar: Cookies = {};
    const client = newClient();
    expect((await signIn(email, jar, client)).statusCode).toBe(200);
    const answer = await post('/api/auth/two-factor/verify-totp', { code: '123456' }, jar, client);
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
    expect((await sessionRow(jar))?.secondFactor).toBe(false);
  });
});

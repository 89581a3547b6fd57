import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '@marquee/db/schema';
import { SessionAnswerSchema } from '@marquee/domain/accounts';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { signInAtIssuer, startOidcIssuer, type OidcIssuer } from '../../test-support/oidc-issuer';

/**
 * Google and Apple sign-in through OpenID Connect, against a local OpenID provider (the real ones cannot
 * be reached from here). better-auth's client does discovery, PKCE, the code exchange and the ID token
 * check for real; only the provider is a stand-in.
 */
const PUBLIC_URL = 'http://marquee.test';
let t: TestApp;
let google: OidcIssuer;
let apple: OidcIssuer;

type Cookies = Record<string, string>;
const cookieHeader = (jar: Cookies) =>
  Object.entries(jar)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
function keep(jar: Cookies, answer: { cookies: { name: string; value: string; maxAge?: number }[] }) {
  for (const cookie of answer.cookies) {
    if (cookie.maxAge === 0 || cookie.value === '') delete jar[cookie.name];
    else jar[cookie.name] = cookie.value;
  }
}

beforeAll(async () => {
  google = await startOidcIssuer({ providerId: 'google', redirectUris: [`${PUBLIC_URL}/api/auth/callback/google`] });
  apple = await startOidcIssuer({ providerId: 'apple', redirectUris: [`${PUBLIC_URL}/api/auth/callback/apple`] });
  const client = (issuer: OidcIssuer) => ({
    clientId: issuer.clientId,
    clientSecret: issuer.clientSecret,
    discoveryUrl: issuer.discoveryUrl,
  });
  t = await buildTestApp({
    publicUrl: PUBLIC_URL,
    auth: { secret: null, google: client(google), apple: client(apple) },
  });
});
afterAll(async () => {
  await t?.close();
  await google?.close();
  await apple?.close();
});

async function socialSignIn(providerId: 'google' | 'apple', login: string, jar: Cookies) {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    payload: JSON.stringify({ provider: providerId, callbackURL: '/my-bookings', errorCallbackURL: '/' }),
    headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
  });
  expect(start.statusCode, start.body).toBe(200);
  keep(jar, start);
  const { url } = start.json<{ url: string; redirect: boolean }>();
  const issuer = providerId === 'google' ? google : apple;
  expect(new URL(url).origin).toBe(issuer.issuer);
  const back = await signInAtIssuer(issuer.issuer, url, login);
  expect(back.url.origin).toBe(PUBLIC_URL);
  // Apple posts its answer (form_post), cross-site; Google redirects with it in the query.
  let callback = back.form
    ? await t.app.inject({
        method: 'POST',
        url: back.url.pathname,
        payload: back.form.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: issuer.issuer },
      })
    : await t.app.inject({ url: back.url.pathname + back.url.search, headers: { cookie: cookieHeader(jar) } });
  if (back.form) {
    // better-auth turns the post into a same-site GET (the Lax state cookie is then sent).
    expect(callback.statusCode, callback.body).toBe(302);
    const next = new URL(callback.headers.location as string, PUBLIC_URL);
    callback = await t.app.inject({ url: next.pathname + next.search, headers: { cookie: cookieHeader(jar) } });
  }
  keep(jar, callback);
  return callback;
}

describe('social sign-in (OpenID Connect)', () => {
  it('the session answer lists both providers when configured', async () => {
    expect(SessionAnswerSchema.parse((await t.app.inject({ url: '/api/auth/session' })).json()).providers).toEqual({
      google: true,
      apple: true,
    });
  });

  it("Google: the provider's login sends the buyer back signed in, to where they started", async () => {
    const jar: Cookies = {};
    const callback = await socialSignIn('google', 'kumari', jar);
    expect(callback.statusCode, callback.body).toBe(302);
    expect(callback.headers.location).toBe('/my-bookings');
    const session = SessionAnswerSchema.parse(
      (await t.app.inject({ url: '/api/auth/session', headers: { cookie: cookieHeader(jar) } })).json(),
    );
    expect(session.user).toMatchObject({ email: 'kumari@example.com', first_name: 'Kumari' });
  });

  it('Apple: its form_post answer is taken, and the buyer is signed in', async () => {
    const jar: Cookies = {};
    const callback = await socialSignIn('apple', 'tharindu', jar);
    expect(callback.statusCode, callback.body).toBe(302);
    expect(callback.headers.location).toBe('/my-bookings');
    const session = SessionAnswerSchema.parse(
      (await t.app.inject({ url: '/api/auth/session', headers: { cookie: cookieHeader(jar) } })).json(),
    );
    expect(session.user).toMatchObject({ email: 'tharindu@example.com' });
  });

  it('a Google session is never one made by a second factor, even of an account with two factors on', async () => {
    // better-auth asks for the code only at a password sign-in: the console's guard reads second_factor.
    const first: Cookies = {};
    expect((await socialSignIn('google', 'nadeesha', first)).statusCode).toBe(302);
    await t.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.email, 'nadeesha@example.com'));
    const jar: Cookies = {};
    const callback = await socialSignIn('google', 'nadeesha', jar);
    expect(callback.statusCode, callback.body).toBe(302);
    const token = decodeURIComponent(jar['marquee.session_token'] ?? '').split('.')[0] ?? '';
    const [row] = await t.db.select().from(sessions).where(eq(sessions.token, token));
    expect(row).toBeDefined();
    expect(row?.secondFactor).toBe(false);
  });

  it('a tampered state is refused and signs nobody in', async () => {
    const jar: Cookies = {};
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: JSON.stringify({ provider: 'google', callbackURL: '/' }),
      headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
    });
    keep(jar, start);
    const { url: back } = await signInAtIssuer(google.issuer, start.json<{ url: string }>().url, 'mallory');
    back.searchParams.set('state', 'forged-state');
    const callback = await t.app.inject({ url: back.pathname + back.search, headers: { cookie: cookieHeader(jar) } });
    expect(callback.statusCode).toBeLessThan(500);
    keep(jar, callback);
    const session = SessionAnswerSchema.parse(
      (await t.app.inject({ url: '/api/auth/session', headers: { cookie: cookieHeader(jar) } })).json(),
    );
    expect(session.user).toBeNull();
  });
});

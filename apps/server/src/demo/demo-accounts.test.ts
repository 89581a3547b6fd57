import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecrets, organisationMembers, platformOperators, users } from '@marquee/db/schema';
import { createOrganisation } from '@marquee/db/factories';
import { DEMO_ORGANISATIONS } from '@marquee/db/seed';
import { SignInAnswerSchema, TwoFactorRedirectSchema } from '@marquee/domain/accounts';
import { OrganiserMeAnswerSchema } from '@marquee/domain/organiser';
import { createTestDb, type TestDb } from '@marquee/db/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { totpCode } from '../lib/totp';
import { TEST_APP_CONFIG } from '../test-support/build-test-app';
import { describeDemoAccounts } from './demo-accounts-file';
import type { DemoAccountsSummary } from './demo-accounts';

/**
 * `npm start`'s demo organiser accounts (issue 21): a newcomer signs in with the printed password and a code
 * from the printed secret, and is in the console. A restart keeps them; the password is the database's own.
 */
const PASSWORD = 'demo-password-for-tests';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';
let handle: TestDb;
let app: FastifyInstance;
let summary: DemoAccountsSummary | null = null;

async function start(given: { password?: string; totpSecret?: string }) {
  let seeded: DemoAccountsSummary | null = null;
  const built = await buildApp({
    db: handle.db,
    config: TEST_APP_CONFIG,
    demoAccounts: { ...given, onSeeded: (each) => (seeded = each) },
  });
  await built.ready();
  return { built, seeded: seeded as DemoAccountsSummary | null };
}

beforeAll(async () => {
  handle = await createTestDb();
  for (const organisation of DEMO_ORGANISATIONS) {
    await createOrganisation(handle.db, { slug: organisation.slug, name: organisation.name });
  }
  ({ built: app, seeded: summary } = await start({ password: PASSWORD, totpSecret: SECRET }));
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

function cookieOf(answer: { cookies: { name: string; value: string }[] }, name: string): string {
  const cookie = answer.cookies.find((each) => each.name === name);
  if (!cookie) throw new Error(`no ${name} cookie`);
  return `${cookie.name}=${cookie.value}`;
}

const json = { 'content-type': 'application/json', origin: TEST_APP_CONFIG.publicUrl };

describe('the demo organiser accounts', () => {
  it('seeds an owner per demo organisation, three staff of the first, and an operator, and prints them', () => {
    expect(summary?.password).toBe(PASSWORD);
    expect(summary?.totpSecret).toBe(SECRET);
    const emails = summary?.accounts.map((account) => account.email) ?? [];
    for (const organisation of DEMO_ORGANISATIONS) expect(emails).toContain(`owner@${organisation.slug}.example`);
    expect(emails).toEqual(
      expect.arrayContaining(['manager@lanka-live.example', 'door@lanka-live.example', 'operator@marquee.example']),
    );
    const printed = describeDemoAccounts(summary!, 'http://localhost:3000');
    expect(printed).toContain('http://localhost:3000/organiser');
    expect(printed).toContain(PASSWORD);
    expect(printed).toContain(SECRET);
  });

  it("lets the owner sign in with the password and the secret's code, straight into the console", async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: json,
      payload: JSON.stringify({ email: 'owner@lanka-live.example', password: PASSWORD }),
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    TwoFactorRedirectSchema.parse(signIn.json());
    const verified = await app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: { ...json, cookie: cookieOf(signIn, 'marquee.two_factor') },
      payload: JSON.stringify({ code: totpCode(SECRET) }),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const cookie = cookieOf(verified, 'marquee.session_token');
    const me = await app.inject({ url: '/api/organiser/me', headers: { cookie } });
    expect(OrganiserMeAnswerSchema.parse(me.json())).toMatchObject({
      organisations: [{ slug: 'lanka-live', role: 'owner', all_events: true }],
      two_factor: { enabled: true, this_session: true },
    });
    expect((await app.inject({ url: '/api/organiser/lanka-live', headers: { cookie } })).statusCode).toBe(200);
  });

  it('lets the door member in with the password alone (door needs no second factor)', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: json,
      payload: JSON.stringify({ email: 'door@lanka-live.example', password: PASSWORD }),
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    SignInAnswerSchema.parse(signIn.json());
    const cookie = cookieOf(signIn, 'marquee.session_token');
    const me = OrganiserMeAnswerSchema.parse(
      (await app.inject({ url: '/api/organiser/me', headers: { cookie } })).json(),
    );
    expect(me.organisations).toEqual([expect.objectContaining({ slug: 'lanka-live', role: 'door' })]);
  });

  it('makes the operator a platform operator', async () => {
    const [row] = await handle.db
      .select({ userId: platformOperators.userId })
      .from(platformOperators)
      .innerJoin(users, eq(users.id, platformOperators.userId))
      .where(eq(users.email, 'operator@marquee.example'));
    expect(row).toBeDefined();
  });

  it('keeps the accounts, password and secret as they were on a restart, whatever the settings say then', async () => {
    const countMembers = async () => (await handle.db.select().from(organisationMembers)).length;
    const before = await countMembers();
    const restarted = await start({ password: 'another-password', totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CT' });
    try {
      expect(restarted.seeded).toMatchObject({ password: PASSWORD, totpSecret: SECRET });
      expect(await countMembers()).toBe(before);
    } finally {
      await restarted.built.close();
    }
  });

  it('makes a random password and secret when none is given, and keeps them in the database', async () => {
    const other = await createTestDb();
    try {
      await createOrganisation(other.db, { slug: 'lanka-live', name: 'Lanka Live Promotions' });
      let seeded: DemoAccountsSummary | null = null;
      const built = await buildApp({
        db: other.db,
        config: TEST_APP_CONFIG,
        demoAccounts: { onSeeded: (each) => (seeded = each) },
      });
      await built.close();
      const made = seeded as DemoAccountsSummary | null;
      expect(made?.password).toMatch(/^demo-[\w-]{12}$/);
      expect(made?.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
      const stored = await other.db.select().from(appSecrets).where(eq(appSecrets.name, 'demo_password'));
      expect(stored[0]?.value).toBe(made?.password);
    } finally {
      await other.close();
    }
  });
});

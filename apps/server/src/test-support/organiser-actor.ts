import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { memberEvents, organisationMembers, sessions, users } from '@marquee/db/schema';
import type { OrganisationRole } from '@marquee/domain/permissions';
import type { TestApp } from './build-test-app';

const PUBLIC_URL = 'http://marquee.test';
const PASSWORD = 'correct horse battery';
const SESSION_COOKIE = 'marquee.session_token';
let actors = 0;

export interface OrganiserActorOptions {
  organisation: { id: number };
  /** null: an account with no membership (a stranger, or an operator made by the test). */
  role: OrganisationRole | null;
  /** false: limited to `eventIds` (member_events). Owners always have all events. */
  allEvents?: boolean;
  eventIds?: readonly number[];
  /**
   * true: the account has two factors on and this session was made with a code; `{ enabled, session }`
   * sets each apart (an enrolled account signed in without a code); false or absent: neither.
   */
  twoFactor?: boolean | { enabled: boolean; session: boolean };
}

export interface OrganiserTestActor {
  userId: string;
  email: string;
  memberId: number | null;
  /** The `cookie` header of the signed-in session. */
  cookie: string;
}

/**
 * A member of an organisation, signed in: registered and signed in through the app's own routes
 * (better-auth behind them), the membership written directly, and the two-factor flags set directly
 * (two-factor.test.ts proves the real code step sets them).
 */
export async function createOrganiserActor(t: TestApp, options: OrganiserActorOptions): Promise<OrganiserTestActor> {
  actors += 1;
  // A client address of its own, so that no test spends another's sign-up or sign-in allowance.
  const remoteAddress = `198.51.100.${actors % 250}`;
  const email = `organiser-${randomUUID().slice(0, 8)}@example.com`;
  const headers = { 'content-type': 'application/json', origin: PUBLIC_URL };
  const registered = await t.app.inject({
    method: 'POST',
    url: '/register',
    remoteAddress,
    headers,
    payload: JSON.stringify({ name: 'Nila Organiser', email, password: PASSWORD, password_confirmation: PASSWORD }),
  });
  if (registered.statusCode !== 201) throw new Error(`register: ${registered.statusCode} ${registered.body}`);
  const signedIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers,
    payload: JSON.stringify({ email, password: PASSWORD }),
  });
  const session = signedIn.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
  if (signedIn.statusCode !== 200 || !session) throw new Error(`sign-in: ${signedIn.statusCode} ${signedIn.body}`);

  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no account for ${email}`);
  const twoFactor =
    typeof options.twoFactor === 'object'
      ? options.twoFactor
      : { enabled: options.twoFactor ?? false, session: options.twoFactor ?? false };
  await t.db.update(users).set({ twoFactorEnabled: twoFactor.enabled }).where(eq(users.id, user.id));
  const token = decodeURIComponent(session.value).split('.')[0] ?? '';
  await t.db.update(sessions).set({ secondFactor: twoFactor.session }).where(eq(sessions.token, token));

  let memberId: number | null = null;
  if (options.role) {
    const allEvents = options.allEvents ?? true;
    const [member] = await t.db
      .insert(organisationMembers)
      .values({ organisationId: options.organisation.id, userId: user.id, role: options.role, allEvents })
      .returning({ id: organisationMembers.id });
    if (!member) throw new Error('no membership row');
    memberId = member.id;
    if (!allEvents && options.eventIds && options.eventIds.length > 0) {
      await t.db
        .insert(memberEvents)
        .values(
          options.eventIds.map((eventId) => ({
            organisationId: options.organisation.id,
            memberId: member.id,
            eventId,
          })),
        );
    }
  }
  return { userId: user.id, email, memberId, cookie: `${SESSION_COOKIE}=${session.value}` };
}

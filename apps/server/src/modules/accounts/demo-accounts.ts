import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { symmetricEncrypt } from 'better-auth/crypto';
import type { Db } from '@marquee/db/client';
import { twoFactors, users } from '@marquee/db/schema';
import type { Accounts } from './auth';

/**
 * The demo's signed-in-able accounts (`npm start`, decisions/032): made through better-auth like any
 * registration, and, for the roles that need them, with two factors on under a known TOTP secret, so that a
 * newcomer adds one secret to an authenticator app (or runs `npm run demo:code`) and is in the console.
 * Only the demo seed calls this; the secret and password come from the database (or DEMO_* settings).
 */
export interface DemoAccount {
  email: string;
  name: string;
  password: string;
  /** Base32, or null for an account without two factors (a door member). */
  totpSecret: string | null;
}

/** better-auth reads a TOTP secret stored as `base32:…` as the base32 an authenticator app is given. */
const BASE32_PREFIX = 'base32:';

/** Makes the account if it does not exist (a restart keeps it as it is), and returns its id. */
export async function ensureDemoAccount(deps: { db: Db; accounts: Accounts }, account: DemoAccount): Promise<string> {
  const { db, accounts } = deps;
  const find = async () => (await db.select({ id: users.id }).from(users).where(eq(users.email, account.email)))[0];
  const existing = await find();
  if (existing) return existing.id;
  await accounts.auth.api.signUpEmail({
    body: { name: account.name, email: account.email, password: account.password },
  });
  const made = await find();
  if (!made) throw new Error(`The demo account ${account.email} could not be made.`);
  if (account.totpSecret !== null) {
    await db.transaction(async (tx) => {
      await tx.insert(twoFactors).values({
        id: randomUUID(),
        userId: made.id,
        secret: await symmetricEncrypt({ key: accounts.secret, data: `${BASE32_PREFIX}${account.totpSecret}` }),
        // No backup codes for demo accounts: the secret is printed instead.
        backupCodes: await symmetricEncrypt({ key: accounts.secret, data: JSON.stringify([]) }),
        verified: true,
      });
      await tx.update(users).set({ twoFactorEnabled: true, emailVerified: true }).where(eq(users.id, made.id));
    });
  }
  return made.id;
}

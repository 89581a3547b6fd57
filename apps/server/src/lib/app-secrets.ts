import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
import { appSecrets } from '@marquee/db/schema';

/**
 * A secret made once per database and shared by every server process on it (the first to ask makes
 * it; a race is settled by the primary key). In embedded mode the database is the data folder's PGlite.
 */
export async function ensureAppSecret(db: Db, name: string, make: () => string): Promise<string> {
  const read = async () => (await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name)))[0];
  const existing = await read();
  if (existing) return existing.value;
  await db.insert(appSecrets).values({ name, value: make() }).onConflictDoNothing();
  const row = await read();
  if (!row) throw new Error(`The secret ${name} could not be stored.`);
  return row.value;
}

/** A random 256-bit key as base64url: what most of the secrets kept in app_secrets are. */
export function randomKey(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * `ensureAppSecret`, read when first needed (not at start-up) and then kept for the process; a failure (the
 * database away) is not remembered, so the next call tries again.
 */
export function lazyAppSecret(db: Db, name: string, make: () => string = randomKey): () => Promise<string> {
  let secret: Promise<string> | null = null;
  return () => {
    if (!secret) {
      secret = ensureAppSecret(db, name, make);
      secret.catch(() => {
        secret = null;
      });
    }
    return secret;
  };
}

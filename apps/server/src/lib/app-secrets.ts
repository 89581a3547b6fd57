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

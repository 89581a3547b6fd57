import { eq } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
import { users } from '@marquee/db/schema';

export async function emailHasAccount(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

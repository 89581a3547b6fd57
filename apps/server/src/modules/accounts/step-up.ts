import { and, eq } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
import { sessions } from '@marquee/db/schema';

/**
 * Step-up (decisions/032): a right code sent with a session rather than with a sign-in's challenge (a Google
 * or Apple session, or a password session of an account that turned two factors on later) makes that session
 * one made with a second factor, as the console's guard requires of owners, managers and operators.
 * better-auth verifies the code; it keeps the session as it was, so the flag is set here.
 */
export async function stepUpSession(db: Db, session: { userId: string; sessionId: string }): Promise<void> {
  await db
    .update(sessions)
    .set({ secondFactor: true })
    .where(and(eq(sessions.id, session.sessionId), eq(sessions.userId, session.userId)));
}

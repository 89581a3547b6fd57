import { z } from 'zod';
import { apiSend } from '../../../lib/api-client';

/** Credentials sign-in (better-auth's POST /api/auth/sign-in/email): sets the session cookie. */
export async function signIn(credentials: { email: string; password: string }): Promise<void> {
  // The body is better-auth's own; the session is read again from /api/auth/session instead.
  await apiSend('POST', '/api/auth/sign-in/email', credentials, z.unknown());
}

import { z } from 'zod';
import { TwoFactorRedirectSchema } from '@marquee/domain/accounts';
import { apiSend } from '../../../lib/api-client';

/** Signed in, or (an account with two factors on) a code is needed first: `methods` are the ways to send one. */
export type SignInOutcome = { kind: 'signed-in' } | { kind: 'code-needed'; methods: readonly string[] };

/**
 * Credentials sign-in (better-auth's POST /api/auth/sign-in/email): sets the session cookie, or, for an account
 * with two factors, answers `twoFactorRedirect` and a short-lived challenge cookie for the code step.
 */
export async function signIn(credentials: { email: string; password: string }): Promise<SignInOutcome> {
  // The signed-in body is better-auth's own; the session is read again from /api/auth/session instead.
  const answer = await apiSend('POST', '/api/auth/sign-in/email', credentials, z.unknown());
  const redirect = TwoFactorRedirectSchema.safeParse(answer);
  return redirect.success ? { kind: 'code-needed', methods: redirect.data.twoFactorMethods } : { kind: 'signed-in' };
}

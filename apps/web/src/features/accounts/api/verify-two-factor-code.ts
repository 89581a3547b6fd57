import { z } from 'zod';
import { apiSend } from '../../../lib/api-client';

export type TwoFactorCodeKind = 'totp' | 'backup';

/**
 * The sign-in's code step, after `twoFactorRedirect` (the challenge cookie goes with it): the authenticator app's
 * code (POST /api/auth/two-factor/verify-totp) or a backup code (…/verify-backup-code). A right code sets the
 * session cookie; a wrong one is 401 `wrong_credentials`; a spent or expired challenge 401 `sign_in_required`.
 */
export async function verifyTwoFactorCode(kind: TwoFactorCodeKind, code: string): Promise<void> {
  const path = kind === 'totp' ? '/api/auth/two-factor/verify-totp' : '/api/auth/two-factor/verify-backup-code';
  // The body is better-auth's own; the session is read again from /api/auth/session instead.
  await apiSend('POST', path, { code }, z.unknown());
}

import { TwoFactorVerifiedAnswerSchema } from '@marquee/domain/accounts';
import { apiSend } from '../../../lib/api-client';

/**
 * POST /api/auth/two-factor/verify-totp with the session: the enrolment's first code (right, it turns two
 * factors on and renews the session as one made with a second factor), or the step-up of a session made
 * without one (right, this session counts as made with a second factor). A wrong code is 401
 * `wrong_credentials`; too many, 429 `rate_limited`.
 */
export function verifyTotp(code: string) {
  return apiSend('POST', '/api/auth/two-factor/verify-totp', { code }, TwoFactorVerifiedAnswerSchema);
}

import { EnableTwoFactorAnswerSchema } from '@marquee/domain/accounts';
import { apiSend } from '../../../lib/api-client';

/**
 * POST /api/auth/two-factor/enable: a new authenticator secret (as an otpauth:// address) and ten backup codes.
 * Two factors are on only once the app's first code is verified (verify-totp). The password is asked of an
 * account that has one.
 */
export function enableTwoFactor(password: string) {
  return apiSend(
    'POST',
    '/api/auth/two-factor/enable',
    password === '' ? {} : { password },
    EnableTwoFactorAnswerSchema,
  );
}

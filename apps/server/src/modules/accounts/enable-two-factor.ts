import { APIError } from 'better-auth/api';
import { ACCOUNT_MESSAGES, type EnableTwoFactorAnswer } from '@marquee/domain/accounts';
import { AppError } from '../../plugins/app-error';
import type { Accounts } from './auth';
import { authHeadersOf, type ClientRequest } from './client-request';

export interface EnableTwoFactorDeps {
  accounts: Accounts;
}

/**
 * POST /api/auth/two-factor/enable: a new TOTP secret and ten backup codes for the signed-in account
 * (better-auth's enableTwoFactor, TOTP only). Two factors are on only once the first code from the app is
 * verified (POST /api/auth/two-factor/verify-totp), which also makes the account's session one with a
 * second factor. Asked again before that, it starts over with a new secret. The password is asked of an
 * account that has one (not of a Google- or Apple-only account).
 *
 * Refusals: not signed in → sign_in_required; a wrong or missing password → wrong_credentials (counted by
 * the route's limit: a stolen session must not become a password oracle); already on → conflict.
 */
export async function enableTwoFactor(
  deps: EnableTwoFactorDeps,
  request: ClientRequest,
  input: { password?: string | undefined },
): Promise<EnableTwoFactorAnswer> {
  const body = { method: 'totp' as const, ...(input.password === undefined ? {} : { password: input.password }) };
  try {
    const answer = await deps.accounts.auth.api.enableTwoFactor({ body, headers: authHeadersOf(request) });
    if (answer.method !== 'totp') throw new Error('better-auth enabled two factors without a TOTP secret');
    return { totp_uri: answer.totpURI, backup_codes: answer.backupCodes };
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const code = (error.body as { code?: unknown } | undefined)?.code;
    if (error.statusCode === 401) throw new AppError('sign_in_required', ACCOUNT_MESSAGES.signInRequiredForTwoFactor);
    if (code === 'INVALID_PASSWORD') throw new AppError('wrong_credentials', ACCOUNT_MESSAGES.wrongPassword);
    if (code === 'TOTP_ALREADY_ENABLED') throw new AppError('conflict', ACCOUNT_MESSAGES.twoFactorAlreadyOn);
    throw error;
  }
}

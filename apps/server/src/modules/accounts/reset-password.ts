import { APIError } from 'better-auth/api';
import { ACCOUNT_MESSAGES } from '@marquee/domain/accounts';
import { invalidField } from '../../plugins/app-error';
import type { Accounts } from './auth';

export interface ResetPasswordDeps {
  accounts: Accounts;
}

/**
 * POST /api/auth/password/reset: sets the new password with the e-mailed token (once, for an hour); every
 * session of the account is signed out. A token better-auth refuses is AppError validation_failed on `token`.
 */
export async function resetPassword(
  deps: ResetPasswordDeps,
  input: { token: string; password: string },
): Promise<void> {
  try {
    await deps.accounts.auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (error) {
    if (error instanceof APIError) throw invalidField('token', ACCOUNT_MESSAGES.resetLinkInvalid);
    throw error;
  }
}

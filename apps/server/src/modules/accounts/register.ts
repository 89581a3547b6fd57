import type { Db } from '@marquee/db/client';
import { ACCOUNT_MESSAGES, type RegisterRequest } from '@marquee/domain/accounts';
import { invalidField } from '../../plugins/app-error';
import type { Accounts } from './auth';
import { authHeadersOf, type ClientRequest } from './client-request';
import * as repository from './repository';

export interface RegisterDeps {
  db: Db;
  accounts: Accounts;
}

/**
 * POST /register: creates the account; no sign-in follows. better-auth answers a taken e-mail like a new
 * one; the spec's form lists the error instead (the form is behind the captcha and a rate limit, so it is
 * no cheap way to test addresses): AppError validation_failed on `email`.
 */
export async function register(
  deps: RegisterDeps,
  request: ClientRequest,
  body: Pick<RegisterRequest, 'name' | 'email' | 'password'>,
): Promise<void> {
  const { name, email, password } = body;
  if (await repository.emailHasAccount(deps.db, email)) throw invalidField('email', ACCOUNT_MESSAGES.emailTaken);
  await deps.accounts.auth.api.signUpEmail({ body: { name, email, password }, headers: authHeadersOf(request) });
}

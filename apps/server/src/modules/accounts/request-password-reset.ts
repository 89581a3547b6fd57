import { RESET_PASSWORD_PAGE, type Accounts } from './auth';
import { authHeadersOf, type ClientRequest } from './client-request';

export interface RequestPasswordResetDeps {
  accounts: Accounts;
}

/**
 * POST /api/auth/password/forgot: e-mails a one-time reset link (the mail module's outbox) when an account
 * has this e-mail; nothing tells the caller whether one has.
 */
export async function requestPasswordReset(
  deps: RequestPasswordResetDeps,
  request: ClientRequest,
  email: string,
): Promise<void> {
  await deps.accounts.auth.api.requestPasswordReset({
    body: { email, redirectTo: RESET_PASSWORD_PAGE },
    headers: authHeadersOf(request),
  });
}

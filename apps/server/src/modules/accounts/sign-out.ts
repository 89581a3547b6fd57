import type { Accounts } from './auth';
import { authHeadersOf, type ClientRequest } from './client-request';

export interface SignOutDeps {
  accounts: Accounts;
}

/**
 * GET /api/auth/logout: ends the request's session, if any. Answers the Set-Cookie values that clear the
 * session cookies (none when there was nothing to end, or better-auth refused: signing out never fails).
 */
export async function signOut(deps: SignOutDeps, request: ClientRequest): Promise<string[]> {
  const response = await deps.accounts.auth.api
    .signOut({ headers: authHeadersOf(request), asResponse: true })
    .catch(() => null);
  return response?.headers.getSetCookie() ?? [];
}

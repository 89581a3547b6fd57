import { SESSION_COOKIE, type Accounts } from './auth';
import { authHeadersOf, type ClientRequest } from './client-request';

export interface CurrentUserIdDeps {
  accounts: Accounts;
}

/** The signed-in account of a request, for other modules (orders link to it; My bookings lists by it). */
export async function currentUserId(deps: CurrentUserIdDeps, request: ClientRequest): Promise<string | null> {
  // No cookie of ours, no database read: anonymous buyers (the on-sale rush) pay nothing for accounts.
  const cookie = request.headers.cookie;
  if (typeof cookie !== 'string' || !cookie.includes(SESSION_COOKIE)) return null;
  const session = await deps.accounts.auth.api.getSession({ headers: authHeadersOf(request) });
  return session?.user.id ?? null;
}

/** The signed-in account and its session (the console's guard reads the session's second factor by its id). */
export async function currentSession(
  deps: CurrentUserIdDeps,
  request: ClientRequest,
): Promise<{ userId: string; sessionId: string } | null> {
  const cookie = request.headers.cookie;
  if (typeof cookie !== 'string' || !cookie.includes(SESSION_COOKIE)) return null;
  const session = await deps.accounts.auth.api.getSession({ headers: authHeadersOf(request) });
  return session ? { userId: session.user.id, sessionId: session.session.id } : null;
}

import type { SessionAnswer } from '@marquee/domain/accounts';
import type { Accounts } from './auth';
import { authHeadersOf, type ClientRequest } from './client-request';

export interface SessionDeps {
  accounts: Accounts;
}

/** "Ama Perera" → Ama / Perera; one word → that word and an empty last name (the buyer completes it). */
export function splitName(name: string): { first_name: string; last_name: string } {
  const parts = name.trim().split(/\s+/);
  return { first_name: parts[0] ?? '', last_name: parts.slice(1).join(' ') };
}

/** GET /api/auth/session: who is signed in (the spec's User session), and which social sign-ins are on. */
export async function getSession(deps: SessionDeps, request: ClientRequest): Promise<SessionAnswer> {
  const session = await deps.accounts.auth.api.getSession({ headers: authHeadersOf(request) });
  const user = session?.user;
  return {
    user: user ? { email: user.email, name: user.name, ...splitName(user.name), image: user.image ?? null } : null,
    providers: deps.accounts.providers,
  };
}

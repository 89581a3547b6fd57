import type { Db } from '@marquee/db/client';
import type { RegisterRequest } from '@marquee/domain/accounts';
import type { Accounts } from './auth';
import type { ClientRequest } from './client-request';
import { currentSession, currentUserId } from './current-user';
import { enableTwoFactor } from './enable-two-factor';
import { register } from './register';
import { requestPasswordReset } from './request-password-reset';
import { resetPassword } from './reset-password';
import { getSession } from './session';
import { signOut } from './sign-out';
import { stepUpSession } from './step-up';

export type AccountsService = ReturnType<typeof createAccountsService>;

/**
 * Accounts' use cases, one file each, on better-auth (auth.ts): the session read, register, the password
 * reset request and its confirmation, sign-out, turning two factors on, and the signed-in account of a
 * request for other modules (an order is linked to its account by the placement itself, decisions/029).
 * Never sees Fastify's reply: the routes map HTTP (schemas, limits, cookies) to these.
 */
export function createAccountsService(deps: { db: Db; accounts: Accounts }) {
  const { db, accounts } = deps;
  return {
    session: (request: ClientRequest) => getSession({ accounts }, request),
    register: (request: ClientRequest, body: Pick<RegisterRequest, 'name' | 'email' | 'password'>) =>
      register({ db, accounts }, request, body),
    requestPasswordReset: (request: ClientRequest, email: string) => requestPasswordReset({ accounts }, request, email),
    resetPassword: (input: { token: string; password: string }) => resetPassword({ accounts }, input),
    signOut: (request: ClientRequest) => signOut({ accounts }, request),
    currentUserId: (request: ClientRequest) => currentUserId({ accounts }, request),
    currentSession: (request: ClientRequest) => currentSession({ accounts }, request),
    enableTwoFactor: (request: ClientRequest, input: { password?: string | undefined }) =>
      enableTwoFactor({ accounts }, request, input),
    /** Marks a session as made with a second factor, once better-auth has verified a code sent with it. */
    stepUpSession: (session: { userId: string; sessionId: string }) => stepUpSession(db, session),
    /** better-auth's own routes (sign-in, social sign-in and its callbacks, the reset link): its Fetch handler. */
    handle: (request: Request): Promise<Response> => accounts.auth.handler(request),
  };
}

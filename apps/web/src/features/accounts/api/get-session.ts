import { queryOptions, useQuery } from '@tanstack/react-query';
import { SessionAnswerSchema, type SessionAnswer, type SessionUser } from '@marquee/domain/accounts-session';
import { apiGet } from '../../../lib/api-client';

export const sessionQueryKey = ['session'] as const;

/** GET /api/auth/session: who is signed in, and which social sign-ins are configured. */
export function getSession(signal?: AbortSignal): Promise<SessionAnswer> {
  return apiGet('/api/auth/session', SessionAnswerSchema, { signal });
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => getSession(signal),
  staleTime: 60_000,
});

type Providers = SessionAnswer['providers'];

/** Spec 4: the session is loading, authenticated or unauthenticated. */
export type Session =
  | { status: 'loading'; user: null; providers: Providers }
  | { status: 'authenticated'; user: SessionUser; providers: Providers }
  | { status: 'unauthenticated'; user: null; providers: Providers };

const NO_PROVIDERS: Providers = { google: false, apple: false };

export function useSession(): Session {
  const query = useQuery(sessionQueryOptions);
  if (query.data) {
    const { user, providers } = query.data;
    return user ? { status: 'authenticated', user, providers } : { status: 'unauthenticated', user: null, providers };
  }
  // A session that cannot be read is treated as signed out: the visitor can still sign in and buy.
  if (query.isError) return { status: 'unauthenticated', user: null, providers: NO_PROVIDERS };
  return { status: 'loading', user: null, providers: NO_PROVIDERS };
}

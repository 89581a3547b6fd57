import { queryOptions } from '@tanstack/react-query';
import { OrganiserMeAnswerSchema } from '@marquee/domain/organiser';
import { apiGet } from '../../../lib/api-client';
import { organiserKeys } from './query-keys';

/** GET /api/organiser/me: the signed-in user's organisations, and where their second factor stands. */
export function getOrganiserMe(signal?: AbortSignal) {
  return apiGet('/api/organiser/me', OrganiserMeAnswerSchema, { signal });
}

export function organiserMeQueryOptions(user: string) {
  return queryOptions({
    queryKey: organiserKeys.me(user),
    queryFn: ({ signal }) => getOrganiserMe(signal),
    // Memberships and the second factor change elsewhere (an invitation, a step-up): asked again on each visit.
    staleTime: 0,
  });
}

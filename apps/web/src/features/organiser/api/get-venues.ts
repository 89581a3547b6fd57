import { queryOptions } from '@tanstack/react-query';
import { VenueListAnswerSchema } from '@marquee/domain/console';
import { apiGet } from '../../../lib/api-client';
import { organiserKeys } from './query-keys';

/** GET /api/organiser/{org}/venues: the organisation's venues, each with its layout and whether it is locked. */
export function getVenues(org: string, signal?: AbortSignal) {
  return apiGet(`/api/organiser/${encodeURIComponent(org)}/venues`, VenueListAnswerSchema, { signal });
}

export function venuesQueryOptions(org: string) {
  return queryOptions({
    queryKey: organiserKeys.venues(org),
    queryFn: ({ signal }) => getVenues(org, signal),
  });
}

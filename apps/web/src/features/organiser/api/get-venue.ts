import { queryOptions } from '@tanstack/react-query';
import { VenueAnswerSchema } from '@marquee/domain/console';
import { apiGet } from '../../../lib/api-client';
import { organiserKeys } from './query-keys';

export function venuePath(org: string, venueId: number): string {
  return `/api/organiser/${encodeURIComponent(org)}/venues/${venueId}`;
}

/** GET /api/organiser/{org}/venues/{venueId}: one venue (another organisation's is a 404, as a missing one). */
export function getVenue(org: string, venueId: number, signal?: AbortSignal) {
  return apiGet(venuePath(org, venueId), VenueAnswerSchema, { signal });
}

export function venueQueryOptions(org: string, venueId: number) {
  return queryOptions({
    queryKey: organiserKeys.venue(org, venueId),
    queryFn: ({ signal }) => getVenue(org, venueId, signal),
  });
}

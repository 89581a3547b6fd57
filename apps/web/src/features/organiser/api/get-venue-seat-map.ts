import { queryOptions } from '@tanstack/react-query';
import { SeatMapSchema } from '@marquee/domain/seat-map';
import { apiGet } from '../../../lib/api-client';
import { venuePath } from './get-venue';
import { organiserKeys } from './query-keys';

/** GET …/venues/{venueId}/seat-map: the venue's compact layout, as buyers are served it (404 without a map). */
export function getVenueSeatMap(org: string, venueId: number, signal?: AbortSignal) {
  return apiGet(`${venuePath(org, venueId)}/seat-map`, SeatMapSchema, { signal });
}

export function venueSeatMapQueryOptions(org: string, venueId: number) {
  return queryOptions({
    queryKey: organiserKeys.venueSeatMap(org, venueId),
    queryFn: ({ signal }) => getVenueSeatMap(org, venueId, signal),
  });
}

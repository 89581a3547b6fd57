import { queryOptions, useQuery } from '@tanstack/react-query';
import { EventSeatMapSchema } from '@marquee/domain/catalog';
import { apiGet } from '../../../lib/api-client';

export function getSeatMap(uid: string, signal?: AbortSignal) {
  return apiGet(`/api/events/${encodeURIComponent(uid)}/seat-map`, EventSeatMapSchema, { signal });
}

/** Layouts and seating ranges do not change while a buyer books: cache them for the session. */
export function getSeatMapQueryOptions(uid: string) {
  return queryOptions({
    queryKey: ['events', 'seat-map', uid],
    queryFn: ({ signal }) => getSeatMap(uid, signal),
    staleTime: Infinity,
    gcTime: 30 * 60 * 1000,
  });
}

export function useSeatMap(uid: string) {
  return useQuery(getSeatMapQueryOptions(uid));
}

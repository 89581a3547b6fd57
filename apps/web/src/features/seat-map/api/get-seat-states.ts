import { queryOptions, useQuery } from '@tanstack/react-query';
import { SeatStatesSchema, type SeatStates } from '@marquee/domain/orders';
import { apiGet } from '../../../lib/api-client';

/** How often the map asks which seats others have taken meanwhile (spec: live availability). */
export const SEAT_STATES_POLL_MS = 5_000;

export function getSeatStates(uid: string, signal?: AbortSignal) {
  return apiGet(`/api/events/${encodeURIComponent(uid)}/seats`, SeatStatesSchema, { signal });
}

/**
 * Only the ids: structural sharing keeps the same array while the taken seats stay the same, so the map
 * redraws nothing on such a poll (nor on any other render).
 */
function selectTaken(states: SeatStates): string[] {
  return states.taken;
}

/**
 * The seats taken now, refreshed every few seconds while the map is on screen (and at once when the
 * tab comes back). The server answers `no-cache` with an ETag, so an unchanged answer costs a 304.
 */
export function getSeatStatesQueryOptions(uid: string) {
  return queryOptions({
    queryKey: ['events', 'seats', uid],
    queryFn: ({ signal }) => getSeatStates(uid, signal),
    staleTime: 0,
    refetchInterval: SEAT_STATES_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    select: selectTaken,
  });
}

export function useTakenSeats(uid: string) {
  return useQuery(getSeatStatesQueryOptions(uid));
}

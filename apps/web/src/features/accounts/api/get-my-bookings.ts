import { queryOptions } from '@tanstack/react-query';
import { MyBookingsAnswerSchema } from '@marquee/domain/accounts';
import { apiGet } from '../../../lib/api-client';
import { myBookingsQueryKey } from './query-keys';

export { myBookingsQueryKey };

/** GET /api/me/bookings: the signed-in buyer's bookings, newest first (401 when signed out). */
export function getMyBookings(signal?: AbortSignal) {
  return apiGet('/api/me/bookings', MyBookingsAnswerSchema, { signal });
}

export const myBookingsQueryOptions = queryOptions({
  queryKey: myBookingsQueryKey,
  queryFn: ({ signal }) => getMyBookings(signal),
  // Statuses change as payments settle: asked again whenever the page is shown.
  staleTime: 0,
});

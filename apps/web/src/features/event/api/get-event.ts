import { queryOptions, useQuery } from '@tanstack/react-query';
import { EventDetailSchema } from '@marquee/domain/catalog';
import { apiGet } from '../../../lib/api-client';

export function getEvent(uid: string, signal?: AbortSignal) {
  return apiGet(`/api/events/${encodeURIComponent(uid)}`, EventDetailSchema, { signal });
}

export function getEventQueryOptions(uid: string) {
  return queryOptions({
    queryKey: ['events', 'detail', uid],
    queryFn: ({ signal }) => getEvent(uid, signal),
  });
}

export function useEvent(uid: string) {
  return useQuery(getEventQueryOptions(uid));
}

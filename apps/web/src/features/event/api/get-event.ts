import { queryOptions, useQuery } from '@tanstack/react-query';
import { EventDetailSchema } from '@marquee/domain/catalog';
import { apiGet } from '../../../lib/api-client';
import { takeInitialResponse } from '../../../lib/initial-responses';

const eventPath = (uid: string) => `/api/events/${encodeURIComponent(uid)}`;

export function getEvent(uid: string, signal?: AbortSignal) {
  return apiGet(eventPath(uid), EventDetailSchema, { signal });
}

export function getEventQueryOptions(uid: string) {
  return queryOptions({
    queryKey: ['events', 'detail', uid],
    queryFn: ({ signal }) => getEvent(uid, signal),
    // An event page's HTML carries its event: the first render shows it, with no skeleton in between.
    initialData: () => takeInitialResponse(eventPath(uid), EventDetailSchema),
  });
}

export function useEvent(uid: string) {
  return useQuery(getEventQueryOptions(uid));
}

import { queryOptions } from '@tanstack/react-query';
import { EventDetailSchema } from '@marquee/domain/catalog';
import { apiGet } from '../../../lib/api-client';
import { consoleEventPath } from './get-console-event';
import { organiserKeys } from './query-keys';

/** GET …/events/{eventUid}/preview: the buyer's event answer, a draft's too (shown as it would be on sale). */
export function getEventPreview(org: string, eventUid: string, signal?: AbortSignal) {
  return apiGet(`${consoleEventPath(org, eventUid)}/preview`, EventDetailSchema, { signal });
}

export function eventPreviewQueryOptions(org: string, eventUid: string) {
  return queryOptions({
    queryKey: organiserKeys.eventPreview(org, eventUid),
    queryFn: ({ signal }) => getEventPreview(org, eventUid, signal),
    // What buyers would see now: asked again on each visit.
    staleTime: 0,
  });
}

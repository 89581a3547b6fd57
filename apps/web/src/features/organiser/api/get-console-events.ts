import { queryOptions } from '@tanstack/react-query';
import { ConsoleEventListAnswerSchema } from '@marquee/domain/console';
import { apiGet } from '../../../lib/api-client';
import { organiserKeys } from './query-keys';

/** GET /api/organiser/{org}/events: the organisation's events (a limited member's own), any status. */
export function getConsoleEvents(org: string, signal?: AbortSignal) {
  return apiGet(`/api/organiser/${encodeURIComponent(org)}/events`, ConsoleEventListAnswerSchema, { signal });
}

export function consoleEventsQueryOptions(org: string) {
  return queryOptions({
    queryKey: organiserKeys.events(org),
    queryFn: ({ signal }) => getConsoleEvents(org, signal),
  });
}

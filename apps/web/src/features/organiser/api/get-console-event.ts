import { queryOptions } from '@tanstack/react-query';
import { ConsoleEventAnswerSchema } from '@marquee/domain/console';
import { apiGet } from '../../../lib/api-client';
import { organiserKeys } from './query-keys';

export function consoleEventPath(org: string, eventUid: string): string {
  return `/api/organiser/${encodeURIComponent(org)}/events/${encodeURIComponent(eventUid)}`;
}

/**
 * GET /api/organiser/{org}/events/{eventUid}: the event's fields (times as the venue's clocks read them), its
 * packages and its publishing checklist. Another organisation's event, or one outside a limited member's, is a
 * 404 as a missing one.
 */
export function getConsoleEvent(org: string, eventUid: string, signal?: AbortSignal) {
  return apiGet(consoleEventPath(org, eventUid), ConsoleEventAnswerSchema, { signal });
}

export function consoleEventQueryOptions(org: string, eventUid: string) {
  return queryOptions({
    queryKey: organiserKeys.event(org, eventUid),
    queryFn: ({ signal }) => getConsoleEvent(org, eventUid, signal),
  });
}

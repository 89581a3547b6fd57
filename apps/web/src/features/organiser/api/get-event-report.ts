import { queryOptions } from '@tanstack/react-query';
import { EventReportAnswerSchema, REPORT_REFRESH_MS } from '@marquee/domain/reports';
import { apiGet } from '../../../lib/api-client';
import { consoleEventPath } from './get-console-event';
import { organiserKeys } from './query-keys';

export function eventReportPath(org: string, eventUid: string): string {
  return `${consoleEventPath(org, eventUid)}/report`;
}

/**
 * GET …/events/{eventUid}/report: one event's sales, packages, promo use and check-ins. Under the event's key
 * (a change to the event refreshes it), asked again every 15 s while the page is visible (TanStack Query pauses
 * the interval in a background tab): holds come and go, and the gate admits people.
 */
export function eventReportQueryOptions(org: string, eventUid: string) {
  return queryOptions({
    queryKey: [...organiserKeys.event(org, eventUid), 'report'] as const,
    queryFn: ({ signal }) => apiGet(eventReportPath(org, eventUid), EventReportAnswerSchema, { signal }),
    refetchInterval: REPORT_REFRESH_MS,
  });
}

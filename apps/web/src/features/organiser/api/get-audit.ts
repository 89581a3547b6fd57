import { queryOptions } from '@tanstack/react-query';
import { AuditAnswerSchema } from '@marquee/domain/console';
import { apiGet } from '../../../lib/api-client';
import { organiserKeys } from './query-keys';

/** Entries per page (the server's default, said here so that the page can say it). */
export const AUDIT_PAGE_SIZE = 50;

/**
 * GET /api/organiser/{org}/audit, or …/events/{uid}/audit for one event: newest first, a page of 50;
 * `before` (the previous page's `next_before`) asks for older entries.
 */
export function getAudit(
  org: string,
  { eventUid, before }: { eventUid: string | null; before?: number | undefined },
  signal?: AbortSignal,
) {
  const base = `/api/organiser/${encodeURIComponent(org)}`;
  const path = eventUid === null ? `${base}/audit` : `${base}/events/${encodeURIComponent(eventUid)}/audit`;
  const query = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
  if (before !== undefined) query.set('before', String(before));
  return apiGet(`${path}?${query.toString()}`, AuditAnswerSchema, { signal });
}

/** The newest page (older pages are asked for by the page itself, as the reader goes back). */
export function auditQueryOptions(org: string, eventUid: string | null) {
  return queryOptions({
    queryKey: organiserKeys.audit(org, eventUid),
    queryFn: ({ signal }) => getAudit(org, { eventUid }, signal),
  });
}

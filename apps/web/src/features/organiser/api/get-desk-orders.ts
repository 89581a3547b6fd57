import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { DeskOrderListAnswerSchema } from '@marquee/domain/desk';
import { apiGet } from '../../../lib/api-client';
import { organiserKeys } from './query-keys';

/**
 * GET /api/organiser/{org}/orders?q=…&event=…&status=…&from=…&to=…&page=…: the desk's search, newest first.
 * `query` is the search as lib/desk-filters.ts writes it (empty: the newest orders).
 */
export function getDeskOrders(org: string, query: string, signal?: AbortSignal) {
  const path = `/api/organiser/${encodeURIComponent(org)}/orders`;
  return apiGet(query ? `${path}?${query}` : path, DeskOrderListAnswerSchema, { signal });
}

export function deskOrdersQueryOptions(org: string, query: string) {
  return queryOptions({
    queryKey: organiserKeys.orderSearch(org, query),
    queryFn: ({ signal }) => getDeskOrders(org, query, signal),
    // The next page replaces the table when it comes, rather than a placeholder in between.
    placeholderData: keepPreviousData,
  });
}

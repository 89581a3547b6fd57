import { queryOptions } from '@tanstack/react-query';
import { DeskOrderAnswerSchema } from '@marquee/domain/desk';
import { apiGet } from '../../../lib/api-client';
import { organiserKeys } from './query-keys';

export function deskOrderPath(org: string, bookingId: string): string {
  return `/api/organiser/${encodeURIComponent(org)}/orders/${encodeURIComponent(bookingId)}`;
}

/** GET /api/organiser/{org}/orders/{bookingId}: the order's page (404 for another organisation's). */
export function getDeskOrder(org: string, bookingId: string, signal?: AbortSignal) {
  return apiGet(deskOrderPath(org, bookingId), DeskOrderAnswerSchema, { signal });
}

export function deskOrderQueryOptions(org: string, bookingId: string) {
  return queryOptions({
    queryKey: organiserKeys.order(org, bookingId),
    queryFn: ({ signal }) => getDeskOrder(org, bookingId, signal),
  });
}

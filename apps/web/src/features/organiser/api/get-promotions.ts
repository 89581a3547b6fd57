import { queryOptions } from '@tanstack/react-query';
import { PromoListAnswerSchema } from '@marquee/domain/promotions-console';
import { apiGet } from '../../../lib/api-client';
import { consoleEventPath } from './get-console-event';
import { organiserKeys } from './query-keys';

export function promotionsPath(org: string, eventUid: string): string {
  return `${consoleEventPath(org, eventUid)}/promotions`;
}

/** The address of the event's codes as CSV (`content-disposition: attachment`): a plain link downloads it. */
export function promotionsCsvPath(org: string, eventUid: string): string {
  return `${promotionsPath(org, eventUid)}/export`;
}

/** GET …/events/{eventUid}/promotions: the event's promo codes, each with its usage. */
export function promotionsQueryOptions(org: string, eventUid: string) {
  return queryOptions({
    queryKey: organiserKeys.promotions(org, eventUid),
    queryFn: ({ signal }) => apiGet(promotionsPath(org, eventUid), PromoListAnswerSchema, { signal }),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PriceListRowSchema } from '@marquee/domain/catalog';
import { apiGet } from '../../../lib/api-client';

const PriceListSchema = z.array(PriceListRowSchema);

export function getPriceList(uid: string, signal?: AbortSignal) {
  return apiGet(`/api/events/${encodeURIComponent(uid)}/price-list`, PriceListSchema, { signal });
}

export function getPriceListQueryOptions(uid: string) {
  return queryOptions({
    queryKey: ['events', 'detail', uid, 'price-list'],
    queryFn: ({ signal }) => getPriceList(uid, signal),
    // Availability moves while people buy: always re-check when the list is shown again.
    staleTime: 0,
  });
}

export function usePriceList(uid: string) {
  return useQuery(getPriceListQueryOptions(uid));
}

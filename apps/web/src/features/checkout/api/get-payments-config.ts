import { queryOptions, useQuery } from '@tanstack/react-query';
import { PaymentsConfigSchema } from '@marquee/domain/payments-config';
import { apiGet } from '../../../lib/api-client';

/** GET /api/payments/config: which card form to show (our sandbox's, or Stripe Elements). */
export function getPaymentsConfig(signal?: AbortSignal) {
  return apiGet('/api/payments/config', PaymentsConfigSchema, signal ? { signal } : undefined);
}

export function getPaymentsConfigQueryOptions() {
  return queryOptions({
    queryKey: ['payments', 'config'],
    queryFn: ({ signal }) => getPaymentsConfig(signal),
    // The server's configuration does not change while the page is open.
    staleTime: Infinity,
  });
}

export function usePaymentsConfig() {
  return useQuery(getPaymentsConfigQueryOptions());
}

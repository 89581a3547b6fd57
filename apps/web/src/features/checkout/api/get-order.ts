import { queryOptions } from '@tanstack/react-query';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { OrderSchema } from '@marquee/domain/orders';
import { ApiError } from '../../../lib/api-client';

export interface OrderAccess {
  orderId: string;
  accessToken: string;
}

/**
 * GET /api/orders/{order_id} for the holder of its access token: a reload at step 3 resumes the order.
 * apiGet takes no headers, so this call reads the answer the way apiGet does, with the Authorization header.
 */
export async function getOrder({ orderId, accessToken }: OrderAccess, signal?: AbortSignal) {
  const response = await fetch(`/api/orders/${encodeURIComponent(orderId)}`, {
    headers: {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      Authorization: `Bearer ${accessToken}`,
    },
    credentials: 'same-origin',
    signal: signal ?? null,
  });
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = ErrorBodySchema.safeParse(json);
    throw new ApiError(response.status, parsed.success ? parsed.data : { message: 'An unexpected error occurred.' });
  }
  return OrderSchema.parse(json);
}

/** The order for the confirmation step, which polls it while the payment is being confirmed. */
export function getOrderQueryOptions(access: OrderAccess) {
  return queryOptions({
    queryKey: ['orders', access.orderId],
    queryFn: ({ signal }) => getOrder(access, signal),
  });
}

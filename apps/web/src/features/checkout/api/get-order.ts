import { queryOptions } from '@tanstack/react-query';
import { OrderSchema } from '@marquee/domain/orders';
import { apiGet } from '../../../lib/api-client';

export interface OrderAccess {
  orderId: string;
  accessToken: string;
}

/** GET /api/orders/{order_id} for the holder of its access token: a reload at step 3 resumes the order. */
export async function getOrder({ orderId, accessToken }: OrderAccess, signal?: AbortSignal) {
  return apiGet(`/api/orders/${encodeURIComponent(orderId)}`, OrderSchema, {
    headers: { Authorization: `Bearer ${accessToken}` },
    signal,
  });
}

/** The order for the confirmation step, which polls it while the payment is being confirmed. */
export function getOrderQueryOptions(access: OrderAccess) {
  return queryOptions({
    queryKey: ['orders', access.orderId],
    queryFn: ({ signal }) => getOrder(access, signal),
  });
}

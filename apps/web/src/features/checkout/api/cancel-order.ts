import { OrderSchema } from '@marquee/domain/orders';
import { apiSend } from '../../../lib/api-client';
import type { OrderAccess } from './get-order';

/** POST /api/orders/{order_id}/cancel: ends a pending order; its hold is released at once. */
export function cancelOrder({ orderId, accessToken }: OrderAccess) {
  return apiSend('POST', `/api/orders/${encodeURIComponent(orderId)}/cancel`, undefined, OrderSchema, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
}

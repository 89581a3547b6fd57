import { OrderSchema } from '@marquee/domain/orders';
import { apiSend } from '../../../lib/api-client';
import type { OrderAccess } from './get-order';

/**
 * POST /api/orders/{order_id}/best-available/retry (issue 24): swaps the order's best-available seats for the next
 * best group still free, in one step. The order comes back with its new seats, one try less and the same
 * hold_expires_at. Refused with 409 `retries_used` (no tries left) or `no_seats_together` (nothing else is free:
 * the seats stay as they were).
 */
export function retryBestAvailable({ orderId, accessToken }: OrderAccess) {
  return apiSend('POST', `/api/orders/${encodeURIComponent(orderId)}/best-available/retry`, {}, OrderSchema, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
}

import { isPaidStatus, type Order } from '@marquee/domain/orders';
import { AppError } from '../../plugins/app-error';
import { endOrder, type EndOrderDeps } from './end-order';
import { getOrder } from './get-order';
import { requireOwnedOrder } from './owned-order';

export type CancelOrderDeps = EndOrderDeps;

/**
 * POST /api/orders/{order_id}/cancel: cancels a pending order, its hold released at once and its intent
 * cancelled. Cancelling twice answers the cancelled order again; a paid order cannot be cancelled here (409).
 */
export async function cancelOrder(
  deps: CancelOrderDeps,
  bookingId: string,
  accessToken: string | null,
): Promise<Order> {
  const row = await requireOwnedOrder(deps.db, bookingId, accessToken);
  if (isPaidStatus(row.status)) {
    throw new AppError('order_paid', 'This order is paid and can no longer be cancelled.');
  }
  await endOrder(deps, row, row.isHoldExpired ? 'expired' : 'cancelled_by_buyer');
  return getOrder(deps, bookingId, accessToken);
}

import type { Db } from '@marquee/db/client';
import type { Order } from '@marquee/domain/orders';
import { readOrderReply } from './order-reply';
import { requireOwnedOrder } from './owned-order';

export interface GetOrderDeps {
  db: Db;
}

/** GET /api/orders/{order_id}: the order, for the holder of its access token (404 for anyone else). */
export async function getOrder(deps: GetOrderDeps, bookingId: string, accessToken: string | null): Promise<Order> {
  return readOrderReply(deps.db, await requireOwnedOrder(deps.db, bookingId, accessToken));
}

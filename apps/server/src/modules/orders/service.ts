import type { Db } from '@marquee/db/client';
import type { CreateOrderRequest, PromoCheckRequest } from '@marquee/domain/orders';
import * as inventory from '../inventory/service';
import type { PaymentGateways } from '../payments/gateways';
import { cancelOrder } from './cancel-order';
import { checkPromotion } from './check-promotion';
import { makeRequireCheckoutEvent } from './checkout-events';
import type { OrderCompletion } from './completion';
import { createOrder } from './create-order';
import { expireOrders } from './expire-orders';
import { getOrder } from './get-order';
import { retryBestAvailable } from './retry-best-available';

export type OrdersService = ReturnType<typeof createOrdersService>;

/**
 * Checkout's use cases, one file each: price and check a promo code (check-promotion), save an order with
 * its 10-minute hold and its payment intent (create-order), read it (get-order), cancel it (cancel-order),
 * swap best-available seats for others (retry-best-available), and expire orders whose hold has passed (expire-orders). Never sees HTTP.
 */
export function createOrdersService(deps: {
  db: Db;
  gateways: PaymentGateways;
  completion: OrderCompletion;
  /** How long one process reuses an event's prices and packages (1 s by default; 0 in tests). */
  checkoutCacheTtlMs?: number;
}) {
  const { db, gateways, completion } = deps;
  const requireCheckoutEvent = makeRequireCheckoutEvent({ db, ttlMs: deps.checkoutCacheTtlMs ?? 1_000 });
  const placeOrder = inventory.createOrderPlacer(db);
  const orderDeps = { db, gateways };

  return {
    checkPromotion: (request: PromoCheckRequest) => checkPromotion({ db, requireCheckoutEvent }, request),
    createOrder: (request: CreateOrderRequest, idempotencyKey: string | null, userId: string | null = null) =>
      createOrder({ db, gateways, completion, requireCheckoutEvent, placeOrder }, request, idempotencyKey, userId),
    getOrder: (bookingId: string, accessToken: string | null) => getOrder(orderDeps, bookingId, accessToken),
    cancelOrder: (bookingId: string, accessToken: string | null) => cancelOrder(orderDeps, bookingId, accessToken),
    retryBestAvailable: (bookingId: string, accessToken: string | null) =>
      retryBestAvailable({ ...orderDeps, requireCheckoutEvent }, bookingId, accessToken),
    expireOrders: (batch?: number) => expireOrders(orderDeps, batch),
  };
}

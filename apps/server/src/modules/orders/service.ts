import type { Db } from '@marquee/db/client';
import type { CreateOrderRequest, PromoCheckRequest } from '@marquee/domain/orders';
import { AppError } from '../../plugins/app-error';
import * as inventory from '../inventory/service';
import type { PaymentGateways } from '../payments/gateways';
import { cancelOrder } from './cancel-order';
import { checkPromotion } from './check-promotion';
import { makeRequireCheckoutEvent } from './checkout-events';
import type { OrderCompletion } from './completion';
import { createOrder, type Admission, type RequireAdmission } from './create-order';
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
  /**
   * An event behind a waiting room sells only to admitted browsers (modules/waiting-room; decisions/048).
   * Left out, no such event sells at all.
   */
  requireAdmission?: RequireAdmission;
}) {
  const { db, gateways, completion } = deps;
  const requireCheckoutEvent = makeRequireCheckoutEvent({ db, ttlMs: deps.checkoutCacheTtlMs ?? 1_000 });
  const placeOrder = inventory.createOrderPlacer(db);
  const placeWaitlistOrder = inventory.createWaitlistOfferPlacer(db);
  const requireAdmission: RequireAdmission =
    deps.requireAdmission ??
    (async () => {
      throw new AppError('queue_required', 'This sale has a waiting room. Please join the queue.');
    });
  const orderDeps = { db, gateways };

  return {
    checkPromotion: (request: PromoCheckRequest) => checkPromotion({ db, requireCheckoutEvent }, request),
    createOrder: (
      request: CreateOrderRequest,
      idempotencyKey: string | null,
      userId: string | null = null,
      admission: Admission = { visitor: null, token: null },
    ) =>
      createOrder(
        { db, gateways, completion, requireCheckoutEvent, placeOrder, requireAdmission },
        request,
        idempotencyKey,
        userId,
        admission,
      ),
    /**
     * An order the waitlist places for the next in line (modules/waitlist; decisions/049): as any order, but with
     * the tickets kept for the line, and without the waiting room (the line was their queue).
     */
    placeWaitlistOffer: (request: CreateOrderRequest, idempotencyKey: string, userId: string | null) =>
      createOrder(
        {
          db,
          gateways,
          completion,
          requireCheckoutEvent,
          placeOrder: placeWaitlistOrder,
          requireAdmission: async () => {},
        },
        request,
        idempotencyKey,
        userId,
      ),
    getOrder: (bookingId: string, accessToken: string | null) => getOrder(orderDeps, bookingId, accessToken),
    cancelOrder: (bookingId: string, accessToken: string | null) => cancelOrder(orderDeps, bookingId, accessToken),
    retryBestAvailable: (bookingId: string, accessToken: string | null) =>
      retryBestAvailable({ ...orderDeps, requireCheckoutEvent }, bookingId, accessToken),
    expireOrders: (batch?: number) => expireOrders(orderDeps, batch),
  };
}

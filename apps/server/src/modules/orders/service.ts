import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '@marquee/db/client';
import { instalmentOf } from '@marquee/domain/money';
import { isOnSale } from '@marquee/domain/statuses';
import {
  HOLD_MINUTES,
  ORDER_ID_PATTERN,
  type CreateOrderRequest,
  type CreatedOrder,
  type Order,
  type PromoCheckRequest,
  type PromoCheckResponse,
} from '@marquee/domain/orders';
import { priceOrder, type OrderTotals } from '@marquee/domain/pricing';
import { AppError, notFound } from '../../plugins/app-error';
import { TtlCache } from '../catalog/ttl-cache';
import * as inventory from '../inventory/service';
import type { PaymentGateways } from '../payments/gateways';
import { listOrderTickets } from '../tickets/list-order-tickets';
import type { OrderCompletion } from './completion';
import { resolvePromo, type AppliedPromo } from '../promotions/service';
import { buildCheckoutLines, type CheckoutLine } from './pricing';
import * as repository from './repository';
import { retryOnDeadlock } from './retry-on-deadlock';
import type { OrderRow } from './repository';

export const ORDER_NOT_FOUND = 'Order not found.';
const EVENT_NOT_FOUND = 'Event not found.';
/** Crockford base 32: no I, L, O, U, so a Booking ID read aloud or typed is not misread. */
const BOOKING_ID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Spec 4 unavailable-sale messages, for an order attempted when the event is not on sale. */
const NOT_ON_SALE: Record<string, string> = {
  soldout: 'Tickets Soldout',
  pending: 'Tickets are not on sale yet.',
  presale: 'Tickets are not on sale yet.',
  closed: 'Online Tickets Closed',
  postponed: 'Event Postponed',
};

export function newBookingId(): string {
  let id = 'MQ';
  for (let i = 0; i < 10; i += 1) id += BOOKING_ID_ALPHABET[randomInt(BOOKING_ID_ALPHABET.length)];
  return id;
}

export type OrdersService = ReturnType<typeof createOrdersService>;

/**
 * Checkout's use cases: price and check a promo code, save an order with its 10-minute hold and its
 * payment intent, read it, cancel it, and expire orders whose hold has passed. Never sees HTTP.
 */
export function createOrdersService(deps: {
  db: Db;
  gateways: PaymentGateways;
  completion: OrderCompletion;
  /** How long one process reuses an event's prices and packages (1 s by default; 0 in tests). */
  checkoutCacheTtlMs?: number;
}) {
  const { db, gateways, completion } = deps;
  const placeOrder = inventory.createOrderPlacer(db);
  // An on-sale rush asks for the same event thousands of times a second; a second-old copy of its prices
  // is as good as a fresh one (a price change a second late), and the hold itself is always checked in SQL.
  const checkoutEvents = new TtlCache<{ checkout: Awaited<ReturnType<typeof repository.findCheckoutEvent>> }>({
    ttlMs: deps.checkoutCacheTtlMs ?? 1_000,
    maxEntries: 500,
  });

  async function requireCheckoutEvent(eventId: number) {
    const { checkout } = await checkoutEvents.getOrLoad(String(eventId), async () => ({
      checkout: await repository.findCheckoutEvent(db, eventId),
    }));
    if (!checkout) throw notFound(EVENT_NOT_FOUND);
    return checkout;
  }

  function toTotals(lines: readonly CheckoutLine[], handlingCost: number, promo: AppliedPromo | null): OrderTotals {
    return priceOrder({
      packages: lines.map((line) => ({
        packageId: line.packageId,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
      })),
      handlingCost,
      promo: promo?.rule ?? null,
    });
  }

  /** POST /api/promotions/check: the spec's total_due and disc_amt for the chosen rows with this code. */
  async function checkPromotion(request: PromoCheckRequest): Promise<PromoCheckResponse> {
    const checkout = await requireCheckoutEvent(request.event_id);
    const lines = buildCheckoutLines(checkout, {
      rows: request.ticket_package_details,
      seats: [],
      seatPackages: new Map(),
      allowSeatedCounts: true,
    });
    const promo = await resolvePromo(db, {
      eventId: checkout.event.id,
      eventHasPromo: checkout.event.promo,
      code: request.promo_code,
      lines: lines.map((line) => ({ packageId: line.packageId, unitPrice: line.unitPrice, quantity: line.quantity })),
      email: request.email ?? null,
    });
    const totals = toTotals(lines, checkout.event.handlingCost, promo);
    return {
      data: {
        promo_code: promo.code,
        currency: checkout.event.currency,
        subtotal: totals.subtotal,
        convenience_fee: totals.convenienceFee,
        disc_amt: totals.discount,
        total_due: totals.total,
      },
    };
  }

  /**
   * POST /api/orders. Everything is checked before anything is written; then one statement saves the
   * order, its lines and its hold, or nothing at all (inventory.createOrderPlacer); then the gateway's
   * intent is created, idempotently on the Booking ID, so a replay or a retry never makes a second one.
   * The answer is built from what is in hand: an on-sale rush pays for no read-back.
   */
  async function createOrder(
    request: CreateOrderRequest,
    idempotencyKey: string | null,
  ): Promise<{ order: CreatedOrder; isReplay: boolean }> {
    const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('base64url');
    const checkout = await requireCheckoutEvent(request.event_id);
    const { event } = checkout;
    if (!isOnSale(event.status)) {
      const message = NOT_ON_SALE[event.status] ?? 'Tickets are not on sale.';
      throw new AppError('conflict', message);
    }
    const seatPackages = request.seats.length > 0 ? await inventory.seatPackagesOf(db, event.id) : new Map();
    const lines = buildCheckoutLines(checkout, {
      rows: request.ticket_package_details,
      seats: request.seats,
      seatPackages,
      allowSeatedCounts: false,
    });
    const pricedLines = lines.map((line) => ({
      packageId: line.packageId,
      unitPrice: line.unitPrice,
      quantity: line.quantity,
    }));

    // An explicit code must be valid; the event's auto-applied code is used only when it applies.
    let promo: AppliedPromo | null = null;
    const promoInput = {
      eventId: event.id,
      eventHasPromo: event.promo,
      lines: pricedLines,
      email: request.buyer.email,
    };
    if (request.promo_code !== null) {
      promo = await resolvePromo(db, { ...promoInput, code: request.promo_code });
    } else if (event.promoAutoApply && event.promoCode) {
      promo = await resolvePromo(db, { ...promoInput, code: event.promoCode }).catch(() => null);
    }
    const totals = toTotals(lines, event.handlingCost, promo);

    const gatewayId = request.payment_gateway_id ?? event.paymentGatewayIds[0];
    if (totals.total > 0 && (gatewayId === undefined || !event.paymentGatewayIds.includes(gatewayId))) {
      const message = 'Choose one of the payment methods this event accepts.';
      throw new AppError('validation', message, { payment_gateway_id: [message] });
    }
    const gateway = totals.total > 0 && gatewayId !== undefined ? await gateways.forId(gatewayId) : null;

    const bookingId = newBookingId();
    const accessToken = randomBytes(24).toString('base64url');
    // A gateway that names its intents itself (the sandbox) has them on the order row from the start.
    const reserved = gateway?.reserveIntent?.(bookingId) ?? null;
    const placed = await retryOnDeadlock(() =>
      placeOrder(
        {
          order_id: bookingId,
          event_id: event.id,
          first_name: request.buyer.first_name,
          last_name: request.buyer.last_name,
          email: request.buyer.email,
          phone: request.buyer.phone,
          nic: request.buyer.nic,
          currency: event.currency,
          subtotal: totals.subtotal,
          convenience_fee: totals.convenienceFee,
          discount: totals.discount,
          total: totals.total,
          promo_code_id: promo?.promoCodeId ?? null,
          payment_gateway_id: gatewayId ?? 1,
          payment_intent_id: reserved?.intentId ?? null,
          payment_client_secret: reserved?.clientSecret ?? null,
          payment_redirect_url: reserved?.redirectUrl ?? null,
          access_token: accessToken,
          idempotency_key: idempotencyKey,
          request_hash: requestHash,
        },
        lines.map((line) => ({
          package_id: line.packageId,
          package_name: line.name,
          unit_price: line.unitPrice,
          quantity: line.quantity,
          seats: line.seats,
        })),
        HOLD_MINUTES,
        new Map(lines.map((line) => [line.packageId, line.name])),
      ),
    );

    if (!placed) {
      // An order with this Idempotency-Key exists (a double click, a retry after a lost answer).
      const existing = idempotencyKey === null ? null : await repository.findOrderByIdempotencyKey(db, idempotencyKey);
      if (!existing) throw new AppError('conflict', 'This order is being saved. Please try again.');
      return { order: await replay(existing, requestHash), isReplay: true };
    }
    if (!gateway) {
      // Nothing to pay (a free event, or a discount of everything): the order is complete at once.
      const row = await repository.findOrderByPublicId(db, bookingId);
      if (row) await completion.completeOrder(row);
      return { order: await requireCreated(bookingId), isReplay: false };
    }
    const intentInput = {
      reference: bookingId,
      amount: totals.total,
      currency: event.currency,
      description: `Marquee ${bookingId}: ${event.name}`,
    };
    const intent = await gateway.createIntent(reserved ? { ...intentInput, reserved } : intentInput);
    if (!reserved) await repository.setOrderPayment(db, placed.id, intent);

    const order: CreatedOrder = {
      order_id: bookingId,
      status: 'pending',
      cancel_reason: null,
      failure_reason: null,
      paid_at: null,
      event_id: event.id,
      event_uid: event.uid,
      currency: event.currency,
      buyer: {
        first_name: request.buyer.first_name,
        last_name: request.buyer.last_name,
        email: request.buyer.email,
        phone: request.buyer.phone,
        nic: request.buyer.nic,
      },
      lines: lines.map((line) => ({
        package_id: line.packageId,
        package_name: line.name,
        unit_price: line.unitPrice,
        ticket_count: line.quantity,
        amount: line.unitPrice * line.quantity,
        seats: line.seats,
      })),
      subtotal: totals.subtotal,
      convenience_fee: totals.convenienceFee,
      discount: totals.discount,
      total: totals.total,
      first_instalment: gateway.kind === 'instalments' ? instalmentOf(totals.total) : null,
      promo_code: promo?.code ?? null,
      payment: {
        gateway_id: gatewayId ?? 1,
        kind: gateway.kind,
        intent_id: intent.intentId,
        client_secret: intent.clientSecret,
        redirect_url: intent.redirectUrl,
      },
      hold_expires_at: placed.holdExpiresAt.toISOString(),
      server_time: placed.serverTime.toISOString(),
      tickets: [],
      access_token: accessToken,
    };
    return { order, isReplay: false };
  }

  async function replay(existing: OrderRow, requestHash: string): Promise<CreatedOrder> {
    if (existing.requestHash !== requestHash) {
      throw new AppError('validation', 'This Idempotency-Key was already used for a different order.', {
        'Idempotency-Key': ['This Idempotency-Key was already used for a different order.'],
      });
    }
    // The first request may have stopped before its intent was made: make it now (idempotent on the Booking ID).
    if (existing.total > 0 && existing.status === 'pending') {
      const gateway = await gateways.forId(existing.paymentGatewayId);
      if (gateway) {
        const intentInput = {
          reference: existing.orderId,
          amount: existing.total,
          currency: existing.currency,
          description: `Marquee ${existing.orderId}`,
        };
        if (existing.paymentIntentId === null) {
          await repository.setOrderPayment(db, existing.id, await gateway.createIntent(intentInput));
        } else if (gateway.reserveIntent) {
          await gateway.createIntent({
            ...intentInput,
            reserved: {
              intentId: existing.paymentIntentId,
              clientSecret: existing.paymentClientSecret,
              redirectUrl: existing.paymentRedirectUrl,
            },
          });
        }
      }
    }
    return requireCreated(existing.orderId);
  }

  async function requireCreated(bookingId: string): Promise<CreatedOrder> {
    const row = await repository.findOrderByPublicId(db, bookingId);
    if (!row) throw notFound(ORDER_NOT_FOUND);
    return { ...(await toOrder(row)), access_token: row.accessToken };
  }

  async function toOrder(row: OrderRow): Promise<Order> {
    const [lines, kind, tickets] = await Promise.all([
      repository.findOrderLines(db, row.id),
      repository.findGatewayKind(db, row.paymentGatewayId),
      row.status === 'complete' || row.status === 'verified' ? listOrderTickets(db, row.id) : [],
    ]);
    // A pending order whose hold has passed is over, whether or not the sweeper has got to it yet.
    const isExpired = row.status === 'pending' && row.isHoldExpired;
    return {
      order_id: row.orderId,
      status: isExpired ? 'cancelled' : row.status,
      cancel_reason: isExpired ? 'expired' : row.cancelReason,
      event_id: row.eventId,
      event_uid: row.eventUid,
      currency: row.currency,
      buyer: { first_name: row.firstName, last_name: row.lastName, email: row.email, phone: row.phone, nic: row.nic },
      lines: lines.map((line) => ({
        package_id: line.packageId,
        package_name: line.packageName,
        unit_price: line.unitPrice,
        ticket_count: line.quantity,
        amount: line.unitPrice * line.quantity,
        seats: line.seats,
      })),
      subtotal: row.subtotal,
      convenience_fee: row.convenienceFee,
      discount: row.discount,
      total: row.total,
      first_instalment: kind === 'instalments' ? instalmentOf(row.total) : null,
      promo_code: row.promoCode,
      payment:
        row.paymentIntentId === null || kind === null
          ? null
          : {
              gateway_id: row.paymentGatewayId,
              kind,
              intent_id: row.paymentIntentId,
              client_secret: row.paymentClientSecret,
              redirect_url: row.paymentRedirectUrl,
            },
      hold_expires_at: row.holdExpiresAt.toISOString(),
      server_time: row.serverTime.toISOString(),
      failure_reason: row.failureReason,
      paid_at: row.paidAt ? row.paidAt.toISOString() : null,
      tickets: tickets.map((ticket) => ({
        code: ticket.code,
        package_name: ticket.packageName,
        seat_id: ticket.seatId,
      })),
    };
  }

  /** The order, for the holder of its access token only; anyone else gets the same 404 as for an unknown id. */
  async function requireOwnedOrder(bookingId: string, accessToken: string | null): Promise<OrderRow> {
    const row = ORDER_ID_PATTERN.test(bookingId) ? await repository.findOrderByPublicId(db, bookingId) : null;
    if (!row || accessToken === null || !tokensEqual(row.accessToken, accessToken)) throw notFound(ORDER_NOT_FOUND);
    return row;
  }

  async function getOrder(bookingId: string, accessToken: string | null): Promise<Order> {
    return toOrder(await requireOwnedOrder(bookingId, accessToken));
  }

  /**
   * Cancels a pending order: the hold is released at once and the intent cancelled. Cancelling twice
   * answers the cancelled order again; a paid order cannot be cancelled here (409).
   */
  async function cancelOrder(bookingId: string, accessToken: string | null): Promise<Order> {
    const row = await requireOwnedOrder(bookingId, accessToken);
    if (row.status === 'complete' || row.status === 'verified') {
      throw new AppError('conflict', 'This order is paid and can no longer be cancelled.');
    }
    await endOrder(
      row.id,
      row.isHoldExpired ? 'expired' : 'cancelled_by_buyer',
      row.paymentGatewayId,
      row.paymentIntentId,
    );
    return getOrder(bookingId, accessToken);
  }

  async function endOrder(
    orderId: number,
    reason: 'expired' | 'cancelled_by_buyer',
    gatewayId: number,
    intentId: string | null,
  ): Promise<void> {
    const isEnded = await db.transaction(async (tx) => {
      if (!(await repository.markCancelled(tx, orderId, reason))) return false;
      await inventory.releaseInventory(tx, orderId, reason === 'expired' ? 'expired' : 'released');
      return true;
    });
    if (isEnded && intentId !== null) await (await gateways.forId(gatewayId))?.cancelIntent(intentId);
  }

  /** The sweeper's work: end pending orders whose hold has passed, then give back any expired hold left. */
  async function expireOrders(batch = 100): Promise<number> {
    const expired = await repository.findExpiredPendingOrders(db, batch);
    for (const order of expired) await endOrder(order.id, 'expired', order.paymentGatewayId, order.paymentIntentId);
    await inventory.sweepExpiredHolds(db, batch);
    return expired.length;
  }

  return { checkPromotion, createOrder, getOrder, cancelOrder, expireOrders };
}

function tokensEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Db } from '@marquee/db/client';
import { buyerStatusOf, isOnSale, isVisibleToBuyers, type EventStatus } from '@marquee/domain/statuses';
import { HOLD_MINUTES, type CreateOrderRequest, type CreatedOrder } from '@marquee/domain/orders';
import { AppError } from '../../plugins/app-error';
import * as inventory from '../inventory/service';
import { ensureSeatBlocks } from '../inventory/seat-blocks';
import type { PaymentGateways } from '../payments/gateways';
import { resolvePromo, type AppliedPromo } from '../promotions/service';
import type { RequireCheckoutEvent } from './checkout-events';
import type { OrderCompletion } from './completion';
import { readCreatedOrderReply, toOrderReply } from './order-reply';
import { buildCheckoutLines, priceLines } from './pricing';
import * as repository from './repository';
import type { OrderRow } from './repository';
import { retryOnDeadlock } from './retry-on-deadlock';

/** Crockford base 32: no I, L, O, U, so a Booking ID read aloud or typed is not misread. */
const BOOKING_ID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Spec 4 unavailable-sale messages, for an order attempted when the event is not on sale, by the status the
 * buyer sees (a cancelled event shows closed). Sold out is not here: it is computed, and the placement refuses
 * the packages that are taken (sold_out). A draft or unpublished event gets the default: it does not exist for
 * buyers, and the answer says no more than for any event not on sale.
 */
const NOT_ON_SALE: Partial<Record<EventStatus, string>> = {
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

/** Packages added, removed or changed (their seats included) make a new version of the seat → package map. */
export function seatsVersionOf(checkout: { packages: readonly { updatedAt: Date }[] }): string {
  return `${checkout.packages.length}:${Math.max(0, ...checkout.packages.map((pkg) => pkg.updatedAt.getTime()))}`;
}

/** The browser's waiting-room admission for the order's event (its `mq_queue` visitor and admission token). */
export interface Admission {
  visitor: string | null;
  token: string | null;
}
export type RequireAdmission = (eventId: number, admission: Admission) => Promise<void>;

export interface CreateOrderDeps {
  db: Db;
  gateways: PaymentGateways;
  completion: OrderCompletion;
  requireCheckoutEvent: RequireCheckoutEvent;
  /** The inventory's placement (batched): one statement saves the order, its lines and its hold, or nothing. */
  placeOrder: inventory.PlaceOrder;
  /** Refuses (403 queue_required) an order for an event behind a waiting room without a valid admission. */
  requireAdmission: RequireAdmission;
}

/**
 * POST /api/orders. Everything is checked before anything is written; then one statement saves the
 * order, its lines and its hold, or nothing at all (inventory.createOrderPlacer), within the buyer's
 * limits for the event (decisions/029: the database counts them, by e-mail and by `userId`, the signed-in
 * account, which the order is linked to in the same statement); then the gateway's intent is created,
 * idempotently on the Booking ID, so a replay or a retry never makes a second one.
 * The answer is built from what is in hand: an on-sale rush pays for no read-back.
 */
export async function createOrder(
  deps: CreateOrderDeps,
  request: CreateOrderRequest,
  idempotencyKey: string | null,
  userId: string | null = null,
  admission: Admission = { visitor: null, token: null },
): Promise<{ order: CreatedOrder; isReplay: boolean }> {
  const { db, gateways } = deps;
  const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('base64url');
  const checkout = await deps.requireCheckoutEvent(request.event_id);
  const { event } = checkout;
  const shown = isVisibleToBuyers(event) ? buyerStatusOf(event.status, { isSoldOut: false, isSaleOpen: event.isSaleOpen }) : null;
  if (shown === null || !isOnSale(shown)) {
    const message = (shown === null ? undefined : NOT_ON_SALE[shown]) ?? 'Tickets are not on sale.';
    throw new AppError('not_on_sale', message);
  }
  // Behind a waiting room, only an admitted browser buys (decisions/048); the admission counts this order.
  if (event.waitingRoom) await deps.requireAdmission(event.id, admission);
  const seatsVersion = seatsVersionOf(checkout);
  const seatPackages =
    request.seats.length > 0 ? await inventory.seatPackagesOf(db, event.id, seatsVersion) : new Map();
  const bestRequest = request.best_available;
  const blocks = bestRequest ? await ensureSeatBlocks(db, event.id, seatsVersion) : null;
  const lines = buildCheckoutLines(checkout, {
    rows: request.ticket_package_details,
    seats: request.seats,
    seatPackages,
    allowSeatedCounts: false,
    ...(bestRequest && blocks
      ? {
          bestAvailable: {
            request: bestRequest,
            sections: blocks.sections.get(bestRequest.package_id) ?? new Set<string>(),
            hasWheelchair: blocks.wheelchair.has(bestRequest.package_id),
          },
        }
      : {}),
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
  const totals = priceLines(lines, event.handlingCost, promo);

  const gatewayId = request.payment_gateway_id ?? event.paymentGatewayIds[0];
  if (totals.total > 0 && (gatewayId === undefined || !event.paymentGatewayIds.includes(gatewayId))) {
    const message = 'Choose one of the payment methods this event accepts.';
    throw new AppError('validation_failed', message, { payment_gateway_id: [message] });
  }
  const gateway = totals.total > 0 && gatewayId !== undefined ? await gateways.forId(gatewayId) : null;

  const bookingId = newBookingId();
  const accessToken = randomBytes(24).toString('base64url');
  // A gateway that names its intents itself (the sandbox) has them on the order row from the start.
  const reserved = gateway?.reserveIntent?.(bookingId) ?? null;
  const placed = await retryOnDeadlock(() =>
    deps.placeOrder(
      {
        order: {
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
        lines: lines.map((line) => ({
          package_id: line.packageId,
          package_name: line.name,
          unit_price: line.unitPrice,
          quantity: line.quantity,
          seats: line.seats,
          ...(line.best ? { best: line.best } : {}),
        })),
        holdMinutes: HOLD_MINUTES,
        userId,
      },
      new Map(lines.map((line) => [line.packageId, line.name])),
    ),
  );

  if (!placed) {
    // An order with this Idempotency-Key exists (a double click, a retry after a lost answer).
    const existing = idempotencyKey === null ? null : await repository.findOrderByIdempotencyKey(db, idempotencyKey);
    if (!existing) throw new AppError('order_in_progress', 'This order is being saved. Please try again.');
    return { order: await replay(deps, existing, requestHash), isReplay: true };
  }
  // Best available: the seats the placement picked, in its lines' order.
  const picked = [...(placed.picked ?? [])];
  for (const line of lines) if (line.best) line.seats = picked.shift() ?? [];
  if (!gateway) {
    // Nothing to pay (a free event, or a discount of everything): the order is complete at once.
    const row = await repository.findOrderByPublicId(db, bookingId);
    if (row) await deps.completion.completeOrder(row);
    return { order: await readCreatedOrderReply(db, bookingId), isReplay: false };
  }
  const intentInput = {
    reference: bookingId,
    amount: totals.total,
    currency: event.currency,
    description: `Marquee ${bookingId}: ${event.name}`,
  };
  const intent = await gateway.createIntent(reserved ? { ...intentInput, reserved } : intentInput);
  if (!reserved) await repository.setOrderPayment(db, placed.id, intent);

  const order = toOrderReply(
    {
      orderId: bookingId,
      status: 'pending',
      cancelReason: null,
      failureReason: null,
      paidAt: null,
      eventId: event.id,
      eventUid: event.uid,
      currency: event.currency,
      firstName: request.buyer.first_name,
      lastName: request.buyer.last_name,
      email: request.buyer.email,
      phone: request.buyer.phone,
      nic: request.buyer.nic,
      subtotal: totals.subtotal,
      convenienceFee: totals.convenienceFee,
      discount: totals.discount,
      total: totals.total,
      promoCode: promo?.code ?? null,
      paymentGatewayId: gatewayId ?? 1,
      paymentIntentId: intent.intentId,
      paymentClientSecret: intent.clientSecret,
      paymentRedirectUrl: intent.redirectUrl,
      holdExpiresAt: placed.holdExpiresAt,
      serverTime: placed.serverTime,
      isHoldExpired: false,
      bestAvailable: bestRequest
        ? { package_id: bestRequest.package_id, section: bestRequest.section ?? null, accessible: bestRequest.accessible }
        : null,
      seatRetries: 0,
    },
    lines.map((line) => ({
      packageId: line.packageId,
      packageName: line.name,
      unitPrice: line.unitPrice,
      quantity: line.quantity,
      seats: line.seats,
    })),
    gateway.kind,
    [],
  );
  return { order: { ...order, access_token: accessToken }, isReplay: false };
}

/** The answer to a request repeated with its Idempotency-Key: the same order, its intent made if still missing. */
async function replay(deps: CreateOrderDeps, existing: OrderRow, requestHash: string): Promise<CreatedOrder> {
  if (existing.requestHash !== requestHash) {
    throw new AppError('idempotency_key_reused', 'This Idempotency-Key was already used for a different order.', {
      'Idempotency-Key': ['This Idempotency-Key was already used for a different order.'],
    });
  }
  // The first request may have stopped before its intent was made: make it now (idempotent on the Booking ID).
  if (existing.total > 0 && existing.status === 'pending') {
    const gateway = await deps.gateways.forId(existing.paymentGatewayId);
    if (gateway) {
      const intentInput = {
        reference: existing.orderId,
        amount: existing.total,
        currency: existing.currency,
        description: `Marquee ${existing.orderId}`,
      };
      if (existing.paymentIntentId === null) {
        await repository.setOrderPayment(deps.db, existing.id, await gateway.createIntent(intentInput));
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
  return readCreatedOrderReply(deps.db, existing.orderId);
}

import type { Db } from '@marquee/db/client';
import { isPaidStatus, parseBookingId } from '@marquee/domain/orders';
import type { PaymentErrorCode } from '@marquee/domain/payments';
import { AppError } from '../../plugins/app-error';
import * as inventory from '../inventory/service';
import type { PaymentGateways } from '../payments/gateways';
import { takePromoUse } from '../promotions/service';
import { recordWebhookEvent } from '../integrations/webhook-events';
import { issueTickets } from '../tickets/issue-tickets';
import * as repository from './repository';
import type { OrderRow } from './repository';
import { retryOnDeadlock } from './retry-on-deadlock';

/** What a payment came to, for the return address and the webhook. */
export type Settlement =
  | { kind: 'complete' }
  /** Paid after the hold ended with the tickets gone: refunded, the order failed. */
  | { kind: 'failed' }
  | { kind: 'processing' }
  /** Not paid (yet): the buyer may try again while the hold lasts. */
  | { kind: 'unpaid'; error: PaymentErrorCode | null }
  /** The hold ended (or the order was cancelled) before a payment. */
  | { kind: 'expired' };

/** Thrown inside the completion's transaction to roll it back: the tickets are gone, or the promo code's uses. */
class RefusedSignal extends Error {
  readonly reason: 'sold_out' | 'promo_limit';
  constructor(reason: 'sold_out' | 'promo_limit') {
    super(reason);
    this.reason = reason;
  }
}

function paymentError(code: string | null): PaymentErrorCode | null {
  switch (code) {
    case null:
      return null;
    case 'card_declined':
    case 'insufficient_funds':
    case 'expired_card':
    case 'authentication_failed':
    case 'instalments_declined':
      return code;
    default:
      return 'unexpected';
  }
}

export type OrderCompletion = ReturnType<typeof createOrderCompletion>;

/**
 * Completing a paid order (invariants 5 and 6). Whatever calls it (the return address, each webhook
 * delivery, a retry), and however often or in whatever order, an order is completed once: its row is
 * locked, then moved from pending (or cancelled) to complete by a conditional update, in the same
 * transaction as the sale of its inventory, its tickets (unique per admission and per seat), its promo
 * use and its confirmation e-mail. A payment that arrives after the hold ended re-takes the same tickets
 * if they are still free; otherwise the order fails and the payment is refunded. So does a payment whose
 * promo code's limits were spent by payments that completed first (decisions/031).
 */
export function createOrderCompletion(deps: { db: Db; gateways: PaymentGateways }) {
  const { db, gateways } = deps;

  /**
   * Completes an order with nothing to pay (a free event, a discount of everything). An order with a total
   * is completed only by `settleOrder`, on its provider's own word that it is paid: never on anyone's say-so.
   */
  async function completeOrder(row: OrderRow): Promise<'complete' | 'failed'> {
    if (row.total > 0) {
      throw new AppError('not_paid', 'This order has a total to pay: it is completed once its payment is confirmed.');
    }
    return sellAndComplete(row);
  }

  /** Completes an order: a free one, or one whose payment its provider has just confirmed (settleOrder). */
  async function sellAndComplete(row: OrderRow): Promise<'complete' | 'failed'> {
    const lines = await repository.findOrderLines(db, row.id);
    let reason: RefusedSignal['reason'];
    try {
      return await retryOnDeadlock(() =>
        db.transaction(async (tx) => {
          const status = await repository.lockOrder(tx, row.id);
          if (isPaidStatus(status)) return 'complete';
          if (status === 'failed') return 'failed';
          // The promo code first (its row lock, then the inventory's): a payment that would exceed its limits fails.
          if (
            row.promoCodeId !== null &&
            !(await takePromoUse(tx, { id: row.id, promoCodeId: row.promoCodeId, email: row.email }))
          ) {
            throw new RefusedSignal('promo_limit');
          }
          const isSold = await inventory.sellHeldInventory(tx, {
            eventId: row.eventId,
            orderId: row.id,
            lines: lines.map((line) => ({ packageId: line.packageId, quantity: line.quantity })),
            seats: lines.flatMap((line) => line.seats.map((seatId) => ({ seatId, packageId: line.packageId }))),
          });
          if (!isSold) throw new RefusedSignal('sold_out');
          await repository.markComplete(tx, row.id);
          await issueTickets(tx, { id: row.id, eventId: row.eventId }, lines);
          await repository.queueEmail(tx, row.id, 'order_confirmation');
          // The organiser's webhooks (decisions/044): queued with the completion, sent after it commits.
          await recordWebhookEvent(tx, {
            eventId: row.eventId,
            type: 'order.completed',
            data: {
              booking_id: row.orderId,
              event_uid: row.eventUid,
              currency: row.currency,
              total: row.total,
              tickets: lines.reduce((sum, line) => sum + line.quantity, 0),
              buyer: { first_name: row.firstName, last_name: row.lastName, email: row.email },
            },
          });
          return 'complete' as const;
        }),
      );
    } catch (error) {
      if (!(error instanceof RefusedSignal)) throw error;
      reason = error.reason;
    }
    await db.transaction(async (tx) => {
      const status = await repository.lockOrder(tx, row.id);
      if (status !== 'pending' && status !== 'cancelled') return;
      await repository.markFailed(tx, row.id, reason);
      await inventory.releaseInventory(tx, row.id, 'released');
      // A free order (a discount of everything) had nothing paid to give back: its page says what happened.
      if (row.total > 0) await repository.queueEmail(tx, row.id, 'payment_refunded');
    });
    await refund(row);
    return 'failed';
  }

  async function refund(row: OrderRow): Promise<void> {
    if (row.paymentIntentId === null) return;
    await (await gateways.forId(row.paymentGatewayId))?.refundIntent(row.paymentIntentId);
  }

  /**
   * Asks the gateway where the order's payment stands and acts on it: completes a paid order, records a
   * failed attempt. Reads the truth from the gateway, so a webhook that arrives late or out of order, or
   * not at all, changes nothing that matters.
   */
  async function settleOrder(row: OrderRow): Promise<Settlement> {
    if (isPaidStatus(row.status)) return { kind: 'complete' };
    if (row.status === 'failed') {
      await refund(row); // idempotent: a refund that failed before is retried here
      return { kind: 'failed' };
    }
    const isOver = row.status === 'cancelled' || row.isHoldExpired;
    if (row.paymentIntentId === null) return isOver ? { kind: 'expired' } : { kind: 'unpaid', error: null };
    const gateway = await gateways.forId(row.paymentGatewayId);
    const intent = gateway ? await gateway.retrieveIntent(row.paymentIntentId) : null;
    if (!intent) return { kind: 'unpaid', error: 'unexpected' };
    if (
      intent.amount !== row.total ||
      intent.currency !== row.currency ||
      (intent.reference ?? row.orderId) !== row.orderId
    ) {
      throw new AppError('payment_mismatch', 'The payment does not match the order.');
    }
    switch (intent.status) {
      case 'succeeded':
        // The provider's own answer, read just now and matched to the order above: the only way a paid order completes.
        return { kind: await sellAndComplete(row) };
      case 'processing':
        return { kind: 'processing' };
      case 'canceled':
      case 'refunded':
        return { kind: 'expired' };
      case 'requires_action':
      case 'requires_payment_method': {
        if (isOver) return { kind: 'expired' };
        await repository.setLastPaymentError(db, row.id, intent.lastErrorCode);
        return { kind: 'unpaid', error: paymentError(intent.lastErrorCode) };
      }
    }
  }

  /** The order with this Booking ID (as typed: BookingIdSchema normalises it), settled; null when there is none. */
  async function settleByBookingId(bookingId: string): Promise<{ row: OrderRow; settlement: Settlement } | null> {
    const id = parseBookingId(bookingId);
    const row = id ? await repository.findOrderByPublicId(db, id) : null;
    return row ? { row, settlement: await settleOrder(row) } : null;
  }

  /** The order paid by this intent, settled; null when no order has it (another system's payment). */
  async function settleByIntentId(intentId: string): Promise<{ row: OrderRow; settlement: Settlement } | null> {
    const row = await repository.findOrderByIntentId(db, intentId);
    return row ? { row, settlement: await settleOrder(row) } : null;
  }

  return { completeOrder, settleOrder, settleByBookingId, settleByIntentId };
}

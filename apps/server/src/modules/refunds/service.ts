import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@marquee/db/client';
import { appendAudit, withOrganiserScope } from '@marquee/db/tenancy';
import { isPaidStatus, parseBookingId } from '@marquee/domain/orders';
import { formatMoney, type Currency } from '@marquee/domain/money';
import type { RefundAnswer, RefundRequest } from '@marquee/domain/refunds';
import { AppError, notFound } from '../../plugins/app-error';
import { organiserScopeOf, type OrganiserActor } from '../../plugins/organiser-access';
import { recordWebhookEvent } from '../integrations/webhook-events';
import { retryOnDeadlock } from '../orders/retry-on-deadlock';
import type { PaymentGateways } from '../payments/gateways';
import * as repository from './repository';
import type { RefundRow } from './repository';

export type RefundsService = ReturnType<typeof createRefundsService>;

const MESSAGES = {
  orderNotFound: 'No such order.',
  notPaid: 'This order is not paid: there is nothing to refund.',
  nothingLeft: 'This order has been refunded in full: there is nothing left to refund.',
  keyReused: 'This Idempotency-Key was already used for another refund of this order. Use a new key for a new refund.',
  notOfOrder: (ids: number[]) => `Not tickets of this order: ${ids.join(', ')}.`,
  voided: (ids: number[]) => `Already voided by a refund: ticket${ids.length === 1 ? '' : 's'} ${ids.join(', ')}.`,
  used: (ids: number[]) =>
    `Already admitted at the gate, so not voided: ticket${ids.length === 1 ? '' : 's'} ${ids.join(', ')}. Refund money only (ticket_ids: []).`,
  wholePlans: (amount: string) =>
    `This order was paid in instalments, and the provider refunds whole plans only: refund the whole ${amount}.`,
  above: (amount: string) => `At most ${amount} is left to refund on this order.`,
} as const;

/** What makes two requests with one key the same refund. Ticket order does not matter; left out is not []. */
function requestHash(request: RefundRequest): string {
  const tickets = request.ticket_ids === undefined ? null : [...request.ticket_ids].sort((a, b) => a - b);
  return createHash('sha256')
    .update(JSON.stringify({ amount: request.amount, reason: request.reason, tickets }))
    .digest('hex');
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Refunds from the console (issue 22; docs/decisions/037), exactly once however often the button is pressed:
 * 1. under the order's row lock, in one scoped transaction: the Idempotency-Key is looked up (a replay answers
 *    the same refund), the amount checked against what is left, the tickets voided and their inventory put
 *    back on sale, the refund recorded 'pending' and counted on the order, and the audit row written;
 * 2. after the commit, the gateway is asked with the refund's own key (`gateway_key`), so a repeated call is
 *    deduplicated by the provider; a lease keeps concurrent replays from calling it at the same time;
 * 3. on its answer, the refund turns 'succeeded' and the buyer's e-mail is queued, in one transaction.
 * A crash or a failed call between 1 and 3 leaves the refund pending: a retry of the request with its key, or
 * the sweeper (`retryStalled`) once the lease runs out, calls the gateway again with the same key.
 */
export function createRefundsService(deps: { db: Db; gateways: PaymentGateways; log?: FastifyBaseLogger }) {
  const { db, gateways } = deps;

  /** Makes (or remakes) the gateway call of a pending refund whose lease this caller holds. */
  async function callGateway(refund: RefundRow): Promise<RefundRow> {
    try {
      const payment = await repository.findRefundPayment(db, refund.id);
      const gateway = payment ? await gateways.forId(payment.paymentGatewayId) : null;
      if (!payment || payment.paymentIntentId === null || !gateway) {
        throw new Error(`refund ${refund.id}: the order has no payment to refund`);
      }
      await gateway.refundIntent(payment.paymentIntentId, {
        amount: refund.amount,
        idempotencyKey: refund.gatewayKey,
      });
    } catch (error) {
      await repository.markAttemptFailed(db, refund.id, describeError(error));
      deps.log?.warn({ refundId: refund.id, err: error }, 'refund not confirmed by the gateway; it will be retried');
      return (await repository.findRefund(db, refund.id)) ?? refund;
    }
    return (await repository.markSucceeded(db, refund.id)) ?? (await repository.findRefund(db, refund.id)) ?? refund;
  }

  async function answerOf(refund: RefundRow): Promise<RefundAnswer> {
    const order = await repository.findOrderTotals(db, refund.orderId);
    if (!order) throw notFound(MESSAGES.orderNotFound);
    return {
      refund: {
        id: refund.id,
        status: refund.status,
        amount: refund.amount,
        currency: order.currency,
        ticket_ids: refund.ticketIds,
        reason: refund.reason,
        created_at: refund.createdAt.toISOString(),
        succeeded_at: refund.succeededAt ? refund.succeededAt.toISOString() : null,
      },
      order: {
        booking_id: order.bookingId,
        total: order.total,
        refunded_amount: order.refundedAmount,
        refundable_amount: order.total - order.refundedAmount,
        is_refunded: order.refundedAt !== null,
      },
    };
  }

  /** Step 1: decides the refund under the order's lock, or finds the one this key made. */
  function decide(
    actor: OrganiserActor,
    bookingId: string,
    request: RefundRequest,
    idempotencyKey: string,
    notifyBuyer: boolean,
  ): Promise<{ refund: RefundRow; isReplay: boolean }> {
    const hash = requestHash(request);
    return retryOnDeadlock(() =>
      withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        const order = await repository.lockOrderInScope(tx, bookingId);
        if (!order) throw notFound(MESSAGES.orderNotFound);
        const existing = await repository.findRefundByKey(tx, order.id, idempotencyKey);
        if (existing) {
          if (existing.requestHash !== hash) {
            throw new AppError('refund_key_reused', MESSAGES.keyReused, { 'Idempotency-Key': [MESSAGES.keyReused] });
          }
          return { refund: existing, isReplay: true };
        }
        if (!isPaidStatus(order.status) || order.paymentIntentId === null)
          throw new AppError('not_paid', MESSAGES.notPaid);
        const currency: Currency = order.currency;
        const left = order.total - order.refundedAmount;
        if (left <= 0)
          throw new AppError('refund_exceeds_paid', MESSAGES.nothingLeft, { amount: [MESSAGES.nothingLeft] });
        if (request.amount > left) {
          const message = MESSAGES.above(formatMoney(left, currency));
          throw new AppError('refund_exceeds_paid', message, { amount: [message] });
        }
        if (order.gatewayKind === 'instalments' && request.amount !== left) {
          throw new AppError('partial_refund_unsupported', MESSAGES.wholePlans(formatMoney(left, currency)));
        }

        const all = await repository.findOrderTickets(tx, order.id);
        // Left out: every ticket that still admits (one admitted at the gate has been used: it stays as it is).
        const named =
          request.ticket_ids ??
          all.filter((ticket) => ticket.voidedAt === null && ticket.usedAt === null).map((ticket) => ticket.id);
        const byId = new Map(all.map((ticket) => [ticket.id, ticket]));
        const foreign = named.filter((id) => !byId.has(id));
        if (foreign.length > 0) {
          const message = MESSAGES.notOfOrder(foreign);
          throw new AppError('validation_failed', message, { ticket_ids: [message] });
        }
        const chosen = named.flatMap((id) => {
          const ticket = byId.get(id);
          return ticket ? [ticket] : [];
        });
        const voided = chosen.filter((ticket) => ticket.voidedAt !== null).map((ticket) => ticket.id);
        if (voided.length > 0) throw new AppError('ticket_already_voided', MESSAGES.voided(voided));
        const used = chosen.filter((ticket) => ticket.usedAt !== null).map((ticket) => ticket.id);
        if (used.length > 0) throw new AppError('ticket_already_used', MESSAGES.used(used));

        const ticketIds = chosen.map((ticket) => ticket.id).sort((a, b) => a - b);
        const refund = await repository.insertRefund(tx, {
          orderId: order.id,
          eventId: order.eventId,
          idempotencyKey,
          requestHash: hash,
          // Ours, stable for this refund and unique on this database: the provider refunds once per key.
          gatewayKey: `refund-${order.bookingId}-${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32)}`,
          amount: request.amount,
          ticketIds,
          reason: request.reason,
          requestedBy: actor.userId,
          notifyBuyer,
        });
        if ((await repository.voidTickets(tx, order.id, ticketIds, refund.id)) !== ticketIds.length) {
          throw new Error(`order ${order.bookingId}: its tickets changed under its lock`);
        }
        await repository.returnInventory(tx, order, chosen);
        const totals = await repository.addRefunded(tx, order.id, request.amount);
        await appendAudit(tx, {
          action: 'order.refund',
          entityType: 'order',
          entityId: order.bookingId,
          eventId: order.eventId,
          eventUid: order.eventUid,
          before: { refunded_amount: order.refundedAmount },
          after: {
            refund_id: refund.id,
            amount: request.amount,
            currency,
            ticket_ids: ticketIds,
            reason: request.reason,
            refunded_amount: totals.refundedAmount,
            is_refunded: totals.refundedAmount === totals.total,
          },
        });
        // The organiser's webhooks (decisions/044): the refund decided, in its transaction.
        await recordWebhookEvent(tx, {
          organisationId: actor.organisationId,
          type: 'order.refunded',
          data: {
            booking_id: order.bookingId,
            event_uid: order.eventUid,
            refund_id: refund.id,
            amount: request.amount,
            currency,
            ticket_ids: ticketIds,
            refunded_amount: totals.refundedAmount,
            is_refunded: totals.refundedAmount === totals.total,
          },
        });
        return { refund, isReplay: false };
      }),
    );
  }

  return {
    /**
     * POST …/orders/{orderId}/refunds. Answers the refund and whether it is a replay of an earlier request. A
     * refund still pending (its gateway call failed, or another request is making it) says so: retry with the key.
     */
    async refund(
      actor: OrganiserActor,
      bookingId: string,
      request: RefundRequest,
      idempotencyKey: string,
      options: { notifyBuyer?: boolean } = {},
    ): Promise<{ answer: RefundAnswer; isReplay: boolean }> {
      const id = parseBookingId(bookingId);
      if (!id) throw notFound(MESSAGES.orderNotFound);
      // notifyBuyer false: an event's cancellation (decisions/040) told the buyer in its own e-mail.
      const decided = await decide(actor, id, request, idempotencyKey, options.notifyBuyer ?? true);
      let refund = decided.refund;
      if (refund.status === 'pending') {
        // The deciding request holds the lease already; a replay takes it only if no call is under way.
        const claimed = decided.isReplay ? await repository.claimGatewayCall(db, refund.id) : refund;
        refund = claimed ? await callGateway(claimed) : ((await repository.findRefund(db, refund.id)) ?? refund);
      }
      return { answer: await answerOf(refund), isReplay: decided.isReplay };
    },

    /**
     * The sweeper: pending refunds whose call failed or whose process died mid-call (lease run out) are asked of
     * the gateway again, with their own key. Answers how many succeeded now.
     */
    async retryStalled(limit = 50): Promise<number> {
      let succeeded = 0;
      for (const refundId of await repository.findStalledRefunds(db, limit)) {
        const claimed = await repository.claimGatewayCall(db, refundId);
        if (claimed && (await callGateway(claimed)).status === 'succeeded') succeeded += 1;
      }
      return succeeded;
    },
  };
}

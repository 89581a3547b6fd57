import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@marquee/db/client';
import { eventPath } from '@marquee/domain/slug';
import { AppError, notFound } from '../../plugins/app-error';
import type { OrderCompletion, Settlement } from '../orders/completion';
import { WebhookSignatureError } from './gateway';
import type { PaymentGateways } from './gateways';
import * as repository from './repository';
import type { SandboxWebhooks } from './sandbox-webhooks';

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/** What the return address needs of an order: its Booking ID and its event's address. */
interface ReturningOrder {
  orderId: string;
  eventType: string;
  eventName: string;
  eventUid: string;
}

/** Where the return address sends the buyer for a settled order (the booking flow's steps 3 and 4). */
export function returnDestination(row: ReturningOrder, settlement: Settlement): string {
  const path = eventPath({ type: row.eventType, name: row.eventName, uid: row.eventUid });
  switch (settlement.kind) {
    case 'complete':
    case 'failed':
    case 'processing':
      return `${path}?step=4&orderId=${encodeURIComponent(row.orderId)}`;
    case 'unpaid':
      return settlement.error ? `${path}?step=3&payment_error=${settlement.error}` : `${path}?step=3`;
    case 'expired':
      return `${path}?step=3&payment_error=session_expired`;
  }
}

/**
 * Payments' use cases: the return address, and webhooks from every provider. Both end in the orders
 * module's completion, which asks the gateway for the truth; webhooks are recorded by provider event id
 * so a duplicate is answered at once.
 */
export function createPaymentsService(deps: {
  db: Db;
  gateways: PaymentGateways;
  completion: OrderCompletion;
  sandboxWebhooks: SandboxWebhooks;
  log: FastifyBaseLogger;
}) {
  const { db, gateways, completion } = deps;

  /** GET /api/bookings/status?orderId=: settle the order, then where the buyer goes. */
  async function returnAddress(orderId: string): Promise<string> {
    const settled = await completion.settleByBookingId(orderId);
    if (!settled) throw notFound('Booking not found.');
    return returnDestination(settled.row, settled.settlement);
  }

  async function handleWebhook(
    provider: string,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ received: true; duplicate: boolean }> {
    const verifier = gateways.verifiers.get(provider);
    if (!verifier) throw notFound('Unknown payment provider.');
    if (provider === 'sandbox') await deps.sandboxWebhooks.secret();
    let event;
    try {
      event = verifier.verify(rawBody, headers);
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new AppError('webhook_refused', error.message);
      throw error;
    }
    // PostgreSQL text holds neither NUL nor half a surrogate pair (PGlite fails on some): a signed event that
    // carries one is malformed, not our failure (a 500).
    if ([event.id, event.type, event.intentId ?? ''].some((text) => text.includes('\u0000') || /\p{Cs}/u.test(text))) {
      throw new AppError('webhook_refused', 'The webhook event is malformed.');
    }
    if (await repository.hasPaymentEvent(db, provider, event.id)) return { received: true, duplicate: true };
    if (event.intentId !== null) {
      try {
        const settled = await completion.settleByIntentId(event.intentId);
        if (!settled) deps.log.warn({ provider, intent: event.intentId }, 'webhook for an intent no order has');
      } catch (error) {
        // A payment that does not match its order is a provider-side problem to look into, not to retry.
        if (!(error instanceof AppError && error.code === 'payment_mismatch')) throw error;
        deps.log.error({ provider, intent: event.intentId, err: error }, 'webhook payment does not match its order');
      }
    }
    await repository.recordPaymentEvent(db, { provider, eventId: event.id, type: event.type, intentId: event.intentId });
    return { received: true, duplicate: false };
  }

  return { returnAddress, handleWebhook };
}

import Stripe from 'stripe';
import { z } from 'zod';
import { CurrencySchema } from '@marquee/domain/money';
import {
  WebhookSignatureError,
  type CreateIntentInput,
  type IntentStatus,
  type PaymentGateway,
  type PaymentIntent,
  type RefundOptions,
  type WebhookEvent,
  type WebhookVerifier,
} from './gateway';

export interface StripeGatewayOptions {
  secretKey: string;
  /** Where the API lives; only tests set it (a local stub). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

const StripeIntentStatusSchema = z.enum([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
]);

const INTENT_STATUSES: Record<z.infer<typeof StripeIntentStatusSchema>, IntentStatus> = {
  requires_payment_method: 'requires_payment_method',
  // Our card element confirms on the client, so an unconfirmed intent is one still waiting for a card.
  requires_confirmation: 'requires_payment_method',
  requires_action: 'requires_action',
  processing: 'processing',
  // We capture automatically, so an authorised-but-uncaptured intent is money on its way.
  requires_capture: 'processing',
  succeeded: 'succeeded',
  canceled: 'canceled',
};

/** The fields of Stripe's PaymentIntent we map, checked rather than trusted (a new status or currency fails loudly). */
const StripeIntentSchema = z.object({
  id: z.string().min(1),
  status: StripeIntentStatusSchema,
  amount: z.number().int().nonnegative(),
  // Stripe answers in lower case; we sell only in the currencies CurrencySchema knows.
  currency: z.string().transform((currency) => currency.toUpperCase()).pipe(CurrencySchema),
  client_secret: z.string().nullable(),
  metadata: z.record(z.string(), z.string()).nullish(),
  last_payment_error: z
    .object({ code: z.string().nullish(), decline_code: z.string().nullish() })
    .nullish(),
  // An id, or the charge when the request expanded it.
  latest_charge: z.union([z.string(), z.object({ refunded: z.boolean() })]).nullish(),
});

type StripeIntent = z.infer<typeof StripeIntentSchema>;

function toIntentStatus(intent: StripeIntent): IntentStatus {
  const status = INTENT_STATUSES[intent.status];
  // `refunded` is true only once the whole charge is back with the buyer; a partial refund stays succeeded.
  const isFullyRefunded = typeof intent.latest_charge === 'object' && intent.latest_charge?.refunded === true;
  return status === 'succeeded' && isFullyRefunded ? 'refunded' : status;
}

function toPaymentIntent(raw: unknown): PaymentIntent {
  const parsed = StripeIntentSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`Stripe returned a PaymentIntent Marquee cannot use: ${z.prettifyError(parsed.error)}`);
  }
  const intent = parsed.data;
  const lastError = intent.last_payment_error;
  return {
    intentId: intent.id,
    clientSecret: intent.client_secret,
    redirectUrl: null,
    status: toIntentStatus(intent),
    amount: intent.amount,
    currency: intent.currency,
    reference: intent.metadata?.reference ?? null,
    lastErrorCode: lastError?.decline_code ?? lastError?.code ?? null,
  };
}

/** True for an API error Stripe answered with this `code` (resource_missing, charge_already_refunded, …). */
function hasStripeErrorCode(error: unknown, code: string): boolean {
  return error instanceof Stripe.errors.StripeError && error.code === code;
}

/**
 * The Stripe card gateway: PaymentIntents confirmed by the card element with their client secret.
 * Every create carries an idempotency key derived from our Booking ID, so a retried checkout (ours or
 * the SDK's network retries) never makes a second intent or a second refund.
 */
export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = new Stripe(options.secretKey, {
    ...options.api,
    // Creates and refunds carry idempotency keys, so the SDK's retries of network errors, 409s and
    // 5xx are safe against Stripe. Against a local stub a retry only delays the failure a test shows.
    maxNetworkRetries: options.api ? 0 : 2,
  });

  async function retrieveIntent(intentId: string): Promise<PaymentIntent | null> {
    try {
      // Expanding the charge costs nothing extra and tells a refunded payment from a succeeded one.
      const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
      return toPaymentIntent(intent);
    } catch (error) {
      if (hasStripeErrorCode(error, 'resource_missing')) return null;
      throw error;
    }
  }

  return {
    provider: 'stripe',
    kind: 'card',
    async createIntent(input: CreateIntentInput) {
      const created = await stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          description: input.description,
          metadata: { reference: input.reference },
          // The card element confirms card payments only; automatic methods could add redirect-based
          // ones the page cannot complete. (API 2026-10-28 renamed payment_method_types on create.)
          allowed_payment_method_types: ['card'],
        },
        { idempotencyKey: `pi-create-${input.reference}` },
      );
      // A replayed key answers with the intent as it was first created, not as it is now (it may have
      // been paid since): fetch the current state so the caller never sees a stale status.
      if (created.lastResponse.headers['idempotent-replayed'] === 'true') {
        const current = await retrieveIntent(created.id);
        if (current) return current;
      }
      return toPaymentIntent(created);
    },
    retrieveIntent,
    async cancelIntent(intentId: string) {
      try {
        await stripe.paymentIntents.cancel(intentId);
      } catch (error) {
        // Already canceled, or succeeded (Stripe cannot cancel a paid intent: the completion path decides
        // whether to keep or refund it), or processing: Stripe says payment_intent_unexpected_state.
        if (hasStripeErrorCode(error, 'payment_intent_unexpected_state')) return;
        throw error;
      }
    },
    async refundIntent(intentId: string, refund?: RefundOptions) {
      try {
        // No amount: Stripe refunds whatever of the charge is not yet refunded. With one, the refund's own key.
        await stripe.refunds.create(
          { payment_intent: intentId, ...(refund ? { amount: refund.amount } : {}) },
          { idempotencyKey: refund?.idempotencyKey ?? `refund-${intentId}` },
        );
      } catch (error) {
        if (hasStripeErrorCode(error, 'charge_already_refunded')) return;
        throw error;
      }
    },
  };
}

const WEBHOOK_EVENT_TYPES = ['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled'] as const;

type IntentEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

function isIntentEventType(type: string): type is IntentEventType {
  return WEBHOOK_EVENT_TYPES.some((known) => known === type);
}

const StripeEventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.unknown() }),
});

const EventIntentSchema = z.object({ id: z.string().min(1), object: z.literal('payment_intent') });

function firstLine(message: string): string {
  return message.split('\n')[0]?.trim() ?? message;
}

/**
 * Verifies Stripe's webhook signature (HMAC over `t.rawBody`, within Stripe's default 300 s tolerance)
 * and reduces the event to what completion needs.
 *
 * `_secretKeyForSdk` is accepted for call sites that have it, but verification is offline and needs
 * only the endpoint's signing secret (whsec_…): the SDK's webhook helper uses no API key.
 */
export function createStripeWebhookVerifier(webhookSecret: string, _secretKeyForSdk?: string): WebhookVerifier {
  if (webhookSecret.trim() === '') throw new Error('The Stripe webhook signing secret is empty');
  return {
    provider: 'stripe',
    verify(rawBody, headers) {
      const signature = headers['stripe-signature'];
      if (signature === undefined || signature === '') {
        throw new WebhookSignatureError('Missing Stripe-Signature header');
      }
      if (Array.isArray(signature)) throw new WebhookSignatureError('More than one Stripe-Signature header');

      let event: unknown;
      try {
        event = Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch (error) {
        // The SDK's messages run to several lines of advice; the first says what was wrong.
        const reason = error instanceof Error ? firstLine(error.message) : String(error);
        throw new WebhookSignatureError(`Stripe webhook rejected: ${reason}`);
      }

      const parsed = StripeEventSchema.safeParse(event);
      if (!parsed.success) throw new WebhookSignatureError('Stripe webhook rejected: the signed body is not a Stripe event');
      const { id, type, data } = parsed.data;
      if (!isIntentEventType(type)) return { id, type: 'other', intentId: null } satisfies WebhookEvent;

      const intent = EventIntentSchema.safeParse(data.object);
      if (!intent.success) {
        throw new WebhookSignatureError(`Stripe webhook rejected: ${type} event ${id} carries no PaymentIntent`);
      }
      return { id, type, intentId: intent.data.id } satisfies WebhookEvent;
    },
  };
}

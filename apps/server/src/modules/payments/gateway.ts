import type { Currency } from '@marquee/domain/money';

/** The providers Marquee talks to; also the `:provider` of their webhook route. */
export type PaymentProviderName = 'sandbox' | 'stripe' | 'instalments';

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled'
  | 'refunded';

/** A gateway's payment, as the rest of the server sees it (whatever the provider calls things). */
export interface PaymentIntent {
  /** The gateway's id for the payment. */
  intentId: string;
  /** Card gateways: what the card element confirms with. */
  clientSecret: string | null;
  /** Hosted gateways (instalments): where the buyer approves the payment. */
  redirectUrl: string | null;
  status: IntentStatus;
  /** Minor units, as the provider will charge them. */
  amount: number;
  currency: Currency;
  /** Our Booking ID the intent was made for (metadata at the provider). */
  reference: string | null;
  /** The provider's code for the last failed attempt (card_declined, insufficient_funds, …). */
  lastErrorCode: string | null;
}

export interface CreateIntentInput {
  /** Our order's Booking ID: also the idempotency key, so one order never has two intents. */
  reference: string;
  /** Minor units. */
  amount: number;
  currency: Currency;
  description: string;
  /** The names `reserveIntent` gave this intent, for gateways that name their intents themselves. */
  reserved?: ReservedIntent;
}

/** A refund of part or all of a payment (the console's refunds). */
export interface RefundOptions {
  /** Minor units. */
  amount: number;
  /** Stable across every retry of one refund: the provider refunds once per key. */
  idempotencyKey: string;
}

/** An intent's names, known before it is stored (the sandbox makes them itself). */
export interface ReservedIntent {
  intentId: string;
  clientSecret: string | null;
  redirectUrl: string | null;
}

/**
 * The payment gateway interface (ARCHITECTURE: Payments). Implementations: the sandbox card gateway
 * (embedded default), Stripe (when configured), the sandbox instalment provider, and a hosted-redirect
 * instalment provider (when configured; docs/payments-instalments-protocol.md).
 */
export interface PaymentGateway {
  readonly provider: PaymentProviderName;
  readonly kind: 'card' | 'instalments';
  /**
   * Names the intent for a reference without any I/O, so the order can be saved with them in the same
   * statement as its hold; `createIntent` with `reserved` then stores it. Only gateways that make their
   * own ids have it (the sandbox); a remote provider's ids come from `createIntent`.
   */
  reserveIntent?(reference: string): ReservedIntent;
  createIntent(input: CreateIntentInput): Promise<PaymentIntent>;
  retrieveIntent(intentId: string): Promise<PaymentIntent | null>;
  /** Cancels an intent that has not succeeded; a no-op for one already cancelled. */
  cancelIntent(intentId: string): Promise<void>;
  /**
   * Gives a succeeded payment's money back. Without `refund`: all of what is not yet refunded (a void or a full
   * refund), a no-op when already refunded. With it: `amount` minor units, deduplicated by the provider on
   * `idempotencyKey`, so a retried call refunds once (decisions/037). Instalment plans are refunded whole only.
   */
  refundIntent(intentId: string, refund?: RefundOptions): Promise<void>;
}

/** A provider's webhook event, verified and reduced to what completion needs. */
export interface WebhookEvent {
  /** The provider's event id: recorded once, so duplicates and retries change nothing. */
  id: string;
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.canceled' | 'other';
  /** The intent the event is about (null for other events). */
  intentId: string | null;
}

/** Thrown by a webhook verifier when the signature is missing, wrong or too old: answered 400. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** Checks a webhook's signature over the raw body (never a re-serialised one) and parses the event. */
export interface WebhookVerifier {
  readonly provider: PaymentProviderName;
  verify(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent;
}

import type { Currency } from '@marquee/domain/money';

/** What a gateway answers when asked to start a payment. */
export interface PaymentIntent {
  /** The gateway's id for the payment. */
  intentId: string;
  /** Card gateways: what the card element confirms with. */
  clientSecret: string | null;
  /** Hosted gateways (instalments): where the buyer approves the payment. */
  redirectUrl: string | null;
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
}

export interface CreateIntentInput {
  /** Our order's Booking ID: also the idempotency key, so one order never has two intents. */
  reference: string;
  /** Minor units. */
  amount: number;
  currency: Currency;
  description: string;
}

/**
 * The payment gateway interface (ARCHITECTURE: Payments). Implementations: the sandbox card gateway
 * (embedded default), Stripe (when configured) and the instalment provider.
 */
export interface PaymentGateway {
  readonly kind: 'card' | 'instalments';
  createIntent(input: CreateIntentInput): Promise<PaymentIntent>;
  retrieveIntent(intentId: string): Promise<PaymentIntent | null>;
  /** Cancels an intent that has not succeeded; a no-op for one already cancelled. */
  cancelIntent(intentId: string): Promise<void>;
}

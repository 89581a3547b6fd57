import type { StripeError } from '@stripe/stripe-js';
import { SESSION_EXPIRED_FAILURE, UNEXPECTED_FAILURE, type PaymentFailure } from './payment-failure';

/**
 * Spec 5 for Stripe's errors: card and validation errors show their own message; a cancelled intent (the
 * hold ended) shows the session-expired message; anything else the unexpected one.
 */
export function describeStripeError(error: StripeError): PaymentFailure {
  if ((error.type === 'card_error' || error.type === 'validation_error') && error.message) {
    return { kind: 'card', message: error.message };
  }
  if (error.code === 'payment_intent_unexpected_state' && error.payment_intent?.status === 'canceled') {
    return SESSION_EXPIRED_FAILURE;
  }
  return UNEXPECTED_FAILURE;
}

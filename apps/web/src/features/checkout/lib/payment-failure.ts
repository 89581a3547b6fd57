import { PAYMENT_MESSAGES } from '@marquee/domain/payments';

/**
 * Why a payment did not go through, as spec 5 words it: a card or validation error in its own words, a
 * cancelled intent (the hold ended, which no retry mends), or anything else.
 */
export interface PaymentFailure {
  kind: 'card' | 'session_expired' | 'unexpected';
  message: string;
}

export const UNEXPECTED_FAILURE: PaymentFailure = { kind: 'unexpected', message: PAYMENT_MESSAGES.unexpected };

export const SESSION_EXPIRED_FAILURE: PaymentFailure = {
  kind: 'session_expired',
  message: PAYMENT_MESSAGES.sessionExpired,
};

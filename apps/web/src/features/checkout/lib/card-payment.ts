import type { Currency } from '@marquee/domain/money';

/** What either card form (the sandbox's, or Stripe Elements) needs to take a card payment. */
export interface CardPaymentProps {
  /** The payment intent to confirm (the order's payment). */
  intentId: string;
  orderId: string;
  clientSecret: string;
  amount: number;
  currency: Currency;
  /** The buyer's name, e-mail: the test cards and the card's billing details are filled with them. */
  buyerName: string;
  buyerEmail: string;
  /** A new attempt begins: an earlier failure shown above the step no longer applies. */
  onAttempt: () => void;
  /** The hold ended while paying: start the checkout again. */
  onRestart: () => void;
}

import { z } from 'zod';

/**
 * Payments (issue 5): the card form's rules, the sandbox provider's calls, the booking statuses and
 * the messages of spec section 5. Shared by the web app (the card form) and the server (the sandbox
 * provider and the return address).
 */

/** Spec 5: what the buyer is told when a payment does not go through. */
export const PAYMENT_MESSAGES = {
  sessionExpired: 'Your session has been expired. Please refresh the page to continue.',
  unexpected: 'An unexpected error occurred.',
} as const;

/** The sandbox's well-known test cards (as Stripe's): what each does. Listed on the payment step in sandbox mode. */
export const SANDBOX_TEST_CARDS = [
  { number: '4242424242424242', outcome: 'succeeded', description: 'Payment succeeds' },
  { number: '4000000000000002', outcome: 'card_declined', description: 'Card declined' },
  { number: '4000000000009995', outcome: 'insufficient_funds', description: 'Insufficient funds' },
  { number: '4000000000000069', outcome: 'expired_card', description: 'Expired card' },
  { number: '4000002760003184', outcome: 'authentication_required', description: 'Needs authentication (3-D Secure)' },
] as const;
export type SandboxCardOutcome = (typeof SANDBOX_TEST_CARDS)[number]['outcome'];

/** Card errors' own messages (spec 5: "card and validation errors show their own message"). */
export const CARD_ERROR_MESSAGES = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_number: 'Your card number is incorrect.',
  invalid_expiry: "Your card's expiry date is invalid.",
  invalid_cvc: "Your card's security code is invalid.",
  authentication_failed: 'We could not authenticate your payment. Please try again or use another card.',
} as const;
export type CardErrorCode = keyof typeof CARD_ERROR_MESSAGES;

/** Digits only: spaces and hyphens the buyer typed are dropped. */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn check every card number passes. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "4242 4242 4242 4242": groups of four as the buyer types (at most 19 digits). */
export function formatCardNumber(input: string): string {
  return cardDigits(input)
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "MM / YY" → month and four-digit year; null when it is not a date. */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!match) return null;
  const month = Number(match[1]);
  const rawYear = Number(match[2]);
  const year = rawYear < 100 ? 2000 + rawYear : rawYear;
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is usable to the end of its expiry month. `now` is the buyer's (or server's) clock. */
export function isExpiryInFuture(expiry: { month: number; year: number }, now: Date): boolean {
  const endOfMonth = Date.UTC(expiry.year, expiry.month, 1);
  return endOfMonth > now.getTime() && expiry.year <= now.getUTCFullYear() + 20;
}

const CardholderNameSchema = z
  .string()
  .trim()
  .min(2, 'Enter the name on the card.')
  .max(80, 'The name on the card is too long.');

/** The sandbox card form, checked as the buyer types and again by the sandbox provider. */
export const CardDetailsSchema = z.object({
  number: z.string().transform(cardDigits).refine(isLuhnValid, CARD_ERROR_MESSAGES.incorrect_number),
  exp_month: z.number().int().min(1, CARD_ERROR_MESSAGES.invalid_expiry).max(12, CARD_ERROR_MESSAGES.invalid_expiry),
  exp_year: z
    .number()
    .int()
    .min(2000, CARD_ERROR_MESSAGES.invalid_expiry)
    .max(2100, CARD_ERROR_MESSAGES.invalid_expiry),
  cvc: z.string().regex(/^\d{3,4}$/, CARD_ERROR_MESSAGES.invalid_cvc),
  name: CardholderNameSchema,
});
export type CardDetails = z.infer<typeof CardDetailsSchema>;

/** POST /api/sandbox/payment_intents/{intent_id}/confirm: what the card element sends to the sandbox provider. */
export const SandboxConfirmRequestSchema = z.object({
  client_secret: z.string().min(10).max(200),
  card: CardDetailsSchema,
});
export type SandboxConfirmRequest = z.input<typeof SandboxConfirmRequestSchema>;

/**
 * The sandbox provider's answer (its shape follows Stripe's confirmCardPayment): the intent's status,
 * a card error with its own message, or the next action (a 3-D Secure challenge page to visit).
 */
export const SandboxConfirmResponseSchema = z.object({
  status: z.enum(['succeeded', 'requires_action', 'requires_payment_method', 'canceled', 'processing']),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  next_action: z.object({ redirect_url: z.string() }).nullable(),
  /** Where the buyer goes next once the payment is settled: the return address. */
  return_url: z.string(),
});
export type SandboxConfirmResponse = z.infer<typeof SandboxConfirmResponseSchema>;

export { PaymentsConfigSchema, type PaymentsConfig } from './payments-config.schema';

/** The spec's return address: `/api/bookings/status?orderId={tempOrderId}`. */
export function bookingReturnPath(orderId: string): string {
  return `/api/bookings/status?orderId=${encodeURIComponent(orderId)}`;
}

/** Why a payment came back unpaid, as the return address tells the checkout (`?payment_error=`). */
export const PAYMENT_ERROR_CODES = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'authentication_failed',
  'instalments_declined',
  'session_expired',
  'sold_out',
  'unexpected',
] as const;
export type PaymentErrorCode = (typeof PAYMENT_ERROR_CODES)[number];

export const PAYMENT_ERROR_MESSAGES: Record<PaymentErrorCode, string> = {
  card_declined: CARD_ERROR_MESSAGES.card_declined,
  insufficient_funds: CARD_ERROR_MESSAGES.insufficient_funds,
  expired_card: CARD_ERROR_MESSAGES.expired_card,
  authentication_failed: CARD_ERROR_MESSAGES.authentication_failed,
  instalments_declined: 'The instalment plan was not approved. Choose another way to pay.',
  session_expired: PAYMENT_MESSAGES.sessionExpired,
  sold_out:
    'Your payment arrived after your hold ended and the tickets went to someone else. Your payment has been refunded.',
  unexpected: PAYMENT_MESSAGES.unexpected,
};

/** A paid order that failed because its promo code's limits were spent by payments that completed first (decisions/031). */
export const PROMO_LIMIT_REFUNDED_MESSAGE =
  'The promo code on this booking was fully redeemed by other bookings, already used with your e-mail address, or withdrawn by the organiser before your payment completed. No tickets were issued, and any payment has been refunded in full.';

/** A ticket of a paid order, as the confirmation page lists it. */
export const IssuedTicketSchema = z.object({
  code: z.string(),
  package_name: z.string(),
  seat_id: z.string().nullable(),
});
export type IssuedTicket = z.infer<typeof IssuedTicketSchema>;

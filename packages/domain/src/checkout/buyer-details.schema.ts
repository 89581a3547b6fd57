import { z } from 'zod';

/** Spec section 5's messages, word for word. */
export const BUYER_MESSAGES = {
  email: 'Email is invalid',
  phone: 'Phone no is invalid',
  firstName: 'First name is invalid',
  lastName: 'Last name is invalid',
  nic: 'NIC is invalid',
  promoCode: 'The promo code must be at least 3 characters',
  promoOnePackage: 'Please select tickets from one ticket package for enjoy promotions.',
  terms: 'In order to proceed, you should agree to T & C by clicking the above box.',
} as const;

/** A standard e-mail shape (local@domain.tld), checked after trimming and lower-casing. */
export const EMAIL_PATTERN =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
/**
 * Optional plus, 3 digits, 3 digits, then 4 to 6 digits (10-12 digits in all), with optional
 * separators (space, dot, hyphen). Separators may fall anywhere, so that numbers written the way
 * each country groups them pass: 077 123 4567, +94 77 123 4567, +65 9123 4567, +61 412 345 678.
 */
export const PHONE_PATTERN = /^\+?(?:\d[\s.-]?){9,11}\d$/;
/**
 * Letters (of any script, with their combining marks, so that Sinhala, Tamil and Chinese names
 * pass), space, comma, period, apostrophe or hyphen; at least 4 characters (spec 5 and 9).
 */
export const NAME_PATTERN = /^[\p{L}\p{M} ,.'-]{4,}$/u;
/** Old NIC (9 digits + x/v), new NIC (12 digits), 3-20 alphanumerics, or a passport-like form; or the default n/a. */
export const NIC_PATTERN = /^(?:\d{9}[xXvV]|\d{12}|[A-Za-z0-9]{3,20}|[A-Za-z]{1,2}\d{6,9}|n\/a)$/;

export const NIC_DEFAULT = 'n/a';
export const PROMO_CODE_MIN_LENGTH = 3;
export const PROMO_CODE_MAX_LENGTH = 40;
const NAME_MAX_LENGTH = 60;
export const EMAIL_MAX_LENGTH = 254;

export const EmailSchema = z
  .string({ error: BUYER_MESSAGES.email })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, BUYER_MESSAGES.email)
  .regex(EMAIL_PATTERN, BUYER_MESSAGES.email);

export const PhoneSchema = z.string({ error: BUYER_MESSAGES.phone }).trim().regex(PHONE_PATTERN, BUYER_MESSAGES.phone);

function nameSchema(message: string) {
  return z.string({ error: message }).trim().max(NAME_MAX_LENGTH, message).regex(NAME_PATTERN, message);
}

export const PromoCodeSchema = z
  .string()
  .trim()
  .min(PROMO_CODE_MIN_LENGTH, BUYER_MESSAGES.promoCode)
  .max(PROMO_CODE_MAX_LENGTH, `The promo code must be at most ${PROMO_CODE_MAX_LENGTH} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'The promo code may contain letters, digits, hyphens and underscores only');

/** Spec 3 Buyer details (the checkout form's step 1), one schema for the web form and the server. */
export const BuyerDetailsSchema = z.object({
  first_name: nameSchema(BUYER_MESSAGES.firstName),
  last_name: nameSchema(BUYER_MESSAGES.lastName),
  email: EmailSchema,
  phone: PhoneSchema,
  /** Defaults to n/a and is only asked for when the event asks for an ID. */
  nic: z.string({ error: BUYER_MESSAGES.nic }).trim().regex(NIC_PATTERN, BUYER_MESSAGES.nic).default(NIC_DEFAULT),
});
export type BuyerDetails = z.infer<typeof BuyerDetailsSchema>;
export type BuyerDetailsInput = z.input<typeof BuyerDetailsSchema>;

/** The terms checkbox (spec 5): required. */
export const TermsAgreedSchema = z.literal(true, { error: BUYER_MESSAGES.terms });

/** Field-by-field messages for the form, keyed like BuyerDetails; empty when every field is valid. */
export function buyerFieldErrors(
  input: Partial<Record<keyof BuyerDetails, string>>,
): Partial<Record<keyof BuyerDetails, string>> {
  const result = BuyerDetailsSchema.safeParse(input);
  if (result.success) return {};
  const errors: Partial<Record<keyof BuyerDetails, string>> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if (key === 'first_name' || key === 'last_name' || key === 'email' || key === 'phone' || key === 'nic') {
      errors[key] ??= issue.message;
    }
  }
  return errors;
}

/** Spec 5: Continue needs e-mail, phone, first and last name non-empty and valid. */
export function canContinueFromDetails(input: Partial<Record<keyof BuyerDetails, string>>): boolean {
  const required = [input.email, input.phone, input.first_name, input.last_name];
  return required.every((value) => (value ?? '').trim() !== '') && Object.keys(buyerFieldErrors(input)).length === 0;
}

/** Spec 5: the reasons Proceed to pay is disabled, in the order a buyer should fix them; empty when it is enabled. */
export function proceedToPayBlockers(state: {
  isProcessing: boolean;
  hasFieldErrors: boolean;
  isTermsAgreed: boolean;
  hasPaymentSecret: boolean;
}): ('processing' | 'field_errors' | 'terms' | 'payment_started')[] {
  const blockers: ('processing' | 'field_errors' | 'terms' | 'payment_started')[] = [];
  if (state.isProcessing) blockers.push('processing');
  if (state.hasFieldErrors) blockers.push('field_errors');
  if (!state.isTermsAgreed) blockers.push('terms');
  if (state.hasPaymentSecret) blockers.push('payment_started');
  return blockers;
}

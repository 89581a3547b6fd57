import {
  CARD_ERROR_MESSAGES,
  CardDetailsSchema,
  cardDigits,
  formatCardNumber,
  isExpiryInFuture,
  isLuhnValid,
  parseExpiry,
  type CardDetails,
} from '@marquee/domain/payments';

/** The sandbox card form's fields as the buyer typed them. */
export interface CardFormValues {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}
export type CardField = keyof CardFormValues;
export const CARD_FIELDS: readonly CardField[] = ['number', 'expiry', 'cvc', 'name'];

export const EMPTY_CARD_FORM: CardFormValues = { number: '', expiry: '', cvc: '', name: '' };

/** "MM / YY" as the buyer types: digits only, a month 2–9 gets its leading zero, the slash comes by itself. */
export function formatExpiryInput(input: string): string {
  let digits = input.replace(/\D/g, '').slice(0, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export function formatCvcInput(input: string): string {
  return input.replace(/\D/g, '').slice(0, 4);
}

/** The value a field takes when the buyer types `input` into it. */
export function formatCardField(field: CardField, input: string): string {
  if (field === 'number') return formatCardNumber(input);
  if (field === 'expiry') return formatExpiryInput(input);
  if (field === 'cvc') return formatCvcInput(input);
  return input;
}

/**
 * Whether the buyer has typed all a field takes, so its error may show before it is left: 16 digits of a
 * card number (shorter numbers are checked on leaving), four digits of an expiry. CVC and name wait for blur.
 */
export function isCardFieldComplete(field: CardField, value: string): boolean {
  if (field === 'number') return cardDigits(value).length >= 16;
  if (field === 'expiry') return value.replace(/\D/g, '').length === 4;
  return false;
}

/** A field's message (the card errors' own wording), or null when it is fine. */
export function cardFieldError(field: CardField, values: CardFormValues, now: Date): string | null {
  switch (field) {
    case 'number':
      return isLuhnValid(cardDigits(values.number)) ? null : CARD_ERROR_MESSAGES.incorrect_number;
    case 'expiry': {
      const expiry = parseExpiry(values.expiry);
      return expiry && isExpiryInFuture(expiry, now) ? null : CARD_ERROR_MESSAGES.invalid_expiry;
    }
    case 'cvc':
      return CardDetailsSchema.shape.cvc.safeParse(values.cvc).success ? null : CARD_ERROR_MESSAGES.invalid_cvc;
    case 'name': {
      const result = CardDetailsSchema.shape.name.safeParse(values.name);
      return result.success ? null : (result.error.issues[0]?.message ?? 'Enter the name on the card.');
    }
  }
}

/** The final check before paying: the domain's CardDetailsSchema, plus an expiry that has not passed. */
export function parseCardForm(
  values: CardFormValues,
  now: Date,
): { ok: true; card: CardDetails } | { ok: false; errors: Partial<Record<CardField, string>> } {
  const errors: Partial<Record<CardField, string>> = {};
  for (const field of CARD_FIELDS) {
    const message = cardFieldError(field, values, now);
    if (message) errors[field] = message;
  }
  const expiry = parseExpiry(values.expiry);
  const parsed = CardDetailsSchema.safeParse({
    number: values.number,
    exp_month: expiry?.month ?? 0,
    exp_year: expiry?.year ?? 0,
    cvc: values.cvc,
    name: values.name,
  });
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, card: parsed.data };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      const field: CardField | null =
        key === 'number' || key === 'cvc' || key === 'name' ? key : key === 'exp_month' || key === 'exp_year' ? 'expiry' : null;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  return { ok: false, errors };
}

/** A 422's field names (card.number, card.exp_month…) mapped to the form's fields. */
export function cardFieldOfServerError(name: string): CardField | null {
  const key = name.startsWith('card.') ? name.slice('card.'.length) : name;
  if (key === 'number' || key === 'cvc' || key === 'name') return key;
  if (key === 'exp_month' || key === 'exp_year') return 'expiry';
  return null;
}

/** A sandbox test card filled in: any expiry in the future (December, three years on), CVC 123, the buyer's name. */
export function testCardValues(number: string, name: string, now: Date): CardFormValues {
  const year = (now.getFullYear() + 3) % 100;
  return {
    number: formatCardNumber(number),
    expiry: `12 / ${String(year).padStart(2, '0')}`,
    cvc: '123',
    name,
  };
}

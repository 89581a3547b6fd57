import { describe, expect, it } from 'vitest';
import { CARD_ERROR_MESSAGES } from '@marquee/domain/payments';
import { cardFieldOfServerError, formatExpiryInput, parseCardForm, testCardValues } from './card-form';

const NOW = new Date('2026-05-15T10:00:00Z');

describe('card form', () => {
  it('writes the expiry as MM / YY as it is typed', () => {
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('4')).toBe('04');
    expect(formatExpiryInput('12')).toBe('12');
    expect(formatExpiryInput('122')).toBe('12 / 2');
    expect(formatExpiryInput('12 / 29')).toBe('12 / 29');
    expect(formatExpiryInput('12/2945')).toBe('12 / 29');
  });

  it('parses a good card into the digits and numbers the sandbox takes', () => {
    expect(parseCardForm({ number: '4242 4242 4242 4242', expiry: '05 / 26', cvc: '123', name: ' Nimal ' }, NOW)).toEqual({
      ok: true,
      card: { number: '4242424242424242', exp_month: 5, exp_year: 2026, cvc: '123', name: 'Nimal' },
    });
  });

  it("names each bad field with the card errors' messages", () => {
    expect(parseCardForm({ number: '4242 4242 4242 4241', expiry: '04 / 26', cvc: '12', name: '' }, NOW)).toEqual({
      ok: false,
      errors: {
        number: CARD_ERROR_MESSAGES.incorrect_number,
        expiry: CARD_ERROR_MESSAGES.invalid_expiry,
        cvc: CARD_ERROR_MESSAGES.invalid_cvc,
        name: 'Enter the name on the card.',
      },
    });
  });

  it('fills a test card with an expiry three years on', () => {
    expect(testCardValues('4000000000000002', 'Nimal Perera', NOW)).toEqual({
      number: '4000 0000 0000 0002',
      expiry: '12 / 29',
      cvc: '123',
      name: 'Nimal Perera',
    });
  });

  it("maps the sandbox's field names to the form's", () => {
    expect(cardFieldOfServerError('card.number')).toBe('number');
    expect(cardFieldOfServerError('card.exp_year')).toBe('expiry');
    expect(cardFieldOfServerError('client_secret')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@marquee/domain/accounts-session';
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@marquee/domain/errors';
import { CaptchaError } from '../../../components/captcha/captcha-controller';
import { ApiError } from '../../../lib/api-client';
import { errorToScreen, NETWORK_MESSAGE, PROMO_NETWORK_MESSAGE, PROMO_REFUSED_MESSAGE } from './error-to-screen';

/** The API's answer with this code, its status from the domain (the screen must not depend on it). */
function apiError(code: ErrorCode, message = `Refused: ${code}.`, extra: Record<string, unknown> = {}): ApiError {
  const body: ErrorBody = Object.assign({ code, message }, extra);
  return new ApiError(ERROR_STATUS[code], body);
}

const notSaved = (message: string) => ({ variant: 'error', title: 'Your order was not saved', message });
const NETWORK_FAILURE = new TypeError('Failed to fetch');

describe('errorToScreen: saving the order (POST /api/orders)', () => {
  it('no answer: Try again, keeping the Idempotency-Key', () => {
    expect(errorToScreen(NETWORK_FAILURE, 'save_order')).toEqual({
      kind: 'retry',
      problem: { kind: 'network' },
      refreshesEvent: false,
    });
  });

  it('a human check that could not be solved: nothing was sent, Try again says so', () => {
    expect(errorToScreen(new CaptchaError(), 'save_order')).toEqual({
      kind: 'retry',
      problem: { kind: 'messages', messages: [ACCOUNT_MESSAGES.captchaFailed] },
      refreshesEvent: false,
    });
  });

  it.each(['rate_limited', 'internal_error', 'service_unavailable', 'order_in_progress'] as const)(
    '%s: Try again with its message, keeping the Idempotency-Key',
    (code) => {
      expect(errorToScreen(apiError(code, 'Please wait.'), 'save_order')).toEqual({
        kind: 'retry',
        problem: { kind: 'messages', messages: ['Please wait.'] },
        refreshesEvent: false,
      });
    },
  );

  it('seats_taken: the taken seats, for the notice and the selection; the event is reloaded', () => {
    const error = apiError('seats_taken', 'Some seats were just taken.', {
      taken_seats: ['A-1-2'],
      sold_out_packages: [],
    });
    expect(errorToScreen(error, 'save_order')).toEqual({
      kind: 'unavailable',
      takenSeats: ['A-1-2'],
      soldOutPackages: [],
      refreshesEvent: true,
    });
  });

  it('sold_out: the sold-out packages, for the notice and the selection; the event is reloaded', () => {
    const error = apiError('sold_out', 'Sold out.', { sold_out_packages: [2] });
    expect(errorToScreen(error, 'save_order')).toEqual({
      kind: 'unavailable',
      takenSeats: [],
      soldOutPackages: [2],
      refreshesEvent: true,
    });
  });

  it('seats_taken or sold_out naming nothing: its message in a popup, the event reloaded', () => {
    expect(errorToScreen(apiError('seats_taken', 'Taken.'), 'save_order')).toEqual({
      kind: 'popups',
      popups: [notSaved('Taken.')],
      refreshesEvent: true,
    });
    expect(errorToScreen(apiError('sold_out', 'Gone.', { sold_out_packages: 'x' }), 'save_order')).toEqual({
      kind: 'popups',
      popups: [notSaved('Gone.')],
      refreshesEvent: true,
    });
  });

  it.each(['not_on_sale', 'prices_changed', 'order_paid', 'conflict'] as const)(
    '%s: its message in a popup (not each field), and the event is reloaded',
    (code) => {
      const error = apiError(code, 'The event changed.', { errors: { 'lines.0': ['Gold now costs LKR 3,000.00.'] } });
      expect(errorToScreen(error, 'save_order')).toEqual({
        kind: 'popups',
        popups: [notSaved('The event changed.')],
        refreshesEvent: true,
      });
    },
  );

  it("validation_failed: the buyer's errors beside their fields, the promo code's on the code, the rest in step 2", () => {
    const error = apiError('validation_failed', 'Invalid input.', {
      errors: {
        'buyer.email': ['Enter a valid e-mail.', 'Second message.'],
        'buyer.phone': ['Enter a valid phone number.'],
        'buyer.unknown': ['Not a buyer field.'],
        promo_code: ['This promo code has expired.'],
        terms_agreed: ['Agree to the terms.'],
      },
    });
    expect(errorToScreen(error, 'save_order')).toEqual({
      kind: 'fields',
      buyer: [
        { field: 'email', message: 'Enter a valid e-mail.' },
        { field: 'phone', message: 'Enter a valid phone number.' },
      ],
      promoCode: 'This promo code has expired.',
      problems: ['Not a buyer field.', 'Agree to the terms.'],
      refreshesEvent: false,
    });
  });

  it('validation_failed naming only known fields: nothing more in step 2', () => {
    const error = apiError('validation_failed', 'Invalid input.', { errors: { 'buyer.first_name': [] } });
    expect(errorToScreen(error, 'save_order')).toEqual({
      kind: 'fields',
      buyer: [{ field: 'first_name', message: 'Invalid input.' }],
      promoCode: null,
      problems: [],
      refreshesEvent: false,
    });
  });

  it('idempotency_key_reused naming no field: its message in step 2, for a new try', () => {
    expect(errorToScreen(apiError('idempotency_key_reused', 'Used before.'), 'save_order')).toEqual({
      kind: 'fields',
      buyer: [],
      promoCode: null,
      problems: ['Used before.'],
      refreshesEvent: false,
    });
  });

  it('promo_one_package: on the promo code', () => {
    const error = apiError('promo_one_package', 'One package.', { errors: { promo_code: ['One package.'] } });
    expect(errorToScreen(error, 'save_order')).toMatchObject({
      kind: 'fields',
      promoCode: 'One package.',
      problems: [],
    });
  });

  it('not_found: the event is out of date; each message in a popup and the event reloaded', () => {
    expect(errorToScreen(apiError('not_found', 'No such event.'), 'save_order')).toEqual({
      kind: 'popups',
      popups: [notSaved('No such event.')],
      refreshesEvent: true,
    });
  });

  it.each(['captcha_failed', 'csrf_failed', 'promo_refused', 'bad_request', 'forbidden'] as const)(
    '%s: each message in a popup, the event left as it is',
    (code) => {
      expect(errorToScreen(apiError(code, 'Refused.'), 'save_order')).toEqual({
        kind: 'popups',
        popups: [notSaved('Refused.')],
        refreshesEvent: false,
      });
    },
  );

  it("hold_limit_reached: the buyer's limit in words, in an info popup; the event is not reloaded", () => {
    const message =
      'You let these tickets go a moment ago. To give other buyers a fair chance, you can hold them again in about 3 minutes.';
    const error = apiError('hold_limit_reached', message, { hold_limit: 'cooldown', retry_after_seconds: 170 });
    expect(errorToScreen(error, 'save_order')).toEqual({
      kind: 'popups',
      popups: [{ variant: 'info', title: 'Ticket limit reached', message }],
      refreshesEvent: false,
    });
  });

  it('a popup per field message when the refusal lists them', () => {
    const error = apiError('promo_refused', 'Refused.', { errors: { promo_code: ['Expired.', 'Used up.'] } });
    expect(errorToScreen(error, 'save_order')).toMatchObject({ popups: [notSaved('Expired.'), notSaved('Used up.')] });
  });

  it('switches on the code, not the status: a 409 that is not a conflict code is not reloaded', () => {
    const error = new ApiError(409, { code: 'csrf_failed', message: 'Refused.' });
    expect(errorToScreen(error, 'save_order')).toMatchObject({ kind: 'popups', refreshesEvent: false });
  });
});

describe('errorToScreen: checking a promo code', () => {
  it('promo_refused: each message as an info popup, the code marked refused with the same words', () => {
    const error = apiError('promo_refused', 'Refused.', { errors: { promo_code: ['Expired.', 'Not for these.'] } });
    expect(errorToScreen(error, 'check_promo')).toEqual({
      promoError: 'Expired.',
      popups: [
        { variant: 'info', title: 'Promo code', message: 'Expired.' },
        { variant: 'info', title: 'Promo code', message: 'Not for these.' },
      ],
    });
  });

  it('a refusal naming the code (too short, tickets from two packages): the field says what the popup says', () => {
    const error = apiError('validation_failed', 'Invalid.', { errors: { promo_code: ['At least 3 characters.'] } });
    expect(errorToScreen(error, 'check_promo')).toEqual({
      promoError: 'At least 3 characters.',
      popups: [{ variant: 'error', title: 'Promo code', message: 'At least 3 characters.' }],
    });
  });

  it.each(['promo_one_package', 'validation_failed', 'service_unavailable', 'bad_request'] as const)(
    '%s without a word on the code: an error popup, the field saying it could not be checked',
    (code) => {
      expect(errorToScreen(apiError(code, 'Trouble.'), 'check_promo')).toEqual({
        promoError: PROMO_REFUSED_MESSAGE,
        popups: [{ variant: 'error', title: 'Promo code', message: 'Trouble.' }],
      });
    },
  );

  it('no answer: an error popup saying so', () => {
    expect(errorToScreen(NETWORK_FAILURE, 'check_promo')).toEqual({
      promoError: PROMO_REFUSED_MESSAGE,
      popups: [{ variant: 'error', title: 'Promo code', message: PROMO_NETWORK_MESSAGE }],
    });
  });
});

describe('errorToScreen: cancelling the order', () => {
  it('not_found: the order is gone already, as good as cancelled', () => {
    expect(errorToScreen(apiError('not_found'), 'cancel_order')).toEqual({ kind: 'cancelled' });
  });

  it.each([
    ['order_paid', apiError('order_paid', 'Paid already.'), 'Paid already.'],
    ['rate_limited', apiError('rate_limited', 'Please wait.'), 'Please wait.'],
    ['no answer', NETWORK_FAILURE, NETWORK_MESSAGE],
  ])('%s: the hold stays, a popup says why', (_name, error, message) => {
    expect(errorToScreen(error, 'cancel_order')).toEqual({
      kind: 'popups',
      popups: [{ variant: 'error', title: 'Not cancelled', message }],
    });
  });
});

describe('errorToScreen: resuming the order this tab saved', () => {
  it.each([
    ['no answer', NETWORK_FAILURE],
    ['rate_limited', apiError('rate_limited')],
    ['internal_error', apiError('internal_error')],
    ['service_unavailable', apiError('service_unavailable')],
  ])('%s: Try again', (_name, error) => {
    expect(errorToScreen(error, 'resume_order')).toEqual({ kind: 'retry' });
  });

  it.each(['not_found', 'forbidden', 'sign_in_required'] as const)('%s: the checkout starts over', (code) => {
    expect(errorToScreen(apiError(code), 'resume_order')).toEqual({ kind: 'start_over' });
  });
});

describe('errorToScreen: best available (issue 24)', () => {
  it('saving: no seats together is its own screen, with the message, and the event reloads', () => {
    expect(errorToScreen(apiError('no_seats_together', 'No 4 seats together in Gold.'), 'save_order')).toEqual({
      kind: 'no_seats_together',
      message: 'No 4 seats together in Gold.',
      refreshesEvent: true,
    });
  });

  it('trying other seats: each refusal says the seats are kept; no tries left is final', () => {
    expect(errorToScreen(apiError('retries_used', 'No tries left.'), 'retry_best_available')).toEqual({
      message: 'No tries left. You keep the seats you have.',
      isFinal: true,
    });
    expect(errorToScreen(apiError('no_seats_together', 'Nothing else is free.'), 'retry_best_available')).toEqual({
      message: 'Nothing else is free. You keep the seats you have.',
      isFinal: false,
    });
    expect(errorToScreen(NETWORK_FAILURE, 'retry_best_available')).toEqual({
      message: 'We could not reach Marquee. You keep the seats you have. Check your connection and try again.',
      isFinal: false,
    });
  });
});

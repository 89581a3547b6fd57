import { describe, expect, it } from 'vitest';
import type { Selection } from '@marquee/domain/selection';
import { makeCreatedOrder } from '../../../test/make-order';
import {
  canOpenStep,
  checkoutReducer,
  couponFor,
  holdOf,
  initialCheckoutState,
  type CheckoutAction,
  type CheckoutPhase,
  type CheckoutState,
  type Hold,
} from './checkout-state';

const HOLD: Hold = {
  order: makeCreatedOrder(),
  access: { orderId: 'MQ7K3F9X2QHD', accessToken: 'token-123' },
  deadline: 1_000_000,
};
const SELECTION: Selection = { packages: { '1': 2 }, seats: [] };
const COUPON = { code: 'SAVE10', discount: 50000, totalDue: 465000 };

const editing = initialCheckoutState({ hasStoredOrder: false, gatewayId: 1, paymentError: null });

/** The state with another phase (and anything else overridden). */
function at(phase: CheckoutPhase, overrides: Partial<CheckoutState> = {}): CheckoutState {
  return { ...editing, phase, ...overrides };
}

function run(state: CheckoutState, ...actions: CheckoutAction[]): CheckoutState {
  return actions.reduce(checkoutReducer, state);
}

const PHASES: Record<CheckoutPhase['name'], CheckoutPhase> = {
  resuming: { name: 'resuming', hasFailed: false },
  editing: { name: 'editing', problem: null, unavailable: null },
  saving: { name: 'saving' },
  held: { name: 'held', hold: HOLD },
  cancelling: { name: 'cancelling', hold: HOLD },
  expired: { name: 'expired', hold: HOLD },
};

describe('initialCheckoutState', () => {
  it('starts editing at step 1, the first gateway chosen, nothing agreed', () => {
    expect(editing).toEqual({
      phase: { name: 'editing', problem: null, unavailable: null },
      openStep: 1,
      focusRequest: null,
      hasCompletedDetails: false,
      coupon: null,
      promoError: null,
      isTermsAgreed: false,
      gatewayId: 1,
      paymentNotice: null,
    });
  });

  it('starts resuming when this tab saved an order for the event', () => {
    expect(initialCheckoutState({ hasStoredOrder: true, gatewayId: 1, paymentError: null }).phase).toEqual({
      name: 'resuming',
      hasFailed: false,
    });
  });

  it("places the return address's payment error: undecided while an order may resume, else at the top", () => {
    const notice = (hasStoredOrder: boolean, paymentError: 'card_declined' | 'session_expired') =>
      initialCheckoutState({ hasStoredOrder, gatewayId: 1, paymentError }).paymentNotice;
    expect(notice(true, 'card_declined')).toEqual({ code: 'card_declined', placement: 'undecided' });
    expect(notice(false, 'card_declined')).toEqual({ code: 'card_declined', placement: 'page' });
    expect(notice(true, 'session_expired')).toEqual({ code: 'session_expired', placement: 'page' });
  });
});

describe('checkoutReducer: resuming', () => {
  const resuming = initialCheckoutState({ hasStoredOrder: true, gatewayId: 1, paymentError: 'card_declined' });

  it('a pending order resumes held at step 3, its payment error told in step 3, focus left on the heading', () => {
    const next = run(resuming, { type: 'resumed', hold: HOLD });
    expect(next.phase).toEqual({ name: 'held', hold: HOLD });
    expect(next.openStep).toBe(3);
    expect(next.focusRequest).toBeNull();
    expect(next.hasCompletedDetails).toBe(true);
    expect(next.paymentNotice).toEqual({ code: 'card_declined', placement: 'payment' });
  });

  it('an order that is over starts the checkout over, its payment error at the top', () => {
    const next = run(resuming, { type: 'resume_ended' });
    expect(next.phase).toEqual(PHASES.editing);
    expect(next.openStep).toBe(1);
    expect(next.paymentNotice).toEqual({ code: 'card_declined', placement: 'page' });
  });

  it('no answer offers Try again, which asks again', () => {
    const failed = run(resuming, { type: 'resume_failed' });
    expect(failed.phase).toEqual({ name: 'resuming', hasFailed: true });
    expect(run(failed, { type: 'resume_retried' }).phase).toEqual({ name: 'resuming', hasFailed: false });
  });

  it('ignores answers that come while Try again is shown, and a retry while asking', () => {
    const failed = run(resuming, { type: 'resume_failed' });
    expect(run(failed, { type: 'resumed', hold: HOLD })).toBe(failed);
    expect(run(failed, { type: 'resume_ended' })).toBe(failed);
    expect(run(resuming, { type: 'resume_retried' })).toBe(resuming);
  });

  it('ignores the steps until the order is known', () => {
    expect(run(resuming, { type: 'step_toggled', step: 2 })).toBe(resuming);
    expect(run(resuming, { type: 'details_completed' })).toBe(resuming);
    expect(run(resuming, { type: 'save_started' })).toBe(resuming);
  });
});

describe('checkoutReducer: editing', () => {
  it('Continue completes the details and opens and focuses the order summary', () => {
    const next = run(editing, { type: 'details_completed' });
    expect(next.hasCompletedDetails).toBe(true);
    expect(next.openStep).toBe(2);
    expect(next.focusRequest).toEqual({ step: 2 });
  });

  it('asks for focus anew each time, so a second request for the same step focuses it again', () => {
    const once = run(editing, { type: 'details_invalid' });
    const twice = run(once, { type: 'details_invalid' });
    expect(twice.focusRequest).toEqual({ step: 1 });
    expect(twice.focusRequest).not.toBe(once.focusRequest);
  });

  it('a step toggles open and closed', () => {
    const opened = run(editing, { type: 'step_toggled', step: 2 });
    expect(opened.openStep).toBe(2);
    expect(run(opened, { type: 'step_toggled', step: 2 }).openStep).toBeNull();
  });

  it('keeps the terms, the gateway and the coupon', () => {
    const next = run(
      editing,
      { type: 'terms_changed', isAgreed: true },
      { type: 'gateway_changed', gatewayId: 2 },
      { type: 'promo_refused', message: 'No.' },
      { type: 'promo_applied', coupon: COUPON, selection: SELECTION },
    );
    expect(next.isTermsAgreed).toBe(true);
    expect(next.gatewayId).toBe(2);
    expect(next.promoError).toBeNull();
    expect(couponFor(next, SELECTION)).toEqual(COUPON);
    expect(run(next, { type: 'promo_removed' })).toMatchObject({ coupon: null, promoError: null });
  });

  it('a coupon belongs to the selection it was checked for', () => {
    const next = run(editing, { type: 'promo_applied', coupon: COUPON, selection: SELECTION });
    expect(couponFor(next, { packages: { '1': 2 }, seats: [] })).toBeNull();
  });

  it('Proceed starts saving and drops what the last try and the return address said', () => {
    const before = at(
      { name: 'editing', problem: { kind: 'network' }, unavailable: { takenSeats: ['A-1'], soldOutPackages: [] } },
      { paymentNotice: { code: 'card_declined', placement: 'page' } },
    );
    const next = run(before, { type: 'save_started' });
    expect(next.phase).toEqual({ name: 'saving' });
    expect(next.paymentNotice).toBeNull();
  });
});

describe('checkoutReducer: saving', () => {
  const saving = run(editing, { type: 'details_completed' }, { type: 'save_started' });

  it('a saved order is held: step 3 opened and focused', () => {
    const next = run(saving, { type: 'saved', hold: HOLD });
    expect(next.phase).toEqual({ name: 'held', hold: HOLD });
    expect(next.openStep).toBe(3);
    expect(next.focusRequest).toEqual({ step: 3 });
    expect(holdOf(next)).toBe(HOLD);
  });

  it('a second Proceed while saving changes nothing', () => {
    expect(run(saving, { type: 'save_started' })).toBe(saving);
    expect(run(saving, { type: 'details_invalid' })).toBe(saving);
  });

  it('a retryable failure goes back to editing with the problem and Try again', () => {
    const next = run(saving, {
      type: 'save_failed',
      screen: { kind: 'retry', problem: { kind: 'network' }, refreshesEvent: false },
    });
    expect(next.phase).toEqual({ name: 'editing', problem: { kind: 'network' }, unavailable: null });
    expect(next.openStep).toBe(2);
  });

  it('tickets someone else got are kept for the notice', () => {
    const next = run(saving, {
      type: 'save_failed',
      screen: { kind: 'unavailable', takenSeats: ['A-1-2'], soldOutPackages: [2], refreshesEvent: true },
    });
    expect(next.phase).toEqual({
      name: 'editing',
      problem: null,
      unavailable: { takenSeats: ['A-1-2'], soldOutPackages: [2] },
    });
  });

  it('popups leave nothing on the page: they say it', () => {
    const next = run(saving, {
      type: 'save_failed',
      screen: { kind: 'popups', popups: [{ variant: 'error', message: 'No.' }], refreshesEvent: true },
    });
    expect(next.phase).toEqual(PHASES.editing);
  });

  it("the buyer's field errors go back to step 1, focused; the promo code's drop the coupon", () => {
    const withCoupon = run(
      editing,
      { type: 'promo_applied', coupon: COUPON, selection: SELECTION },
      { type: 'details_completed' },
      { type: 'save_started' },
    );
    const next = run(withCoupon, {
      type: 'save_failed',
      screen: {
        kind: 'fields',
        buyer: [{ field: 'email', message: 'Enter a valid e-mail.' }],
        promoCode: 'This promo code has expired.',
        problems: ['Something else.'],
        refreshesEvent: false,
      },
    });
    expect(next.phase).toEqual({
      name: 'editing',
      problem: { kind: 'messages', messages: ['Something else.'] },
      unavailable: null,
    });
    expect(next.openStep).toBe(1);
    expect(next.focusRequest).toEqual({ step: 1 });
    expect(next.coupon).toBeNull();
    expect(next.promoError).toBe('This promo code has expired.');
  });

  it('field errors for no buyer field stay in step 2, with no problem when none is left to tell', () => {
    const next = run(saving, {
      type: 'save_failed',
      screen: { kind: 'fields', buyer: [], promoCode: null, problems: [], refreshesEvent: false },
    });
    expect(next.phase).toEqual(PHASES.editing);
    expect(next.openStep).toBe(2);
  });
});

describe('checkoutReducer: held, cancelling, expired', () => {
  const held = at(PHASES.held, { openStep: 3, hasCompletedDetails: true });

  it('Cancel order: cancelling, then back to the order summary, focused', () => {
    const cancelling = run(held, { type: 'cancel_started' });
    expect(cancelling.phase).toEqual({ name: 'cancelling', hold: HOLD });
    expect(holdOf(cancelling)).toBe(HOLD);
    const next = run(cancelling, { type: 'cancelled' });
    expect(next.phase).toEqual(PHASES.editing);
    expect(next.openStep).toBe(2);
    expect(next.focusRequest).toEqual({ step: 2 });
    expect(holdOf(next)).toBeNull();
  });

  it('a refused cancellation keeps the hold', () => {
    expect(run(held, { type: 'cancel_started' }, { type: 'cancel_failed' }).phase).toEqual(PHASES.held);
  });

  it('the hold ends while held or cancelling: expired, still shown until the page reloads', () => {
    expect(run(held, { type: 'hold_ended' }).phase).toEqual({ name: 'expired', hold: HOLD });
    expect(run(held, { type: 'cancel_started' }, { type: 'hold_ended' }).phase).toEqual({
      name: 'expired',
      hold: HOLD,
    });
  });

  it('a new payment attempt drops the payment error', () => {
    const withNotice = { ...held, paymentNotice: { code: 'card_declined', placement: 'payment' } } as const;
    expect(run(withNotice, { type: 'payment_attempted' }).paymentNotice).toBeNull();
    expect(run(held, { type: 'payment_attempted' })).toBe(held);
  });

  it('steps 1 and 2 cannot change under a hold', () => {
    for (const action of [
      { type: 'details_completed' },
      { type: 'details_invalid' },
      { type: 'terms_changed', isAgreed: true },
      { type: 'gateway_changed', gatewayId: 2 },
      { type: 'promo_applied', coupon: COUPON, selection: SELECTION },
      { type: 'promo_refused', message: 'No.' },
      { type: 'promo_removed' },
      { type: 'save_started' },
    ] satisfies CheckoutAction[]) {
      expect(run(held, action)).toBe(held);
    }
  });

  it('nothing but the reload follows an expired hold', () => {
    const expired = at(PHASES.expired);
    for (const action of [
      { type: 'cancel_started' },
      { type: 'cancelled' },
      { type: 'cancel_failed' },
      { type: 'hold_ended' },
      { type: 'saved', hold: HOLD },
      { type: 'payment_attempted' },
    ] satisfies CheckoutAction[]) {
      expect(run(expired, action)).toBe(expired);
    }
  });
});

describe('checkoutReducer: impossible transitions are ignored', () => {
  const cases: [CheckoutPhase['name'], CheckoutAction][] = [
    ['editing', { type: 'saved', hold: HOLD }],
    [
      'editing',
      { type: 'save_failed', screen: { kind: 'retry', problem: { kind: 'network' }, refreshesEvent: false } },
    ],
    ['editing', { type: 'cancel_started' }],
    ['editing', { type: 'cancelled' }],
    ['editing', { type: 'hold_ended' }],
    ['editing', { type: 'resumed', hold: HOLD }],
    ['saving', { type: 'cancel_started' }],
    ['saving', { type: 'resume_ended' }],
    ['held', { type: 'saved', hold: HOLD }],
    ['held', { type: 'cancelled' }],
    ['held', { type: 'cancel_failed' }],
    ['held', { type: 'resume_failed' }],
    ['cancelling', { type: 'cancel_started' }],
    [
      'cancelling',
      { type: 'save_failed', screen: { kind: 'retry', problem: { kind: 'network' }, refreshesEvent: false } },
    ],
  ];
  it.each(cases)('%s ignores %o', (phase, action) => {
    const state = at(PHASES[phase]);
    expect(checkoutReducer(state, action)).toBe(state);
  });
});

describe('canOpenStep', () => {
  it('step 1 before a hold; step 2 once the details are complete and valid; step 3 with a hold', () => {
    expect([1, 2, 3].map((step) => canOpenStep(editing, step as 1 | 2 | 3, true))).toEqual([true, false, false]);
    const completed = run(editing, { type: 'details_completed' });
    expect(canOpenStep(completed, 2, true)).toBe(true);
    expect(canOpenStep(run(completed, { type: 'step_toggled', step: 2 }), 2, false)).toBe(false);
    const held = at(PHASES.held, { openStep: 3, hasCompletedDetails: true });
    expect([1, 2, 3].map((step) => canOpenStep(held, step as 1 | 2 | 3, true))).toEqual([false, false, true]);
  });

  it('an open step can always be closed', () => {
    expect(canOpenStep(at(PHASES.held, { openStep: 1 }), 1, true)).toBe(true);
    expect(canOpenStep(at(PHASES.editing, { openStep: 2 }), 2, false)).toBe(true);
  });
});

describe('checkoutReducer: best available (issue 24)', () => {
  const swapped = makeCreatedOrder({
    lines: [
      {
        package_id: 1,
        package_name: 'Gold',
        unit_price: 250000,
        ticket_count: 2,
        amount: 500000,
        seats: ['B-A-1', 'B-A-2'],
      },
    ],
    best_available: { package_id: 1, section: null, accessible: false, retries_left: 2 },
  });

  it('new seats replace the order in the hold; its deadline stays', () => {
    const next = run(at(PHASES.held), { type: 'best_available_changed', order: swapped });
    expect(holdOf(next)).toEqual({ ...HOLD, order: swapped, deadline: 1_000_000 });
  });

  it('is ignored when not held, or for another order', () => {
    for (const phase of [PHASES.editing, PHASES.cancelling, PHASES.expired]) {
      const state = at(phase);
      expect(checkoutReducer(state, { type: 'best_available_changed', order: swapped })).toBe(state);
    }
    const held = at(PHASES.held);
    const other = { ...swapped, order_id: 'MQOTHER00000' };
    expect(checkoutReducer(held, { type: 'best_available_changed', order: other })).toBe(held);
  });

  it('no seats together when saving: back to editing with the message', () => {
    const next = run(at(PHASES.saving), {
      type: 'save_failed',
      screen: { kind: 'no_seats_together', message: 'No 2 seats together.', refreshesEvent: true },
    });
    expect(next.phase).toEqual({
      name: 'editing',
      problem: { kind: 'no_seats_together', message: 'No 2 seats together.' },
      unavailable: null,
    });
  });
});

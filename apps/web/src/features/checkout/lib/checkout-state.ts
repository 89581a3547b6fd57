import type { Order } from '@marquee/domain/orders';
import type { PaymentErrorCode } from '@marquee/domain/payments';
import type { Selection } from '@marquee/domain/selection';
import type { AppliedCoupon } from '../components/order-summary-step';
import type { ActiveOrder } from './checkout-storage';
import type { SaveProblem, SaveScreen } from './error-to-screen';

export type StepNumber = 1 | 2 | 3;

/** A saved order whose tickets are held for the buyer. */
export interface Hold {
  order: Order;
  access: ActiveOrder;
  /** When the hold ends on this device's clock. */
  deadline: number;
}

/** Tickets someone else got while the buyer was deciding (ids; the page names them). */
export interface UnavailableTickets {
  takenSeats: string[];
  soldOutPackages: number[];
}

/**
 * Where the checkout is. A reload starts `resuming` when this tab has an order; `editing` is steps 1 and 2
 * (with what the last save said, if it failed); `saving` runs from Proceed until the server answers (the
 * human check, then the request); `held` is step 3; `cancelling` releases the hold on request; `expired`
 * releases it when time is up (or the payment restarts) until the page reloads.
 */
export type CheckoutPhase =
  | { name: 'resuming'; hasFailed: boolean }
  | { name: 'editing'; problem: SaveProblem | null; unavailable: UnavailableTickets | null }
  | { name: 'saving' }
  | { name: 'held'; hold: Hold }
  | { name: 'cancelling'; hold: Hold }
  | { name: 'expired'; hold: Hold };

/**
 * A payment error from the return address, and where it is told: in step 3 when the order it was for is
 * resumed, at the top of the page when that order is gone (the checkout starts over), undecided until the
 * resume has answered.
 */
export interface PaymentNotice {
  code: PaymentErrorCode;
  placement: 'payment' | 'page' | 'undecided';
}

export interface CheckoutState {
  phase: CheckoutPhase;
  openStep: StepNumber | null;
  /** A new object per request, so asking twice for the same step focuses it twice. */
  focusRequest: { step: StepNumber } | null;
  hasCompletedDetails: boolean;
  /** The coupon belongs to the selection it was checked for: a changed selection drops it (see couponFor). */
  coupon: { coupon: AppliedCoupon; selection: Selection } | null;
  promoError: string | null;
  isTermsAgreed: boolean;
  gatewayId: number | undefined;
  paymentNotice: PaymentNotice | null;
}

export type CheckoutAction =
  /** The stored order is pending and held: step 3. */
  | { type: 'resumed'; hold: Hold }
  /** The stored order is over (paid, cancelled, expired, unknown): the checkout starts over. */
  | { type: 'resume_ended' }
  /** The stored order could not be asked about (no connection): Try again. */
  | { type: 'resume_failed' }
  | { type: 'resume_retried' }
  | { type: 'step_toggled'; step: StepNumber }
  /** Continue in step 1: on to the order summary. */
  | { type: 'details_completed' }
  /** Proceed with details that do not pass: back to step 1. */
  | { type: 'details_invalid' }
  | { type: 'terms_changed'; isAgreed: boolean }
  | { type: 'gateway_changed'; gatewayId: number }
  | { type: 'promo_applied'; coupon: AppliedCoupon; selection: Selection }
  | { type: 'promo_refused'; message: string }
  | { type: 'promo_removed' }
  | { type: 'save_started' }
  | { type: 'saved'; hold: Hold }
  | { type: 'save_failed'; screen: SaveScreen }
  | { type: 'cancel_started' }
  | { type: 'cancelled' }
  | { type: 'cancel_failed' }
  /** The hold ran out, or the payment asked to start over: released, then the page reloads. */
  | { type: 'hold_ended' }
  /** The buyer tries to pay again: the earlier payment error no longer applies. */
  | { type: 'payment_attempted' }
  /**
   * Best available (issue 24): the server swapped the seats ("Try other seats"), or said no tries are left.
   * The order is the new one; the hold's deadline stays (the countdown does not restart).
   */
  | { type: 'best_available_changed'; order: Order };

const EDITING: CheckoutPhase = { name: 'editing', problem: null, unavailable: null };

export function initialCheckoutState({
  hasStoredOrder,
  gatewayId,
  paymentError,
}: {
  /** This tab saved an order for the event: it is asked about before anything is shown. */
  hasStoredOrder: boolean;
  gatewayId: number | undefined;
  paymentError: PaymentErrorCode | null;
}): CheckoutState {
  return {
    phase: hasStoredOrder ? { name: 'resuming', hasFailed: false } : EDITING,
    openStep: 1,
    focusRequest: null,
    hasCompletedDetails: false,
    coupon: null,
    promoError: null,
    isTermsAgreed: false,
    gatewayId,
    paymentNotice: paymentError
      ? {
          code: paymentError,
          // An expired session's order is gone whatever the resume finds; with no order, there is no step 3.
          placement: paymentError === 'session_expired' || !hasStoredOrder ? 'page' : 'undecided',
        }
      : null,
  };
}

/** The hold being shown in step 3, if any. */
export function holdOf(state: CheckoutState): Hold | null {
  const { phase } = state;
  return phase.name === 'held' || phase.name === 'cancelling' || phase.name === 'expired' ? phase.hold : null;
}

/** The coupon, while the selection is the one it was checked for. */
export function couponFor(state: CheckoutState, selection: Selection): AppliedCoupon | null {
  return state.coupon?.selection === selection ? state.coupon.coupon : null;
}

/** A step's button works when the step can be reached now, or is open (so it can be closed). */
export function canOpenStep(state: CheckoutState, step: StepNumber, areDetailsValid: boolean): boolean {
  const hasHold = holdOf(state) !== null;
  switch (step) {
    case 1:
      return !hasHold || state.openStep === 1;
    case 2:
      return (!hasHold && state.hasCompletedDetails && areDetailsValid) || state.openStep === 2;
    case 3:
      return hasHold;
  }
}

/** Once the resume has answered: step 3 if the order was resumed, else the top of the page. */
function placePaymentNotice(notice: PaymentNotice | null, isResumed: boolean): PaymentNotice | null {
  return notice?.placement === 'undecided' ? { ...notice, placement: isResumed ? 'payment' : 'page' } : notice;
}

function openAndFocus(state: CheckoutState, step: StepNumber): CheckoutState {
  return { ...state, openStep: step, focusRequest: { step } };
}

/** Steps 1 and 2 can be worked on: before Proceed, and while the order is being saved. */
function isBeforeHold(phase: CheckoutPhase): boolean {
  return phase.name === 'editing' || phase.name === 'saving';
}

/**
 * The checkout's state machine: pure, so every transition is tested on its own. An action that makes no sense
 * where the checkout is (a save answer after the hold was cancelled, a second Proceed while saving) changes
 * nothing and returns the same state.
 */
export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  const { phase } = state;
  switch (action.type) {
    case 'resumed':
      if (phase.name !== 'resuming' || phase.hasFailed) return state;
      // Step 3 opens; focus stays on the page heading, as after any page load.
      return {
        ...state,
        openStep: 3,
        phase: { name: 'held', hold: action.hold },
        hasCompletedDetails: true,
        paymentNotice: placePaymentNotice(state.paymentNotice, true),
      };
    case 'resume_ended':
      if (phase.name !== 'resuming' || phase.hasFailed) return state;
      return { ...state, phase: EDITING, paymentNotice: placePaymentNotice(state.paymentNotice, false) };
    case 'resume_failed':
      if (phase.name !== 'resuming' || phase.hasFailed) return state;
      return { ...state, phase: { name: 'resuming', hasFailed: true } };
    case 'resume_retried':
      if (phase.name !== 'resuming' || !phase.hasFailed) return state;
      return { ...state, phase: { name: 'resuming', hasFailed: false } };

    case 'step_toggled':
      if (phase.name === 'resuming') return state;
      return { ...state, openStep: state.openStep === action.step ? null : action.step };
    case 'details_completed':
      if (!isBeforeHold(phase)) return state;
      return { ...openAndFocus(state, 2), hasCompletedDetails: true };
    case 'details_invalid':
      if (phase.name !== 'editing') return state;
      return openAndFocus(state, 1);
    case 'terms_changed':
      if (!isBeforeHold(phase)) return state;
      return { ...state, isTermsAgreed: action.isAgreed };
    case 'gateway_changed':
      if (!isBeforeHold(phase)) return state;
      return { ...state, gatewayId: action.gatewayId };

    case 'promo_applied':
      if (!isBeforeHold(phase)) return state;
      return { ...state, promoError: null, coupon: { coupon: action.coupon, selection: action.selection } };
    case 'promo_refused':
      if (!isBeforeHold(phase)) return state;
      return { ...state, promoError: action.message };
    case 'promo_removed':
      if (!isBeforeHold(phase)) return state;
      return { ...state, coupon: null, promoError: null };

    case 'save_started':
      if (phase.name !== 'editing') return state;
      // What the last try said no longer applies.
      return { ...state, phase: { name: 'saving' }, paymentNotice: null };
    case 'saved':
      if (phase.name !== 'saving') return state;
      return { ...openAndFocus(state, 3), phase: { name: 'held', hold: action.hold } };
    case 'save_failed':
      if (phase.name !== 'saving') return state;
      return afterSaveFailure(state, action.screen);

    case 'cancel_started':
      if (phase.name !== 'held') return state;
      return { ...state, phase: { name: 'cancelling', hold: phase.hold } };
    case 'cancelled':
      if (phase.name !== 'cancelling') return state;
      return { ...openAndFocus(state, 2), phase: EDITING };
    case 'cancel_failed':
      if (phase.name !== 'cancelling') return state;
      return { ...state, phase: { name: 'held', hold: phase.hold } };
    case 'hold_ended':
      if (phase.name !== 'held' && phase.name !== 'cancelling') return state;
      return { ...state, phase: { name: 'expired', hold: phase.hold } };
    case 'payment_attempted':
      if ((phase.name !== 'held' && phase.name !== 'cancelling') || state.paymentNotice === null) return state;
      return { ...state, paymentNotice: null };
    case 'best_available_changed':
      if (phase.name !== 'held' || phase.hold.order.order_id !== action.order.order_id) return state;
      return { ...state, phase: { name: 'held', hold: { ...phase.hold, order: action.order } } };
  }
}

function afterSaveFailure(state: CheckoutState, screen: SaveScreen): CheckoutState {
  switch (screen.kind) {
    case 'retry':
      return { ...state, phase: { name: 'editing', problem: screen.problem, unavailable: null } };
    case 'unavailable':
      return {
        ...state,
        phase: {
          name: 'editing',
          problem: null,
          unavailable: { takenSeats: screen.takenSeats, soldOutPackages: screen.soldOutPackages },
        },
      };
    case 'popups':
      return { ...state, phase: EDITING };
    case 'no_seats_together':
      return {
        ...state,
        phase: { name: 'editing', problem: { kind: 'no_seats_together', message: screen.message }, unavailable: null },
      };
    case 'fields': {
      const problem: SaveProblem | null =
        screen.problems.length > 0 ? { kind: 'messages', messages: screen.problems } : null;
      const next: CheckoutState = { ...state, phase: { name: 'editing', problem, unavailable: null } };
      const withPromo: CheckoutState =
        screen.promoCode === null ? next : { ...next, coupon: null, promoError: screen.promoCode };
      return screen.buyer.length > 0 ? openAndFocus(withPromo, 1) : withPromo;
    }
  }
}

import { ACCOUNT_MESSAGES } from '@marquee/domain/accounts-session';
import { UnavailableBodySchema } from '@marquee/domain/orders';
import { CaptchaError } from '../../../components/captcha/captcha-controller';
import type { PopupMessage } from '../../../components/ui/popup';
import { ApiError } from '../../../lib/api-client';
import { errorMessages, isRetryable } from './error-messages';

export const NETWORK_MESSAGE = 'We could not reach Marquee. Check your connection and try again.';
export const PROMO_NETWORK_MESSAGE = 'We could not check the promo code. Check your connection and try again.';
/** Beside the promo code input when the answer said nothing of the code itself (the popups say why). */
export const PROMO_REFUSED_MESSAGE = 'This promo code could not be checked.';

const NOT_SAVED_TITLE = 'Your order was not saved';
/** A refusal by the buyer's own limits for the event (decisions/029): nothing changed for anyone else. */
const HOLD_LIMIT_TITLE = 'Ticket limit reached';

/**
 * The problem told in step 2: above Try again, or (best available found no seats together, issue 24) above a
 * way back to choose other seats.
 */
export type SaveProblem =
  { kind: 'network' } | { kind: 'messages'; messages: string[] } | { kind: 'no_seats_together'; message: string };

/** The buyer's fields, as the order's `buyer.*` errors name them. */
export type BuyerField = 'first_name' | 'last_name' | 'email' | 'phone' | 'nic';
const BUYER_FIELDS: readonly string[] = ['first_name', 'last_name', 'email', 'phone', 'nic'] satisfies BuyerField[];

function isBuyerField(name: string): name is BuyerField {
  return BUYER_FIELDS.includes(name);
}

/** What a failed POST /api/orders shows. Every kind but `retry` is final: the next try is a new order. */
export type SaveScreen =
  /** Worth sending again as it was (same Idempotency-Key: a request that did save returns its order). */
  | { kind: 'retry'; problem: SaveProblem; refreshesEvent: false }
  /** Someone else got these tickets: they are named, dropped from the selection, and the event is reloaded. */
  | { kind: 'unavailable'; takenSeats: string[]; soldOutPackages: number[]; refreshesEvent: true }
  /**
   * The server's field errors: the buyer's beside their fields (back to step 1), the promo code's on the code
   * (the coupon dropped), any others in step 2.
   */
  | {
      kind: 'fields';
      buyer: { field: BuyerField; message: string }[];
      promoCode: string | null;
      problems: string[];
      refreshesEvent: false;
    }
  /** Popups, one per message; `refreshesEvent` when the event changed under the buyer (it is reloaded). */
  | { kind: 'popups'; popups: PopupMessage[]; refreshesEvent: boolean }
  /** Best available found no group of that size (issue 24): the message, and back to step 2 to ask otherwise. */
  | { kind: 'no_seats_together'; message: string; refreshesEvent: true };

/** What a failed promo check shows: the code marked refused, and why in popups (spec 8). */
export interface PromoScreen {
  promoError: string;
  popups: PopupMessage[];
}

/** What a failed cancellation shows: an order already gone counts as cancelled; else it stays held. */
export type CancelScreen = { kind: 'cancelled' } | { kind: 'popups'; popups: PopupMessage[] };

/** What a failed resume (GET the order this tab saved) shows: Try again, or the checkout starts over. */
export type ResumeScreen = { kind: 'retry' } | { kind: 'start_over' };

/**
 * What a failed "Try other seats" (issue 24) says, in the live region beside the button. `isFinal`: no more
 * tries will be given (retries_used); the buyer keeps the seats they have either way.
 */
export interface RetryScreen {
  message: string;
  isFinal: boolean;
}

export type CheckoutCall = 'save_order' | 'check_promo' | 'cancel_order' | 'resume_order' | 'retry_best_available';

function popupsOf(messages: string[], title: string, variant: PopupMessage['variant'] = 'error'): PopupMessage[] {
  return messages.map((message) => ({ variant, title, message }));
}

/**
 * What the checkout shows when one of its calls fails: a pure function of the error, switching on its code
 * (never on the HTTP status). The human check's own refusal (`captcha_failed`) is told like any refusal;
 * useCaptchaSubmit has already started a new check by then.
 */
export function errorToScreen(error: unknown, call: 'save_order'): SaveScreen;
export function errorToScreen(error: unknown, call: 'check_promo'): PromoScreen;
export function errorToScreen(error: unknown, call: 'cancel_order'): CancelScreen;
export function errorToScreen(error: unknown, call: 'resume_order'): ResumeScreen;
export function errorToScreen(error: unknown, call: 'retry_best_available'): RetryScreen;
export function errorToScreen(
  error: unknown,
  call: CheckoutCall,
): SaveScreen | PromoScreen | CancelScreen | ResumeScreen | RetryScreen {
  switch (call) {
    case 'save_order':
      return saveScreen(error);
    case 'check_promo':
      return promoScreen(error);
    case 'cancel_order':
      return cancelScreen(error);
    case 'resume_order':
      // No answer, or our side's trouble: ask again. A refusal (not_found, a bad token) will not get better.
      return isRetryable(error) ? { kind: 'retry' } : { kind: 'start_over' };
    case 'retry_best_available':
      return retryScreen(error);
  }
}

export const KEEP_SEATS_MESSAGE = 'You keep the seats you have.';

function retryScreen(error: unknown): RetryScreen {
  if (!(error instanceof ApiError)) {
    return {
      message: `We could not reach Marquee. ${KEEP_SEATS_MESSAGE} Check your connection and try again.`,
      isFinal: false,
    };
  }
  switch (error.code) {
    case 'retries_used':
      return { message: `${error.body.message} ${KEEP_SEATS_MESSAGE}`, isFinal: true };
    case 'no_seats_together':
      return { message: `${error.body.message} ${KEEP_SEATS_MESSAGE}`, isFinal: false };
    default:
      return { message: `${errorMessages(error, NETWORK_MESSAGE).join(' ')} ${KEEP_SEATS_MESSAGE}`, isFinal: false };
  }
}

function saveScreen(error: unknown): SaveScreen {
  if (!(error instanceof ApiError)) {
    // Nothing was answered (no connection), or nothing was sent (the human check could not be solved).
    const problem: SaveProblem =
      error instanceof CaptchaError
        ? { kind: 'messages', messages: [ACCOUNT_MESSAGES.captchaFailed] }
        : { kind: 'network' };
    return { kind: 'retry', problem, refreshesEvent: false };
  }
  const { body } = error;
  switch (error.code) {
    // Asking again with the same Idempotency-Key helps: a limit passes, our side recovers, and an order still
    // being saved (order_in_progress) is answered as saved once it is.
    case 'rate_limited':
    case 'internal_error':
    case 'service_unavailable':
    case 'order_in_progress':
      return {
        kind: 'retry',
        problem: { kind: 'messages', messages: errorMessages(error, NETWORK_MESSAGE) },
        refreshesEvent: false,
      };
    case 'seats_taken':
    case 'sold_out': {
      const unavailable = UnavailableBodySchema.safeParse(body);
      const takenSeats = unavailable.success ? (unavailable.data.taken_seats ?? []) : [];
      const soldOutPackages = unavailable.success ? (unavailable.data.sold_out_packages ?? []) : [];
      if (takenSeats.length > 0 || soldOutPackages.length > 0) {
        return { kind: 'unavailable', takenSeats, soldOutPackages, refreshesEvent: true };
      }
      return { kind: 'popups', popups: popupsOf([body.message], NOT_SAVED_TITLE), refreshesEvent: true };
    }
    // The state of the event refused the order now (off sale, a new price, ...): say so and reload the event.
    case 'not_on_sale':
    case 'prices_changed':
    case 'order_paid':
    case 'conflict':
    case 'payment_mismatch':
    case 'not_paid':
    case 'not_valid':
    case 'check_in_refused':
      return { kind: 'popups', popups: popupsOf([body.message], NOT_SAVED_TITLE), refreshesEvent: true };
    // One of the buyer's limits (held at once, the cooldown, free tickets): its message says what to do; the
    // selection stays as it is, for the buyer to change or to send again later.
    case 'hold_limit_reached':
      return { kind: 'popups', popups: popupsOf([body.message], HOLD_LIMIT_TITLE, 'info'), refreshesEvent: false };
    // A sale behind a waiting room, and no admission (issue 23): the event page sends the buyer to the queue (it
    // listens for this code); the popup says why meanwhile. The selection stays for when it is their turn.
    case 'queue_required':
      return { kind: 'popups', popups: popupsOf([body.message], NOT_SAVED_TITLE, 'info'), refreshesEvent: false };
    // Best available (issue 24): no group of that many seats together is left; nothing was held.
    case 'no_seats_together':
      return { kind: 'no_seats_together', message: body.message, refreshesEvent: true };
    case 'validation_failed':
    case 'idempotency_key_reused':
    case 'promo_one_package':
      return fieldsScreen(error);
    // The event is gone (or its page is out of date): reload it.
    case 'not_found':
      return {
        kind: 'popups',
        popups: popupsOf(errorMessages(error, NETWORK_MESSAGE), NOT_SAVED_TITLE),
        refreshesEvent: true,
      };
    default:
      // Refused as sent (captcha_failed, csrf_failed, promo_refused, bad_request, ...): each message in a popup.
      return {
        kind: 'popups',
        popups: popupsOf(errorMessages(error, NETWORK_MESSAGE), NOT_SAVED_TITLE),
        refreshesEvent: false,
      };
  }
}

function fieldsScreen(error: ApiError): SaveScreen {
  const fields = error.body.errors ?? {};
  const buyer: { field: BuyerField; message: string }[] = [];
  let promoCode: string | null = null;
  const others: string[] = [];
  for (const [field, messages] of Object.entries(fields)) {
    const name = field.startsWith('buyer.') ? field.slice('buyer.'.length) : null;
    if (name !== null && isBuyerField(name)) {
      buyer.push({ field: name, message: messages[0] ?? error.body.message });
    } else if (field === 'promo_code') {
      promoCode = messages[0] ?? error.body.message;
    } else {
      others.push(...messages);
    }
  }
  // No field named at all: the message says what is wrong.
  const problems = others.length > 0 ? others : Object.keys(fields).length === 0 ? [error.body.message] : [];
  return { kind: 'fields', buyer, promoCode, problems, refreshesEvent: false };
}

function promoScreen(error: unknown): PromoScreen {
  // Spec 8: a promo rule's refusal shows each message as an info popup, anything else as an error popup.
  const variant = error instanceof ApiError && error.code === 'promo_refused' ? 'info' : 'error';
  // What the server said of the code is said under the field as in its popup: one code, one story.
  const aboutTheCode = error instanceof ApiError ? error.body.errors?.promo_code?.[0] : undefined;
  return {
    promoError: aboutTheCode ?? PROMO_REFUSED_MESSAGE,
    popups: popupsOf(errorMessages(error, PROMO_NETWORK_MESSAGE), 'Promo code', variant),
  };
}

function cancelScreen(error: unknown): CancelScreen {
  // The order is gone already: as good as cancelled. Anything else leaves it as it was.
  if (error instanceof ApiError && error.code === 'not_found') return { kind: 'cancelled' };
  return { kind: 'popups', popups: popupsOf(errorMessages(error, NETWORK_MESSAGE), 'Not cancelled') };
}

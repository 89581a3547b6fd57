import { z } from 'zod';

/**
 * The one error vocabulary, end to end: every 4xx/5xx body carries one of these codes, the server maps
 * each to its HTTP status here, and the web app switches on the code (never on the status or the words).
 * A code names what happened in terms a client can act on; the status is only how HTTP files it.
 */
export const ERROR_STATUS = {
  // 400: the request cannot be acted on as sent.
  bad_request: 400,
  invalid_json: 400,
  /** A promo code the rules refuse (unknown, not started, ended, used up): spec 8 shows it as information. */
  promo_refused: 400,
  /** A payment provider's webhook whose signature or body is wrong. */
  webhook_refused: 400,
  // 401: who is asking is not known.
  sign_in_required: 401,
  wrong_credentials: 401,
  staff_token_required: 401,
  /** An `Authorization: Bearer mq_live_…` API key that is unknown, revoked, or used where keys do not work. */
  api_key_invalid: 401,
  // 403: known, but refused.
  csrf_failed: 403,
  captcha_failed: 403,
  link_invalid: 403,
  forbidden: 403,
  /** An order for an event behind a waiting room without a valid admission (issue 23): join the queue. */
  queue_required: 403,
  // 404
  not_found: 404,
  // 409: the request is sound, but the state of things refuses it now.
  conflict: 409,
  not_on_sale: 409,
  prices_changed: 409,
  seats_taken: 409,
  sold_out: 409,
  order_in_progress: 409,
  order_paid: 409,
  payment_mismatch: 409,
  /** A booking whose payment has not completed. */
  not_paid: 409,
  /** A booking that is no longer valid (cancelled, failed, refunded). */
  not_valid: 409,
  check_in_refused: 409,
  /** The buyer's fair-hold limits for the event (held at once, cooldown, free tickets): the message says what to do. */
  hold_limit_reached: 409,
  /** Best available (issue 24): no group of that many seats together is free in the package (or section). */
  no_seats_together: 409,
  /** Best available: the order's seats were swapped for others as many times as allowed. */
  retries_used: 409,
  /** Notify Me (issue 23) is only for an event not on sale yet (pending or presale): this one is on sale, or closed. */
  notify_me_closed: 409,
  /** The waitlist (issue 23) is for a sold-out package: this one has tickets to buy now. */
  not_sold_out: 409,
  /** The waitlist is closed: the event or package is not on sale (ended, postponed, cancelled, not open yet). */
  waitlist_closed: 409,
  /** A waitlist offer's link when no offer is held now (still waiting, lapsed, bought or left): the message says which. */
  offer_unavailable: 409,
  // The organiser console (issue 21). Refusing a permission is `forbidden`; invitation links are `link_*`.
  /** An owner's or manager's session made without a second factor: the console asks for a code (step-up). */
  two_factor_required: 403,
  /** The publishing checklist has problems: `problems` lists them (NotPublishableBodySchema). */
  not_publishable: 409,
  organisation_pending: 409,
  /** A venue's layout cannot change once an event there is published or has sold or held tickets. */
  layout_locked: 409,
  /** A package's capacity below what is sold or held (`errors.capacity`). */
  capacity_below_taken: 409,
  /** Sold or held seats cannot move to another package. */
  seats_locked: 409,
  /** An organisation keeps at least one owner. */
  last_owner: 409,
  // Refunds (issue 22; decisions/037).
  /** A refund names a ticket a refund already voided. */
  ticket_already_voided: 409,
  /** A refund names a ticket already admitted at the gate: give money back without voiding it. */
  ticket_already_used: 409,
  /** The order's provider refunds only whole payments (instalment plans): refund the whole remaining amount. */
  partial_refund_unsupported: 409,
  /** This Idempotency-Key was used for another refund of the order (another body). */
  refund_key_reused: 409,
  // Cancelling a whole event (issue 22; decisions/040).
  /** The event is cancelled already (cancelled is final): its cancellation's progress is at GET …/cancellation. */
  event_already_cancelled: 409,
  /**
   * The status route does not cancel or postpone: POST …/cancellation and …/postponement do (buyers told, orders
   * refunded), and the message names them.
   */
  event_change_required: 409,
  // The gate (issue 22; decisions/043).
  /** The event already has a check-in list with this name (`errors.name`). */
  check_in_list_name_taken: 409,
  // 410
  link_expired: 410,
  // 413, 415
  payload_too_large: 413,
  unsupported_media_type: 415,
  // 422: the request's fields are invalid (`errors` says which).
  validation_failed: 422,
  idempotency_key_reused: 422,
  /** A refund above what is left to refund of the order (`errors.amount`). */
  refund_exceeds_paid: 422,
  promo_one_package: 422,
  /** A webhook address that is not https, or points at a private, loopback or link-local network (SSRF). */
  webhook_url_refused: 422,
  // 429
  rate_limited: 429,
  // 5xx: our side.
  internal_error: 500,
  service_unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];
export const ErrorCodeSchema = z.enum(ERROR_CODES);

/**
 * Every 4xx/5xx body: `{ code, message, errors? }`; validation errors (422) carry
 * `errors: { field: [messages] }`. Some codes document extra fields (a 409 `seats_taken` has `taken_seats`).
 */
export const ErrorBodySchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The code for a status when nothing more specific is known (a proxy's answer, a body that did not parse). */
export function errorCodeForStatus(status: number): ErrorCode {
  const generic: Partial<Record<number, ErrorCode>> = {
    400: 'bad_request',
    401: 'sign_in_required',
    403: 'forbidden',
    404: 'not_found',
    409: 'conflict',
    413: 'payload_too_large',
    415: 'unsupported_media_type',
    422: 'validation_failed',
    429: 'rate_limited',
    503: 'service_unavailable',
  };
  return generic[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
}

/** Turns a zod error into the spec's map of lists, keyed by dotted field path. */
export function fieldErrorsFromZod(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

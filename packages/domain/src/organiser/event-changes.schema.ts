import { z } from 'zod';
import { WallClockFieldSchema } from '../authoring/fields.schema';

/**
 * Cancelling or postponing a whole event from the console (issue 22; docs/decisions/040): the bodies of
 * `POST /api/organiser/{org}/events/{eventUid}/cancellation` and `…/postponement`, and the cancellation's
 * progress (`GET …/cancellation`). Counts are orders; the words are shown to buyers in their e-mail.
 */

export const EVENT_CHANGE_MESSAGES = {
  reasonRequired: 'Say why the event is cancelled: buyers read it in their e-mail.',
  messageRequired: 'Write the message buyers get: what changes for them.',
  tooLong: 'At most 500 characters.',
  unstorable: 'contains a character that cannot be stored (a NUL, or half of a surrogate pair)',
  endAfterStart: 'must be after the new start',
  idempotencyKey:
    'Send an Idempotency-Key of 8-100 letters, digits, "_", ":" or "-": the same key replays the request.',
} as const;

/** Half a surrogate pair: PostgreSQL's text holds it no more than NUL (the write would fail). */
const HALF_A_SURROGATE_PAIR = /\p{Cs}/u;

const BuyerTextSchema = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(500, EVENT_CHANGE_MESSAGES.tooLong)
    .refine((text) => !text.includes('\u0000') && !HALF_A_SURROGATE_PAIR.test(text), EVENT_CHANGE_MESSAGES.unstorable);

export const EventCancellationRequestSchema = z.object({
  /** Shown to every buyer in the cancellation e-mail. */
  reason: BuyerTextSchema(EVENT_CHANGE_MESSAGES.reasonRequired),
  /** Refund every paid order in full, in the background (needs `order.refund` too). Default true. */
  refund: z.boolean().default(true),
});
export type EventCancellationRequest = z.infer<typeof EventCancellationRequestSchema>;
export type EventCancellationInput = z.input<typeof EventCancellationRequestSchema>;

export const EventCancellationHeadersSchema = z.object({
  'idempotency-key': z
    .string({ error: EVENT_CHANGE_MESSAGES.idempotencyKey })
    .regex(/^[A-Za-z0-9_:-]{8,100}$/, EVENT_CHANGE_MESSAGES.idempotencyKey)
    .describe('A key the console makes once per cancellation (e.g. a UUID): the same key returns the same job.'),
});

export const EventPostponementRequestSchema = z.object({
  /** Shown to every buyer in the postponement e-mail. */
  message: BuyerTextSchema(EVENT_CHANGE_MESSAGES.messageRequired),
  /** The new start, wall clock at the venue (`2027-01-30T19:30`); left out: the date is not known yet. */
  new_start_local: WallClockFieldSchema.optional(),
  /** The new end, wall clock at the venue; left out with a new start: no end time. */
  new_end_local: WallClockFieldSchema.optional(),
});
export type EventPostponementRequest = z.infer<typeof EventPostponementRequestSchema>;

export const EventChangeStatusSchema = z.enum(['running', 'done', 'failed']);
export type EventChangeStatus = z.infer<typeof EventChangeStatusSchema>;

/** An order whose refund did not go through: refused by the refunds path, or not yet confirmed by the provider. */
export const CancellationFailureSchema = z.object({
  booking_id: z.string(),
  /** refused: the refund was not made (see the order on the desk); provider: made, the provider refused it so far (retried). */
  kind: z.enum(['refused', 'provider']),
  error: z.string(),
});
export type CancellationFailure = z.infer<typeof CancellationFailureSchema>;

export const EventCancellationSchema = z.object({
  id: z.number().int(),
  /** running: orders still to refund (or refunds the provider has not confirmed); done; failed: finished with refusals. */
  status: EventChangeStatusSchema,
  refund: z.boolean(),
  reason: z.string(),
  /** Orders the cancellation refunds (paid, with money left to refund). */
  total: z.number().int().nonnegative(),
  /** Refunded and confirmed by the provider (or nothing was left to refund). */
  refunded: z.number().int().nonnegative(),
  /** Refused, or refused by the provider so far: `failures` names them. */
  failed: z.number().int().nonnegative(),
  /** Still to do: total - refunded - failed. */
  pending: z.number().int().nonnegative(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  started_by: z.string().nullable(),
  /** The first 50 failed orders. */
  failures: z.array(CancellationFailureSchema),
});
export type EventCancellation = z.infer<typeof EventCancellationSchema>;

/** `GET …/cancellation`: what a cancellation would touch, and the cancellation's progress once there is one. */
export const EventCancellationStateSchema = z.object({
  /** Paid orders of the event: each buyer gets one e-mail. */
  paid_orders: z.number().int().nonnegative(),
  /** Paid orders with money left to refund: what a cancellation with refunds refunds. */
  refundable_orders: z.number().int().nonnegative(),
  cancellation: EventCancellationSchema.nullable(),
});
export type EventCancellationState = z.infer<typeof EventCancellationStateSchema>;

export const EventPostponementAnswerSchema = z.object({
  id: z.number().int(),
  status: z.literal('postponed'),
  message: z.string(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  /** Buyers e-mailed (one e-mail per paid order). */
  buyers_emailed: z.number().int().nonnegative(),
});
export type EventPostponementAnswer = z.infer<typeof EventPostponementAnswerSchema>;

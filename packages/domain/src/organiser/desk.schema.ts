import { z } from 'zod';
import { OrderStatusSchema } from '../checkout/order.schema';
import { CurrencySchema, MinorUnitsSchema } from '../money/money';
import { TicketSeatSchema } from '../tickets/ticket-seat.schema';
import { RefundSchema } from './refunds.schema';

/**
 * The orders desk of the organiser console (issue 22): finding an order, reading its page, resending its
 * confirmation. What each `/api/organiser/{org}/orders…` route takes and answers; the server validates and
 * serialises with these, and the console parses with them.
 *
 * A buyer's contact details (e-mail, phone, NIC) are shown only to roles with `order.contact.read`: for the
 * others `contact` is null, never an empty string, so the console can say "not shown to your role".
 *
 * No `z.coerce` here (console-params.schema.ts says why): numbers in the query are read from their digits.
 */

const InstantSchema = z.string();
const CountSchema = z.number().int().nonnegative();

/** The longest search the desk takes: a name, an e-mail or a phone number is shorter. */
export const DESK_SEARCH_MAX = 100;
/** Orders per page at most. */
export const DESK_MAX_PER_PAGE = 100;
export const DESK_DEFAULT_PER_PAGE = 25;
/** Confirmation resends per order in any hour (the buyer's mailbox, and our sender's reputation). */
export const CONFIRMATION_RESENDS_PER_HOUR = 3;

/** Half a surrogate pair or NUL: PostgreSQL's text cannot hold them, so a search with one is refused first. */
const HALF_A_SURROGATE_PAIR = /\p{Cs}/u;
const isStorable = (text: string) => !text.includes('\u0000') && !HALF_A_SURROGATE_PAIR.test(text);

function wholeNumber(field: string, min: number, max: number) {
  return z
    .string({ error: `${field} must be a whole number` })
    .regex(/^\d{1,7}$/, `${field} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(min, `${field} must be at least ${min}`).max(max, `${field} must be at most ${max}`));
}

/** A day of the order's creation, `2026-12-31` (UTC). */
const DaySchema = z.iso.date({ error: 'must be a date, YYYY-MM-DD' });

/** GET /api/organiser/{org}/orders: the search and its filters. */
export const OrderSearchQuerySchema = z
  .object({
    /**
     * A Booking ID (exact, any case, spaces ignored), or part of the buyer's name; part of an e-mail or phone
     * number too for roles with `order.contact.read`. Empty: no search.
     */
    q: z
      .string({ error: 'must be text' })
      .trim()
      .max(DESK_SEARCH_MAX, `must be at most ${DESK_SEARCH_MAX} characters`)
      .refine(isStorable, 'must not contain NUL characters or broken unicode')
      .optional(),
    /** An event's uid: only its orders. */
    event: z
      .string({ error: 'must be an event uid' })
      .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be an event uid')
      .optional(),
    status: OrderStatusSchema.optional(),
    /** Orders made on or after this day (UTC). */
    from: DaySchema.optional(),
    /** Orders made on or before this day (UTC). */
    to: DaySchema.optional(),
    page: wholeNumber('page', 1, 100_000).default(1),
    per_page: wholeNumber('per_page', 1, DESK_MAX_PER_PAGE).default(DESK_DEFAULT_PER_PAGE),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'must be on or after from',
  });
export type OrderSearchQuery = z.infer<typeof OrderSearchQuerySchema>;

/** An order's path: `orderId` is its Booking ID, in any case (an unknown or malformed one is a 404). */
export const DeskOrderParamsSchema = z.object({
  org: z.string(),
  orderId: z.string().max(40, 'must be a Booking ID'),
});

/** The event an order is for. */
export const DeskEventSchema = z.object({ uid: z.string(), name: z.string(), starts_at: InstantSchema });

/** The buyer's contact details: only for `order.contact.read`. */
export const DeskContactSchema = z.object({ email: z.string(), phone: z.string() });

/** A sale (the buyer's checkout) or a comp: free tickets the box office gave a named guest (decisions/039). */
export const OrderKindSchema = z.enum(['sale', 'comp']);
export type OrderKind = z.infer<typeof OrderKindSchema>;

/** One order in the desk's list. */
export const DeskOrderSummarySchema = z.object({
  booking_id: z.string(),
  kind: OrderKindSchema.default('sale'),
  event: DeskEventSchema,
  buyer: z.object({ first_name: z.string(), last_name: z.string() }),
  /** null: the role may not see contact details. */
  contact: DeskContactSchema.nullable(),
  status: OrderStatusSchema,
  currency: CurrencySchema,
  total: MinorUnitsSchema,
  /** Tickets ordered (the lines' quantities). */
  tickets: CountSchema,
  created_at: InstantSchema,
});
export type DeskOrderSummary = z.infer<typeof DeskOrderSummarySchema>;

export const DeskOrderListAnswerSchema = z.object({
  orders: z.array(DeskOrderSummarySchema),
  page: z.number().int().positive(),
  per_page: z.number().int().positive(),
  /** Orders matching, over every page. */
  total: CountSchema,
});
export type DeskOrderListAnswer = z.infer<typeof DeskOrderListAnswerSchema>;

/** A seat of a line or a ticket, as the ticket prints it, with its label ("Stalls · Row A · Seat 3"). */
export const DeskSeatSchema = TicketSeatSchema.extend({ label: z.string() });

export const DeskOrderLineSchema = z.object({
  package_name: z.string(),
  unit_price: MinorUnitsSchema,
  quantity: z.number().int().positive(),
  seats: z.array(DeskSeatSchema),
});

/** One step of the payment's story, oldest first. */
export const DeskPaymentStepSchema = z.object({
  at: InstantSchema,
  kind: z.enum(['created', 'hold_expires', 'provider_event', 'paid']),
  /** A provider event's provider and type (`sandbox`, `payment_intent.succeeded`); null for our own steps. */
  provider: z.string().nullable(),
  type: z.string().nullable(),
});

export const DeskPaymentSchema = z.object({
  gateway: z.string(),
  intent_id: z.string().nullable(),
  /** The sandbox provider's own status of the intent; null for other providers (their dashboards say it). */
  provider_status: z.string().nullable(),
  hold_expires_at: InstantSchema,
  paid_at: InstantSchema.nullable(),
  /** The provider's code of the last attempt that did not go through (`card_declined`). */
  last_error: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  failure_reason: z.string().nullable(),
  timeline: z.array(DeskPaymentStepSchema),
});

/** A ticket as the desk shows it: the end of its code (never the code, let alone its signed QR text). */
export const DeskTicketSchema = z.object({
  /** What a refund names (`ticket_ids`). */
  id: z.number().int().positive(),
  code_suffix: z.string(),
  package_name: z.string(),
  seat: DeskSeatSchema.nullable(),
  /** Checked in at the door; null: not yet. */
  used_at: InstantSchema.nullable(),
  /** Voided by a refund (the gate refuses it); null: valid. */
  voided_at: InstantSchema.nullable(),
  /** Whose name the ticket carries: the buyer's, or the one the desk corrected it to (decisions/039). */
  holder: z.object({ first_name: z.string(), last_name: z.string() }).nullable().default(null),
  /** When the desk last re-issued it under a corrected name; null: never. */
  reissued_at: InstantSchema.nullable().default(null),
});

/**
 * An order e-mail's kind (`order_confirmation`, `payment_refunded`, …): text, so that a kind the outbox gains
 * (the refunds' e-mails) is shown rather than refused.
 */
export const DeskEmailKindSchema = z.string();

/** An e-mail queued for the order (the outbox), without its content. */
export const DeskEmailSchema = z.object({
  kind: DeskEmailKindSchema,
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: CountSchema,
  queued_at: InstantSchema,
  sent_at: InstantSchema.nullable(),
  /** Why the last attempt failed; null also when the role may not see contact details (it may name the address). */
  last_error: z.string().nullable(),
});

/** A copy kept by the local outbox viewer (no SMTP configured): its subject and when, never its body. */
export const DeskKeptEmailSchema = z.object({ kind: DeskEmailKindSchema, subject: z.string(), kept_at: InstantSchema });

/** A confirmation resent from the desk (from the audit log). */
export const DeskResendSchema = z.object({ at: InstantSchema, by: z.string().nullable() });

/** GET /api/organiser/{org}/orders/{orderId}: the order's page. */
export const DeskOrderAnswerSchema = z.object({
  booking_id: z.string(),
  kind: OrderKindSchema.default('sale'),
  /** A comp's note (why it was given); null for a sale. */
  comp_note: z.string().nullable().default(null),
  status: OrderStatusSchema,
  event: DeskEventSchema,
  buyer: z.object({ first_name: z.string(), last_name: z.string() }),
  /** null: the role may not see contact details. */
  contact: DeskContactSchema.extend({ nic: z.string() }).nullable(),
  created_at: InstantSchema,
  lines: z.array(DeskOrderLineSchema),
  totals: z.object({
    currency: CurrencySchema,
    subtotal: MinorUnitsSchema,
    convenience_fee: MinorUnitsSchema,
    discount: MinorUnitsSchema,
    total: MinorUnitsSchema,
    promo_code: z.string().nullable(),
  }),
  payment: DeskPaymentSchema,
  /** Refunded so far (minor units) and what may still be refunded (total − refunded; 0 unless paid). */
  refunded_amount: MinorUnitsSchema,
  refundable_amount: MinorUnitsSchema,
  /** The order's refunds, oldest first (docs/decisions/037). */
  refunds: z.array(RefundSchema),
  tickets: z.array(DeskTicketSchema),
  emails: z.array(DeskEmailSchema),
  kept_emails: z.array(DeskKeptEmailSchema),
  resends: z.array(DeskResendSchema),
});
export type DeskOrderAnswer = z.infer<typeof DeskOrderAnswerSchema>;

/** POST /api/organiser/{org}/orders/{orderId}/confirmation: queued. */
export const ConfirmationResendAnswerSchema = z.object({
  booking_id: z.string(),
  /** The confirmation's outbox row is pending again: the worker sends it once. */
  status: z.literal('queued'),
  /** Resends left for this order in the current hour. */
  resends_left: CountSchema,
});
export type ConfirmationResendAnswer = z.infer<typeof ConfirmationResendAnswerSchema>;

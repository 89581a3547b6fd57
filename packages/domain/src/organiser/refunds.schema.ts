import { z } from 'zod';

/**
 * Refunds from the organiser console (issue 22; docs/decisions/037): the body of
 * `POST /api/organiser/{org}/orders/{orderId}/refunds`, its answer, and the words the gate uses for a voided
 * ticket. Amounts are minor units of the order's currency.
 */

const MAX_ID = 2_147_483_647;

export const REFUND_MESSAGES = {
  amountPositive: 'The amount to refund must be more than zero.',
  ticketsUnique: 'Name each ticket once.',
  reasonRequired: 'Say why the order is refunded.',
  idempotencyKey: 'Send an Idempotency-Key of 8-100 letters, digits, "_", ":" or "-": the same key replays the refund.',
  /** What the gate says of a ticket a refund voided. */
  voidedTicket: 'Do not admit: this ticket was refunded and is no longer valid.',
} as const;

export const RefundRequestSchema = z.object({
  /** The tickets to void; left out: every ticket of the order not yet voided. `[]`: money only, no ticket voided. */
  ticket_ids: z
    .array(z.number().int().positive().max(MAX_ID))
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, REFUND_MESSAGES.ticketsUnique)
    .optional(),
  /** Minor units: at most what was paid minus what was already refunded. */
  amount: z
    .number({ error: REFUND_MESSAGES.amountPositive })
    .int()
    .positive(REFUND_MESSAGES.amountPositive)
    .max(MAX_ID),
  reason: z.string().trim().min(1, REFUND_MESSAGES.reasonRequired).max(500),
});
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

/** The refund's path: the organisation's slug and the order's Booking ID. */
export const RefundParamsSchema = z.object({
  org: z.string(),
  orderId: z.string().max(64).describe('The Booking ID, e.g. MQ7K3F9X2QHD.'),
});

export const RefundHeadersSchema = z.object({
  'idempotency-key': z
    .string({ error: REFUND_MESSAGES.idempotencyKey })
    .regex(/^[A-Za-z0-9_:-]{8,100}$/, REFUND_MESSAGES.idempotencyKey)
    .describe('A key the console makes once per refund (e.g. a UUID): the same key returns the same refund.'),
});

export const RefundStatusSchema = z.enum(['pending', 'succeeded']);

export const RefundSchema = z.object({
  id: z.number().int(),
  /** pending: decided (tickets voided, inventory back on sale), the provider not yet confirmed; retried until it does. */
  status: RefundStatusSchema,
  amount: z.number().int(),
  currency: z.string(),
  ticket_ids: z.array(z.number().int()),
  reason: z.string(),
  created_at: z.string(),
  succeeded_at: z.string().nullable(),
});
export type Refund = z.infer<typeof RefundSchema>;

export const RefundAnswerSchema = z.object({
  refund: RefundSchema,
  order: z.object({
    booking_id: z.string(),
    total: z.number().int(),
    refunded_amount: z.number().int(),
    /** What may still be refunded: total minus refunded_amount. */
    refundable_amount: z.number().int(),
    /** The whole total was refunded. */
    is_refunded: z.boolean(),
  }),
});
export type RefundAnswer = z.infer<typeof RefundAnswerSchema>;

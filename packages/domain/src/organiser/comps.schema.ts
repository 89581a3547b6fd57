import { z } from 'zod';
import { BUYER_MESSAGES, BuyerDetailsSchema, EmailSchema, PhoneSchema } from '../checkout/buyer-details.schema';
import { TicketSeatSchema } from '../tickets/ticket-seat.schema';

/**
 * Two actions of the orders desk (issue 22; docs/decisions/039): correcting the name on a ticket (it is
 * re-issued: a new code and QR, the old one refused at the gate) and comp tickets (free tickets for a named
 * guest, counted against capacity like a sale). What each route takes and answers; the server validates and
 * serialises with these, and the console parses with them.
 */

const MAX_ID = 2_147_483_647;

/** Tickets in one comp order at most: a guest list is many comps, not one huge one. */
export const COMP_MAX_TICKETS = 50;
export const COMP_NOTE_MAX = 500;

export const COMP_MESSAGES = {
  quantity: `Comp between 1 and ${COMP_MAX_TICKETS} tickets at a time.`,
  note: 'Say why these tickets are given (for whom, on whose word).',
  seatsUnique: 'Name each seat once.',
  idempotencyKey:
    'Send an Idempotency-Key of 8-100 letters, digits, "_", ":" or "-": the same key answers the same comp.',
  keyReused: 'This Idempotency-Key was already used for another comp. Use a new key for a new comp.',
} as const;

export const HOLDER_MESSAGES = {
  /** What the gate says of a code a name correction replaced. */
  reissuedCode: 'This ticket was re-issued; ask for the new one.',
  voided: 'This ticket was refunded and no longer admits: its name cannot be corrected.',
  used: 'This ticket was already admitted at the gate: its name can no longer be corrected.',
} as const;

/** The names of a ticket's holder: the checkout's own rules (spec 5 and 9), one schema for the form and the server. */
export const HolderNameSchema = BuyerDetailsSchema.pick({ first_name: true, last_name: true });
export type HolderName = z.infer<typeof HolderNameSchema>;

/** POST /api/organiser/{org}/orders/{orderId}/tickets/{ticketId}/holder: the path. */
export const TicketHolderParamsSchema = z.object({
  org: z.string(),
  orderId: z.string().max(40, 'must be a Booking ID'),
  ticketId: z
    .string()
    .regex(/^\d{1,10}$/, 'must be a ticket id')
    .transform(Number)
    .pipe(z.number().int().positive().max(MAX_ID)),
});

/** The answer: the ticket as it stands now, and whether this request re-issued it. */
export const TicketHolderAnswerSchema = z.object({
  booking_id: z.string(),
  /** false: the ticket already carried this name (a double click, a retry): nothing was changed or sent. */
  reissued: z.boolean(),
  ticket: z.object({
    id: z.number().int(),
    /** The end of the ticket's (new) code, as the desk shows codes. */
    code_suffix: z.string(),
    holder: HolderNameSchema,
    /** The last re-issue; null: never re-issued. */
    reissued_at: z.string().nullable(),
  }),
  /** The buyer is e-mailed the corrected tickets (queued with the change). */
  email_queued: z.boolean(),
});
export type TicketHolderAnswer = z.infer<typeof TicketHolderAnswerSchema>;

/** POST /api/organiser/{org}/events/{eventUid}/comps: the guest and what they get. */
export const CompRequestSchema = z.object({
  first_name: BuyerDetailsSchema.shape.first_name,
  last_name: BuyerDetailsSchema.shape.last_name,
  email: EmailSchema,
  /** Optional: the guest's phone, for the desk to reach them. */
  phone: PhoneSchema.optional(),
  package_id: z.number({ error: 'Choose a ticket package.' }).int().positive().max(MAX_ID),
  quantity: z
    .number({ error: COMP_MESSAGES.quantity })
    .int(COMP_MESSAGES.quantity)
    .min(1, COMP_MESSAGES.quantity)
    .max(COMP_MAX_TICKETS, COMP_MESSAGES.quantity),
  /** For a seated package: exactly `quantity` of its seats. Left out (or empty) for other packages. */
  seat_ids: z
    .array(z.string().trim().min(1).max(40))
    .max(COMP_MAX_TICKETS)
    .refine((ids) => new Set(ids).size === ids.length, COMP_MESSAGES.seatsUnique)
    .optional(),
  note: z.string({ error: COMP_MESSAGES.note }).trim().min(1, COMP_MESSAGES.note).max(COMP_NOTE_MAX),
});
export type CompRequest = z.infer<typeof CompRequestSchema>;
export type CompRequestInput = z.input<typeof CompRequestSchema>;

export const CompParamsSchema = z.object({ org: z.string(), eventUid: z.string().max(40) });

export const CompHeadersSchema = z.object({
  'idempotency-key': z
    .string({ error: COMP_MESSAGES.idempotencyKey })
    .regex(/^[A-Za-z0-9_:-]{8,100}$/, COMP_MESSAGES.idempotencyKey)
    .describe('A key the console makes once per comp (e.g. a UUID): the same key returns the same order.'),
});

export const CompAnswerSchema = z.object({
  booking_id: z.string(),
  kind: z.literal('comp'),
  event: z.object({ uid: z.string(), name: z.string() }),
  guest: z.object({ first_name: z.string(), last_name: z.string() }),
  package_name: z.string(),
  quantity: z.number().int().positive(),
  note: z.string(),
  tickets: z.array(
    z.object({
      id: z.number().int(),
      code_suffix: z.string(),
      seat: TicketSeatSchema.extend({ label: z.string() }).nullable(),
    }),
  ),
  created_at: z.string(),
});
export type CompAnswer = z.infer<typeof CompAnswerSchema>;

/** Field messages of the comp form, keyed like the request; empty when every field is valid. */
export function compFieldErrors(input: unknown): Record<string, string> {
  const result = CompRequestSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '_');
    errors[key] ??= issue.message;
  }
  return errors;
}

export { BUYER_MESSAGES };

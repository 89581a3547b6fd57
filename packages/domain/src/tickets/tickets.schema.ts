import { z } from 'zod';
import { ErrorBodySchema } from '../errors/error-shape';
import { MAX_TICKET_CODE_LENGTH } from './ticket-code';
export { describeSeat, seatLabel } from './describe-seat';
import { TicketSeatSchema } from './ticket-seat.schema';
export { TicketSeatSchema, type TicketSeat } from './ticket-seat.schema';

/**
 * Tickets (issue 6): the check-in API for gate staff, the public key gates verify codes with, and the
 * signed link to a booking's tickets PDF. The code format itself is in ./ticket-code.
 */
export {
  MAX_TICKET_CODE_LENGTH,
  TICKET_CODE_PREFIX,
  TICKET_NUMBER_PATTERN,
  TicketClaimsSchema,
  formatTicketCode,
  parseTicketCode,
  ticketSigningInput,
  type ParsedTicketCode,
  type TicketClaims,
  type TicketCodeParseResult,
} from './ticket-code';

/** How long a ticket link stays valid; the booking lookup gives a fresh one whenever asked. */
export const TICKET_LINK_TTL_DAYS = 7;

export const TICKET_MESSAGES = {
  linkInvalid: 'This ticket link is invalid or has expired.',
  linkExpired: 'This ticket link has expired. Look up your booking again (Booking ID and NIC) for a new one.',
  bookingNotFound: 'Booking not found.',
  notPaid: 'The tickets are issued once the booking is paid.',
  notValid: 'This booking has no valid tickets: it was cancelled or its payment failed.',
  checkInNotConfigured: 'Check-in is not configured on this server (set STAFF_TOKEN).',
  staffTokenRequired: 'A valid staff token is required (Authorization: Bearer …).',
  forged: 'This ticket code is forged or damaged: its signature does not match.',
  unknownTicket: 'No such ticket: the code is signed but names no ticket sold here.',
  otherEvent: 'This ticket is for another event.',
  bookingNotValid: 'Do not admit: the booking of this ticket is not valid (cancelled or not paid).',
} as const;

/** POST /api/check-in: the text a gate scanned from the QR code. */
export const CheckInRequestSchema = z.object({
  code: z
    .string({ error: 'Scan a ticket code.' })
    .trim()
    .min(1, 'Scan a ticket code.')
    .max(MAX_TICKET_CODE_LENGTH, 'The code is too long to be a Marquee ticket.'),
  /** The event this gate admits to; a ticket for another event is refused (without being marked used). */
  event_uid: z.string().trim().min(1).max(40).optional(),
});
export type CheckInRequest = z.infer<typeof CheckInRequestSchema>;

/** What a gate shows for an admitted ticket. */
export const CheckedInTicketSchema = z.object({
  code: z.string(),
  booking_id: z.string(),
  event: z.object({ uid: z.string(), name: z.string(), starts_at: z.string() }),
  package_name: z.string(),
  /** null: general admission. */
  seat: TicketSeatSchema.nullable(),
  holder_name: z.string(),
});
export type CheckedInTicket = z.infer<typeof CheckedInTicketSchema>;

export const CheckInAdmittedSchema = z.object({
  status: z.literal('admitted'),
  /** When this scan marked the ticket used (the database clock), ISO 8601. */
  scanned_at: z.string(),
  ticket: CheckedInTicketSchema,
});
export type CheckInAdmitted = z.infer<typeof CheckInAdmittedSchema>;

/**
 * 409: the ticket was scanned before (`first_scanned_at`), is for another event, its booking is not valid, or its
 * code was replaced by a name correction (`reissued`: the holder has a new ticket; decisions/039).
 */
export const CheckInRefusedSchema = ErrorBodySchema.extend({
  reason: z.enum(['already_used', 'other_event', 'booking_not_valid', 'reissued']),
  first_scanned_at: z.string().nullable(),
});
export type CheckInRefused = z.infer<typeof CheckInRefusedSchema>;

/** GET /api/tickets/public-key: what a gate needs to verify ticket codes offline. */
export const TicketsPublicKeySchema = z.object({
  algorithm: z.literal('Ed25519'),
  /** The code format: `MQ1.{base64url(JSON claims)}.{base64url(signature over "MQ1.{claims}")}`. */
  code_format: z.literal('MQ1'),
  /** base64url SHA-256 of the raw public key, first 16 characters: tells keys apart after a rotation. */
  key_id: z.string(),
  /** SubjectPublicKeyInfo, PEM. */
  public_key_pem: z.string(),
  jwk: z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string() }),
});
export type TicketsPublicKey = z.infer<typeof TicketsPublicKeySchema>;

/** GET /api/tickets/{order_id}.pdf: the signed link's query. Checked by the service (403/410), not by shape. */
export const TicketLinkQuerySchema = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
});
export type TicketLinkQuery = z.infer<typeof TicketLinkQuerySchema>;

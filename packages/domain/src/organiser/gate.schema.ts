import { z } from 'zod';
import { EventLifecycleStatusSchema } from '../authoring/lifecycle';

/**
 * The gate (issue 22; docs/decisions/043): an event's check-in lists, a list's offline pack, the scans a door
 * sends (online at once, or queued offline and synced later) and the door's manual look-up. What each
 * `/api/organiser/{org}/events/{eventUid}/check-in-lists…` route takes and answers; the server validates and
 * serialises with these, and the scanner page parses with them.
 *
 * The door sees a ticket's holder name, package and seat only: never an e-mail, a phone, a NIC or a price.
 *
 * No `z.coerce` here (console-params.schema.ts says why): the list id of the path is read there.
 */

/** A list's name, at most. */
export const CHECK_IN_LIST_NAME_MAX = 60;
/** Packages a list may name. */
export const CHECK_IN_LIST_PACKAGES_MAX = 100;
/** Scans in one request, at most (an offline queue is sent in parts of this size). */
export const GATE_SCANS_MAX = 500;
/** A scan's device time may be ahead of the server's by this much (clocks drift); more is refused (422). */
export const GATE_SCAN_FUTURE_MS = 5 * 60_000;
/** The look-up's answer, at most. */
export const GATE_LOOKUP_MAX = 20;
export const GATE_LOOKUP_QUERY_MIN = 2;
export const GATE_LOOKUP_QUERY_MAX = 80;
/** The scanned QR text, at most (a real code is about 200 characters). */
export const GATE_QR_MAX = 2000;

/** PostgreSQL's integer. */
const MAX_INT = 2_147_483_647;
/** Device times before this are a broken clock, not a scan. */
const EARLIEST_SCAN = Date.parse('2020-01-01T00:00:00Z');

/** Half a surrogate pair or NUL: PostgreSQL's text cannot hold them, so such text is refused first. */
const HALF_A_SURROGATE_PAIR = /\p{Cs}/u;
const isStorable = (text: string) => !text.includes('\u0000') && !HALF_A_SURROGATE_PAIR.test(text);

function textOf(field: string, min: number, max: number) {
  return z
    .string({ error: `${field} must be text` })
    .min(min, `${field} must be at least ${min} characters`)
    .max(max, `${field} must be at most ${max} characters`)
    .refine(isStorable, `${field} must not contain NUL characters or broken unicode`);
}

export const GATE_REFUSAL_REASONS = [
  'already_used',
  'voided',
  'not_on_list',
  'other_event',
  'unknown_ticket',
  'bad_signature',
  'booking_not_valid',
] as const;
export const GateRefusalReasonSchema = z.enum(GATE_REFUSAL_REASONS);
export type GateRefusalReason = z.infer<typeof GateRefusalReasonSchema>;

export const GATE_TICKET_STATES = ['valid', 'used', 'voided'] as const;
export const GateTicketStateSchema = z.enum(GATE_TICKET_STATES);
export type GateTicketState = z.infer<typeof GateTicketStateSchema>;

const InstantSchema = z.string();
const CountSchema = z.number().int().nonnegative();
const IdSchema = z.number().int().positive();

/* ------------------------------------------------------------------------------------------------ events */

/** The events answer, at most. */
export const GATE_EVENTS_MAX = 200;

/** An event the member may scan at, as the door's first page lists it. */
export const GateEventSchema = z.object({
  uid: z.string(),
  name: z.string(),
  starts_at: InstantSchema,
  /** The venue's zone: the door reads the start in the venue's clocks. */
  time_zone: z.string(),
  /** Never `draft`: a draft has no tickets to scan. */
  status: EventLifecycleStatusSchema,
  venue_name: z.string(),
});
export type GateEvent = z.infer<typeof GateEventSchema>;

/**
 * GET /api/organiser/{org}/gate/events: the events the member may scan at (a member limited to chosen events, only
 * those), drafts left out; today's and upcoming ones first, soonest first, then past ones, latest first; at most
 * GATE_EVENTS_MAX.
 */
export const GateEventsAnswerSchema = z.object({ events: z.array(GateEventSchema) });
export type GateEventsAnswer = z.infer<typeof GateEventsAnswerSchema>;

/* ------------------------------------------------------------------------------------------------- lists */

const PackageIdsSchema = z
  .array(
    z
      .number({ error: 'must be a package id' })
      .int('must be a package id')
      .min(1, 'must be a package id')
      .max(MAX_INT, 'must be a package id'),
    { error: 'must be a list of package ids' },
  )
  .min(1, 'choose at least one package')
  .max(CHECK_IN_LIST_PACKAGES_MAX, `must name at most ${CHECK_IN_LIST_PACKAGES_MAX} packages`);

const ListNameSchema = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'must not be empty')
  .max(CHECK_IN_LIST_NAME_MAX, `must be at most ${CHECK_IN_LIST_NAME_MAX} characters`)
  .refine(isStorable, 'must not contain NUL characters or broken unicode');

/** POST …/check-in-lists: a new list. Each package must be the event's (422 otherwise). */
export const CheckInListCreateBodySchema = z.object({ name: ListNameSchema, package_ids: PackageIdsSchema });
export type CheckInListCreateBody = z.infer<typeof CheckInListCreateBodySchema>;

/** PATCH …/check-in-lists/{listId}: only the fields sent change. */
export const CheckInListUpdateBodySchema = z.object({
  name: ListNameSchema.optional(),
  package_ids: PackageIdsSchema.optional(),
});
export type CheckInListUpdateBody = z.infer<typeof CheckInListUpdateBodySchema>;

export const GatePackageSchema = z.object({ id: IdSchema, name: z.string() });

/**
 * A list with its counts. `total`: the tickets of its packages that stand (paid, not voided); `checked_in`: those
 * admitted, at any gate (a ticket admitted at the VIP gate counts on every list with its package).
 */
export const CheckInListSchema = z.object({
  id: IdSchema,
  name: z.string(),
  package_ids: z.array(IdSchema),
  packages: z.array(GatePackageSchema),
  checked_in: CountSchema,
  total: CountSchema,
});
export type CheckInList = z.infer<typeof CheckInListSchema>;

/** GET …/check-in-lists. `totals` counts each ticket of the event once, however many lists name its package. */
export const CheckInListsAnswerSchema = z.object({
  lists: z.array(CheckInListSchema),
  event: z.object({ uid: z.string(), name: z.string(), starts_at: InstantSchema, time_zone: z.string() }),
  totals: z.object({ checked_in: CountSchema, total: CountSchema }),
});
export type CheckInListsAnswer = z.infer<typeof CheckInListsAnswerSchema>;

/* -------------------------------------------------------------------------------------------------- pack */

/** A ticket as the door sees it: who, which package, which seat. */
export const GateScannedTicketSchema = z.object({
  code: z.string(),
  booking_id: z.string(),
  holder_name: z.string(),
  package_name: z.string(),
  /** The seat as the ticket prints it ("Stalls · Row A · Seat 3"); null: general admission. */
  seat: z.string().nullable(),
});
export type GateScannedTicket = z.infer<typeof GateScannedTicketSchema>;

/** A ticket of a list's pack or of the look-up, with its state now. */
export const GateTicketSchema = GateScannedTicketSchema.extend({
  state: GateTicketStateSchema,
  /** When it was admitted (the database's clock); null: not yet. */
  used_at: InstantSchema.nullable(),
  /** The gate that admitted it; null: not yet, or admitted without a list (the staff-token check-in). */
  used_list_name: z.string().nullable(),
});
export type GateTicket = z.infer<typeof GateTicketSchema>;

/**
 * GET …/check-in-lists/{listId}/tickets: what a scanner keeps to work offline. Every ticket of the list's packages
 * that stands or was voided (a voided one is refused offline too), sorted by holder name.
 */
export const GatePackSchema = z.object({
  list: z.object({ id: IdSchema, name: z.string(), package_ids: z.array(IdSchema) }),
  /** base64url of the raw 32-byte Ed25519 public key that signs the QR codes (`MQ1.{claims}.{signature}`). */
  public_key: z.string(),
  /** The key's id (GET /api/tickets/public-key's `key_id`): a scanner tells a rotated key by it. */
  key_id: z.string().nullable(),
  generated_at: InstantSchema,
  tickets: z.array(GateTicketSchema),
});
export type GatePack = z.infer<typeof GatePackSchema>;

/* ------------------------------------------------------------------------------------------------- scans */

/**
 * One scan: the scanned QR text, or a ticket's code chosen from the manual look-up (exactly one). `scanned_at` is
 * the device's clock; `offline` says the door decided it without the server (it is recorded, and the server still
 * decides: a ticket admitted elsewhere first comes back refused).
 */
export const GateScanSchema = z
  .object({
    client_scan_id: textOf('client_scan_id', 1, 64),
    scanned_at: z.iso
      .datetime({ offset: true, error: 'must be a date and time with its offset' })
      .refine((text) => Date.parse(text) >= EARLIEST_SCAN, 'must be a real time (the device clock is wrong)')
      .refine(
        (text) => Date.parse(text) <= Date.now() + GATE_SCAN_FUTURE_MS,
        'must not be in the future (check the device clock)',
      ),
    qr: textOf('qr', 1, GATE_QR_MAX).optional(),
    ticket_code: textOf('ticket_code', 1, 64).optional(),
    offline: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .refine((scan) => (scan.qr === undefined) !== (scan.ticket_code === undefined), {
    path: ['qr'],
    message: 'send exactly one of qr and ticket_code',
  });
export type GateScan = z.infer<typeof GateScanSchema>;

/** POST …/check-in-lists/{listId}/scans. `offline` here is every scan's default. */
export const GateScansBodySchema = z.object({
  device_id: textOf('device_id', 1, 64),
  offline: z.boolean({ error: 'must be true or false' }).optional(),
  scans: z
    .array(GateScanSchema, { error: 'must be a list of scans' })
    .min(1, 'send at least one scan')
    .max(GATE_SCANS_MAX, `send at most ${GATE_SCANS_MAX} scans at once`),
});
export type GateScansBody = z.infer<typeof GateScansBodySchema>;

/** What the server decided for one scan; the same again for the same (device, client_scan_id). */
export const GateScanResultSchema = z.object({
  client_scan_id: z.string(),
  result: z.enum(['admitted', 'refused']),
  reason: GateRefusalReasonSchema.nullable(),
  /** What the door reads aloud ("Already scanned at 7:02 PM at VIP gate."). */
  message: z.string(),
  /** null: the scan named no ticket of the event. */
  ticket: GateScannedTicketSchema.nullable(),
  /** When the ticket was admitted (by this scan, or the first one); null when it has not been. */
  first_scanned_at: InstantSchema.nullable(),
  first_list_name: z.string().nullable(),
});
export type GateScanResult = z.infer<typeof GateScanResultSchema>;

export const GateScansAnswerSchema = z.object({ results: z.array(GateScanResultSchema) });
export type GateScansAnswer = z.infer<typeof GateScansAnswerSchema>;

/* ------------------------------------------------------------------------------------------------ lookup */

/** GET …/check-in-lists/{listId}/lookup?q=: part of a holder's name (any case) or a Booking ID (exact, any case). */
export const GateLookupQuerySchema = z.object({
  q: z
    .string({ error: 'must be text' })
    .trim()
    .min(GATE_LOOKUP_QUERY_MIN, `must be at least ${GATE_LOOKUP_QUERY_MIN} characters`)
    .max(GATE_LOOKUP_QUERY_MAX, `must be at most ${GATE_LOOKUP_QUERY_MAX} characters`)
    .refine(isStorable, 'must not contain NUL characters or broken unicode'),
});
export type GateLookupQuery = z.infer<typeof GateLookupQuerySchema>;

export const GateLookupAnswerSchema = z.object({ tickets: z.array(GateTicketSchema) });
export type GateLookupAnswer = z.infer<typeof GateLookupAnswerSchema>;

export const GATE_MESSAGES = {
  listNotFound: 'No such check-in list.',
  nameTaken: 'This event already has a check-in list with that name.',
  foreignPackages: 'Choose packages of this event.',
  notOnList: 'Do not admit at this gate',
  voided: 'Do not admit: this ticket was refunded and is no longer valid.',
  unknownTicket: 'Do not admit: no such ticket for this event.',
  otherEvent: 'Do not admit: this ticket is for another event.',
  badSignature: 'Do not admit: this code is forged or damaged (its signature does not match).',
  bookingNotValid: 'Do not admit: the booking of this ticket is not valid (cancelled or not paid).',
} as const;

import type { ScopedTx } from '@marquee/db/tenancy';
import {
  GATE_MESSAGES,
  type GateRefusalReason,
  type GateScan,
  type GateScanResult,
  type GateScannedTicket,
} from '@marquee/domain/gate';
import { HOLDER_MESSAGES } from '@marquee/domain/comps';
import { formatEventDate, formatEventTime } from '@marquee/domain/time';
import type { TicketClaims } from '@marquee/domain/tickets';
import { admitTicket } from '../tickets/admit-ticket';
import { findReplacedCode } from '../tickets/reissue-ticket';
import { scannedTicketOf, stateOf } from './door-ticket';
import * as repository from './repository';

/** A scanned QR's claims when it is ours and intact; else what the door is told. */
export type VerifiedQr = { ok: true; claims: TicketClaims } | { ok: false; message: string };

export interface ScanContext {
  event: repository.GateEvent;
  list: repository.GateList;
  verifyQr: (text: string) => Promise<VerifiedQr>;
}

export type ScanAnswer = Omit<GateScanResult, 'client_scan_id'>;

export interface ScanDecision {
  ticketId: number | null;
  answer: ScanAnswer;
}

/**
 * "7:02 PM" in the venue's zone; with the date ("7:02 PM on Sat, 5 Dec 2026") when it was not the same day as
 * `now` there: what the door reads aloud.
 */
export function spokenTime(at: Date, now: Date, timeZone: string): string {
  const iso = at.toISOString();
  const time = formatEventTime(iso, timeZone);
  const day = formatEventDate(iso, timeZone);
  return day === formatEventDate(now.toISOString(), timeZone) ? time : `${time} on ${day}`;
}

function refused(
  reason: GateRefusalReason,
  message: string,
  ticket: GateScannedTicket | null = null,
  first: { at: Date | null; listName: string | null } = { at: null, listName: null },
): ScanAnswer {
  return {
    result: 'refused',
    reason,
    message,
    ticket,
    first_scanned_at: first.at?.toISOString() ?? null,
    first_list_name: first.at ? first.listName : null,
  };
}

function alreadyUsed(context: ScanContext, ticket: GateScannedTicket, usedAt: Date, listName: string | null) {
  const when = spokenTime(usedAt, new Date(), context.event.timeZone);
  const where = listName ? ` at ${listName}` : '';
  return refused('already_used', `Already scanned at ${when}${where}.`, ticket, { at: usedAt, listName });
}

/** The ticket a scan names in this event, or the refusal that says why there is none. */
async function ticketOfScan(
  tx: ScopedTx,
  context: ScanContext,
  scan: GateScan,
): Promise<{ row: repository.DoorTicket } | { refusal: ScanAnswer }> {
  if (scan.ticket_code !== undefined) {
    const code = scan.ticket_code.trim().toUpperCase();
    const row = await repository.findTicketByCode(tx, context.event.id, code);
    return row ? { row } : { refusal: await unknownCode(tx, code) };
  }
  const verified = await context.verifyQr(scan.qr ?? '');
  if (!verified.ok) return { refusal: refused('bad_signature', `Do not admit: ${verified.message}`) };
  const { claims } = verified;
  if (claims.e !== context.event.uid) return { refusal: refused('other_event', GATE_MESSAGES.otherEvent) };
  const row = await repository.findTicketByCode(tx, context.event.id, claims.c);
  // Signed by us yet naming no ticket here, or another one than the row says.
  if (!row || row.bookingId !== claims.o || row.seatId !== claims.s)
    return { refusal: await unknownCode(tx, claims.c) };
  return { row };
}

/** A code that names no ticket: an old code a name correction replaced says so (decisions/039). */
async function unknownCode(tx: ScopedTx, code: string): Promise<ScanAnswer> {
  const replaced = await findReplacedCode(tx, code);
  return refused(
    'unknown_ticket',
    replaced ? `Do not admit: ${HOLDER_MESSAGES.reissuedCode}` : GATE_MESSAGES.unknownTicket,
  );
}

/**
 * Decides one scan in the caller's transaction: the ticket it names, then whether this list admits its package,
 * whether its booking stands, whether it is voided, and last the admission itself, the conditional UPDATE and its
 * webhook announcement every gate shares (tickets/admit-ticket.ts). Of any number of scans of one ticket at once, in any process, exactly one
 * is admitted; every other is told when and at which gate the ticket was admitted first.
 */
export async function decideScan(tx: ScopedTx, context: ScanContext, scan: GateScan): Promise<ScanDecision> {
  const found = await ticketOfScan(tx, context, scan);
  if ('refusal' in found) return { ticketId: null, answer: found.refusal };
  const { row } = found;
  const ticket = scannedTicketOf(row, context.event.seatMap);
  const refuse = (reason: GateRefusalReason, message: string): ScanDecision => ({
    ticketId: row.id,
    answer: refused(reason, message, ticket),
  });

  if (!context.list.packageIds.includes(row.packageId)) {
    return refuse('not_on_list', `${GATE_MESSAGES.notOnList}: ${ticket.package_name} is not on ${context.list.name}.`);
  }
  if (row.usedAt) return { ticketId: row.id, answer: alreadyUsed(context, ticket, row.usedAt, row.usedListName) };
  const state = stateOf(row);
  if (state === 'voided') {
    return row.voidedAt
      ? refuse('voided', GATE_MESSAGES.voided)
      : refuse('booking_not_valid', GATE_MESSAGES.bookingNotValid);
  }

  // With the code scanned (decisions/039); announced to the organisation's webhooks in this transaction (044).
  const admittedAt = await admitTicket(tx, {
    id: row.id,
    code: row.code,
    bookingId: row.bookingId,
    seatId: row.seatId,
    event: { uid: context.event.uid, id: context.event.id },
  });
  if (admittedAt) {
    const seat = ticket.seat ? `, ${ticket.seat}` : '';
    return {
      ticketId: row.id,
      answer: {
        result: 'admitted',
        reason: null,
        message: `Admit ${ticket.holder_name}: ${ticket.package_name}${seat}.`,
        ticket,
        first_scanned_at: admittedAt.toISOString(),
        first_list_name: context.list.name,
      },
    };
  }
  // Lost the race, or the ticket changed since it was read: say what it is now.
  const now = await repository.findTicketById(tx, row.id);
  if (now?.usedAt) return { ticketId: row.id, answer: alreadyUsed(context, ticket, now.usedAt, now.usedListName) };
  if (now?.voidedAt) return refuse('voided', GATE_MESSAGES.voided);
  if (now && now.code !== row.code) return { ticketId: row.id, answer: await unknownCode(tx, row.code) };
  return refuse('booking_not_valid', GATE_MESSAGES.bookingNotValid);
}

import type { Db } from '@marquee/db/client';
import { isPaidStatus } from '@marquee/domain/orders';
import { REFUND_MESSAGES } from '@marquee/domain/refunds';
import {
  TICKET_MESSAGES,
  describeSeat,
  type CheckInAdmitted,
  type CheckInRefused,
  type CheckInRequest,
  type TicketClaims,
} from '@marquee/domain/tickets';
import { formatEventDate, formatZoneName } from '@marquee/domain/time';
import { HOLDER_MESSAGES } from '@marquee/domain/comps';
import { AppError } from '../../plugins/app-error';
import { admitTicket } from './admit-ticket';
import { holderName } from './holder-name';
import { findReplacedCode } from './reissue-ticket';
import * as repository from './repository';
import { cleanText } from './ticket-fonts';

export interface CheckInDeps {
  db: Db;
  /** The scanned code's claims when it is ours (verify-code); AppError 422 otherwise. */
  verifyCode: (text: string) => Promise<TicketClaims>;
}

/** "7:02:11 PM on Sat, 5 Dec 2026 (GMT+5:30)": when a ticket was first scanned, in the venue's zone. */
function formatScanTime(at: Date, timeZone: string): string {
  const iso = at.toISOString();
  const time = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZone,
  }).format(at);
  return `${time} on ${formatEventDate(iso, timeZone)} (${formatZoneName(iso, timeZone)})`;
}

function refused(reason: CheckInRefused['reason'], message: string, firstScannedAt: Date | null = null): AppError {
  return new AppError('check_in_refused', message, undefined, {
    reason,
    first_scanned_at: firstScannedAt ? firstScannedAt.toISOString() : null,
  } satisfies Omit<CheckInRefused, 'message' | 'code' | 'errors'>);
}

/**
 * POST /api/check-in: verify the scanned code's signature, find its ticket, and mark it used once.
 * A second scan (or the loser of two at once) gets 409 with the time of the first.
 */
export async function checkIn(deps: CheckInDeps, request: CheckInRequest): Promise<CheckInAdmitted> {
  const { db } = deps;
  const claims = await deps.verifyCode(request.code);
  const ticket = await repository.findTicketForCheckIn(db, claims.c);
  // A code a name correction replaced (decisions/039): the holder has a new ticket.
  if (!ticket && (await findReplacedCode(db, claims.c))) throw refused('reissued', HOLDER_MESSAGES.reissuedCode);
  // Signed by us yet naming no ticket (or another one than the row says): nothing to admit.
  if (!ticket || ticket.bookingId !== claims.o || ticket.eventUid !== claims.e || ticket.seatId !== claims.s) {
    throw new AppError('not_found', TICKET_MESSAGES.unknownTicket);
  }
  if (request.event_uid !== undefined && request.event_uid !== ticket.eventUid) {
    throw refused('other_event', `${TICKET_MESSAGES.otherEvent} It is for ${cleanText(ticket.eventName)}.`);
  }
  if (!isPaidStatus(ticket.orderStatus)) throw refused('booking_not_valid', TICKET_MESSAGES.bookingNotValid);
  // Voided by a refund (issue 22): the booking's other tickets still admit.
  if (ticket.voidedAt) throw refused('booking_not_valid', REFUND_MESSAGES.voidedTicket);
  // Admitted and announced to the organiser's webhooks (decisions/044) in one transaction (admit-ticket.ts).
  const scannedAt = ticket.usedAt
    ? null
    : await db.transaction((tx) =>
        admitTicket(tx, {
          id: ticket.id,
          code: ticket.code,
          bookingId: ticket.bookingId,
          seatId: ticket.seatId,
          event: { uid: ticket.eventUid },
        }),
      );
  if (!scannedAt) {
    // Replaced by a name correction between the look-up and the admission: the correction won.
    if (await findReplacedCode(db, claims.c)) throw refused('reissued', HOLDER_MESSAGES.reissuedCode);
    const firstScan = ticket.usedAt ?? (await repository.findTicketUsedAt(db, ticket.id));
    if (!firstScan) {
      const isVoided = (await repository.findTicketForCheckIn(db, claims.c))?.voidedAt;
      throw refused('booking_not_valid', isVoided ? REFUND_MESSAGES.voidedTicket : TICKET_MESSAGES.bookingNotValid);
    }
    throw refused('already_used', `Already scanned at ${formatScanTime(firstScan, ticket.timeZone)}.`, firstScan);
  }
  return {
    status: 'admitted',
    scanned_at: scannedAt.toISOString(),
    ticket: {
      code: ticket.code,
      booking_id: ticket.bookingId,
      event: { uid: ticket.eventUid, name: ticket.eventName, starts_at: ticket.startDate.toISOString() },
      package_name: ticket.packageName,
      seat: ticket.seatId === null ? null : describeSeat(ticket.seatMap, ticket.seatId),
      holder_name: holderName(ticket),
    },
  };
}

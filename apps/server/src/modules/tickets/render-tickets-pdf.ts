import type { Db } from '@marquee/db/client';
import { isPaidStatus } from '@marquee/domain/orders';
import { TICKET_MESSAGES, describeSeat } from '@marquee/domain/tickets';
import { AppError } from '../../plugins/app-error';
import type { LoadEventImage } from './event-image';
import { holderName } from './holder-name';
import * as repository from './repository';
import { renderTicketSheet } from './ticket-pdf';
import type { TicketSigner } from './ticket-signing';

export interface RenderTicketsPdfDeps {
  db: Db;
  signer: () => Promise<TicketSigner>;
  loadEventImage: LoadEventImage;
  /** The issue date of a sheet whose order has no payment time. */
  now: () => Date;
  /** Payments are tests: the sheet is marked as test tickets (decisions/030). */
  isTest?: boolean;
}

/**
 * The booking's tickets as a PDF, one page per ticket. `order` is the numeric id or the Booking ID.
 * Throws AppError: not_found for an unknown booking, not_paid or not_valid when it is not (or no longer) paid.
 */
export async function renderTicketsPdf(deps: RenderTicketsPdfDeps, order: number | string): Promise<Buffer> {
  const { db } = deps;
  const row = await repository.findSheetOrder(db, typeof order === 'number' ? { id: order } : { bookingId: order });
  if (!row) throw new AppError('not_found', TICKET_MESSAGES.bookingNotFound);
  if (!isPaidStatus(row.status)) {
    const isPending = row.status === 'pending';
    throw new AppError(
      isPending ? 'not_paid' : 'not_valid',
      isPending ? TICKET_MESSAGES.notPaid : TICKET_MESSAGES.notValid,
      undefined,
      { status: row.status },
    );
  }
  const [tickets, activeSigner, image] = await Promise.all([
    repository.findSheetTickets(db, row.id),
    deps.signer(),
    deps.loadEventImage(row.bannerImg),
  ]);
  return renderTicketSheet({
    bookingId: row.bookingId,
    holderName: holderName(row),
    currency: row.currency,
    event: { name: row.eventName, startsAt: row.startDate, image },
    venue: {
      name: row.venueName,
      address: row.venueAddress,
      city: row.venueCity,
      country: row.venueCountry,
      timeZone: row.timeZone,
    },
    tickets: tickets.map((ticket) => ({
      code: ticket.code,
      qrText: activeSigner.sign({ c: ticket.code, o: row.bookingId, e: row.eventUid, s: ticket.seatId }),
      packageName: ticket.packageName,
      unitPrice: ticket.unitPrice,
      seat: ticket.seatId === null ? null : describeSeat(row.seatMap, ticket.seatId),
      holderName: holderName({ ...row, ...ticket }),
    })),
    issuedAt: row.paidAt ?? deps.now(),
    isTest: deps.isTest ?? false,
  });
}

import type { Db } from '@marquee/db/client';
import * as repository from './repository';
import type { TicketSigner } from './ticket-signing';

export interface SignedCodesDeps {
  db: Db;
  signer: () => Promise<TicketSigner>;
}

/** The QR text of each of a booking's tickets, in PDF page order (for the booking page and tests). */
export async function signedCodes(deps: SignedCodesDeps, bookingId: string): Promise<string[]> {
  const row = await repository.findSheetOrder(deps.db, { bookingId });
  if (!row) return [];
  const [tickets, activeSigner] = await Promise.all([repository.findSheetTickets(deps.db, row.id), deps.signer()]);
  return tickets.map((ticket) =>
    activeSigner.sign({ c: ticket.code, o: row.bookingId, e: row.eventUid, s: ticket.seatId }),
  );
}

import type { Tx } from '@marquee/db/client';
import { recordWebhookEvent } from '../integrations/webhook-events';
import * as repository from './repository';

/** The ticket a gate admits, as both gates have read it: what the admission and its announcement name. */
export interface TicketToAdmit {
  id: number;
  /** The code scanned: a name correction replacing it at the same moment wins or loses whole (decisions/039). */
  code: string;
  /** The Booking ID. */
  bookingId: string;
  seatId: string | null;
  /** Its event: the uid goes in the payload; the id, when the caller has it, finds the organisation by key. */
  event: { uid: string; id?: number };
}

/**
 * Admits a ticket, once, whichever gate asks: the staff-token check-in (check-in.ts) and the console's gate
 * (modules/gate, inside its scoped transaction) both decide here. One conditional UPDATE of `used_at` (not used,
 * not voided, its booking paid), so of any number of scans at the same moment, in any process, exactly one gets
 * the row. The admission is announced to the organisation's `ticket.checked_in` webhooks in the same transaction
 * (decisions/044): both commit or neither does, and a scan that did not admit announces nothing. Answers the time
 * of this admission (the database's clock), or null when it did not admit.
 */
export async function admitTicket(tx: Tx, ticket: TicketToAdmit): Promise<Date | null> {
  const admittedAt = await repository.admitTicket(tx, ticket.id, ticket.code);
  if (!admittedAt) return null;
  const { id: eventId, uid: eventUid } = ticket.event;
  await recordWebhookEvent(tx, {
    ...(eventId === undefined ? { eventUid } : { eventId }),
    type: 'ticket.checked_in',
    data: {
      ticket_code: ticket.code,
      booking_id: ticket.bookingId,
      event_uid: eventUid,
      seat_id: ticket.seatId,
      scanned_at: admittedAt.toISOString(),
    },
  });
  return admittedAt;
}

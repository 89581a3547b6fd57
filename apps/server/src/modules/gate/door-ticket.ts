import type { SeatMap } from '@marquee/domain/seat-map';
import type { GateScannedTicket, GateTicket, GateTicketState } from '@marquee/domain/gate';
import { isPaidStatus } from '@marquee/domain/orders';
import { describeSeat, seatLabel } from '@marquee/domain/tickets';
import { holderName } from '../tickets/holder-name';
import type { DoorTicket } from './repository';

/**
 * A ticket as the door sees it (decisions/043): the holder's name as the ticket prints it, the package, the seat's
 * label. Nothing else of the booking leaves the server on the gate's routes.
 */
export function scannedTicketOf(row: DoorTicket, seatMap: SeatMap | null): GateScannedTicket {
  return {
    code: row.code,
    booking_id: row.bookingId,
    holder_name: holderName(row),
    package_name: row.packageName,
    seat: row.seatId === null ? null : seatLabel(describeSeat(seatMap, row.seatId)),
  };
}

/** Voided by a refund, or its booking no longer paid (cancelled): the gate refuses it, online or offline. */
export function stateOf(row: Pick<DoorTicket, 'voidedAt' | 'usedAt' | 'orderStatus'>): GateTicketState {
  if (row.voidedAt || !isPaidStatus(row.orderStatus)) return 'voided';
  return row.usedAt ? 'used' : 'valid';
}

export function gateTicketOf(row: DoorTicket, seatMap: SeatMap | null): GateTicket {
  return {
    ...scannedTicketOf(row, seatMap),
    state: stateOf(row),
    used_at: row.usedAt?.toISOString() ?? null,
    used_list_name: row.usedAt ? row.usedListName : null,
  };
}

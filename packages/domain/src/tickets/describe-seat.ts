import { seatId as makeSeatId, type SeatMap } from '../seat-map/seat-map.schema';
import type { TicketSeat } from './ticket-seat.schema';

/**
 * A seat id (`${section}-${row}-${number}`) as a ticket prints it: the section's name from the venue's
 * seat map, the row's label and the number. Ids are looked up in the map rather than split, because a
 * section id or a row label may itself contain "-"; a seat the map no longer has is split as a fallback.
 */
export function describeSeat(map: SeatMap | null, id: string): TicketSeat {
  for (const section of map?.sections ?? []) {
    const prefix = `${section.id}-`;
    if (!id.startsWith(prefix)) continue;
    for (const row of section.rows) {
      const rest = id.slice(prefix.length);
      if (!rest.startsWith(`${row.label}-`)) continue;
      const number = Number(rest.slice(row.label.length + 1));
      if (
        Number.isInteger(number) &&
        number >= row.firstNumber &&
        number < row.firstNumber + row.count &&
        makeSeatId(section.id, row.label, number) === id
      ) {
        return { id, section: section.name || section.id, row: row.label, number: String(number) };
      }
    }
  }
  const parts = id.split('-');
  if (parts.length < 3) return { id, section: '', row: '', number: id };
  return { id, section: parts.slice(0, -2).join('-'), row: parts.at(-2) ?? '', number: parts.at(-1) ?? '' };
}

/** "Stalls Left · Row A · Seat 3": a seat as the booking lookup and the confirmation list it. */
export function seatLabel(seat: TicketSeat): string {
  return seat.section ? `${seat.section} · Row ${seat.row} · Seat ${seat.number}` : seat.number;
}

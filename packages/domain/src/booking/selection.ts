import { z } from 'zod';
import type { EventDetail, TicketPackage } from '../catalog/catalog.schema';

/**
 * What a buyer has picked for one event: a count per unseated package (package counters, and the
 * table counters of free-seating packages on a seat map) and, on a seat map, the chosen seat ids.
 * A seat's package is the one whose seating_range holds it.
 */
export const SelectionSchema = z.object({
  /** packageId (as a string key) -> count; only counts > 0 are kept. */
  packages: z.record(z.string().regex(/^\d+$/), z.number().int().min(1).max(100)),
  seats: z.array(z.string().min(1).max(40)).max(100),
});
export type Selection = z.infer<typeof SelectionSchema>;

export const EMPTY_SELECTION: Selection = { packages: {}, seats: [] };

/** No order may hold more than this many tickets, whatever the packages allow. */
export const MAX_TICKETS_PER_ORDER = 10;

export function ticketCount(selection: Selection): number {
  return Object.values(selection.packages).reduce((sum, count) => sum + count, 0) + selection.seats.length;
}

/** How many more of this package the buyer may add: its own limit, what is left, and the order limit. */
export function remainingAllowance(ticketPackage: TicketPackage, selection: Selection, seatsOfPackage = 0): number {
  const inPackage = (selection.packages[String(ticketPackage.id)] ?? 0) + seatsOfPackage;
  return Math.max(
    0,
    Math.min(
      ticketPackage.max_per_order - inPackage,
      ticketPackage.available_seats - inPackage,
      MAX_TICKETS_PER_ORDER - ticketCount(selection),
    ),
  );
}

/** Sets a package count (0 removes it), returning a new selection. */
export function withPackageCount(selection: Selection, packageId: number, count: number): Selection {
  const packages = { ...selection.packages };
  if (count > 0) packages[String(packageId)] = count;
  else delete packages[String(packageId)];
  return { ...selection, packages };
}

/** Adds the seat when absent, removes it when present (spec: clicking a selected seat deselects it). */
export function withSeatToggled(selection: Selection, seatId: string): Selection {
  const seats = selection.seats.includes(seatId)
    ? selection.seats.filter((id) => id !== seatId)
    : [...selection.seats, seatId];
  return { ...selection, seats };
}

export interface SelectionLine {
  packageId: number;
  name: string;
  price: number;
  count: number;
  amount: number;
  seats: string[];
}

/**
 * The selection priced per package for display (the server prices again from the database).
 * `packageOfSeat` maps a seat id to its package id (from the event's seat map).
 */
export function selectionLines(
  event: Pick<EventDetail, 'ticket_packages' | 'free_event'>,
  selection: Selection,
  packageOfSeat: (seatId: string) => number | undefined = () => undefined,
): SelectionLine[] {
  const lines: SelectionLine[] = [];
  for (const ticketPackage of event.ticket_packages) {
    const seats = selection.seats.filter((seatId) => packageOfSeat(seatId) === ticketPackage.id);
    const count = (selection.packages[String(ticketPackage.id)] ?? 0) + seats.length;
    if (count === 0) continue;
    const price = event.free_event ? 0 : ticketPackage.price;
    lines.push({ packageId: ticketPackage.id, name: ticketPackage.name, price, count, amount: price * count, seats });
  }
  return lines;
}

export function selectionSubtotal(lines: SelectionLine[]): number {
  return lines.reduce((sum, line) => sum + line.amount, 0);
}

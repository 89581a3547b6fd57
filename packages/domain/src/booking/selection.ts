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

/** The booking flow's steps (spec 2): 1 event view, 2 ticket picking, 3 checkout. */
export const BOOKING_STEPS = [1, 2, 3] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];

/** Reads `?step=` leniently: anything but "2" or "3" is step 1, and only an on-sale event gets past it. */
export function parseBookingStep(value: string | null, isOnSale: boolean): BookingStep {
  if (!isOnSale) return 1;
  if (value === '2') return 2;
  if (value === '3') return 3;
  return 1;
}

export interface ReconciledSelection {
  selection: Selection;
  /** Names (or ids, when the package is gone) of what was dropped, for telling the buyer. */
  removed: string[];
}

/**
 * Fits a stored selection to the event as it is now: packages that are gone, sold out or inactive are
 * dropped, and counts are cut to each package's limit and to what is left. Seats are the seat map's
 * business and are kept as they are.
 */
export function reconcileSelection(
  event: Pick<EventDetail, 'ticket_packages'>,
  selection: Selection,
): ReconciledSelection {
  const removed: string[] = [];
  let next: Selection = { packages: {}, seats: selection.seats };
  for (const [key, count] of Object.entries(selection.packages)) {
    const ticketPackage = event.ticket_packages.find((candidate) => String(candidate.id) === key);
    if (!ticketPackage || ticketPackage.sold_out || !ticketPackage.active) {
      removed.push(ticketPackage?.name ?? `Package ${key}`);
      continue;
    }
    const allowed = Math.min(count, remainingAllowance(ticketPackage, next));
    if (allowed < count) removed.push(ticketPackage.name);
    next = withPackageCount(next, ticketPackage.id, allowed);
  }
  return { selection: next, removed };
}

/** Why a package's plus is disabled, for a visible hint; null while more may be added. */
export function allowanceHint(ticketPackage: TicketPackage, selection: Selection): string | null {
  if (remainingAllowance(ticketPackage, selection) > 0) return null;
  const inPackage = selection.packages[String(ticketPackage.id)] ?? 0;
  if (ticketPackage.available_seats - inPackage <= 0 && ticketPackage.available_seats < ticketPackage.max_per_order) {
    return `Only ${ticketPackage.available_seats} left`;
  }
  if (ticketPackage.max_per_order - inPackage <= 0) return `Up to ${ticketPackage.max_per_order} per order`;
  return `Up to ${MAX_TICKETS_PER_ORDER} tickets per order`;
}

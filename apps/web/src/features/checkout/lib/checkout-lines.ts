import type { EventDetail } from '@marquee/domain/catalog';
import type { CreateOrderInput, PromoCheckRequest, TicketPackageDetail } from '@marquee/domain/orders';
import { priceOrder, type OrderTotals } from '@marquee/domain/pricing';
import { selectionLines, type Selection, type SelectionLine } from '@marquee/domain/selection';
import type { BuyerDetails } from '@marquee/domain/checkout';
import type { BestAvailableChoice } from './checkout-storage';

/** A seat as the summary shows it: its label ("Section A · Row 3 · Seat 12") and its package. */
export interface SeatDescription {
  label: string;
  packageId: number;
  /** The seat's section (by its name on the map), row and number, for grouping seats ("Stalls, row B, seats 4 and 5"). */
  place?: SeatPlace;
}
export interface SeatPlace {
  section: string;
  row: string;
  number: number;
}
export type DescribeSeat = (seatId: string) => SeatDescription | undefined;
/** The seat map that describes the seats: none for an event without one, else loading, error or ready. */
export type SeatMapStatus = 'none' | 'loading' | 'error' | 'ready';

export interface SummaryLine extends SelectionLine {
  /** Labels of this line's seats, in the order chosen. */
  seatLabels: string[];
  /** Best available (issue 24): what was asked for, "2 best available seats, Gold"; the seats come with the order. */
  note?: string;
}

export interface CheckoutSummary {
  lines: SummaryLine[];
  /** Chosen seats whose package is not known (the seat map has not loaded, or the seat left the map). */
  unpricedSeats: string[];
  totals: OrderTotals;
}

/** "2 best available seats, Gold, in Balcony, with a wheelchair space": a request, as the summary names it. */
export function describeBestAvailable(choice: BestAvailableChoice, packageName: string): string {
  const { quantity, accessible } = choice.request;
  const section = choice.request.section ? `, in ${choice.sectionName ?? `section ${choice.request.section}`}` : '';
  return `${quantity} best available ${quantity === 1 ? 'seat' : 'seats'}, ${packageName}${section}${
    accessible ? ', with a wheelchair space' : ''
  }`;
}

/**
 * The line of a best-available request: its package's price times the quantity (the price is per package, so
 * the total is known before the seats are). Null when the package is no longer on the event.
 */
function bestAvailableLine(event: EventDetail, choice: BestAvailableChoice): SummaryLine | null {
  const ticketPackage = event.ticket_packages.find((candidate) => candidate.id === choice.request.package_id);
  if (!ticketPackage) return null;
  const price = event.free_event ? 0 : ticketPackage.price;
  const count = choice.request.quantity;
  return {
    packageId: ticketPackage.id,
    name: ticketPackage.name,
    price,
    count,
    amount: price * count,
    seats: [],
    seatLabels: [],
    note: describeBestAvailable(choice, ticketPackage.name),
  };
}

/**
 * The selection priced for display (the server prices again when the order is saved), with the best-available
 * request, if any, as one more line.
 */
export function summariseSelection(
  event: EventDetail,
  selection: Selection,
  describeSeat: DescribeSeat = () => undefined,
  bestAvailable: BestAvailableChoice | null = null,
): CheckoutSummary {
  const lines: SummaryLine[] = selectionLines(event, selection, (seatId) => describeSeat(seatId)?.packageId).map(
    (line) => ({
      ...line,
      seatLabels: line.seats.map((seatId) => describeSeat(seatId)?.label ?? seatId),
    }),
  );
  const requested = bestAvailable ? bestAvailableLine(event, bestAvailable) : null;
  if (requested) lines.push(requested);
  const priced = new Set(lines.flatMap((line) => line.seats));
  const unpricedSeats = selection.seats.filter((seatId) => !priced.has(seatId));
  const totals = priceOrder({
    packages: lines.map((line) => ({ packageId: line.packageId, unitPrice: line.price, quantity: line.count })),
    handlingCost: event.handling_cost,
  });
  return { lines, unpricedSeats, totals };
}

/** Every line, seats counted in: what the promo check prices (spec 7: the selected rows). */
export function promoCheckRequest(
  event: EventDetail,
  lines: readonly SummaryLine[],
  promoCode: string,
  email: string | undefined,
): PromoCheckRequest {
  return {
    promo_code: promoCode,
    ticket_package_details: lines.map((line) => ({
      package_id: line.packageId,
      ticket_count: line.count,
      package_price: line.price,
    })),
    ...(email ? { email } : {}),
    event_id: event.id,
  };
}

/**
 * The order to save: counted packages (no seat map, or a seat map's free-seating packages) as
 * ticket_package_details with the price the buyer was shown, and the chosen seats by id, or instead of seats
 * the best-available request (the server picks and holds the seats as it saves the order).
 */
export function createOrderInput(input: {
  event: EventDetail;
  selection: Selection;
  bestAvailable?: BestAvailableChoice | null;
  buyer: BuyerDetails;
  promoCode: string | null;
  paymentGatewayId: number | undefined;
}): CreateOrderInput {
  const { event, selection } = input;
  const details: TicketPackageDetail[] = [];
  for (const [key, count] of Object.entries(selection.packages)) {
    const ticketPackage = event.ticket_packages.find((candidate) => String(candidate.id) === key);
    if (!ticketPackage || count <= 0) continue;
    details.push({
      package_id: ticketPackage.id,
      ticket_count: count,
      package_price: event.free_event ? 0 : ticketPackage.price,
    });
  }
  return {
    event_id: event.id,
    buyer: input.buyer,
    ticket_package_details: details,
    seats: input.bestAvailable ? [] : selection.seats,
    ...(input.bestAvailable ? { best_available: input.bestAvailable.request } : {}),
    promo_code: input.promoCode,
    ...(input.paymentGatewayId === undefined ? {} : { payment_gateway_id: input.paymentGatewayId }),
    terms_agreed: true,
  };
}

/** The selection without what someone else took (a 409's taken_seats and sold_out_packages). */
export function withoutUnavailable(
  selection: Selection,
  takenSeats: readonly string[],
  soldOutPackages: readonly number[],
  describeSeat: DescribeSeat = () => undefined,
): Selection {
  const soldOut = new Set(soldOutPackages.map(String));
  const packages = Object.fromEntries(Object.entries(selection.packages).filter(([key]) => !soldOut.has(key)));
  const seats = selection.seats.filter((seatId) => {
    if (takenSeats.includes(seatId)) return false;
    const packageId = describeSeat(seatId)?.packageId;
    return packageId === undefined || !soldOut.has(String(packageId));
  });
  return { packages, seats };
}

/**
 * Where a seat is, from the seat map when it knows the seat, else from its id (`${section}-${row}-${number}`:
 * the section's id stands for its name).
 */
export function placeOfSeat(seatId: string, describeSeat: DescribeSeat = () => undefined): SeatPlace | null {
  const described = describeSeat(seatId)?.place;
  if (described) return described;
  const match = /^([^-]+)-(.+)-(\d+)$/.exec(seatId);
  if (!match) return null;
  return { section: match[1] ?? '', row: match[2] ?? '', number: Number(match[3]) };
}

/** "4", "4 and 5", "4, 5 and 6". */
function joinNumbers(numbers: readonly number[]): string {
  const words = numbers.map(String);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
}

/**
 * Seats as a buyer reads them, one phrase per row: "Stalls, row B, seats 4 and 5". Seats whose place is not
 * known are named by their id.
 */
export function describeSeatGroups(seatIds: readonly string[], describeSeat?: DescribeSeat): string[] {
  const rows = new Map<string, { section: string; row: string; numbers: number[] }>();
  const unknown: string[] = [];
  for (const seatId of seatIds) {
    const place = placeOfSeat(seatId, describeSeat);
    if (!place) {
      unknown.push(seatId);
      continue;
    }
    const key = `${place.section}\u0000${place.row}`;
    const group = rows.get(key) ?? { section: place.section, row: place.row, numbers: [] };
    group.numbers.push(place.number);
    rows.set(key, group);
  }
  const phrases = [...rows.values()].map(({ section, row, numbers }) => {
    const sorted = [...numbers].sort((a, b) => a - b);
    return `${section}, row ${row}, ${sorted.length === 1 ? 'seat' : 'seats'} ${joinNumbers(sorted)}`;
  });
  return [...phrases, ...unknown.map((seatId) => `Seat ${seatId}`)];
}

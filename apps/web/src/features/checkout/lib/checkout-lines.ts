import type { EventDetail } from '@marquee/domain/catalog';
import type { CreateOrderInput, PromoCheckRequest, TicketPackageDetail } from '@marquee/domain/orders';
import { priceOrder, type OrderTotals } from '@marquee/domain/pricing';
import { selectionLines, type Selection, type SelectionLine } from '@marquee/domain/selection';
import type { BuyerDetails } from '@marquee/domain/checkout';

/** A seat as the summary shows it: its label ("Section A · Row 3 · Seat 12") and its package. */
export interface SeatDescription {
  label: string;
  packageId: number;
}
export type DescribeSeat = (seatId: string) => SeatDescription | undefined;
/** The seat map that describes the seats: none for an event without one, else loading, error or ready. */
export type SeatMapStatus = 'none' | 'loading' | 'error' | 'ready';

export interface SummaryLine extends SelectionLine {
  /** Labels of this line's seats, in the order chosen. */
  seatLabels: string[];
}

export interface CheckoutSummary {
  lines: SummaryLine[];
  /** Chosen seats whose package is not known (the seat map has not loaded, or the seat left the map). */
  unpricedSeats: string[];
  totals: OrderTotals;
}

/** The selection priced for display (the server prices again when the order is saved). */
export function summariseSelection(
  event: EventDetail,
  selection: Selection,
  describeSeat: DescribeSeat = () => undefined,
): CheckoutSummary {
  const lines = selectionLines(event, selection, (seatId) => describeSeat(seatId)?.packageId).map((line) => ({
    ...line,
    seatLabels: line.seats.map((seatId) => describeSeat(seatId)?.label ?? seatId),
  }));
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
 * ticket_package_details with the price the buyer was shown, and the chosen seats by id.
 */
export function createOrderInput(input: {
  event: EventDetail;
  selection: Selection;
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
    seats: selection.seats,
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

import type { SeatMap } from '@marquee/domain/seat-map';
import { describeSeat, seatLabel } from '@marquee/domain/tickets';
import type { OrderRow, TicketRow } from './repository';

/**
 * What an export's cells are: text (neutralised against formulas in CSV: cells.ts), money in minor units (a
 * number with two decimals), a whole count, or a wall-clock time of the venue (`YYYY-MM-DD HH:MM`).
 */
export type CellKind = 'text' | 'money' | 'count' | 'time';
export type CellValue = string | number | null;

export interface Column<Row> {
  header: string;
  kind: CellKind;
  /** Excel's column width in characters. */
  width: number;
  value(row: Row): CellValue;
}

/** What shapes an export's columns: whether the member may read buyers' contact details, the venue's zone and map. */
export interface ColumnContext {
  withContact: boolean;
  timeZone: string;
  seatMap: SeatMap | null;
}

function contactColumns<Row extends { email: string; phone: string }>(context: ColumnContext): Column<Row>[] {
  if (!context.withContact) return [];
  return [
    { header: 'E-mail', kind: 'text', width: 30, value: (row) => row.email },
    { header: 'Phone', kind: 'text', width: 16, value: (row) => row.phone },
  ];
}

function kindLabel(kind: 'sale' | 'comp'): string {
  return kind === 'comp' ? 'Comp' : 'Sale';
}

/**
 * One row per ticket. The ticket's code is left out on purpose: it is what admits at the door (the QR
 * carries it), and an export is a file that gets copied, mailed and left in download folders; the ticket's
 * id tells tickets apart as the orders desk shows them. The holder is the name on the ticket: its own when the
 * desk corrected it, else the buyer's.
 */
export function attendeeColumns(context: ColumnContext): Column<TicketRow>[] {
  const zone = `(${context.timeZone})`;
  return [
    { header: 'Booking ID', kind: 'text', width: 14, value: (row) => row.bookingId },
    { header: 'Ticket ID', kind: 'count', width: 10, value: (row) => row.id },
    { header: 'Holder name', kind: 'text', width: 26, value: (row) => row.holderName },
    { header: 'Package', kind: 'text', width: 20, value: (row) => row.packageName },
    {
      header: 'Seat',
      kind: 'text',
      width: 24,
      value: (row) => (row.seatId === null ? null : seatLabel(describeSeat(context.seatMap, row.seatId))),
    },
    {
      header: 'Status',
      kind: 'text',
      width: 11,
      // A refund never voids an admitted ticket (decisions/037), so the two never meet.
      value: (row) => (row.isVoided ? 'Voided' : row.isUsed ? 'Checked in' : 'Valid'),
    },
    { header: `Checked in at ${zone}`, kind: 'time', width: 18, value: (row) => row.usedAt },
    ...contactColumns<TicketRow>(context),
    { header: `Order date ${zone}`, kind: 'time', width: 18, value: (row) => row.orderedAt },
    { header: 'Comp or sale', kind: 'text', width: 12, value: (row) => kindLabel(row.kind) },
  ];
}

/** One row per order, amounts in the order's currency. */
export function orderColumns(context: ColumnContext): Column<OrderRow>[] {
  const zone = `(${context.timeZone})`;
  return [
    { header: 'Booking ID', kind: 'text', width: 14, value: (row) => row.bookingId },
    { header: 'Status', kind: 'text', width: 11, value: (row) => row.status },
    { header: 'Name', kind: 'text', width: 26, value: (row) => `${row.firstName} ${row.lastName}` },
    ...contactColumns<OrderRow>(context),
    { header: 'Tickets', kind: 'count', width: 8, value: (row) => row.tickets },
    { header: 'Subtotal', kind: 'money', width: 12, value: (row) => row.subtotal },
    { header: 'Discount', kind: 'money', width: 12, value: (row) => row.discount },
    { header: 'Fee', kind: 'money', width: 12, value: (row) => row.convenienceFee },
    { header: 'Total', kind: 'money', width: 12, value: (row) => row.total },
    { header: 'Refunded', kind: 'money', width: 12, value: (row) => row.refundedAmount },
    { header: 'Currency', kind: 'text', width: 9, value: (row) => row.currency },
    { header: 'Promo code', kind: 'text', width: 14, value: (row) => row.promoCode },
    { header: `Ordered at ${zone}`, kind: 'time', width: 18, value: (row) => row.orderedAt },
    { header: `Paid at ${zone}`, kind: 'time', width: 18, value: (row) => row.paidAt },
    { header: 'Comp or sale', kind: 'text', width: 12, value: (row) => kindLabel(row.kind) },
  ];
}

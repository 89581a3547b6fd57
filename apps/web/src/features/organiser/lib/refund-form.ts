import type { DeskOrderAnswer } from '@marquee/domain/desk';
import { formatMoney, type Currency } from '@marquee/domain/money';
import { REFUND_MESSAGES } from '@marquee/domain/refunds';
import { AMOUNT_MESSAGE, minorUnitsOf } from './form-inputs';
import { formatInstant } from './instant-display';

/**
 * The refund dialog's arithmetic and words, apart from its markup: which tickets may be voided, what share of
 * the order the chosen ones are, the typed amount checked against what is left, and the sentence the confirm
 * button stands for. The server decides (docs/decisions/037); this only says beforehand what it would.
 */

type DeskTicket = DeskOrderAnswer['tickets'][number];
type RefundOrder = Pick<DeskOrderAnswer, 'lines' | 'tickets' | 'refundable_amount' | 'totals'>;

export interface RefundTicketOption {
  ticket: DeskTicket;
  /** Why it cannot be voided (already voided, already admitted); null: it can. */
  disabledReason: string | null;
}

export function refundTicketOptions(order: Pick<DeskOrderAnswer, 'tickets'>): RefundTicketOption[] {
  return order.tickets.map((ticket) => ({
    ticket,
    disabledReason:
      ticket.voided_at !== null
        ? `Voided ${formatInstant(ticket.voided_at)} by an earlier refund.`
        : ticket.used_at !== null
          ? `Checked in ${formatInstant(ticket.used_at)}: an admitted ticket is not voided. Refund money only to give its price back.`
          : null,
  }));
}

/** The tickets a refund may still void: neither voided nor admitted. */
export function voidableTicketIds(order: Pick<DeskOrderAnswer, 'tickets'>): number[] {
  return order.tickets.filter((ticket) => ticket.voided_at === null && ticket.used_at === null).map((t) => t.id);
}

/** What a ticket cost: its seat's line, else its package's line (a line per package), else nothing known. */
function unitPriceOf(order: Pick<DeskOrderAnswer, 'lines'>, ticket: DeskTicket): number {
  const seatId = ticket.seat?.id;
  const bySeat = seatId === undefined ? undefined : order.lines.find((line) => line.seats.some((s) => s.id === seatId));
  const line = bySeat ?? order.lines.find((each) => each.package_name === ticket.package_name);
  return line?.unit_price ?? 0;
}

/**
 * The chosen tickets' share, in minor units: their lines' unit prices, at most what is left to refund. When they
 * are every ticket not yet voided, the whole refundable amount (fees included): the order is cancelled whole. A
 * ticket checked in at the gate keeps its share out, so choosing all the others is not the whole order.
 */
export function ticketShare(order: RefundOrder, chosenIds: ReadonlySet<number>): number {
  const notVoided = order.tickets.filter((ticket) => ticket.voided_at === null);
  if (notVoided.length > 0 && notVoided.every((ticket) => chosenIds.has(ticket.id))) return order.refundable_amount;
  const sum = order.tickets
    .filter((ticket) => chosenIds.has(ticket.id))
    .reduce((total, ticket) => total + unitPriceOf(order, ticket), 0);
  return Math.min(sum, order.refundable_amount);
}

/** The typed amount in minor units, or the message for under the field. */
export function checkRefundAmount(
  text: string,
  refundable: number,
  currency: Currency,
): { ok: true; value: number } | { ok: false; message: string } {
  const parsed = minorUnitsOf(text);
  if (!parsed.ok) return { ok: false, message: `Amount ${AMOUNT_MESSAGE}` };
  if (parsed.value <= 0) return { ok: false, message: REFUND_MESSAGES.amountPositive };
  if (parsed.value > refundable) {
    return { ok: false, message: `At most ${formatMoney(refundable, currency)} is left to refund on this order.` };
  }
  return { ok: true, value: parsed.value };
}

/** What pressing Refund does, in one sentence. */
export function refundSummary(amount: number, currency: Currency, ticketCount: number): string {
  const money = formatMoney(amount, currency);
  if (ticketCount === 0) {
    return `Refund ${money} and void no ticket: the tickets still admit, the buyer is e-mailed.`;
  }
  const tickets = ticketCount === 1 ? '1 ticket' : `${ticketCount} tickets`;
  return `Refund ${money} and void ${tickets}: the gate will refuse ${ticketCount === 1 ? 'it' : 'them'}, the buyer is e-mailed.`;
}

/**
 * A fresh Idempotency-Key: one per opening of the dialog, sent with every try of that refund, so a double click
 * or a retry after a lost answer is the same refund. randomUUID needs a secure context; elsewhere, 16 random bytes.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

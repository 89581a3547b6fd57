import { formatMoney, type Currency } from '@marquee/domain/money';
import {
  STYLE,
  bookingDetails,
  bookingFooter,
  detailsTable,
  detailsText,
  emailDocument,
  escapeHtml,
  paragraph,
  testNoticeHtml,
  testNoticeText,
  type MailEvent,
  type RenderedMail,
} from './mail-parts';

export interface OrderRefundedInput {
  bookingId: string;
  buyerFirstName: string;
  event: MailEvent;
  currency: Currency;
  /** This refund's amount, minor units. */
  refunded: number;
  /** Tickets this refund cancelled (they no longer admit). */
  ticketsVoided: number;
  /** The whole booking has now been refunded. */
  isWholeBooking: boolean;
  isTest?: boolean;
}

/**
 * A refund the organiser gave from the console (issue 22): how much comes back, which tickets no longer admit,
 * and, for a part, that the other tickets stand. One e-mail per refund.
 */
export function renderOrderRefunded(input: OrderRefundedInput): RenderedMail {
  const { event } = input;
  const amount = formatMoney(input.refunded, input.currency);
  const subject = `Refund of ${amount} for ${event.name} · ${input.bookingId}`;
  const tickets =
    input.ticketsVoided === 0
      ? 'Your tickets are unchanged.'
      : input.isWholeBooking
        ? 'Your booking is cancelled: its tickets no longer admit.'
        : `${input.ticketsVoided === 1 ? 'One ticket' : `${input.ticketsVoided} tickets`} of your booking no longer admit; the others stand.`;
  const refund = `The organiser has refunded ${amount} to the card or account you paid with. Depending on your bank it can take 5 to 10 working days to show.`;

  const rows: [string, string][] = [...bookingDetails(input.bookingId, event), ['Refunded', amount]];

  const text = [
    ...(input.isTest ? testNoticeText() : []),
    `Hello ${input.buyerFirstName},`,
    '',
    refund,
    '',
    tickets,
    '',
    ...detailsText(rows),
    '',
    'Marquee',
    '',
  ].join('\n');

  const body = `${input.isTest ? testNoticeHtml() : ''}<h1 style="${STYLE.h1}">Your booking was refunded</h1>
${paragraph(`Hello ${escapeHtml(input.buyerFirstName)},`)}
${paragraph(escapeHtml(refund))}
${paragraph(escapeHtml(tickets))}
${detailsTable(rows)}`;

  const footer = bookingFooter(input.bookingId);
  return { subject, text, html: emailDocument({ title: subject, body, footer }) };
}

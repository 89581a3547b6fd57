import { formatMoney, type Currency } from '@marquee/domain/money';
import {
  COLOURS,
  STYLE,
  button,
  detailsTable,
  emailDocument,
  escapeHtml,
  formatVenue,
  formatWhen,
  paragraph,
  testNoticeHtml,
  testNoticeText,
  type MailEvent,
  type RenderedMail,
} from './mail-parts';

export interface OrderConfirmationLine {
  packageName: string;
  unitPrice: number;
  quantity: number;
  /** The seats as a buyer reads them ("Section A, row B, seat 12"); empty for a counted package. */
  seats: readonly string[];
}

export interface OrderConfirmationInput {
  bookingId: string;
  buyerFirstName: string;
  event: MailEvent;
  currency: Currency;
  lines: readonly OrderConfirmationLine[];
  convenienceFee: number;
  discount: number;
  /** The code the discount came from, when there was one. */
  promoCode: string | null;
  total: number;
  /** Download Your Tickets on the site. */
  downloadUrl: string;
  /** The tickets PDF's file name when it is attached; null: the message says where to download them. */
  attachmentName: string | null;
  /** A signed link straight to the tickets PDF, and for how many days it works; null: none. */
  ticketsLink: { url: string; validDays: number } | null;
  /** Paid while payments were tests: the e-mail says first that these are test tickets (decisions/030). */
  isTest?: boolean;
}

function lineSummary(line: OrderConfirmationLine, currency: Currency): string {
  return `${line.quantity} × ${formatMoney(line.unitPrice, currency)}`;
}

function seatsLabel(line: OrderConfirmationLine): string | null {
  if (line.seats.length === 0) return null;
  return `${line.seats.length === 1 ? 'Seat' : 'Seats'}: ${line.seats.join('; ')}`;
}

function discountLabel(input: OrderConfirmationInput): string {
  return input.promoCode ? `Discount (${input.promoCode})` : 'Discount';
}

/** The confirmation e-mail after payment: the Booking ID, what was bought and what it cost, and the tickets. */
export function renderOrderConfirmation(input: OrderConfirmationInput): RenderedMail {
  const { currency, event } = input;
  const subject = `Your Marquee tickets: ${event.name} · ${input.bookingId}`;
  const when = formatWhen(event);
  const venue = formatVenue(event);
  const ticketsLine = input.attachmentName
    ? `Your tickets are attached to this e-mail as ${input.attachmentName}: one QR code per ticket, each admits one person once.`
    : 'Each ticket has its own QR code, which admits one person once.';
  const downloadLine =
    'You can also download them at any time from Download Your Tickets with your Booking ID and your NIC (or this e-mail address).';
  const directLine = input.ticketsLink
    ? `Or open the tickets PDF directly (this link works for ${input.ticketsLink.validDays} days):`
    : null;

  const text = [
    ...(input.isTest ? testNoticeText() : []),
    `Hello ${input.buyerFirstName},`,
    '',
    `Thank you for your booking: your tickets for ${event.name} are confirmed.`,
    ticketsLine,
    '',
    `Booking ID: ${input.bookingId}`,
    `Event:      ${event.name}`,
    `When:       ${when}`,
    `Where:      ${venue}`,
    '',
    'Order summary',
    ...input.lines.flatMap((line) => {
      const seats = seatsLabel(line);
      return [
        `- ${line.packageName}: ${lineSummary(line, currency)} = ${formatMoney(line.unitPrice * line.quantity, currency)}`,
        ...(seats ? [`  ${seats}`] : []),
      ];
    }),
    `Convenience fee: ${formatMoney(input.convenienceFee, currency)}`,
    ...(input.discount > 0 ? [`${discountLabel(input)}: − ${formatMoney(input.discount, currency)}`] : []),
    `Total paid: ${formatMoney(input.total, currency)}`,
    '',
    downloadLine,
    `Download Your Tickets: ${input.downloadUrl}`,
    ...(input.ticketsLink && directLine ? [directLine, input.ticketsLink.url] : []),
    '',
    'Keep your tickets private: the first scan of a QR code wins.',
    '',
    'See you there,',
    'Marquee',
    '',
  ].join('\n');

  const rule = `border-top:1px solid ${COLOURS.rule};`;
  const moneyCell = (amount: string, isStrong = false) =>
    `<td style="${STYLE.td}${rule}text-align:right;white-space:nowrap;${isStrong ? 'font-weight:700;' : ''}">${escapeHtml(amount)}</td>`;
  const lineRows = input.lines
    .map((line) => {
      const seats = seatsLabel(line);
      return `<tr>
<td style="${STYLE.td}${rule}"><strong>${escapeHtml(line.packageName)}</strong><br><span style="color:${COLOURS.muted};">${escapeHtml(lineSummary(line, currency))}</span>${
        seats ? `<br><span style="color:${COLOURS.muted};">${escapeHtml(seats)}</span>` : ''
      }</td>
${moneyCell(formatMoney(line.unitPrice * line.quantity, currency))}
</tr>`;
    })
    .join('\n');
  const summaryRow = (label: string, amount: string, isStrong = false) =>
    `<tr><th scope="row" style="${STYLE.th}${rule}font-weight:${isStrong ? 700 : 400};">${escapeHtml(label)}</th>${moneyCell(amount, isStrong)}</tr>`;

  const body = `${input.isTest ? testNoticeHtml() : ''}<h1 style="${STYLE.h1}">Your tickets are booked</h1>
${paragraph(`Hello ${escapeHtml(input.buyerFirstName)},`)}
${paragraph(`Thank you for your booking: your tickets for <strong>${escapeHtml(event.name)}</strong> are confirmed. ${escapeHtml(ticketsLine)}`)}
${detailsTable([
  ['Booking ID', input.bookingId],
  ['Event', event.name],
  ['When', when],
  ['Where', venue],
])}
<h2 style="${STYLE.h2}">Order summary</h2>
<table cellpadding="0" cellspacing="0" border="0" style="width:100%;border-collapse:collapse;">
<thead><tr><th scope="col" style="${STYLE.th}">Tickets</th><th scope="col" style="${STYLE.th}padding-right:0;text-align:right;">Amount</th></tr></thead>
<tbody>
${lineRows}
${summaryRow('Convenience fee', formatMoney(input.convenienceFee, currency))}
${input.discount > 0 ? summaryRow(discountLabel(input), `− ${formatMoney(input.discount, currency)}`) : ''}
${summaryRow('Total paid', formatMoney(input.total, currency), true)}
</tbody>
</table>
<h2 style="${STYLE.h2}">Your tickets</h2>
${paragraph(escapeHtml(downloadLine))}
${button('Download Your Tickets', input.downloadUrl)}
${
  input.ticketsLink && directLine
    ? paragraph(
        `${escapeHtml(directLine)} <a href="${escapeHtml(input.ticketsLink.url)}" style="${STYLE.link}">${escapeHtml(input.bookingId)}.pdf</a>`,
        STYLE.small,
      )
    : ''
}
${paragraph('Keep your tickets private: the first scan of a QR code wins.', STYLE.small)}`;

  const footer = `${paragraph('See you there,<br>Marquee', STYLE.small)}
${paragraph(`You received this e-mail because a booking was made with this address. Booking ID ${escapeHtml(input.bookingId)}.`, STYLE.small)}`;

  return { subject, text, html: emailDocument({ title: subject, body, footer }) };
}

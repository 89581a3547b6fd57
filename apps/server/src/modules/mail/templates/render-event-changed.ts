import { formatMoney, type Currency } from '@marquee/domain/money';
import {
  STYLE,
  bookingFooter,
  detailsTable,
  detailsText,
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

export interface EventChangedInput {
  kind: 'cancel' | 'postpone';
  bookingId: string;
  buyerFirstName: string;
  /** The event as it was booked (its old date for a postponement). */
  event: MailEvent;
  /** The organiser's words: the cancellation's reason, or the postponement's message. */
  message: string;
  /** The cancellation refunds every booking in full. */
  isRefunding: boolean;
  /** What this booking gets back (minor units); null or 0: nothing was left to refund (a free or refunded booking). */
  refund: { amount: number; currency: Currency } | null;
  /** A postponement's new start, when known (the event's time zone is `event.timeZone`). */
  newStartsAt: string | null;
  isTest?: boolean;
}

/**
 * A whole event cancelled or postponed by its organiser (issue 22; docs/decisions/040): one e-mail per booking,
 * with the organiser's words. A cancellation with refunds says the money is on its way (the refund is recorded
 * when this is queued and paid out by the refunds path), so no separate refund e-mail follows.
 */
export function renderEventChanged(input: EventChangedInput): RenderedMail {
  const { event } = input;
  const isCancel = input.kind === 'cancel';
  const subject = isCancel
    ? `Cancelled: ${event.name} · ${input.bookingId}`
    : `Postponed: ${event.name} · ${input.bookingId}`;
  const headline = isCancel ? `${event.name} is cancelled` : `${event.name} is postponed`;
  const newWhen = input.newStartsAt ? formatWhen({ startsAt: input.newStartsAt, timeZone: event.timeZone }) : null;
  const what = isCancel
    ? !input.isRefunding
      ? 'Your booking is cancelled and its tickets no longer admit. The organiser will tell you about refunds.'
      : input.refund && input.refund.amount > 0
        ? `Your booking is cancelled and refunded in full: ${formatMoney(input.refund.amount, input.refund.currency)} goes back to the card or account you paid with. Depending on your bank it can take 5 to 10 working days to show. Your tickets no longer admit.`
        : 'Your booking is cancelled and its tickets no longer admit. There was nothing left to refund on it.'
    : newWhen
      ? `The event moves to ${newWhen}. Your tickets stay valid for the new date: keep them.`
      : 'A new date will follow. Your tickets stay valid: keep them.';

  const rows: [string, string][] = [
    ['Booking ID', input.bookingId],
    ['Event', event.name],
    [isCancel ? 'Was on' : 'Booked for', formatWhen(event)],
    ...(newWhen ? [['New date', newWhen] as [string, string]] : []),
    ['Where', formatVenue(event)],
    ...(input.isRefunding && input.refund && input.refund.amount > 0
      ? [['Refund', formatMoney(input.refund.amount, input.refund.currency)] as [string, string]]
      : []),
  ];

  const text = [
    ...(input.isTest ? testNoticeText() : []),
    `Hello ${input.buyerFirstName},`,
    '',
    `${headline}. The organiser says:`,
    '',
    input.message,
    '',
    what,
    '',
    ...detailsText(rows),
    '',
    'Marquee',
    '',
  ].join('\n');

  const body = `${input.isTest ? testNoticeHtml() : ''}<h1 style="${STYLE.h1}">${escapeHtml(headline)}</h1>
${paragraph(`Hello ${escapeHtml(input.buyerFirstName)},`)}
${paragraph('The organiser says:')}
${paragraph(escapeHtml(input.message).replace(/\n/g, '<br>'))}
${paragraph(escapeHtml(what))}
${detailsTable(rows)}`;

  const footer = bookingFooter(input.bookingId);
  return { subject, text, html: emailDocument({ title: subject, body, footer }) };
}

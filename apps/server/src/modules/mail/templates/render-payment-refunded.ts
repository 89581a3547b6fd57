import { formatMoney, type Currency } from '@marquee/domain/money';
import {
  STYLE,
  bookingDetails,
  bookingFooter,
  button,
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

export interface PaymentRefundedInput {
  bookingId: string;
  buyerFirstName: string;
  event: MailEvent;
  currency: Currency;
  /** What was paid and is given back: the order's total. */
  refunded: number;
  /** Why the order failed: its tickets were gone, or its promo code's limits were spent (decisions/031). */
  reason: 'sold_out' | 'promo_limit';
  /** Paid while payments were tests: the e-mail says first that no real money moved (decisions/030). */
  isTest?: boolean;
}

const WHAT_HAPPENED: Record<PaymentRefundedInput['reason'], string> = {
  sold_out:
    'Your payment reached us after the 10 minutes we hold tickets for had run out, and by then the tickets you chose had been sold to someone else, so we could not issue them.',
  promo_limit:
    'Your booking used a promo code that had been fully redeemed by other bookings, already used with this e-mail address, or withdrawn by the organiser by the time your payment reached us, so we could not issue the tickets at the discounted price.',
};

/**
 * A payment that could not complete its order: it reached us after the buyer's hold had ended, when the
 * tickets had meanwhile gone to someone else (decision 013), or after its promo code's limits were spent
 * (decisions/031). The order failed and the payment was refunded in full. The buyer is told what happened,
 * how much comes back, and where to book again.
 */
export function renderPaymentRefunded(input: PaymentRefundedInput): RenderedMail {
  const { event } = input;
  const amount = formatMoney(input.refunded, input.currency);
  const subject = `Your payment for ${event.name} was refunded · ${input.bookingId}`;
  const what = WHAT_HAPPENED[input.reason];
  const refund = `We have refunded the full amount, ${amount}, to the card or account you paid with. Depending on your bank it can take 5 to 10 working days to show.`;
  const sorry = 'We are sorry for the disappointment. If tickets are still available, you are welcome to book again:';

  const rows: [string, string][] = [...bookingDetails(input.bookingId, event), ['Refunded', amount]];

  const text = [
    ...(input.isTest ? testNoticeText() : []),
    `Hello ${input.buyerFirstName},`,
    '',
    `We could not complete your booking ${input.bookingId} for ${event.name}.`,
    '',
    what,
    '',
    refund,
    '',
    ...detailsText(rows),
    '',
    sorry,
    event.url,
    '',
    'Marquee',
    '',
  ].join('\n');

  const body = `${input.isTest ? testNoticeHtml() : ''}<h1 style="${STYLE.h1}">Your payment was refunded</h1>
${paragraph(`Hello ${escapeHtml(input.buyerFirstName)},`)}
${paragraph(`We could not complete your booking <strong>${escapeHtml(input.bookingId)}</strong> for <strong>${escapeHtml(event.name)}</strong>.`)}
${paragraph(escapeHtml(what))}
${paragraph(escapeHtml(refund))}
${detailsTable(rows)}
${paragraph(escapeHtml(sorry))}
${button('See the event', event.url)}`;

  const footer = bookingFooter(input.bookingId);
  return { subject, text, html: emailDocument({ title: subject, body, footer }) };
}

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

export interface TicketsReissuedInput {
  bookingId: string;
  buyerFirstName: string;
  event: MailEvent;
  /** The attached PDF's file name; null when the tickets are not attached (no renderer). */
  attachmentName: string | null;
  downloadUrl: string;
  isTest?: boolean;
}

/**
 * The organiser corrected the name on a ticket (issue 22; decisions/039): the booking's tickets again, with the
 * corrected ticket's new QR code. The old ticket no longer admits, so the buyer must use these.
 */
export function renderTicketsReissued(input: TicketsReissuedInput): RenderedMail {
  const { event } = input;
  const subject = `Your corrected tickets for ${event.name} · ${input.bookingId}`;
  const why =
    'The organiser corrected the name on a ticket of your booking. That ticket has a new QR code: the old one no longer admits, so please use the tickets attached here and delete the old ones.';
  const where = input.attachmentName
    ? `Your tickets are attached (${input.attachmentName}). You can also download them at ${input.downloadUrl}.`
    : `Download your tickets at ${input.downloadUrl}.`;

  const rows = bookingDetails(input.bookingId, event);

  const text = [
    ...(input.isTest ? testNoticeText() : []),
    `Hello ${input.buyerFirstName},`,
    '',
    why,
    '',
    where,
    '',
    ...detailsText(rows),
    '',
    'Marquee',
    '',
  ].join('\n');

  const body = `${input.isTest ? testNoticeHtml() : ''}<h1 style="${STYLE.h1}">Your tickets were re-issued</h1>
${paragraph(`Hello ${escapeHtml(input.buyerFirstName)},`)}
${paragraph(escapeHtml(why))}
${paragraph(escapeHtml(where))}
${detailsTable(rows)}`;

  const footer = bookingFooter(input.bookingId);
  return { subject, text, html: emailDocument({ title: subject, body, footer }) };
}

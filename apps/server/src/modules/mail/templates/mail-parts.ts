import { escapeHtml } from '../../../lib/escape-html';
import { formatEventDate, formatEventTime, formatZoneName } from '@marquee/domain/time';

/**
 * The pieces every Marquee e-mail is made of. The HTML is what mail clients render reliably: tables for
 * layout (marked `role="presentation"`), inline styles only, no images (nothing to block or describe; the
 * wordmark is text), real headings and a real data table for the money, `lang` on the document, and
 * colours with at least 4.5:1 contrast. Every value that is not ours goes through `escapeHtml`.
 */

/** What a template gives the worker: one message in both forms. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The event as an e-mail names it. */
export interface MailEvent {
  name: string;
  /** ISO instant of the start; shown in the venue's zone. */
  startsAt: string;
  timeZone: string;
  venueName: string;
  venueCity: string;
  /** The event's page on the site. */
  url: string;
}

export { escapeHtml };

/** "Sat, 5 Dec 2026 · 7:30 PM GMT+5:30", in the venue's zone whatever the reader's. */
export function formatWhen(event: Pick<MailEvent, 'startsAt' | 'timeZone'>): string {
  const { startsAt, timeZone } = event;
  return `${formatEventDate(startsAt, timeZone)} · ${formatEventTime(startsAt, timeZone)} ${formatZoneName(startsAt, timeZone)}`;
}

export function formatVenue(event: Pick<MailEvent, 'venueName' | 'venueCity'>): string {
  return event.venueCity && !event.venueName.includes(event.venueCity)
    ? `${event.venueName}, ${event.venueCity}`
    : event.venueName;
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;';
/** Slate 900 on white is 17:1; slate 600 is 7.6:1; indigo 800 is 10:1 and carries white text at the same. */
export const COLOURS = {
  text: '#0f172a',
  muted: '#475569',
  brand: '#3730a3',
  brandDark: '#312e81',
  rule: '#cbd5e1',
  page: '#f1f5f9',
};

export const STYLE = {
  h1: `${FONT}margin:0 0 16px;font-size:24px;line-height:1.3;font-weight:700;color:${COLOURS.text};`,
  h2: `${FONT}margin:28px 0 8px;font-size:18px;line-height:1.3;font-weight:700;color:${COLOURS.text};`,
  p: `${FONT}margin:0 0 14px;font-size:16px;line-height:1.5;color:${COLOURS.text};`,
  small: `${FONT}margin:0 0 10px;font-size:14px;line-height:1.5;color:${COLOURS.muted};`,
  th: `${FONT}padding:8px 12px 8px 0;font-size:15px;line-height:1.4;font-weight:700;color:${COLOURS.text};text-align:left;vertical-align:top;`,
  td: `${FONT}padding:8px 0;font-size:15px;line-height:1.4;color:${COLOURS.text};text-align:left;vertical-align:top;`,
  link: `color:${COLOURS.brand};text-decoration:underline;`,
} as const;

/** A paragraph of our own words with escaped values already spliced in. */
export function paragraph(html: string, style: string = STYLE.p): string {
  return `<p style="${style}">${html}</p>`;
}

/** A call to action that looks like a button in every client (a link in a padded, coloured cell). */
export function button(label: string, href: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 20px;">
<tr><td style="background-color:${COLOURS.brand};border-radius:6px;">
<a href="${escapeHtml(href)}" style="${FONT}display:inline-block;padding:12px 22px;font-size:16px;font-weight:700;line-height:1.2;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(label)}</a>
</td></tr></table>`;
}

/** Label/value rows (booking id, event, date, venue) as a table with row headers. */
export function detailsTable(rows: readonly (readonly [label: string, value: string])[]): string {
  const body = rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="${STYLE.th}width:120px;">${escapeHtml(label)}</th><td style="${STYLE.td}">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  return `<table cellpadding="0" cellspacing="0" border="0" style="width:100%;border-collapse:collapse;margin:0 0 8px;">
<tbody>
${body}
</tbody>
</table>`;
}

/** A booking's details as every booking e-mail gives them: its id, the event, when and where. */
export function bookingDetails(bookingId: string, event: MailEvent): [label: string, value: string][] {
  return [
    ['Booking ID', bookingId],
    ['Event', event.name],
    ['When', formatWhen(event)],
    ['Where', formatVenue(event)],
  ];
}

/** Label/value rows as plain-text lines, the values lined up (`Booking ID: …`, `Event:      …`). */
export function detailsText(rows: readonly (readonly [label: string, value: string])[]): string[] {
  return rows.map(([label, value]) => `${`${label}:`.padEnd(12)}${value}`);
}

/** The footer of an e-mail about a booking: who sends it and why this address received it. */
export function bookingFooter(bookingId: string): string {
  return paragraph(
    `Marquee<br>You received this e-mail because a booking was made with this address. Booking ID ${escapeHtml(bookingId)}.`,
    STYLE.small,
  );
}

/** What an order e-mail sent while payments are tests says first (decisions/030), in text and in HTML. */
export const TEST_MAIL_NOTICE = {
  title: 'TEST ORDER · THESE ARE NOT VALID TICKETS',
  text: 'This order was made in test mode: no money was taken, and its tickets admit no one.',
} as const;

export function testNoticeText(): string[] {
  return [`*** ${TEST_MAIL_NOTICE.title} ***`, TEST_MAIL_NOTICE.text, ''];
}

/** A bordered box at the top of the body: dark red on pale red is 8:1. */
export function testNoticeHtml(): string {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;">
<tr><td style="background-color:#fef2f2;border:2px solid #b91c1c;border-radius:6px;padding:12px 16px;">
<p style="${FONT}margin:0 0 4px;font-size:15px;line-height:1.4;font-weight:700;color:#7f1d1d;">${escapeHtml(TEST_MAIL_NOTICE.title)}</p>
<p style="${FONT}margin:0;font-size:14px;line-height:1.5;color:#7f1d1d;">${escapeHtml(TEST_MAIL_NOTICE.text)}</p>
</td></tr></table>`;
}

/** The whole document around a message's body. */
export function emailDocument(input: { title: string; body: string; footer: string }): string {
  const title = escapeHtml(input.title);
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${title}</title>
</head>
<body style="margin:0;padding:0;background-color:${COLOURS.page};">
<div role="article" aria-roledescription="email" aria-label="${title}" lang="en" style="background-color:${COLOURS.page};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${COLOURS.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:#ffffff;border-radius:8px;">
<tr><td style="background-color:${COLOURS.brandDark};padding:18px 28px;border-radius:8px 8px 0 0;">
<p style="${FONT}margin:0;font-size:22px;line-height:1.2;font-weight:700;letter-spacing:1px;color:#ffffff;">Marquee</p>
</td></tr>
<tr><td style="padding:28px 28px 12px;">
${input.body}
</td></tr>
<tr><td style="padding:16px 28px 24px;border-top:1px solid ${COLOURS.rule};">
${input.footer}
</td></tr>
</table>
</td></tr>
</table>
</div>
</body>
</html>
`;
}

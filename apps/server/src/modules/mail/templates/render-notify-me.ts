import {
  STYLE,
  button,
  detailsTable,
  detailsText,
  emailDocument,
  escapeHtml,
  formatVenue,
  formatWhen,
  paragraph,
  type MailEvent,
  type RenderedMail,
} from './mail-parts';

/** The event rows of a Notify Me e-mail (there is no booking yet). */
function eventRows(event: MailEvent): [label: string, value: string][] {
  return [
    ['Event', event.name],
    ['When', formatWhen(event)],
    ['Where', formatVenue(event)],
  ];
}

export interface NotifyMeConfirmInput {
  event: MailEvent;
  /** The confirmation link (one per request; it opens a page with a Confirm button). */
  confirmUrl: string;
  validDays: number;
}

/** Notify Me's double opt-in (issue 23): nothing more is sent to this address unless the link is used. */
export function renderNotifyMeConfirm(input: NotifyMeConfirmInput): RenderedMail {
  const { event } = input;
  const subject = `Confirm: tell me when ${event.name} goes on sale`;
  const intro = `Someone (we hope you) asked Marquee to e-mail this address when tickets for ${event.name} go on sale.`;
  const action = 'Confirm, and we will send you one e-mail when the sale opens.';
  const validity = `The link works for ${input.validDays} days.`;
  const ignore = 'If you did not ask for this, ignore this e-mail: we will not write to you about this event.';
  const text = [
    intro,
    '',
    ...detailsText(eventRows(event)),
    '',
    action,
    `Confirm here: ${input.confirmUrl}`,
    '',
    validity,
    ignore,
    '',
    'Marquee',
    '',
  ].join('\n');
  const body = `<h1 style="${STYLE.h1}">Confirm your Notify Me</h1>
${paragraph(escapeHtml(intro))}
${detailsTable(eventRows(event))}
${paragraph(escapeHtml(action))}
${button('Confirm', input.confirmUrl)}
${paragraph(`${escapeHtml(validity)} If the button does not work, open this address: <a href="${escapeHtml(input.confirmUrl)}" style="${STYLE.link}">${escapeHtml(input.confirmUrl)}</a>`)}
${paragraph(escapeHtml(ignore))}`;
  const footer = paragraph(
    'Marquee<br>You received this e-mail because Notify Me was asked for this address on our site.',
    STYLE.small,
  );
  return { subject, text, html: emailDocument({ title: subject, body, footer }) };
}

export interface NotifyMeOnSaleInput {
  event: MailEvent;
  /** Works without signing in: a page with one Unsubscribe button. */
  unsubscribeUrl: string;
}

/** "On sale now" (issue 23): sent once per confirmed subscriber when the event's sale opens. */
export function renderNotifyMeOnSale(input: NotifyMeOnSaleInput): RenderedMail {
  const { event } = input;
  const subject = `On sale now: ${event.name}`;
  const intro = `Tickets for ${event.name} are on sale now.`;
  const once = 'You asked us to tell you when the sale opened. This is the only e-mail we send about it.';
  const unsubscribe = 'To stop Notify Me e-mails about this event, unsubscribe here (no account needed):';
  const text = [
    intro,
    '',
    ...detailsText(eventRows(event)),
    '',
    `Book your tickets: ${event.url}`,
    '',
    once,
    `${unsubscribe} ${input.unsubscribeUrl}`,
    '',
    'Marquee',
    '',
  ].join('\n');
  const body = `<h1 style="${STYLE.h1}">On sale now</h1>
${paragraph(escapeHtml(intro))}
${detailsTable(eventRows(event))}
${button('Book tickets', event.url)}
${paragraph(escapeHtml(once))}`;
  const footer = paragraph(
    `Marquee<br>You received this e-mail because you confirmed Notify Me for this event. <a href="${escapeHtml(input.unsubscribeUrl)}" style="${STYLE.link}">Unsubscribe</a>`,
    STYLE.small,
  );
  return { subject, text, html: emailDocument({ title: subject, body, footer }) };
}

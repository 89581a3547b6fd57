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

/** What a waitlist e-mail is about: the event, and the tickets asked for. */
export interface WaitlistMailInput {
  event: MailEvent;
  packageName: string;
  quantity: number;
}

function rows(input: WaitlistMailInput): [label: string, value: string][] {
  return [
    ['Event', input.event.name],
    ['When', formatWhen(input.event)],
    ['Where', formatVenue(input.event)],
    ['Tickets', `${input.quantity} × ${input.packageName}`],
  ];
}

const FOOTER = paragraph(
  'Marquee<br>You received this e-mail because this address was given to join a waitlist on our site.',
  STYLE.small,
);

/** The waitlist's double opt-in (issue 23): the entry is in line only once this link is used. */
export function renderWaitlistConfirm(
  input: WaitlistMailInput & { confirmUrl: string; validDays: number },
): RenderedMail {
  const subject = `Confirm your place on the waitlist: ${input.event.name}`;
  const intro = `Someone (we hope you) asked to join the waitlist for ${input.event.name}.`;
  const action =
    'Confirm, and you are in line. When tickets come back we hold them for you for 10 minutes and e-mail you a link to pay.';
  const validity = `The link works for ${input.validDays} days. You can leave the waitlist from the same page.`;
  const ignore = 'If you did not ask for this, ignore this e-mail: you will not be put on the waitlist.';
  const text = [
    intro,
    '',
    ...detailsText(rows(input)),
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
  const body = `<h1 style="${STYLE.h1}">Confirm your place on the waitlist</h1>
${paragraph(escapeHtml(intro))}
${detailsTable(rows(input))}
${paragraph(escapeHtml(action))}
${button('Confirm my place', input.confirmUrl)}
${paragraph(`${escapeHtml(validity)} If the button does not work, open this address: <a href="${escapeHtml(input.confirmUrl)}" style="${STYLE.link}">${escapeHtml(input.confirmUrl)}</a>`)}
${paragraph(escapeHtml(ignore))}`;
  return { subject, text, html: emailDocument({ title: subject, body, footer: FOOTER }) };
}

/** Tickets came back and are held for the next in line (issue 23): pay within the hold, or they pass on. */
export function renderWaitlistOffer(
  input: WaitlistMailInput & { offerUrl: string; holdEndsAt: string | null },
): RenderedMail {
  const subject = `Tickets held for you: ${input.event.name}`;
  const intro = `Good news: tickets for ${input.event.name} came back, and you are next on the waitlist.`;
  const until = input.holdEndsAt
    ? `They are held for you until ${formatWhen({ startsAt: input.holdEndsAt, timeZone: input.event.timeZone })}, 10 minutes from when we sent this.`
    : 'They are held for you for 10 minutes from when we sent this.';
  const after = 'If you do not pay by then, they go to the next person in line.';
  const text = [
    intro,
    '',
    ...detailsText(rows(input)),
    '',
    until,
    `Pay here: ${input.offerUrl}`,
    '',
    after,
    '',
    'Marquee',
    '',
  ].join('\n');
  const body = `<h1 style="${STYLE.h1}">Tickets held for you</h1>
${paragraph(escapeHtml(intro))}
${detailsTable(rows(input))}
${paragraph(escapeHtml(until))}
${button('Pay for my tickets', input.offerUrl)}
${paragraph(`${escapeHtml(after)} If the button does not work, open this address: <a href="${escapeHtml(input.offerUrl)}" style="${STYLE.link}">${escapeHtml(input.offerUrl)}</a>`)}`;
  return { subject, text, html: emailDocument({ title: subject, body, footer: FOOTER }) };
}

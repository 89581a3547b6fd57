import { STYLE, button, emailDocument, escapeHtml, paragraph, type RenderedMail } from './mail-parts';

export interface PasswordResetInput {
  name: string;
  /** The one-time link (better-auth's, through our server to the reset form). */
  url: string;
  validMinutes: number;
}

/** The password reset link (issue 7): one button, the link in words for clients that drop buttons, and who may ignore it. */
export function renderPasswordReset(input: PasswordResetInput): RenderedMail {
  const subject = 'Reset your Marquee password';
  const intro = 'Someone (we hope you) asked to reset the password of your Marquee account.';
  const validity = `The link works once, for ${input.validMinutes} minutes.`;
  const ignore = 'If you did not ask for this, ignore this e-mail: your password stays as it is.';
  const text = [
    `Hello ${input.name},`,
    '',
    intro,
    `Choose a new password here: ${input.url}`,
    '',
    validity,
    ignore,
    '',
    'Marquee',
    '',
  ].join('\n');
  const body = `<h1 style="${STYLE.h1}">Reset your password</h1>
${paragraph(`Hello ${escapeHtml(input.name)},`)}
${paragraph(escapeHtml(intro))}
${button('Choose a new password', input.url)}
${paragraph(`${escapeHtml(validity)} If the button does not work, open this address: <a href="${escapeHtml(input.url)}">${escapeHtml(input.url)}</a>`)}
${paragraph(escapeHtml(ignore))}`;
  const footer = paragraph('Marquee<br>You received this e-mail because a password reset was asked for this address.', STYLE.small);
  return { subject, text, html: emailDocument({ title: subject, body, footer }) };
}

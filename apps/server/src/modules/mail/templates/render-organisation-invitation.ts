import type { OrganisationRole } from '@marquee/domain/permissions';
import { STYLE, button, detailsTable, emailDocument, escapeHtml, paragraph, type RenderedMail } from './mail-parts';

export interface OrganisationInvitationInput {
  /** The organisation's name. */
  organisation: string;
  role: OrganisationRole;
  /** Who invited (a member's name and e-mail); null when their account is gone. */
  invitedBy: { name: string; email: string } | null;
  /** The link with the token: `${PUBLIC_URL}/organiser/join?token=…`. */
  url: string;
  /** When the link stops working, already in words ("7 days"). */
  validFor: string;
}

/** The role as the e-mail names it, and what it lets the member do. */
const ROLE_WORDS: Record<OrganisationRole, { name: string; does: string }> = {
  owner: { name: 'an owner', does: 'Owners can do everything, including managing the team.' },
  manager: {
    name: 'a manager',
    does: 'Managers run events, venues, ticket packages, promotions and orders.',
  },
  box_office: { name: 'box office staff', does: 'Box office staff handle orders and complimentary tickets.' },
  door: { name: 'door staff', does: 'Door staff scan tickets at the entrance.' },
};

/** The invitation to join an organisation's team on Marquee (issue 21): who, where, as what, one button. */
export function renderOrganisationInvitation(input: OrganisationInvitationInput): RenderedMail {
  const role = ROLE_WORDS[input.role];
  const who = input.invitedBy ? `${input.invitedBy.name} (${input.invitedBy.email})` : 'A member of its team';
  const subject = `Join ${input.organisation} on Marquee`;
  const intro = `${who} invited you to join ${input.organisation} on Marquee as ${role.name}.`;
  const validity = `The link works for ${input.validFor}, once. Sign in (or create an account) with this e-mail address to accept.`;
  const ignore = 'If you did not expect this, ignore this e-mail: nothing happens unless you accept.';
  const text = [
    'Hello,',
    '',
    intro,
    role.does,
    '',
    `Accept the invitation here: ${input.url}`,
    '',
    validity,
    ignore,
    '',
    'Marquee',
    '',
  ].join('\n');
  const body = `<h1 style="${STYLE.h1}">Join ${escapeHtml(input.organisation)}</h1>
${paragraph('Hello,')}
${paragraph(escapeHtml(intro))}
${detailsTable([
  ['Organisation', input.organisation],
  ['Role', role.name.replace(/^an? /, '')],
  ['Invited by', who],
])}
${paragraph(escapeHtml(role.does))}
${button('Accept the invitation', input.url)}
${paragraph(`${escapeHtml(validity)} If the button does not work, open this address: <a href="${escapeHtml(input.url)}">${escapeHtml(input.url)}</a>`)}
${paragraph(escapeHtml(ignore))}`;
  const footer = paragraph(
    'Marquee<br>You received this e-mail because a member of an organisation on Marquee invited this address.',
    STYLE.small,
  );
  return { subject, text, html: emailDocument({ title: subject, body, footer }) };
}

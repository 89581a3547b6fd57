import { InvitationSchema, type InvitationBody } from '@marquee/domain/console';
import { apiSend } from '../../../lib/api-client';
import { organisationApiPath } from './get-team';

/**
 * POST /api/organiser/{org}/invitations: e-mails a link to join with a role (and, limited, chosen events).
 * 409 `conflict` for an address that is a member or invited already (or 50 pending); 429 past 30 an hour.
 */
export function inviteMember(org: string, body: InvitationBody) {
  return apiSend('POST', `${organisationApiPath(org)}/invitations`, body, InvitationSchema);
}

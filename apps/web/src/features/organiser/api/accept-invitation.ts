import { InvitationAcceptAnswerSchema } from '@marquee/domain/console';
import { apiSend } from '../../../lib/api-client';

/**
 * POST /api/organiser/invitations/accept: the e-mailed link's token, sent by the invited account; answers the
 * organisation joined. 403 `link_invalid` (unknown, revoked, used, or another account: the message names the
 * invited address masked), 410 `link_expired`, 409 `conflict` for a member already, 429 after many bad links.
 */
export function acceptInvitation(token: string) {
  return apiSend('POST', '/api/organiser/invitations/accept', { token }, InvitationAcceptAnswerSchema);
}

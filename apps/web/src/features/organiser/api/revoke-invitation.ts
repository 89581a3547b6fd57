import { z } from 'zod';
import { apiSend } from '../../../lib/api-client';
import { organisationApiPath } from './get-team';

/** DELETE /api/organiser/{org}/invitations/{id}: its link stops working (204). An accepted one is a 409 `conflict`. */
export async function revokeInvitation(org: string, invitationId: number): Promise<void> {
  await apiSend('DELETE', `${organisationApiPath(org)}/invitations/${invitationId}`, undefined, z.unknown());
}

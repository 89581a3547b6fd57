import { z } from 'zod';
import { apiSend } from '../../../lib/api-client';
import { organisationApiPath } from './get-team';

/** DELETE /api/organiser/{org}/members/{id} (204). The last owner cannot be removed (409 `last_owner`). */
export async function removeMember(org: string, memberId: number): Promise<void> {
  await apiSend('DELETE', `${organisationApiPath(org)}/members/${memberId}`, undefined, z.unknown());
}

import { TeamMemberSchema, type MemberPatchBody } from '@marquee/domain/console';
import { apiSend } from '../../../lib/api-client';
import { organisationApiPath } from './get-team';

/** PATCH /api/organiser/{org}/members/{id}: only what is sent changes. The last owner stays one (409 `last_owner`). */
export function updateMember(org: string, memberId: number, patch: MemberPatchBody) {
  return apiSend('PATCH', `${organisationApiPath(org)}/members/${memberId}`, patch, TeamMemberSchema);
}

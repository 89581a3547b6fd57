import type { OrganisationCreateBody } from '@marquee/domain/console';
import { OrganisationAnswerSchema } from '@marquee/domain/organiser';
import { apiSend } from '../../../lib/api-client';

/**
 * POST /api/organiser/organisations: a new organisation with the signed-in user as its owner, pending until
 * Marquee approves it. A taken or reserved address is a 422 on `slug`; three waiting already, a 409 `conflict`.
 */
export function createOrganisation(body: OrganisationCreateBody) {
  return apiSend('POST', '/api/organiser/organisations', body, OrganisationAnswerSchema);
}

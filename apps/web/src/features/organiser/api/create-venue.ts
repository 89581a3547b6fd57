import { VenueAnswerSchema } from '@marquee/domain/console';
import type { VenueFields } from '@marquee/domain/authoring';
import { apiSend } from '../../../lib/api-client';

/** POST /api/organiser/{org}/venues: a new venue, without a seat map (its layout is set apart). */
export function createVenue(org: string, fields: VenueFields) {
  return apiSend('POST', `/api/organiser/${encodeURIComponent(org)}/venues`, fields, VenueAnswerSchema);
}

import { VenueAnswerSchema } from '@marquee/domain/console';
import type { VenueFieldsPatch } from '@marquee/domain/authoring';
import { apiSend } from '../../../lib/api-client';
import { venuePath } from './get-venue';

/** PATCH /api/organiser/{org}/venues/{venueId}: only the fields that changed. */
export function updateVenue(org: string, venueId: number, patch: VenueFieldsPatch) {
  return apiSend('PATCH', venuePath(org, venueId), patch, VenueAnswerSchema);
}

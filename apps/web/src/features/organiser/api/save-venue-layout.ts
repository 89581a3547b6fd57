import { VenueAnswerSchema, type VenueLayoutBody } from '@marquee/domain/console';
import { apiSend } from '../../../lib/api-client';
import { venuePath } from './get-venue';

/**
 * PUT /api/organiser/{org}/venues/{venueId}/layout: no seat map, or a generic one from its spec; answers the
 * venue (its seat count and lock as the server now has them). A 409 `layout_locked` when an event there is
 * published or has sold or held tickets.
 */
export function saveVenueLayout(org: string, venueId: number, body: VenueLayoutBody) {
  return apiSend('PUT', `${venuePath(org, venueId)}/layout`, body, VenueAnswerSchema);
}

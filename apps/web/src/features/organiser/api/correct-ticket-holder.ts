import { TicketHolderAnswerSchema, type HolderName } from '@marquee/domain/comps';
import { apiSend } from '../../../lib/api-client';
import { deskOrderPath } from './get-desk-order';

/**
 * POST /api/organiser/{org}/orders/{bookingId}/tickets/{ticketId}/holder (docs/decisions/039): the ticket is
 * re-issued under the corrected name (a new code and QR; the old one no longer admits) and the buyer e-mailed.
 * The same name again answers `reissued: false` and changes nothing. 409 `ticket_already_used` /
 * `ticket_already_voided`; 422 by field.
 */
export function correctTicketHolder(org: string, bookingId: string, ticketId: number, name: HolderName) {
  return apiSend('POST', `${deskOrderPath(org, bookingId)}/tickets/${ticketId}/holder`, name, TicketHolderAnswerSchema);
}

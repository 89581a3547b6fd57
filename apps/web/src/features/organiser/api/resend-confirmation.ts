import { ConfirmationResendAnswerSchema } from '@marquee/domain/desk';
import { apiSend } from '../../../lib/api-client';
import { deskOrderPath } from './get-desk-order';

/**
 * POST /api/organiser/{org}/orders/{bookingId}/confirmation (202): the confirmation is queued again. 409
 * `not_paid` / `not_valid` / `conflict` (already queued), 429 `rate_limited` (a few per hour).
 */
export function resendConfirmation(org: string, bookingId: string) {
  return apiSend('POST', `${deskOrderPath(org, bookingId)}/confirmation`, undefined, ConfirmationResendAnswerSchema);
}

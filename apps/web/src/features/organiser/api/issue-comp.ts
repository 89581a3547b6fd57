import { CompAnswerSchema, type CompRequest } from '@marquee/domain/comps';
import { apiSend } from '../../../lib/api-client';

/**
 * POST /api/organiser/{org}/events/{eventUid}/comps with its Idempotency-Key (docs/decisions/039): free tickets for
 * a named guest. The same key answers the same order (200), so the caller sends one key per comp it means. 201
 * issued; 409 `sold_out` / `seats_taken` / `not_on_sale`; 422 by field.
 */
export function issueComp(org: string, eventUid: string, body: CompRequest, idempotencyKey: string) {
  return apiSend(
    'POST',
    `/api/organiser/${encodeURIComponent(org)}/events/${encodeURIComponent(eventUid)}/comps`,
    body,
    CompAnswerSchema,
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}

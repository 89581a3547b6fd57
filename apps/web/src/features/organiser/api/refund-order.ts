import { RefundAnswerSchema, type RefundRequest } from '@marquee/domain/refunds';
import { apiSend } from '../../../lib/api-client';
import { deskOrderPath } from './get-desk-order';

/**
 * POST /api/organiser/{org}/orders/{bookingId}/refunds with its Idempotency-Key (docs/decisions/037): the same
 * key answers the same refund, so the caller sends one key per refund it means, however often it retries.
 * 201 refunded, 200 a replay, 202 recorded (tickets voided) but the provider has not confirmed yet: the answer's
 * `refund.status` is 'pending' then.
 */
export function refundOrder(org: string, bookingId: string, body: RefundRequest, idempotencyKey: string) {
  return apiSend('POST', `${deskOrderPath(org, bookingId)}/refunds`, body, RefundAnswerSchema, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

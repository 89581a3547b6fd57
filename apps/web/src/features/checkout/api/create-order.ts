import { useMutation } from '@tanstack/react-query';
import { CreatedOrderSchema, type CreateOrderInput } from '@marquee/domain/orders';
import { CAPTCHA_HEADER } from '../../../components/captcha/captcha-controller';
import { apiSend } from '../../../lib/api-client';

/**
 * POST /api/orders: saves the order and holds its tickets. The Idempotency-Key is made once per checkout
 * attempt, so a double click or a retry after a lost answer returns the same order instead of a second one.
 */
export function createOrder({
  order,
  idempotencyKey,
  captcha,
}: {
  order: CreateOrderInput;
  idempotencyKey: string;
  /** The human check's payload (ALTCHA), one per request. */
  captcha: string;
}) {
  return apiSend('POST', '/api/orders', order, CreatedOrderSchema, {
    headers: { 'Idempotency-Key': idempotencyKey, [CAPTCHA_HEADER]: captcha },
  });
}

export function useCreateOrder() {
  return useMutation({ mutationFn: createOrder });
}

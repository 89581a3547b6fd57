import { useMutation } from '@tanstack/react-query';
import { PromoCheckResponseSchema, type PromoCheckRequest } from '@marquee/domain/orders';
import { apiSend } from '../../../lib/api-client';

/** POST /api/promotions/check (spec 7): the discount and the total due with this code for these tickets. */
export function checkPromotion(request: PromoCheckRequest) {
  return apiSend('POST', '/api/promotions/check', request, PromoCheckResponseSchema);
}

export function useCheckPromotion() {
  return useMutation({ mutationFn: checkPromotion });
}

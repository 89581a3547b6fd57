import { useMutation } from '@tanstack/react-query';
import { WaitlistOfferAnswerSchema } from '@marquee/domain/waitlist';
import { apiSend } from '../../../lib/api-client';

/** POST /api/waitlist/offer: the order held for the entry now, with the bearer token that lets this tab pay for it. */
export function claimOffer(token: string) {
  return apiSend('POST', '/api/waitlist/offer', { token }, WaitlistOfferAnswerSchema);
}

export function useClaimOffer() {
  return useMutation({ mutationFn: claimOffer });
}

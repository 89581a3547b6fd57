import {
  PromoCodeAnswerSchema,
  PromoGenerateAnswerSchema,
  type PromoCreateInput,
  type PromoGenerateInput,
} from '@marquee/domain/promotions-console';
import { apiSend } from '../../../lib/api-client';
import { promotionsPath } from './get-promotions';

/** POST …/promotions: one code; 409 `conflict` for a code the event has, 422 for a bad rule. */
export function createPromotion(org: string, eventUid: string, body: PromoCreateInput) {
  return apiSend('POST', promotionsPath(org, eventUid), body, PromoCodeAnswerSchema);
}

/** POST …/promotions/generate: `count` codes of the prefix and random characters. */
export function generatePromotions(org: string, eventUid: string, body: PromoGenerateInput) {
  return apiSend('POST', `${promotionsPath(org, eventUid)}/generate`, body, PromoGenerateAnswerSchema);
}

/** POST …/promotions/{id}/deactivate: buyers can no longer apply it. */
export function deactivatePromotion(org: string, eventUid: string, promoId: number) {
  return apiSend('POST', `${promotionsPath(org, eventUid)}/${promoId}/deactivate`, undefined, PromoCodeAnswerSchema);
}

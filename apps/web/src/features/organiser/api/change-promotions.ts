import { z } from 'zod';
import {
  PromoCodeAnswerSchema,
  PromoGenerateAnswerSchema,
  type PromoCreateInput,
  type PromoGenerateInput,
  type PromoUpdateBody,
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

/**
 * PATCH …/promotions/{id}: only the fields sent change. 409 `conflict`: kind or value of a used code, or a second
 * auto-apply code (`errors.auto_apply` names the one there is); 422: a bad rule, a limit below the uses.
 */
export function updatePromotion(org: string, eventUid: string, promoId: number, body: PromoUpdateBody) {
  return apiSend('PATCH', `${promotionsPath(org, eventUid)}/${promoId}`, body, PromoCodeAnswerSchema);
}

/** DELETE …/promotions/{id}: 204 for a code never used; 409 `conflict` once it has been (deactivate it). */
export function deletePromotion(org: string, eventUid: string, promoId: number) {
  return apiSend('DELETE', `${promotionsPath(org, eventUid)}/${promoId}`, undefined, z.null());
}

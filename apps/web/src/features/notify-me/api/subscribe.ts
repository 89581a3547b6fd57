import { CAPTCHA_HEADER } from '../../../components/captcha/captcha-controller';
import { apiSend } from '../../../lib/api-client';
import { NotifyMeAnswerSchema } from './schemas';

/** POST /api/events/{uid}/notify-me: asks for the confirmation e-mail (double opt-in), with the human check. */
export function subscribe({ eventUid, email, captcha }: { eventUid: string; email: string; captcha: string }) {
  return apiSend('POST', `/api/events/${encodeURIComponent(eventUid)}/notify-me`, { email }, NotifyMeAnswerSchema, {
    headers: { [CAPTCHA_HEADER]: captcha },
  });
}

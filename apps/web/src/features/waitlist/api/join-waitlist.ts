import { WaitlistJoinAnswerSchema, type WaitlistJoinRequest } from '@marquee/domain/waitlist';
import { CAPTCHA_HEADER } from '../../../components/captcha/captcha-controller';
import { apiSend } from '../../../lib/api-client';

/** POST /api/events/{uid}/waitlist: asks for the e-mail whose link confirms the place (double opt-in), with the human check. */
export function joinWaitlist({
  eventUid,
  request,
  captcha,
}: {
  eventUid: string;
  request: WaitlistJoinRequest;
  captcha: string;
}) {
  return apiSend('POST', `/api/events/${encodeURIComponent(eventUid)}/waitlist`, request, WaitlistJoinAnswerSchema, {
    headers: { [CAPTCHA_HEADER]: captcha },
  });
}

import { ApiError } from '../../../lib/api-client';
import { CaptchaError } from '../../../components/captcha/captcha-controller';
import { ACCOUNT_MESSAGES } from '@marquee/domain/accounts-session';

export const NETWORK_MESSAGE = 'We could not reach Marquee. Check your connection and try again.';

/** Every message of a failed call: each field's list, else its message; a network failure says so. */
export function accountErrorMessages(error: unknown): string[] {
  if (error instanceof CaptchaError) return [ACCOUNT_MESSAGES.captchaFailed];
  if (!(error instanceof ApiError)) return [NETWORK_MESSAGE];
  const listed = [...new Set(Object.values(error.body.errors ?? {}).flat())];
  return listed.length > 0 ? listed : [error.body.message];
}

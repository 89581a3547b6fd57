import { CaptchaError } from '../../../components/captcha/captcha-controller';
import { isApiError } from '../../../lib/api-client';

const GENERIC = 'Something went wrong on our side. Please try again in a moment.';

/** What to tell a buyer about a failed Notify Me call: the server's words for the cases it names, ours otherwise. */
export function notifyMeErrorMessage(error: unknown): string {
  if (error instanceof CaptchaError) return `${error.message} Please try again.`;
  if (
    isApiError(
      error,
      'validation_failed',
      'notify_me_closed',
      'not_found',
      'rate_limited',
      'captcha_failed',
      'link_invalid',
      'link_expired',
    )
  ) {
    return error.message;
  }
  if (error instanceof TypeError) return 'We could not reach Marquee. Check your connection and try again.';
  return GENERIC;
}

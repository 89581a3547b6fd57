import { WAITLIST_MESSAGES } from '@marquee/domain/waitlist';
import { CaptchaError } from '../../../components/captcha/captcha-controller';
import { isApiError } from '../../../lib/api-client';

const GENERIC = 'Something went wrong on our side. Please try again in a moment.';

/** What to tell the buyer about a failed waitlist call: the server's words for the cases it names, ours otherwise. */
export function waitlistErrorMessage(error: unknown): string {
  if (error instanceof CaptchaError) return `${error.message} Please try again.`;
  // The server's words for it may be about the API; the buyer needs to know what to do instead.
  if (isApiError(error, 'not_sold_out')) return WAITLIST_MESSAGES.notSoldOut;
  if (
    isApiError(
      error,
      'validation_failed',
      'waitlist_closed',
      'not_found',
      'rate_limited',
      'captcha_failed',
      'link_invalid',
      'link_expired',
      'offer_unavailable',
    )
  ) {
    return error.message;
  }
  if (error instanceof TypeError) return 'We could not reach Marquee. Check your connection and try again.';
  return GENERIC;
}

import { MessageAnswerSchema } from '@marquee/domain/accounts-session';
import { CAPTCHA_HEADER } from '../../../components/captcha/captcha-controller';
import { apiSend } from '../../../lib/api-client';

/** POST /api/auth/password/forgot: the same answer whether or not an account has this e-mail. */
export function forgotPassword(request: { email: string }, captcha: string) {
  return apiSend('POST', '/api/auth/password/forgot', request, MessageAnswerSchema, {
    headers: { [CAPTCHA_HEADER]: captcha },
  });
}

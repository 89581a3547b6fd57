import { MessageAnswerSchema, type RegisterRequest } from '@marquee/domain/accounts';
import { CAPTCHA_HEADER } from '../../../components/captcha/captcha-controller';
import { apiSend } from '../../../lib/api-client';
import { fetchCsrfCookie } from '../../../lib/csrf-cookie';

/** POST /register (spec 7): a CSRF cookie is asked for first (the spec), then the four fields. */
export async function register(request: RegisterRequest, captcha: string) {
  await fetchCsrfCookie();
  return apiSend('POST', '/register', request, MessageAnswerSchema, { headers: { [CAPTCHA_HEADER]: captcha } });
}

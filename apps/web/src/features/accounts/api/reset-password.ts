import { MessageAnswerSchema } from '@marquee/domain/accounts-session';
import { apiSend } from '../../../lib/api-client';

/** POST /api/auth/password/reset: the e-mailed link's token and the new password, twice. */
export function resetPassword(request: { token: string; password: string; password_confirmation: string }) {
  return apiSend('POST', '/api/auth/password/reset', request, MessageAnswerSchema);
}

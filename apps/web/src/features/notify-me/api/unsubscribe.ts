import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { UnsubscribeAnswerSchema } from './schemas';

/** POST /api/notify-me/unsubscribe: the e-mail link's token; no session needed, and saying it twice is harmless. */
export function unsubscribeNotifyMe(token: string) {
  return apiSend('POST', '/api/notify-me/unsubscribe', { token }, UnsubscribeAnswerSchema);
}

export function useUnsubscribeNotifyMe() {
  return useMutation({ mutationFn: unsubscribeNotifyMe });
}

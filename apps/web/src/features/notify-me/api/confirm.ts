import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { ConfirmAnswerSchema } from './schemas';

/** POST /api/notify-me/confirm: the e-mail link's token; no session needed. */
export function confirmNotifyMe(token: string) {
  return apiSend('POST', '/api/notify-me/confirm', { token }, ConfirmAnswerSchema);
}

export function useConfirmNotifyMe() {
  return useMutation({ mutationFn: confirmNotifyMe });
}

import { useMutation } from '@tanstack/react-query';
import { WaitlistEntryAnswerSchema } from '@marquee/domain/waitlist';
import { apiSend } from '../../../lib/api-client';

/** POST /api/waitlist/confirm: the e-mail link's token; the entry's place in line counts from now. */
export function confirmWaitlist(token: string) {
  return apiSend('POST', '/api/waitlist/confirm', { token }, WaitlistEntryAnswerSchema);
}

export function useConfirmWaitlist() {
  return useMutation({ mutationFn: confirmWaitlist });
}

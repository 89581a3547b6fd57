import { useMutation } from '@tanstack/react-query';
import { WaitlistEntryAnswerSchema } from '@marquee/domain/waitlist';
import { apiSend } from '../../../lib/api-client';

/** POST /api/waitlist/leave: the e-mail link's token; leaving twice is harmless. */
export function leaveWaitlist(token: string) {
  return apiSend('POST', '/api/waitlist/leave', { token }, WaitlistEntryAnswerSchema);
}

export function useLeaveWaitlist() {
  return useMutation({ mutationFn: leaveWaitlist });
}

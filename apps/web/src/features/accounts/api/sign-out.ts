import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/toaster';
import { MessageAnswerSchema, SIGNED_OUT_MESSAGE, type SessionAnswer } from '@marquee/domain/accounts-session';
import { apiGet } from '../../../lib/api-client';
import { sessionQueryKey } from './get-session';
import { myBookingsQueryKey } from './query-keys';

/** GET /api/auth/logout (spec 7), then the client sign-out. */
export function signOut() {
  return apiGet('/api/auth/logout', MessageAnswerSchema);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      queryClient.setQueryData<SessionAnswer>(sessionQueryKey, (current) =>
        current ? { ...current, user: null } : current,
      );
      queryClient.removeQueries({ queryKey: myBookingsQueryKey });
      toast(SIGNED_OUT_MESSAGE);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    onError: () => {
      toast.error('We could not sign you out. Check your connection and try again.');
    },
  });
}

import { useEffect, useEffectEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';

/**
 * Calls `onQueueRequired` when any request made through a mutation (the checkout's POST /api/orders) is
 * refused with 403 `queue_required`: the sale is behind a waiting room and this buyer has no valid admission.
 * It listens on the mutation cache, so the checkout needs no knowledge of the waiting room.
 */
export function useOnQueueRequired(onQueueRequired: () => void): void {
  const queryClient = useQueryClient();
  const onRefused = useEffectEvent(onQueueRequired);
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (
          event.type === 'updated' &&
          event.action.type === 'error' &&
          isApiError(event.action.error, 'queue_required')
        ) {
          onRefused();
        }
      }),
    [queryClient],
  );
}

import { queryOptions } from '@tanstack/react-query';
import { QueueStatusSchema, type QueueStatus } from '@marquee/domain/queue';
import { apiGet, isApiError } from '../../../lib/api-client';
import { queueApiPath } from '../lib/queue-paths';

/**
 * GET /api/events/{uid}/queue: the buyer's place, or null when they have none (404: never joined, or the
 * place is gone). When the answer says `admitted` it also sets the admission cookie POST /api/orders checks.
 */
export async function getQueueStatus(uid: string, signal?: AbortSignal): Promise<QueueStatus | null> {
  try {
    return await apiGet(queueApiPath(uid), QueueStatusSchema, { signal });
  } catch (error) {
    if (isApiError(error, 'not_found')) return null;
    throw error;
  }
}

/** The server's pace: never ask again sooner than `poll_after_seconds` after its last answer. */
function pollIntervalOf(query: { state: { data: QueueStatus | null | undefined } }): number | undefined {
  const status = query.state.data;
  return status ? status.poll_after_seconds * 1000 : undefined;
}

/**
 * The buyer's place, asked again every `poll_after_seconds` while the tab is visible (TanStack pauses the
 * interval in a hidden tab), and when the tab comes back once that much time has passed (the same figure as the
 * staleness, so a focus never asks sooner than the server said). No place (null): nothing to poll.
 */
export function queueStatusQueryOptions(uid: string) {
  return queryOptions({
    queryKey: ['events', 'queue', uid],
    queryFn: ({ signal }) => getQueueStatus(uid, signal),
    staleTime: (query) => pollIntervalOf(query) ?? 0,
    refetchInterval: (query) => pollIntervalOf(query) ?? false,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

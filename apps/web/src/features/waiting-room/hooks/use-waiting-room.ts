import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueueStatus } from '@marquee/domain/queue';
import { ApiError } from '../../../lib/api-client';
import { queueStatusQueryOptions } from '../api/get-queue-status';
import { joinQueue } from '../api/join-queue';
import { announcementKeyOf, nextStartPosition } from '../lib/queue-progress';

/** Why joining failed, as the page tells it. */
export type JoinProblem = 'not_found' | 'no_waiting_room' | 'not_on_sale' | 'rate_limited' | 'unreachable';

function joinProblemOf(error: Error): JoinProblem {
  if (!(error instanceof ApiError)) return 'unreachable';
  switch (error.code) {
    case 'not_found':
      return 'not_found';
    case 'conflict':
      return 'no_waiting_room';
    // Closed, postponed, sold out: no sale to wait for.
    case 'not_on_sale':
      return 'not_on_sale';
    case 'rate_limited':
      return 'rate_limited';
    default:
      return 'unreachable';
  }
}

/** What the queue page shows. */
export type WaitingRoomPhase =
  | { name: 'joining' }
  | { name: 'join_failed'; problem: JoinProblem }
  /** The server no longer knows this browser's place (its cookie was cleared, say). */
  | { name: 'place_lost' }
  | { name: 'in_queue'; status: QueueStatus; receivedAt: number };

interface Tracking {
  /** The announcement key last seen; null before the first answer (the page itself says that one). */
  key: string | null;
  startPosition: number | null;
  announcement: string;
}

/**
 * The queue page's state: joins on arrival (POST: a new place, or the one this browser has), then asks
 * for the place at the server's pace (GET, every `poll_after_seconds` while the tab is visible). Keeps the first
 * place seen as the progress bar's start, and the announcement for the live region, which changes only when the
 * state does or the buyer has come another quarter of the way.
 */
export function useWaitingRoom(uid: string, describe: (status: QueueStatus) => string) {
  const queryClient = useQueryClient();
  const statusOptions = queueStatusQueryOptions(uid);
  const [hasJoined, setHasJoined] = useState(false);
  const join = useMutation({
    mutationFn: () => joinQueue(uid),
    onSuccess: (status) => {
      queryClient.setQueryData(statusOptions.queryKey, status);
      setHasJoined(true);
    },
  });
  const { mutate: joinNow } = join;
  // On arrival. Development's strict mode joins twice: the server answers the same place both times.
  useEffect(() => joinNow(), [joinNow]);

  const statusQuery = useQuery({ ...statusOptions, enabled: hasJoined });
  const status = hasJoined ? statusQuery.data : undefined;

  const [tracking, setTracking] = useState<Tracking>({ key: null, startPosition: null, announcement: '' });
  if (status) {
    const startPosition = nextStartPosition(tracking.startPosition, status);
    const key = announcementKeyOf(status, startPosition);
    if (key !== tracking.key || startPosition !== tracking.startPosition) {
      setTracking({
        key,
        startPosition,
        announcement: tracking.key !== null && key !== tracking.key ? describe(status) : tracking.announcement,
      });
    }
  }

  let phase: WaitingRoomPhase;
  if (status) phase = { name: 'in_queue', status, receivedAt: statusQuery.dataUpdatedAt };
  else if (status === null) phase = { name: 'place_lost' };
  else if (join.isError) phase = { name: 'join_failed', problem: joinProblemOf(join.error) };
  else phase = { name: 'joining' };

  return {
    phase,
    startPosition: tracking.startPosition,
    announcement: tracking.announcement,
    /** Join again (after the admission ran out, or the place was lost), or try the first join again. */
    join: () => join.mutate(),
    isJoining: join.isPending,
    /** Joining again failed while the last place is still shown. */
    rejoinProblem: hasJoined && join.isError ? joinProblemOf(join.error) : null,
    /** The last poll failed: the place shown may be out of date (the next poll tries again). */
    isStale: hasJoined && statusQuery.isError,
  };
}

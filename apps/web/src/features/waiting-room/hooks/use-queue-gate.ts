import { useQuery } from '@tanstack/react-query';
import type { QueueStatus } from '@marquee/domain/queue';
import { queueStatusQueryOptions } from '../api/get-queue-status';

/**
 * Whether the event page lets the buyer pick tickets: `open` without a waiting room, or once the queue has
 * admitted them (its GET also sets the admission cookie the order needs); `checking` while it is asked;
 * `queue` otherwise, with their place if they have one (null: none). The server refuses an order without an
 * admission anyway: this spares the buyer picking tickets they cannot order yet.
 */
export type QueueGate = { name: 'open' } | { name: 'checking' } | { name: 'queue'; status: QueueStatus | null };

export function useQueueGate(uid: string, hasWaitingRoom: boolean): QueueGate {
  const query = useQuery({ ...queueStatusQueryOptions(uid), enabled: hasWaitingRoom });
  if (!hasWaitingRoom) return { name: 'open' };
  if (query.isPending) return { name: 'checking' };
  const status = query.data ?? null;
  return status?.state === 'admitted' ? { name: 'open' } : { name: 'queue', status };
}

import { QueueStatusSchema } from '@marquee/domain/queue';
import { apiSend } from '../../../lib/api-client';
import { queueApiPath } from '../lib/queue-paths';

/**
 * POST /api/events/{uid}/queue: join the queue, or find the place this browser has (one per browser, kept in
 * an HttpOnly cookie, so a refresh or a second tab answers the same place).
 */
export function joinQueue(uid: string) {
  return apiSend('POST', queueApiPath(uid), {}, QueueStatusSchema);
}

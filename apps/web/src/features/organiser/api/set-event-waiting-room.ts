import { z } from 'zod';
import { apiSend } from '../../../lib/api-client';

/**
 * POST /api/operator/events/{uid}/waiting-room (issue 23): on (at a rate, when given) or off; 204. An unknown uid
 * is a 404; a rate out of range a 422 with `errors.admit_per_minute`.
 */
export async function setEventWaitingRoom(
  eventUid: string,
  change: { enabled: boolean; admit_per_minute?: number },
): Promise<void> {
  await apiSend('POST', `/api/operator/events/${encodeURIComponent(eventUid)}/waiting-room`, change, z.unknown());
}

import { z } from 'zod';
import { apiSend } from '../../../lib/api-client';

/**
 * POST /api/operator/events/{uid}/unpublish with a reason (taken off the site), or …/republish (put back); 204.
 * An unknown uid is a 404; an event already so, a 409 `conflict`.
 */
export async function setEventUnpublished(eventUid: string, reason: string | null): Promise<void> {
  const path = `/api/operator/events/${encodeURIComponent(eventUid)}`;
  if (reason === null) await apiSend('POST', `${path}/republish`, undefined, z.unknown());
  else await apiSend('POST', `${path}/unpublish`, { reason }, z.unknown());
}

import { ConsoleEventAnswerSchema } from '@marquee/domain/console';
import type { EventFields } from '@marquee/domain/authoring';
import { apiSend } from '../../../lib/api-client';

/** POST /api/organiser/{org}/events: a draft (201), its currency the venue's country's. */
export function createEvent(org: string, fields: EventFields) {
  return apiSend('POST', `/api/organiser/${encodeURIComponent(org)}/events`, fields, ConsoleEventAnswerSchema);
}

import { ConsoleEventAnswerSchema } from '@marquee/domain/console';
import type { EventFieldsPatch } from '@marquee/domain/authoring';
import { apiSend } from '../../../lib/api-client';
import { consoleEventPath } from './get-console-event';

/**
 * PATCH /api/organiser/{org}/events/{eventUid}: only the fields that changed. 409 `conflict` for a move the
 * server refuses (tickets sold or held; another country once published) and for a cancelled event.
 */
export function updateEvent(org: string, eventUid: string, patch: EventFieldsPatch) {
  return apiSend('PATCH', consoleEventPath(org, eventUid), patch, ConsoleEventAnswerSchema);
}

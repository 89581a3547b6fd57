import { z } from 'zod';
import { ChecklistItemSchema } from '@marquee/domain/authoring';
import { ConsoleEventAnswerSchema, type EventStatusBody } from '@marquee/domain/console';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { apiSend, type ApiError } from '../../../lib/api-client';
import { consoleEventPath } from './get-console-event';

/**
 * POST /api/organiser/{org}/events/{eventUid}/status: publish, postpone, close, cancel or re-open. Opening sales
 * runs the publishing checklist: 409 `not_publishable` with its `problems`; a move the lifecycle does not
 * allow is 409 `conflict`.
 */
export function changeEventStatus(org: string, eventUid: string, body: EventStatusBody) {
  return apiSend('POST', `${consoleEventPath(org, eventUid)}/status`, body, ConsoleEventAnswerSchema);
}

const NotPublishableSchema = ErrorBodySchema.extend({ problems: z.array(ChecklistItemSchema) });

/** The checklist's problems a 409 `not_publishable` carries; [] when the body has none. */
export function notPublishableProblems(error: ApiError) {
  const parsed = NotPublishableSchema.safeParse(error.body);
  return parsed.success ? parsed.data.problems : [];
}

import { queryOptions } from '@tanstack/react-query';
import {
  EventCancellationSchema,
  EventCancellationStateSchema,
  EventPostponementAnswerSchema,
  type EventCancellationInput,
  type EventPostponementRequest,
} from '@marquee/domain/event-changes';
import { apiGet, apiSend } from '../../../lib/api-client';
import { organiserKeys } from './query-keys';

/*
 * Cancelling or postponing a whole event (issue 22; docs/decisions/040): the cancellation's progress, and the two
 * actions. A cancellation's refunds run on the server in the background; the console polls the progress.
 */

function eventPath(org: string, eventUid: string): string {
  return `/api/organiser/${encodeURIComponent(org)}/events/${encodeURIComponent(eventUid)}`;
}

/** Under the event's key: refreshing the event refreshes it too. */
export function eventCancellationKey(org: string, eventUid: string) {
  return [...organiserKeys.event(org, eventUid), 'cancellation'] as const;
}

/** GET …/cancellation: the orders a cancellation touches, and its progress once there is one. */
export function getEventCancellation(org: string, eventUid: string, signal?: AbortSignal) {
  return apiGet(`${eventPath(org, eventUid)}/cancellation`, EventCancellationStateSchema, { signal });
}

/** How often the progress is asked for while the refunds run. */
export const CANCELLATION_POLL_MS = 2_000;

export function eventCancellationQueryOptions(org: string, eventUid: string) {
  return queryOptions({
    queryKey: eventCancellationKey(org, eventUid),
    queryFn: ({ signal }) => getEventCancellation(org, eventUid, signal),
    refetchInterval: (query) => (query.state.data?.cancellation?.status === 'running' ? CANCELLATION_POLL_MS : false),
  });
}

/**
 * POST …/cancellation with its Idempotency-Key: the same key answers the same job, so a retry (or a double
 * click) never starts a second one. 202 started, 200 a replay.
 */
export function cancelEvent(org: string, eventUid: string, body: EventCancellationInput, idempotencyKey: string) {
  return apiSend('POST', `${eventPath(org, eventUid)}/cancellation`, body, EventCancellationSchema, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** POST …/postponement: the event postponed (new dates when given), every buyer e-mailed. */
export function postponeEvent(org: string, eventUid: string, body: EventPostponementRequest) {
  return apiSend('POST', `${eventPath(org, eventUid)}/postponement`, body, EventPostponementAnswerSchema);
}

import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiSend } from '../../../lib/api-client';
import {
  CheckInListSchema,
  CheckInListsAnswerSchema,
  GateEventsAnswerSchema,
  GateLookupAnswerSchema,
  GatePackSchema,
  ScanAnswerSchema,
  type CheckInListRequest,
  type ScanRequest,
} from './gate-schemas';

/** The gate's routes, all under one event: /api/organiser/{org}/events/{eventUid}/check-in-lists. */
export function checkInListsPath(org: string, eventUid: string): string {
  return `/api/organiser/${encodeURIComponent(org)}/events/${encodeURIComponent(eventUid)}/check-in-lists`;
}

function listPath(org: string, eventUid: string, listId: number): string {
  return `${checkInListsPath(org, eventUid)}/${listId}`;
}

/** The gate's query keys, under the console's (`organiser`), so the console's own invalidations reach them. */
export const gateKeys = {
  events: (org: string) => ['organiser', 'organisation', org, 'gate', 'events'] as const,
  lists: (org: string, eventUid: string) =>
    ['organiser', 'organisation', org, 'events', eventUid, 'check-in-lists'] as const,
};

/** GET /api/organiser/{org}/gate/events (checkin.scan): the events this member may scan at, today's first. */
export function getGateEvents(org: string, signal?: AbortSignal) {
  return apiGet(`/api/organiser/${encodeURIComponent(org)}/gate/events`, GateEventsAnswerSchema, { signal });
}

export function gateEventsQueryOptions(org: string) {
  return queryOptions({ queryKey: gateKeys.events(org), queryFn: ({ signal }) => getGateEvents(org, signal) });
}

/** GET …/check-in-lists (checkin.scan): the event's lists with their counts. */
export function getCheckInLists(org: string, eventUid: string, signal?: AbortSignal) {
  return apiGet(checkInListsPath(org, eventUid), CheckInListsAnswerSchema, { signal });
}

export function checkInListsQueryOptions(org: string, eventUid: string) {
  return queryOptions({
    queryKey: gateKeys.lists(org, eventUid),
    queryFn: ({ signal }) => getCheckInLists(org, eventUid, signal),
  });
}

/** POST …/check-in-lists (checkin.manage): 201 the list; 409 `check_in_list_name_taken`. */
export function createCheckInList(org: string, eventUid: string, body: CheckInListRequest) {
  return apiSend('POST', checkInListsPath(org, eventUid), body, CheckInListSchema);
}

/** PATCH …/check-in-lists/{listId} (checkin.manage): its new name or packages. */
export function updateCheckInList(org: string, eventUid: string, listId: number, body: Partial<CheckInListRequest>) {
  return apiSend('PATCH', listPath(org, eventUid, listId), body, CheckInListSchema);
}

/** DELETE …/check-in-lists/{listId} (checkin.manage): 204. */
export function deleteCheckInList(org: string, eventUid: string, listId: number) {
  return apiSend('DELETE', listPath(org, eventUid, listId), undefined, z.null());
}

/** GET …/check-in-lists/{listId}/tickets (checkin.scan): the list's pack, for offline scanning. */
export function getGatePack(org: string, eventUid: string, listId: number, signal?: AbortSignal) {
  return apiGet(`${listPath(org, eventUid, listId)}/tickets`, GatePackSchema, { signal });
}

/** POST …/check-in-lists/{listId}/scans (checkin.scan): up to 500 scans; a replayed scan gets its first answer. */
export function postScans(
  org: string,
  eventUid: string,
  listId: number,
  body: { device_id: string; scans: ScanRequest[] },
  signal?: AbortSignal,
) {
  return apiSend('POST', `${listPath(org, eventUid, listId)}/scans`, body, ScanAnswerSchema, signal ? { signal } : {});
}

/** GET …/check-in-lists/{listId}/lookup?q= (ticket.lookup): at most 20 tickets by name or Booking ID. */
export function lookupTickets(org: string, eventUid: string, listId: number, q: string, signal?: AbortSignal) {
  return apiGet(`${listPath(org, eventUid, listId)}/lookup?q=${encodeURIComponent(q)}`, GateLookupAnswerSchema, {
    signal,
  });
}

import type { APIRequestContext } from '@playwright/test';
import { EventDetailSchema, EventListSchema, type EventSummary } from '@marquee/domain/catalog';
import type { CategoryKey } from '@marquee/domain/categories';

/** Reads the live catalogue through the public API, so specs never hard-code seed rows. */
export async function listEvents(
  request: APIRequestContext,
  category: CategoryKey = 'all',
  perPage = 48,
): Promise<EventSummary[]> {
  const events: EventSummary[] = [];
  for (let page = 1; page <= 10; page++) {
    const response = await request.get(`/api/events?category=${category}&page=${page}&per_page=${perPage}`);
    const list = EventListSchema.parse(await response.json());
    events.push(...list.data);
    if (page >= list.meta.total_pages) break;
  }
  return events;
}

export async function findEvent(
  request: APIRequestContext,
  predicate: (event: EventSummary) => boolean,
): Promise<EventSummary> {
  const event = (await listEvents(request)).find(predicate);
  if (!event) throw new Error('The demo catalogue has no event that matches this spec’s needs.');
  return event;
}

export async function getEventDetail(request: APIRequestContext, uid: string) {
  const response = await request.get(`/api/events/${uid}`);
  return EventDetailSchema.parse(await response.json());
}

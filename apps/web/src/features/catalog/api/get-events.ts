import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { EventListSchema } from '@marquee/domain/catalog';
import type { CategoryKey } from '@marquee/domain/categories';
import { apiGet } from '../../../lib/api-client';
import { takeInitialResponse } from '../../../lib/initial-responses';

/** 12 fills whole rows of 1, 2, 3 and 4 columns. */
export const EVENTS_PER_PAGE = 12;

export interface GetEventsInput {
  category: CategoryKey;
  page: number;
  perPage?: number;
}

function eventsPath({ category, page, perPage = EVENTS_PER_PAGE }: GetEventsInput): string {
  const query = new URLSearchParams({ category, page: String(page), per_page: String(perPage) });
  return `/api/events?${query.toString()}`;
}

export function getEvents(input: GetEventsInput, signal?: AbortSignal) {
  return apiGet(eventsPath(input), EventListSchema, { signal });
}

export function getEventsQueryOptions(input: GetEventsInput) {
  return queryOptions({
    queryKey: ['events', 'list', input.category, input.page, input.perPage ?? EVENTS_PER_PAGE],
    queryFn: ({ signal }) => getEvents(input, signal),
    // A category page's HTML carries its first list: the first render shows the cards.
    initialData: () => takeInitialResponse(eventsPath(input), EventListSchema),
  });
}

/** Keeps the current page on screen while the next one loads, instead of flashing skeletons. */
export function useEvents(input: GetEventsInput) {
  return useQuery({ ...getEventsQueryOptions(input), placeholderData: keepPreviousData });
}

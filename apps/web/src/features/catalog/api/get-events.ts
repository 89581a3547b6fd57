import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { EventListSchema } from '@marquee/domain/catalog';
import type { CategoryKey } from '@marquee/domain/categories';
import { apiGet } from '../../../lib/api-client';

/** 12 fills whole rows of 1, 2, 3 and 4 columns. */
export const EVENTS_PER_PAGE = 12;

export interface GetEventsInput {
  category: CategoryKey;
  page: number;
  perPage?: number;
}

export function getEvents({ category, page, perPage = EVENTS_PER_PAGE }: GetEventsInput, signal?: AbortSignal) {
  const query = new URLSearchParams({ category, page: String(page), per_page: String(perPage) });
  return apiGet(`/api/events?${query.toString()}`, EventListSchema, { signal });
}

export function getEventsQueryOptions(input: GetEventsInput) {
  return queryOptions({
    queryKey: ['events', 'list', input.category, input.page, input.perPage ?? EVENTS_PER_PAGE],
    queryFn: ({ signal }) => getEvents(input, signal),
  });
}

/** Keeps the current page on screen while the next one loads, instead of flashing skeletons. */
export function useEvents(input: GetEventsInput) {
  return useQuery({ ...getEventsQueryOptions(input), placeholderData: keepPreviousData });
}

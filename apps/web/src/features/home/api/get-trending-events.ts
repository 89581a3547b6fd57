import { queryOptions, useQuery } from '@tanstack/react-query';
import { TrendingEventsSchema } from '@marquee/domain/catalog';
import type { CategoryKey } from '@marquee/domain/categories';
import { apiGet } from '../../../lib/api-client';
import { takeInitialResponse } from '../../../lib/initial-responses';

/** Two pages of the widest slider (4 cards): enough to be worth sliding, small enough to load fast. */
export const TRENDING_LIMIT = 8;

function trendingPath(category: CategoryKey): string {
  return `/api/events/trending?${new URLSearchParams({ category, limit: String(TRENDING_LIMIT) }).toString()}`;
}

export function getTrendingEvents(category: CategoryKey, signal?: AbortSignal) {
  return apiGet(trendingPath(category), TrendingEventsSchema, { signal });
}

export function getTrendingEventsQueryOptions(category: CategoryKey) {
  return queryOptions({
    queryKey: ['events', 'trending', category],
    queryFn: ({ signal }) => getTrendingEvents(category, signal),
    // The home page carries its active tab's list (apps/server/src/modules/pages): the first render has it.
    initialData: () => takeInitialResponse(trendingPath(category), TrendingEventsSchema),
  });
}

export function useTrendingEvents(category: CategoryKey) {
  return useQuery(getTrendingEventsQueryOptions(category));
}

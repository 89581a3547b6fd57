import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { EventSummarySchema } from '@marquee/domain/catalog';
import type { CategoryKey } from '@marquee/domain/categories';
import { apiGet } from '../../../lib/api-client';

const TrendingEventsSchema = z.object({ data: z.array(EventSummarySchema) });

/** Two pages of the widest slider (4 cards): enough to be worth sliding, small enough to load fast. */
export const TRENDING_LIMIT = 8;

export function getTrendingEvents(category: CategoryKey, signal?: AbortSignal) {
  const query = new URLSearchParams({ category, limit: String(TRENDING_LIMIT) });
  return apiGet(`/api/events/trending?${query.toString()}`, TrendingEventsSchema, { signal });
}

export function getTrendingEventsQueryOptions(category: CategoryKey) {
  return queryOptions({
    queryKey: ['events', 'trending', category],
    queryFn: ({ signal }) => getTrendingEvents(category, signal),
  });
}

export function useTrendingEvents(category: CategoryKey) {
  return useQuery(getTrendingEventsQueryOptions(category));
}

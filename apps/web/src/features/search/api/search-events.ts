import { queryOptions, useQuery } from '@tanstack/react-query';
import { SearchResultSchema, type SearchResult } from '@marquee/domain/catalog';
import { apiGet } from '../../../lib/api-client';

/** The most results the API gives in one answer. */
export const SEARCH_RESULTS_LIMIT = 50;

export function searchEvents(query: string, signal?: AbortSignal): Promise<SearchResult> {
  const params = new URLSearchParams({ q: query, limit: String(SEARCH_RESULTS_LIMIT) });
  return apiGet(`/api/search?${params}`, SearchResultSchema, { signal });
}

export function searchEventsQueryOptions(query: string) {
  const q = query.trim();
  return queryOptions({
    queryKey: ['search', 'results', q],
    queryFn: ({ signal }) => searchEvents(q, signal),
    enabled: q.length > 0,
  });
}

/** Events matching a search by event name, artist, venue or city. */
export function useSearchEvents(query: string) {
  return useQuery(searchEventsQueryOptions(query));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SearchResultSchema, type SearchResult } from '@marquee/domain/catalog';
import { apiGet } from '../../../lib/api-client';

/** Shorter input matches too much to be a useful suggestion. */
export const SUGGEST_MIN_LENGTH = 2;

export function suggestEvents(query: string, signal?: AbortSignal): Promise<SearchResult> {
  return apiGet(`/api/search/suggest?${new URLSearchParams({ q: query })}`, SearchResultSchema, { signal });
}

export function suggestEventsQueryOptions(query: string) {
  const q = query.trim();
  return queryOptions({
    queryKey: ['search', 'suggest', q],
    queryFn: ({ signal }) => suggestEvents(q, signal),
    enabled: q.length >= SUGGEST_MIN_LENGTH,
    staleTime: 60_000,
    // A suggestion that failed is not worth a retry: the next keystroke asks again.
    retry: false,
    // Keep the last list on screen while the next keystroke's answer is on its way (no flicker).
    placeholderData: keepPreviousData,
  });
}

/** Up to 6 events matching what has been typed so far (pass the debounced text). */
export function useSuggestEvents(query: string) {
  return useQuery(suggestEventsQueryOptions(query));
}

import { Link } from 'react-router';
import { CATEGORIES } from '@marquee/domain/categories';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { isApiRefusal } from '../../../lib/api-refusal';
import { SEARCH_RESULTS_LIMIT, useSearchEvents } from '../api/search-events';
import { SearchResultCard } from './search-result-card';
import { SearchResultsSkeleton } from './search-results-skeleton';

interface SearchResultsProps {
  query: string;
}

function countMessage(count: number, query: string): string {
  if (count >= SEARCH_RESULTS_LIMIT) return `Showing the first ${count} events that match “${query}”.`;
  return `${count} ${count === 1 ? 'event matches' : 'events match'} “${query}”.`;
}

/** Results of a search: loading, failure with retry, nothing found with ways on, or the list. */
export function SearchResults({ query }: SearchResultsProps) {
  const { data, isPending, isError, error, refetch, isFetching } = useSearchEvents(query);

  if (isPending) return <SearchResultsSkeleton />;

  if (isError) {
    // The query itself was refused (too long, say): retrying will not help, the message will.
    const isRefused = isApiRefusal(error);
    return (
      <ErrorState
        title={isRefused ? 'That search did not work' : 'We could not search just now'}
        message={isRefused ? error.message : 'Check your connection and try again.'}
        onRetry={isRefused ? undefined : () => void refetch()}
        isRetrying={isFetching}
      />
    );
  }

  const events = data.data;
  if (events.length === 0) {
    return (
      <EmptyState
        title={`No events match “${query}”.`}
        action={
          <ul className="flex flex-wrap justify-center gap-2" aria-label="Browse a category">
            {CATEGORIES.map((category) => (
              <li key={category.key}>
                <Link
                  to={category.path}
                  className="inline-flex min-h-11 items-center rounded-full border border-brand-700 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                >
                  {category.key === 'all' ? 'All events' : category.name}
                </Link>
              </li>
            ))}
          </ul>
        }
      >
        <p>Check the spelling, try fewer words, or search for an artist, venue or city. Or browse a category:</p>
      </EmptyState>
    );
  }

  return (
    <div>
      <p role="status" className="text-sm font-medium text-slate-700">
        {countMessage(events.length, query)}
      </p>
      <ul className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
        {events.map((event) => (
          <li key={event.uid} className="grid min-w-0">
            <SearchResultCard event={event} />
          </li>
        ))}
      </ul>
    </div>
  );
}

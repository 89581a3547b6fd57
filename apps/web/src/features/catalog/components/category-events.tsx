import { emptyCategoryMessage, type Category } from '@marquee/domain/categories';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { EventCard, EventCardSkeleton } from '../../../components/ui/event-card';
import { paths } from '../../../config/paths';
import { useEvents } from '../api/get-events';
import { Pagination } from './pagination';

export interface CategoryEventsProps {
  category: Category;
  page: number;
}

const GRID_CLASSES = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** The address of one page of a category; page 1 is the bare category route. */
export function categoryPageHref(category: Category, page: number): string {
  return page <= 1 ? category.path : `${category.path}?page=${page}`;
}

/** One page of a category's events as a grid of cards, with pagination and the spec's empty message. */
export function CategoryEvents({ category, page }: CategoryEventsProps) {
  const events = useEvents({ category: category.key, page });

  if (events.isPending) {
    return (
      <div aria-busy="true">
        <p className="sr-only">Loading events…</p>
        <ul className={GRID_CLASSES}>
          {Array.from({ length: 8 }, (_, index) => (
            <li key={index}>
              <EventCardSkeleton />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (events.isError) {
    return (
      <ErrorState
        title="Events could not be loaded"
        onRetry={() => void events.refetch()}
        isRetrying={events.isFetching}
      />
    );
  }

  const { data, meta } = events.data;
  if (data.length === 0 && meta.total > 0) {
    return (
      <EmptyState
        title={`There is no page ${page}`}
        action={<ButtonLink to={categoryPageHref(category, 1)}>Go to the first page</ButtonLink>}
      >
        The last page is {meta.total_pages}.
      </EmptyState>
    );
  }
  if (data.length === 0) {
    return (
      <EmptyState
        title={emptyCategoryMessage(category.key)}
        action={
          category.key === 'all' ? null : (
            <ButtonLink to={paths.category('all')} variant="secondary">
              Browse all events
            </ButtonLink>
          )
        }
      />
    );
  }

  return (
    <div className="flex flex-col gap-8">
      {/* Dimmed while the next page loads over the current one. */}
      <ul
        className={`${GRID_CLASSES} transition-opacity ${events.isPlaceholderData ? 'opacity-60' : ''}`}
        aria-busy={events.isPlaceholderData}
      >
        {data.map((event, index) => (
          <li key={event.uid}>
            <EventCard event={event} headingLevel={2} isAboveTheFold={index < 4} />
          </li>
        ))}
      </ul>
      <p className="text-center text-sm text-slate-700">
        Showing {(meta.page - 1) * meta.per_page + 1}–{(meta.page - 1) * meta.per_page + data.length} of {meta.total}{' '}
        events
      </p>
      <Pagination page={meta.page} totalPages={meta.total_pages} hrefFor={(n) => categoryPageHref(category, n)} />
    </div>
  );
}

import { useEffect } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { isOnSale } from '@marquee/domain/statuses';
import { PageContainer } from '../../components/layout/page-container';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { ErrorState } from '../../components/ui/error-state';
import { NotFoundPage } from '../../components/ui/not-found';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useEvent } from '../../features/event/api/get-event';
import { EventDetails, EventDetailsSkeleton } from '../../features/event/components/event-details';

/** A malformed uid is as unknown as a missing one. */
function isNotFound(error: Error): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 422 || error.status === 400);
}

/** /{type}/{slug}/{uid} (spec 2): the event, found by uid; a stale type or slug moves to the canonical path. */
export function Component() {
  const { type = '', slug = '', uid = '' } = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const eventQuery = useEvent(uid);
  const event = eventQuery.data;
  useDocumentTitle(event?.name);

  // The server answers a wrong slug with a 301 too; this covers navigation inside the app.
  const isCanonical = !event || `/${type}/${slug}/${uid}` === event.path;
  useEffect(() => {
    if (event && !isCanonical) {
      void navigate({ pathname: event.path, search: location.search, hash: location.hash }, { replace: true });
    }
  }, [event, isCanonical, navigate, location.search, location.hash]);

  if (eventQuery.isError && isNotFound(eventQuery.error)) {
    return (
      <NotFoundPage
        title="Event not found"
        message="This event does not exist or is no longer listed. These will take you somewhere useful:"
      />
    );
  }

  return (
    <PageContainer className="flex flex-col gap-6 py-6 sm:py-10">
      <Breadcrumb currentLabel={event?.name} pathname={event?.path} />
      {eventQuery.isPending ? (
        <EventDetailsSkeleton />
      ) : eventQuery.isError ? (
        <ErrorState
          headingLevel={1}
          title="This event could not be loaded"
          onRetry={() => void eventQuery.refetch()}
          isRetrying={eventQuery.isFetching}
        />
      ) : (
        // Step 2 (ticket picking) only exists while tickets are on sale.
        <EventDetails
          event={eventQuery.data}
          step={searchParams.get('step') === '2' && isOnSale(eventQuery.data.status) ? 2 : 1}
        />
      )}
    </PageContainer>
  );
}

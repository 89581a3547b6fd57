import { useLocation, useParams } from 'react-router';
import { PageContainer } from '../../components/layout/page-container';
import { ErrorState } from '../../components/ui/error-state';
import { NotFoundPage } from '../../components/ui/not-found';
import { isApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useEvent } from '../../features/event/api/get-event';
import { WaitingRoom } from '../../features/waiting-room/components/waiting-room';
import { isSentFromCheckout } from '../../features/waiting-room/lib/queue-redirect';

/**
 * /events/{uid}/queue (issue 23): the waiting room of a sale, with the event's name from the catalog. The buyer
 * joins while the event loads. Without JavaScript the server renders this address itself.
 */
export function Component() {
  const { uid = '' } = useParams();
  const location = useLocation();
  const eventQuery = useEvent(uid);
  const event = eventQuery.data;
  useDocumentTitle(event ? `Waiting room: ${event.name}` : 'Waiting room');

  if (eventQuery.isError && isApiError(eventQuery.error, 'not_found', 'validation_failed', 'bad_request')) {
    return (
      <NotFoundPage
        title="Event not found"
        message="This event does not exist or is no longer listed. These will take you somewhere useful:"
      />
    );
  }

  return (
    <PageContainer className="py-6 sm:py-10">
      {eventQuery.isError ? (
        <ErrorState
          headingLevel={1}
          title="This event could not be loaded"
          onRetry={() => void eventQuery.refetch()}
          isRetrying={eventQuery.isFetching}
        />
      ) : (
        <WaitingRoom
          uid={uid}
          event={event ? { name: event.name, path: event.path, timeZone: event.venue.time_zone } : undefined}
          isSentFromCheckout={isSentFromCheckout(location.state)}
        />
      )}
    </PageContainer>
  );
}

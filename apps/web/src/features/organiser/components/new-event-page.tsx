import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { toast } from '../../../components/toaster';
import { createEvent } from '../api/create-event';
import { venuesQueryOptions } from '../api/get-venues';
import { organiserKeys } from '../api/query-keys';
import { EMPTY_EVENT_FORM } from '../lib/event-form';
import { organiserPaths } from '../lib/organiser-paths';
import { mayUse, type ConsoleRole } from '../lib/permissions';
import { ConsolePageHeader } from './console-page-header';
import { ConsoleQueryError } from './console-query-error';
import { EventForm } from './event-form';

export function BackToEvents({ org }: { org: string }) {
  return (
    <Link
      to={organiserPaths.events(org)}
      className="self-start text-sm font-semibold text-brand-700 underline underline-offset-2"
    >
      ← All events
    </Link>
  );
}

/** /organiser/{org}/events/new: a new event's fields; it starts as a draft, then its own page takes over. */
export function NewEventPage({ org, role }: { org: string; role: ConsoleRole }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canCreate = mayUse(role, 'event.create');
  const venues = useQuery({ ...venuesQueryOptions(org), enabled: canCreate });
  const header = (
    <ConsolePageHeader
      title="Create an event"
      back={<BackToEvents org={org} />}
      description={
        canCreate ? (
          <p>It starts as a draft that only your team sees. Ticket packages, seats and images come next.</p>
        ) : null
      }
    />
  );
  if (!canCreate) {
    return (
      <>
        {header}
        <EmptyState title="Your role does not allow this">
          <p>Owners and managers of the whole organisation create events.</p>
        </EmptyState>
      </>
    );
  }
  if (venues.isError) {
    return (
      <>
        {header}
        <ConsoleQueryError
          error={venues.error}
          title="The venues could not be loaded"
          onRetry={() => void venues.refetch()}
          isRetrying={venues.isFetching}
        />
      </>
    );
  }
  return (
    <>
      {header}
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <EventForm
          label="Create an event"
          org={org}
          defaultValues={EMPTY_EVENT_FORM}
          venues={venues.data?.venues}
          canAddVenue={mayUse(role, 'venue.write')}
          submitLabel="Create the event"
          busyLabel="Creating…"
          onSubmit={async (fields) => {
            const event = await createEvent(org, fields);
            queryClient.setQueryData(organiserKeys.event(org, event.uid), event);
            await queryClient.invalidateQueries({ queryKey: organiserKeys.events(org), exact: true });
            toast.success(`${event.name} is created as a draft. Add its ticket packages next.`);
            await navigate(organiserPaths.event(org, event.uid));
          }}
        />
      </div>
    </>
  );
}

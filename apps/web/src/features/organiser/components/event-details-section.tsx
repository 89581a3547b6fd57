import { useQuery } from '@tanstack/react-query';
import type { ConsoleEventAnswer } from '@marquee/domain/console';
import { toast } from '../../../components/toaster';
import { venuesQueryOptions } from '../api/get-venues';
import { updateEvent } from '../api/update-event';
import { useEventUpdates } from '../hooks/use-event-updates';
import { changedEventFields, eventFormValuesOf } from '../lib/event-form';
import { mayUse, type ConsoleRole } from '../lib/permissions';
import type { EventAccess } from './event-page';
import { EventForm } from './event-form';

/** A key that changes whenever the server's copy of the fields does: the form then starts again from it. */
function fieldsKey(event: ConsoleEventAnswer): string {
  return JSON.stringify(eventFormValuesOf(event));
}

/** 1. The event's own fields, as created, changed in place: a PATCH with only what changed. */
export function EventDetailsSection({
  org,
  event,
  role,
  access,
}: {
  org: string;
  event: ConsoleEventAnswer;
  role: ConsoleRole;
  access: EventAccess;
}) {
  const updates = useEventUpdates(org, event.uid);
  const venues = useQuery({ ...venuesQueryOptions(org), enabled: access.canEdit });
  // Read only (or the list refused): the event's own venue is the one to show. Its venue is always offered.
  const venueList =
    access.canEdit && !venues.isError
      ? venues.data && [
          ...venues.data.venues,
          ...(venues.data.venues.some((venue) => venue.id === event.venue.id) ? [] : [event.venue]),
        ]
      : [event.venue];
  const hasTickets = event.sold > 0;
  return (
    <section
      aria-labelledby="event-details-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="event-details-heading" className="mb-4 text-xl font-semibold text-brand-950">
        Details
      </h2>
      <EventForm
        key={fieldsKey(event)}
        label="Event details"
        org={org}
        defaultValues={eventFormValuesOf(event)}
        venues={venueList}
        canAddVenue={mayUse(role, 'venue.write')}
        submitLabel="Save the details"
        busyLabel="Saving…"
        isReadOnly={!access.canEdit}
        venueHint={
          event.venue.has_seat_map
            ? hasTickets
              ? 'Tickets are sold: the event can no longer move to another venue.'
              : 'Moving to another venue releases the seats its packages own on this one.'
            : undefined
        }
        onSubmit={async (fields) => {
          const patch = changedEventFields(event, fields);
          if (Object.keys(patch).length === 0) {
            toast('Nothing has changed.');
            return;
          }
          const saved = await updateEvent(org, event.uid, patch);
          await updates.saved(saved);
          toast.success('The event is saved.');
        }}
      />
    </section>
  );
}

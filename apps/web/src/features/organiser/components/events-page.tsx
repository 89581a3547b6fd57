import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ConsoleEventSummary } from '@marquee/domain/console';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { consoleEventsQueryOptions } from '../api/get-console-events';
import { eventStatusBadge, formatWallClock, soldPercent } from '../lib/event-display';
import { organiserPaths } from '../lib/organiser-paths';
import { mayUse, type ConsoleRole } from '../lib/permissions';
import { ConsoleLoading } from './console-loading';
import { ConsolePageHeader } from './console-page-header';
import { ConsoleQueryError } from './console-query-error';
import { StatusPill } from './status-pill';

const numberFormat = new Intl.NumberFormat('en-GB');

/** Sold of capacity, in words and as a bar (the bar is only a picture of the words). */
function SoldBar({ sold, capacity }: { sold: number; capacity: number }) {
  const percent = soldPercent(sold, capacity);
  return (
    <div className="flex min-w-32 flex-col gap-1">
      <span className="text-sm text-slate-900">
        {numberFormat.format(sold)} / {numberFormat.format(capacity)} sold
      </span>
      <span aria-hidden="true" className="block h-2 w-full overflow-hidden rounded-full bg-slate-200">
        <span className="block h-full rounded-full bg-brand-700" style={{ width: `${percent}%` }} />
      </span>
    </div>
  );
}

function EventStatus({ event }: { event: ConsoleEventSummary }) {
  const badge = eventStatusBadge(event);
  return <StatusPill tone={badge.tone}>{badge.label}</StatusPill>;
}

/** The event's name as the way to its page. */
function EventLink({ org, event }: { org: string; event: ConsoleEventSummary }) {
  return (
    <Link
      to={organiserPaths.event(org, event.uid)}
      className="text-brand-700 underline underline-offset-2 hover:text-brand-900"
    >
      {event.name}
    </Link>
  );
}

/** Wide screens: one row per event, a column per fact. */
function EventsTable({ org, events }: { org: string; events: readonly ConsoleEventSummary[] }) {
  return (
    <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Events</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Event
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Date (venue time)
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Venue
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Status
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Tickets
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {events.map((event) => (
            <tr key={event.uid}>
              <th scope="row" className="px-4 py-3 font-semibold text-brand-950">
                <EventLink org={org} event={event} />
              </th>
              <td className="px-4 py-3 whitespace-nowrap text-slate-900">{formatWallClock(event.start_local)}</td>
              <td className="px-4 py-3 text-slate-900">
                {event.venue.name}
                <span className="block text-slate-600">{event.venue.city}</span>
              </td>
              <td className="px-4 py-3">
                <EventStatus event={event} />
              </td>
              <td className="px-4 py-3">
                <SoldBar sold={event.sold} capacity={event.capacity} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: a card per event. */
function EventCards({ org, events }: { org: string; events: readonly ConsoleEventSummary[] }) {
  return (
    <ul className="flex flex-col gap-3 md:hidden" aria-label="Events">
      {events.map((event) => (
        <li key={event.uid} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <h2 className="font-semibold text-brand-950">
              <EventLink org={org} event={event} />
            </h2>
            <EventStatus event={event} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-700">Date</dt>
            <dd className="text-slate-900">{formatWallClock(event.start_local)}</dd>
            <dt className="text-slate-700">Venue</dt>
            <dd className="text-slate-900">
              {event.venue.name}, {event.venue.city}
            </dd>
          </dl>
          <SoldBar sold={event.sold} capacity={event.capacity} />
        </li>
      ))}
    </ul>
  );
}

/** /organiser/{org}/events: the organisation's events (a limited member's own), any status. */
export function EventsPage({ org, role }: { org: string; role: ConsoleRole }) {
  const events = useQuery(consoleEventsQueryOptions(org));
  const canCreate = mayUse(role, 'event.create');
  const createLink = canCreate ? <ButtonLink to={organiserPaths.newEvent(org)}>Create an event</ButtonLink> : null;

  let body;
  if (events.isPending) body = <ConsoleLoading label="Loading the events…" />;
  else if (events.isError) {
    body = (
      <ConsoleQueryError
        error={events.error}
        title="The events could not be loaded"
        onRetry={() => void events.refetch()}
        isRetrying={events.isFetching}
      />
    );
  } else if (events.data.events.length === 0) {
    body = (
      <EmptyState title="No events yet" action={createLink}>
        <p>
          {canCreate
            ? 'Create your first event: it starts as a draft that only your team sees, until you publish it.'
            : 'Events your organisation creates are listed here.'}
        </p>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <EventsTable org={org} events={events.data.events} />
        <EventCards org={org} events={events.data.events} />
      </>
    );
  }

  return (
    <>
      <ConsolePageHeader title="Events" action={events.data && events.data.events.length > 0 ? createLink : null} />
      {body}
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { VenueAnswer } from '@marquee/domain/console';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { venuesQueryOptions } from '../api/get-venues';
import { organiserPaths } from '../lib/organiser-paths';
import { mayUse, type ConsoleRole } from '../lib/permissions';
import { COUNTRY_NAMES } from '../lib/time-zones';
import { formatCount, layoutSummary } from '../lib/venue-display';
import { ConsoleLoading } from './console-loading';
import { ConsolePageHeader } from './console-page-header';
import { ConsoleQueryError } from './console-query-error';
import { StatusPill } from './status-pill';

function VenueCard({ org, venue }: { org: string; venue: VenueAnswer }) {
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-lg font-semibold text-brand-950">
          <Link
            to={organiserPaths.venue(org, venue.id)}
            className="underline-offset-2 hover:text-brand-700 hover:underline"
          >
            {venue.name}
          </Link>
        </h2>
        {venue.layout_locked ? <StatusPill tone="amber">Seat map locked</StatusPill> : null}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-700">Where</dt>
        <dd className="text-slate-900">
          {venue.city}, {COUNTRY_NAMES[venue.country]}
        </dd>
        <dt className="text-slate-700">Time zone</dt>
        <dd className="text-slate-900">{venue.time_zone}</dd>
        <dt className="text-slate-700">Seating</dt>
        <dd className="text-slate-900">{layoutSummary(venue.layout)}</dd>
        <dt className="text-slate-700">Events</dt>
        <dd className="text-slate-900">{formatCount(venue.event_count)}</dd>
      </dl>
    </li>
  );
}

/** /organiser/{org}/venues: the organisation's venues, and the way to add one. */
export function VenuesPage({ org, role }: { org: string; role: ConsoleRole }) {
  const venues = useQuery(venuesQueryOptions(org));
  const canWrite = mayUse(role, 'venue.write');
  const addLink = canWrite ? <ButtonLink to={organiserPaths.newVenue(org)}>Add a venue</ButtonLink> : null;

  let body;
  if (venues.isPending) body = <ConsoleLoading label="Loading the venues…" />;
  else if (venues.isError) {
    body = (
      <ConsoleQueryError
        error={venues.error}
        title="The venues could not be loaded"
        onRetry={() => void venues.refetch()}
        isRetrying={venues.isFetching}
      />
    );
  } else if (venues.data.venues.length === 0) {
    body = (
      <EmptyState title="No venues yet" action={addLink}>
        <p>
          {canWrite
            ? 'Add the places your events happen: their address, their time zone, and a seat map if buyers choose seats.'
            : 'Venues your organisation adds are listed here.'}
        </p>
      </EmptyState>
    );
  } else {
    body = (
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Venues">
        {venues.data.venues.map((venue) => (
          <VenueCard key={venue.id} org={org} venue={venue} />
        ))}
      </ul>
    );
  }

  return (
    <>
      <ConsolePageHeader title="Venues" action={venues.data && venues.data.venues.length > 0 ? addLink : null} />
      {body}
    </>
  );
}

import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatEventDate, formatEventTime } from '@marquee/domain/time';
import { EmptyState } from '../../../components/ui/empty-state';
import { gateEventsQueryOptions } from '../api/gate-api';
import type { GateEvent } from '../api/gate-schemas';
import { listStoredPacks } from '../hooks/use-gate-engine';
import type { PackMeta } from '../lib/gate-store';
import { organiserPaths } from '../lib/organiser-paths';
import { ConsoleLoading } from './console-loading';
import { ConsolePageHeader } from './console-page-header';
import { ConsoleQueryError } from './console-query-error';

/** What the door should know before scanning at an event that is not simply on: said beside its name. */
const STATUS_NOTES: Partial<Record<GateEvent['status'], string>> = {
  postponed: 'Postponed',
  cancelled: 'Cancelled',
  closed: 'Sales closed',
};

function EventGateList({ org, events }: { org: string; events: readonly GateEvent[] }) {
  if (events.length === 0) {
    return (
      <EmptyState title="No events to scan for" headingLevel={3}>
        <p>Events appear here once they are published, and only those you work on.</p>
      </EmptyState>
    );
  }
  return (
    <ul className="flex flex-col gap-3" aria-label="Events">
      {events.map((event) => {
        const note = STATUS_NOTES[event.status];
        return (
          <li key={event.uid} className="flex flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-4">
            <Link
              to={organiserPaths.gate(org, event.uid)}
              className="text-lg font-semibold text-brand-700 underline underline-offset-2"
            >
              {event.name}
            </Link>
            <span className="text-sm text-slate-700">
              {formatEventDate(event.starts_at, event.time_zone)} at {formatEventTime(event.starts_at, event.time_zone)}{' '}
              · {event.venue_name}
            </span>
            {note ? <span className="text-sm font-semibold text-amber-800">{note}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

function PacksOnThisPhone({ org }: { org: string }) {
  const [packs, setPacks] = useState<PackMeta[] | null>(null);
  useEffect(() => {
    let live = true;
    listStoredPacks().then(
      (all) => live && setPacks(all.filter((pack) => pack.org === org)),
      () => live && setPacks([]),
    );
    return () => {
      live = false;
    };
  }, [org]);
  if (!packs || packs.length === 0) return null;
  return (
    <section aria-labelledby="gate-packs-heading" className="flex flex-col gap-3">
      <h2 id="gate-packs-heading" className="text-xl font-semibold text-brand-950">
        Gates on this phone
      </h2>
      <ul className="flex flex-col gap-2">
        {packs.map((pack) => (
          <li key={pack.key}>
            <Link
              to={organiserPaths.gateScanner(org, pack.eventUid, pack.listId)}
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              {pack.eventName} · {pack.listName}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /organiser/{org}/gate: where the gate staff start, whatever their role (checkin.scan; the door may not read
 * events, so the server lists the ones it may scan at): today's and upcoming events first, then past ones; and
 * the gates whose tickets are already on this phone, which open without the network.
 */
export function GateEventsPage({ org }: { org: string }) {
  const events = useQuery(gateEventsQueryOptions(org));
  let content;
  if (events.isPending) content = <ConsoleLoading label="Loading the events…" />;
  else if (events.isError) {
    content = (
      <ConsoleQueryError
        error={events.error}
        title="The events could not be loaded"
        onRetry={() => void events.refetch()}
        isRetrying={events.isFetching}
      />
    );
  } else content = <EventGateList org={org} events={events.data.events} />;
  return (
    <>
      <ConsolePageHeader title="Gate" description="Scan tickets at the door: choose the event, then the gate's list." />
      <div className="flex flex-col gap-6">
        <PacksOnThisPhone org={org} />
        <section aria-labelledby="gate-events-heading" className="flex flex-col gap-3">
          <h2 id="gate-events-heading" className="text-xl font-semibold text-brand-950">
            Events
          </h2>
          {content}
        </section>
      </div>
    </>
  );
}

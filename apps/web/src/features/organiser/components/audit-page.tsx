import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { AuditEntry } from '@marquee/domain/console';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { auditQueryOptions, getAudit } from '../api/get-audit';
import { consoleEventsQueryOptions } from '../api/get-console-events';
import { organiserPaths } from '../lib/organiser-paths';
import { problemMessage } from '../lib/problem-message';
import { AuditEntryItem } from './audit-entry';
import { ConsoleLoading } from './console-loading';
import { ConsolePageHeader } from './console-page-header';
import { ConsoleQueryError } from './console-query-error';
import { FormProblems } from './form-problems';
import { SelectField } from './select-field';

const ALL_EVENTS = '';

/**
 * The log itself: the newest page from the query, then older pages as the reader asks for them (kept here, not
 * in an infinite query: TanStack's infinite observer would join the framework chunk every buyer page loads).
 */
function AuditLog({
  org,
  eventUid,
  eventNames,
}: {
  org: string;
  eventUid: string | null;
  eventNames: ReadonlyMap<string, string>;
}) {
  const newest = useQuery(auditQueryOptions(org, eventUid));
  const [older, setOlder] = useState<{ entries: AuditEntry[]; nextBefore: number | null } | null>(null);
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const [olderProblem, setOlderProblem] = useState<string | null>(null);

  if (newest.isPending) return <ConsoleLoading label="Loading the audit log…" />;
  if (newest.isError) {
    return (
      <ConsoleQueryError
        error={newest.error}
        title="The audit log could not be loaded"
        onRetry={() => void newest.refetch()}
        isRetrying={newest.isFetching}
        notFound={{
          title: 'No such event',
          message: 'This event does not exist, or it is not one of this organisation’s.',
          back: { to: organiserPaths.audit(org), label: 'The whole audit log' },
        }}
      />
    );
  }
  const entries = [...newest.data.entries, ...(older?.entries ?? [])];
  const nextBefore = older ? older.nextBefore : newest.data.next_before;
  if (entries.length === 0) {
    return (
      <EmptyState title="Nothing recorded yet">
        <p>
          {eventUid === null
            ? 'Every change your team makes (events, venues, the team) is recorded here, with who made it and when.'
            : 'Changes to this event (its details, packages, seats, images and status) are recorded here.'}
        </p>
      </EmptyState>
    );
  }

  async function loadOlder() {
    if (nextBefore === null || isLoadingOlder) return;
    setIsLoadingOlder(true);
    setOlderProblem(null);
    try {
      const page = await getAudit(org, { eventUid, before: nextBefore });
      setOlder((previous) => ({
        entries: [...(previous?.entries ?? []), ...page.entries],
        nextBefore: page.next_before,
      }));
    } catch (error) {
      setOlderProblem(problemMessage(error));
    } finally {
      setIsLoadingOlder(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <ol className="flex flex-col gap-3" aria-label="Audit log, newest first">
        {entries.map((entry) => (
          <AuditEntryItem key={entry.id} entry={entry} eventNames={eventNames} />
        ))}
      </ol>
      {olderProblem ? <FormProblems messages={[olderProblem]} /> : null}
      {nextBefore === null ? (
        <p className="text-center text-sm text-slate-700">That is the beginning of the log.</p>
      ) : (
        <div className="flex justify-center">
          <Button variant="secondary" aria-disabled={isLoadingOlder || undefined} onClick={() => void loadOlder()}>
            {isLoadingOlder ? 'Loading…' : 'Load older'}
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * /organiser/{org}/audit (and `?event={uid}`, one event's): every change made in the organisation, newest
 * first, 50 at a time; who, when, what, and the changed fields before and after.
 */
export function AuditPage({ org }: { org: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const eventUid = searchParams.get('event') || null;
  const events = useQuery(consoleEventsQueryOptions(org));
  const eventList = events.data?.events ?? [];
  const eventNames = new Map(eventList.map((event) => [event.uid, event.name]));
  const options = [
    { value: ALL_EVENTS, label: 'All events and the organisation' },
    ...eventList.map((event) => ({ value: event.uid, label: event.name })),
  ];
  // An event named by the address that the list does not hold (yet) stays choosable.
  if (eventUid !== null && !eventNames.has(eventUid)) options.push({ value: eventUid, label: eventUid });

  return (
    <>
      <ConsolePageHeader
        title="Audit log"
        description={<p>Every change made in this organisation, newest first. Times are in your own time zone.</p>}
      />
      <div className="mb-4 max-w-md">
        <SelectField
          label="Show"
          options={options}
          error={undefined}
          hint={events.isError ? 'The events could not be loaded: the whole log is shown.' : undefined}
          value={eventUid ?? ALL_EVENTS}
          onChange={(change) => {
            const next = change.target.value;
            setSearchParams(next === ALL_EVENTS ? {} : { event: next });
          }}
        />
      </div>
      {/* Another event, another log: its pages start again. */}
      <AuditLog key={eventUid ?? ALL_EVENTS} org={org} eventUid={eventUid} eventNames={eventNames} />
    </>
  );
}

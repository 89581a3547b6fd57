import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatEventDate, formatEventTime } from '@marquee/domain/time';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { consoleEventQueryOptions } from '../api/get-console-event';
import { checkInListsQueryOptions, deleteCheckInList, gateKeys } from '../api/gate-api';
import type { CheckInList } from '../api/gate-schemas';
import { organiserPaths } from '../lib/organiser-paths';
import { mayUse, type ConsoleRole } from '../lib/permissions';
import { problemMessage } from '../lib/problem-message';
import { ActionDialog } from './action-dialog';
import { ConsolePageHeader } from './console-page-header';
import { GateListDialog } from './gate-list-dialog';
import { GateListsPending } from './gate-lists-pending';
import { GateProgress } from './gate-progress';

interface GatePageProps {
  org: string;
  eventUid: string;
  role: ConsoleRole;
}

type Editing = { kind: 'new' } | { kind: 'edit'; list: CheckInList } | null;

function BackLink({ org, eventUid, role }: { org: string; eventUid: string; role: ConsoleRole }) {
  const toEvent = mayUse(role, 'event.read');
  return (
    <Link
      to={toEvent ? organiserPaths.event(org, eventUid) : organiserPaths.gates(org)}
      className="self-start text-sm font-semibold text-brand-700 underline underline-offset-2"
    >
      {toEvent ? '← Back to the event' : '← All gates'}
    </Link>
  );
}

function DeleteListDialog({
  org,
  eventUid,
  list,
  onClose,
}: {
  org: string;
  eventUid: string;
  list: CheckInList | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: number) => deleteCheckInList(org, eventUid, id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: gateKeys.lists(org, eventUid) });
      onClose();
    },
  });
  return (
    <ActionDialog
      isOpen={list !== null}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      title={`Delete ${list?.name ?? 'the list'}?`}
      confirmLabel="Delete the list"
      busyLabel="Deleting…"
      isBusy={remove.isPending}
      isDanger
      problems={remove.isError ? [problemMessage(remove.error)] : []}
      onConfirm={() => list && remove.mutate(list.id)}
    >
      <p>
        Scanners on this list stop working. Tickets already checked in stay checked in, and count on the event's other
        lists.
      </p>
    </ActionDialog>
  );
}

function ListCard({
  org,
  eventUid,
  list,
  canManage,
  onEdit,
  onDelete,
}: {
  org: string;
  eventUid: string;
  list: CheckInList;
  canManage: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const headingId = `gate-list-${list.id}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="flex min-w-0 flex-col gap-2">
          <h2 id={headingId} className="text-lg font-semibold text-brand-950">
            {list.name}
          </h2>
          <p className="text-sm text-slate-700">
            Admits: {list.packages.length > 0 ? list.packages.map((item) => item.name).join(', ') : 'no package'}
          </p>
          <GateProgress checkedIn={list.checked_in} total={list.total} />
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={organiserPaths.gateScanner(org, eventUid, list.id)} aria-label={`Scan at ${list.name}`}>
            Scan
          </ButtonLink>
          {canManage ? (
            <>
              <Button variant="secondary" onClick={onEdit} aria-label={`Change ${list.name}`}>
                Change
              </Button>
              <Button variant="ghost" onClick={onDelete} aria-label={`Delete ${list.name}`}>
                Delete
              </Button>
            </>
          ) : null}
        </div>
      </article>
    </li>
  );
}

/**
 * An event's gate (issue 22): its check-in lists, each with how many of its tickets are in, and the way to each
 * list's scanner. A role with checkin.manage makes, changes and deletes lists here; the door only chooses one.
 */
export function GatePage({ org, eventUid, role }: GatePageProps) {
  const lists = useQuery({ ...checkInListsQueryOptions(org, eventUid), refetchInterval: 30_000 });
  const canManage = mayUse(role, 'checkin.manage');
  // The packages to choose from: the event's own (a role that manages lists may read the event).
  const event = useQuery({ ...consoleEventQueryOptions(org, eventUid), enabled: canManage });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<CheckInList | null>(null);
  const back = <BackLink org={org} eventUid={eventUid} role={role} />;

  if (lists.isPending || lists.isError) {
    return (
      <GateListsPending
        org={org}
        lists={lists}
        title="Gate"
        back={back}
        loadingLabel="Loading the check-in lists…"
        errorTitle="The check-in lists could not be loaded"
      />
    );
  }

  const { event: gateEvent, totals } = lists.data;
  const packages = event.data?.packages.map((item) => ({ id: item.id, name: item.name })) ?? [
    ...new Map(lists.data.lists.flatMap((list) => list.packages).map((item) => [item.id, item])).values(),
  ];
  return (
    <>
      <ConsolePageHeader
        title={`Gate · ${gateEvent.name}`}
        back={back}
        description={
          <div className="flex flex-col gap-3">
            <p>
              Starts {formatEventDate(gateEvent.starts_at, gateEvent.time_zone)} at{' '}
              {formatEventTime(gateEvent.starts_at, gateEvent.time_zone)}. Choose the list of the gate you are at, then
              scan.
            </p>
            <GateProgress checkedIn={totals.checked_in} total={totals.total} large />
          </div>
        }
        action={
          canManage ? (
            <Button onClick={() => setEditing({ kind: 'new' })} disabled={event.isPending && !event.isError}>
              New check-in list
            </Button>
          ) : null
        }
      />
      {lists.data.lists.length === 0 ? (
        <EmptyState
          title="No check-in lists yet"
          action={canManage ? <Button onClick={() => setEditing({ kind: 'new' })}>New check-in list</Button> : null}
        >
          <p>
            {canManage
              ? 'A list says which packages a gate admits: one for everyone, or a VIP gate and a general gate.'
              : 'A manager of the organisation makes the lists the gates scan with. Ask them to make one.'}
          </p>
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Check-in lists">
          {lists.data.lists.map((list) => (
            <ListCard
              key={list.id}
              org={org}
              eventUid={eventUid}
              list={list}
              canManage={canManage}
              onEdit={() => setEditing({ kind: 'edit', list })}
              onDelete={() => setDeleting(list)}
            />
          ))}
        </ul>
      )}
      {editing ? (
        <GateListDialog
          key={editing.kind === 'edit' ? editing.list.id : 'new'}
          org={org}
          eventUid={eventUid}
          packages={packages}
          list={editing.kind === 'edit' ? editing.list : null}
          isOpen
          onClose={() => setEditing(null)}
        />
      ) : null}
      <DeleteListDialog org={org} eventUid={eventUid} list={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

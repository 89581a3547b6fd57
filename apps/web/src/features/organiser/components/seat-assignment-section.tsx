import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ConsoleEventAnswer, ConsolePackage } from '@marquee/domain/console';
import type { SeatMap } from '@marquee/domain/seat-map';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/toaster';
import { isApiError } from '../../../lib/api-client';
import { assignPackageSeats, takenSeatsOf } from '../api/assign-package-seats';
import { venueSeatMapQueryOptions } from '../api/get-venue-seat-map';
import { useEventUpdates } from '../hooks/use-event-updates';
import { organiserPaths } from '../lib/organiser-paths';
import { problemMessage } from '../lib/problem-message';
import {
  changesSince,
  countIn,
  indexSeats,
  ownersOf,
  rowKeyOf,
  seatListOf,
  seatText,
  toggleGroup,
  toggleSeat,
  type GroupToggle,
  type SeatGroup,
  type SeatIndex,
} from '../lib/seat-assignment';
import { formatCount } from '../lib/venue-display';
import { ConsoleLoading } from './console-loading';
import { ConsoleQueryError } from './console-query-error';
import { useConsoleServices } from './console-services';
import type { EventAccess } from './event-page';
import { FormProblems } from './form-problems';

function seatsWord(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'seat' : 'seats'}`;
}

/** Up to ten seats by name, then how many more. */
function seatNames(index: SeatIndex, ids: readonly string[]): string {
  const named = ids.slice(0, 10).map((id) => seatText(index, id));
  return ids.length > 10 ? `${named.join('; ')} and ${ids.length - 10} more` : named.join('; ');
}

function Card({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={labelledBy}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      {children}
    </section>
  );
}

/** 3. Which seats of the venue's map each seated package sells (at a venue with a seat map). */
export function SeatAssignmentSection({
  org,
  event,
  access,
}: {
  org: string;
  event: ConsoleEventAnswer;
  access: EventAccess;
}) {
  const headingId = useId();
  const seatMap = useQuery(venueSeatMapQueryOptions(org, event.venue.id));
  const heading = (
    <h2 id={headingId} className="text-xl font-semibold text-brand-950">
      Seats
    </h2>
  );
  if (seatMap.isPending) {
    return (
      <Card labelledBy={headingId}>
        {heading}
        <ConsoleLoading label="Loading the seat map…" rows={1} />
      </Card>
    );
  }
  if (seatMap.isError) {
    return (
      <Card labelledBy={headingId}>
        {heading}
        <ConsoleQueryError
          error={seatMap.error}
          title="The seat map could not be loaded"
          onRetry={() => void seatMap.refetch()}
          isRetrying={seatMap.isFetching}
        />
      </Card>
    );
  }
  return (
    <Card labelledBy={headingId}>
      {heading}
      <SeatAssignment key={event.venue.id} org={org} event={event} access={access} map={seatMap.data} />
    </Card>
  );
}

interface SeatAssignmentProps {
  org: string;
  event: ConsoleEventAnswer;
  access: EventAccess;
  map: SeatMap;
}

function SeatAssignment({ org, event, access, map }: SeatAssignmentProps) {
  const { SeatAssignmentMap } = useConsoleServices();
  const updates = useEventUpdates(org, event.uid);
  const pickerId = useId();
  const index = useMemo(() => indexSeats(map), [map]);
  const seated = useMemo(() => event.packages.filter((pkg) => !pkg.free_seating), [event.packages]);
  const [chosenId, setChosenId] = useState<number | null>(access.canEdit ? (seated[0]?.id ?? null) : null);
  const chosen = seated.find((pkg) => pkg.id === chosenId) ?? null;
  const [draft, setDraft] = useState<ReadonlySet<string>>(() => new Set(chosen?.seat_ids ?? []));
  const [lastSeat, setLastSeat] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [isSaving, setIsSaving] = useState(false);

  const owners = useMemo(() => ownersOf(event.packages, chosen?.id ?? null), [event.packages, chosen?.id]);
  const names = useMemo(() => new Map(event.packages.map((pkg) => [pkg.id, pkg.name])), [event.packages]);
  const changes = useMemo(() => changesSince(chosen?.seat_ids ?? [], draft), [chosen, draft]);
  const isDirty = changes.added + changes.removed > 0;
  const mapPackages = useMemo(
    () => seated.map((pkg) => ({ id: pkg.id, name: pkg.name, color_class: pkg.color_class })),
    [seated],
  );
  const chosenOnMap = useMemo(() => (chosen ? { id: chosen.id, seatIds: draft } : null), [chosen, draft]);

  const ownerText = useCallback(
    (seatId: string) => {
      if (chosen && draft.has(seatId)) return `in ${chosen.name}`;
      const owner = owners.get(seatId);
      return owner === undefined ? 'no package' : `belongs to ${names.get(owner) ?? 'another package'}`;
    },
    [chosen, draft, owners, names],
  );

  const describeSeat = useCallback(
    (seatId: string) => `${seatText(index, seatId)}: ${ownerText(seatId)}`,
    [index, ownerText],
  );

  function choose(pkg: ConsolePackage) {
    setChosenId(pkg.id);
    setDraft(new Set(pkg.seat_ids));
    setProblems([]);
    setStatus(`Assigning seats to ${pkg.name}: ${seatsWord(pkg.seat_ids.length)} now.`);
  }

  const onSeatActivate = useCallback(
    (seatId: string) => {
      setLastSeat(seatId);
      if (!chosen) {
        setStatus(describeSeat(seatId));
        return;
      }
      const result = toggleSeat(draft, seatId, owners);
      if (result.kind === 'owned') {
        setStatus(
          `${seatText(index, seatId)} belongs to ${names.get(result.ownerId) ?? 'another package'}: choose that package to release it.`,
        );
        return;
      }
      setDraft(result.next);
      setStatus(
        `${seatText(index, seatId)} ${result.kind === 'added' ? `added to ${chosen.name}` : `taken out of ${chosen.name}`}.`,
      );
    },
    [chosen, draft, owners, names, index, describeSeat],
  );

  const applyGroup = useCallback(
    (group: SeatGroup) => {
      if (!chosen) return;
      const result: GroupToggle = toggleGroup(draft, group.seatIds, owners);
      const skipped = result.skipped > 0 ? ` ${seatsWord(result.skipped)} of other packages left as they are.` : '';
      if (result.kind === 'none') {
        setStatus(`Every seat of ${group.name} belongs to another package.`);
        return;
      }
      setDraft(result.next);
      setStatus(
        `${result.kind === 'added' ? 'Added' : 'Took out'} ${group.name}: ${seatsWord(result.count)} ${
          result.kind === 'added' ? `to ${chosen.name}` : `of ${chosen.name}`
        }.${skipped}`,
      );
    },
    [chosen, draft, owners],
  );

  const onGroupActivate = useCallback(
    (seatId: string, kind: 'row' | 'section') => {
      const seat = index.byId.get(seatId);
      if (!seat) return;
      setLastSeat(seatId);
      const group = kind === 'row' ? index.rows.get(rowKeyOf(seat)) : index.sections.get(seat.section);
      if (group) applyGroup(group);
    },
    [index, applyGroup],
  );

  async function save() {
    if (!chosen || isSaving) return;
    setProblems([]);
    setIsSaving(true);
    try {
      const saved = await assignPackageSeats(org, event.uid, chosen.id, seatListOf(index, draft));
      setDraft(new Set(saved.seat_ids));
      toast.success(`${saved.name} has ${seatsWord(saved.seat_ids.length)}.`);
      setStatus(`Saved: ${saved.name} has ${seatsWord(saved.seat_ids.length)}.`);
      await updates.packageSaved(saved);
    } catch (error) {
      if (isApiError(error, 'seats_taken')) {
        const taken = takenSeatsOf(error);
        const next = new Set(draft);
        for (const id of taken) next.delete(id);
        setDraft(next);
        setProblems([
          `Another package took ${seatsWord(taken.length)} before you saved: ${seatNames(index, taken)}. They are left out of ${chosen.name}: save again to keep the rest.`,
        ]);
        await updates.refresh();
      } else if (isApiError(error, 'seats_locked')) {
        setProblems([
          `${error.body.message} Seats that buyers bought or hold stay with the package: add them back, or undo the changes.`,
        ]);
      } else {
        setProblems([problemMessage(error)]);
      }
    } finally {
      setIsSaving(false);
    }
  }

  const lastSeatPosition = lastSeat ? index.byId.get(lastSeat) : undefined;
  const lastRow = lastSeatPosition ? index.rows.get(rowKeyOf(lastSeatPosition)) : undefined;
  const lastSection = lastSeatPosition ? index.sections.get(lastSeatPosition.section) : undefined;
  const isEditing = access.canEdit && chosen !== null;

  return (
    <>
      {seated.length === 0 ? (
        <p className="text-slate-700">
          No package sells seats yet: add one that is not free seating in{' '}
          <Link
            to={organiserPaths.event(org, event.uid, 'packages')}
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            Ticket packages
          </Link>
          .
        </p>
      ) : access.canEdit ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-slate-900">Package to assign</legend>
          <div className="flex flex-wrap gap-2">
            {seated.map((pkg) => (
              <label
                key={pkg.id}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 has-checked:border-brand-700 has-checked:bg-brand-50 has-disabled:cursor-not-allowed has-disabled:opacity-70"
              >
                <input
                  type="radio"
                  name={pickerId}
                  checked={pkg.id === chosenId}
                  disabled={isDirty && pkg.id !== chosenId}
                  aria-describedby={isDirty && pkg.id !== chosenId ? `${pickerId}-dirty` : undefined}
                  onChange={() => choose(pkg)}
                  className="size-4 accent-brand-700"
                />
                {pkg.name} ({seatsWord(pkg.id === chosenId ? draft.size : pkg.seat_ids.length)})
              </label>
            ))}
          </div>
          {isDirty && chosen ? (
            <p id={`${pickerId}-dirty`} className="text-sm text-slate-700">
              Save or undo the changes to {chosen.name} before choosing another package.
            </p>
          ) : null}
        </fieldset>
      ) : (
        <p className="text-sm text-slate-700">
          Each package&apos;s seats are in its colour. Your role cannot change them.
        </p>
      )}

      {isEditing && chosen ? (
        <>
          <p className="text-sm text-slate-700">
            Click or tap a seat to add it to {chosen.name} or take it out. With the keyboard: the arrow keys move
            between seats, Space adds or takes out the seat, R its whole row and S its whole section. Seats of other
            packages stay theirs.
          </p>
          {chosen.sold + chosen.held > 0 ? (
            <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              {formatCount(chosen.sold + chosen.held)} tickets of {chosen.name} are sold or held: their seats must stay
              in it.
            </p>
          ) : null}
        </>
      ) : null}

      <div className="flex flex-col gap-2 rounded-xl bg-slate-50 p-3 text-sm" aria-live="polite">
        {isEditing && chosen ? (
          <p className="font-semibold text-slate-900" data-testid="seat-count">
            {chosen.name}: {seatsWord(draft.size)}
            {isDirty
              ? ` (${formatCount(changes.added)} added, ${formatCount(changes.removed)} taken out, not saved yet)`
              : ''}
          </p>
        ) : null}
        <p className="text-slate-800">{status || 'Choose a seat on the map to see whose it is.'}</p>
      </div>

      {isEditing && lastSeatPosition && lastRow && lastSection ? (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="The last seat's row and section">
          <span className="text-sm text-slate-700">{seatText(index, lastSeatPosition.id)}:</span>
          {[
            { group: lastRow, name: lastRow.name },
            { group: lastSection, name: `section ${lastSection.name}` },
          ].map(({ group, name }) => {
            // As the section list does: a group wholly another package's has nothing to select or take out.
            const free = group.seatIds.filter((id) => !owners.has(id)).length;
            return (
              <Button key={name} variant="secondary" size="sm" disabled={free === 0} onClick={() => applyGroup(group)}>
                {free > 0 && countIn(group.seatIds, draft) === free ? `Take out ${name}` : `Select ${name}`}
              </Button>
            );
          })}
        </div>
      ) : null}

      <SeatAssignmentMap
        map={map}
        packages={mapPackages}
        owners={owners}
        chosen={chosenOnMap}
        onSeatActivate={onSeatActivate}
        describeSeat={describeSeat}
        onGroupActivate={isEditing ? onGroupActivate : undefined}
      />

      {isEditing && chosen ? (
        <SectionList index={index} draft={draft} owners={owners} chosenName={chosen.name} onToggle={applyGroup} />
      ) : null}

      {isEditing && chosen ? (
        <div className="flex flex-col gap-3 border-t border-slate-200 pt-4">
          <FormProblems messages={problems} />
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => void save()} aria-disabled={isSaving || undefined}>
              {isSaving ? 'Saving…' : `Save ${chosen.name}'s seats (${formatCount(draft.size)})`}
            </Button>
            <Button
              variant="secondary"
              disabled={!isDirty}
              onClick={() => {
                setDraft(new Set(chosen.seat_ids));
                setProblems([]);
                setStatus(`Changes undone: ${chosen.name} has ${seatsWord(chosen.seat_ids.length)}.`);
              }}
            >
              Undo the changes
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );
}

/** Every section with how many of its seats the package has, and a button for the whole section. */
function SectionList({
  index,
  draft,
  owners,
  chosenName,
  onToggle,
}: {
  index: SeatIndex;
  draft: ReadonlySet<string>;
  owners: ReadonlyMap<string, number>;
  chosenName: string;
  onToggle: (group: SeatGroup) => void;
}) {
  const rows = useMemo(
    () =>
      index.sectionList.map((section) => {
        const free = section.seatIds.filter((id) => !owners.has(id)).length;
        return { section, inPackage: countIn(section.seatIds, draft), free };
      }),
    [index, draft, owners],
  );
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-base font-semibold text-brand-950">Sections</h3>
      <ul className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label="Sections">
        {rows.map(({ section, inPackage, free }) => {
          const isWhole = free > 0 && inPackage === free;
          return (
            <li key={section.key} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span className="text-sm text-slate-900">
                <span className="font-semibold">{section.name}</span>: {formatCount(inPackage)} of{' '}
                {seatsWord(section.seatIds.length)} in {chosenName}
                {free < section.seatIds.length
                  ? ` (${formatCount(section.seatIds.length - free)} in other packages)`
                  : ''}
              </span>
              <Button variant="ghost" size="sm" disabled={free === 0} onClick={() => onToggle(section)}>
                {isWhole ? `Take out ${section.name}` : `Select all of ${section.name}`}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

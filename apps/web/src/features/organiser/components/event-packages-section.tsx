import { useId, useState } from 'react';
import type { ConsoleEventAnswer, ConsolePackage } from '@marquee/domain/console';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/toaster';
import { createPackage } from '../api/create-package';
import { deletePackage } from '../api/delete-package';
import { updatePackage } from '../api/update-package';
import { useEventUpdates } from '../hooks/use-event-updates';
import { organiserPaths } from '../lib/organiser-paths';
import {
  changedPackageFields,
  newPackageFormValues,
  packageFormValuesOf,
  type PackageFormContext,
} from '../lib/package-form';
import { problemMessage } from '../lib/problem-message';
import { timeZoneLabel } from '../lib/time-zones';
import type { EventAccess } from './event-page';
import { FormProblems } from './form-problems';
import { PackageCard } from './package-card';
import { PackageForm } from './package-form';

type Editing = { kind: 'new' } | { kind: 'edit'; packageId: number } | null;

export const DELETE_REFUSED =
  'Tickets of this package were sold or held: it cannot be deleted. Make it inactive instead.';

function PackageActions({
  pkg,
  onEdit,
  onDelete,
}: {
  pkg: ConsolePackage;
  onEdit: () => void;
  onDelete: () => Promise<void>;
}) {
  const reasonId = useId();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const isTaken = pkg.sold + pkg.held > 0;

  async function remove() {
    setIsDeleting(true);
    setProblem(null);
    try {
      await onDelete();
    } catch (error) {
      setProblem(problemMessage(error));
      setIsConfirming(false);
    } finally {
      setIsDeleting(false);
    }
  }

  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-3">
      {problem ? <FormProblems messages={[problem]} /> : null}
      {isConfirming ? (
        <div role="group" aria-label={`Delete ${pkg.name}?`} className="flex flex-wrap items-center gap-3">
          <p className="text-sm font-semibold text-slate-900">Delete {pkg.name}? It cannot be undone.</p>
          <Button variant="primary" onClick={() => void remove()} aria-disabled={isDeleting || undefined}>
            {isDeleting ? 'Deleting…' : `Delete ${pkg.name}`}
          </Button>
          <Button variant="secondary" autoFocus onClick={() => setIsConfirming(false)}>
            Keep it
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${pkg.name}`}>
            Edit
          </Button>
          <Button
            variant="ghost"
            disabled={isTaken}
            aria-describedby={isTaken ? reasonId : undefined}
            aria-label={`Delete ${pkg.name}`}
            onClick={() => setIsConfirming(true)}
          >
            Delete
          </Button>
          {isTaken ? (
            <p id={reasonId} className="text-sm text-slate-700">
              {DELETE_REFUSED}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}

/** 2. The event's ticket packages: sold, held and capacity each, added, changed and deleted here. */
export function EventPackagesSection({
  org,
  event,
  access,
}: {
  org: string;
  event: ConsoleEventAnswer;
  access: EventAccess;
}) {
  const headingId = useId();
  const updates = useEventUpdates(org, event.uid);
  const [editing, setEditing] = useState<Editing>(null);
  const context: PackageFormContext = { hasSeatMap: event.venue.has_seat_map, isFreeEvent: event.free_event };
  const clocks = `As the clocks at ${event.venue.name} read them: ${timeZoneLabel(event.venue.time_zone)}.`;
  const seatsPath = organiserPaths.event(org, event.uid, 'seats');

  const form = (pkg: ConsolePackage | null) => (
    <PackageForm
      key={pkg?.id ?? 'new'}
      label={pkg ? `Edit ${pkg.name}` : 'Add a ticket package'}
      defaultValues={pkg ? packageFormValuesOf(pkg) : newPackageFormValues(context)}
      currency={event.currency}
      clocks={clocks}
      seatCount={pkg?.seat_ids.length ?? 0}
      {...context}
      submitLabel={pkg ? 'Save the package' : 'Add the package'}
      busyLabel="Saving…"
      onCancel={() => setEditing(null)}
      onSubmit={async (fields) => {
        if (pkg) {
          const patch = changedPackageFields(pkg, fields);
          if (Object.keys(patch).length === 0) {
            toast('Nothing has changed.');
            setEditing(null);
            return;
          }
          await updatePackage(org, event.uid, pkg.id, patch);
          toast.success(`${fields.name} is saved.`);
        } else {
          const created = await createPackage(org, event.uid, fields);
          toast.success(
            context.hasSeatMap && !created.free_seating
              ? `${created.name} is added. Assign its seats in the Seats section.`
              : `${created.name} is added.`,
          );
        }
        setEditing(null);
        await updates.refresh();
      }}
    />
  );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-semibold text-brand-950">
          Ticket packages
        </h2>
        {access.canEdit && editing?.kind !== 'new' ? (
          <Button onClick={() => setEditing({ kind: 'new' })}>Add a package</Button>
        ) : null}
      </div>
      {editing?.kind === 'new' ? (
        <div className="rounded-2xl border-2 border-brand-700 bg-white p-5 shadow-sm sm:p-6">
          <h3 className="mb-4 text-lg font-semibold text-brand-950">New package</h3>
          {form(null)}
        </div>
      ) : null}
      {event.packages.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          No ticket packages yet: buyers have nothing to buy until you add one.
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Ticket packages">
          {event.packages.map((pkg) => (
            <li key={pkg.id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
              {editing?.kind === 'edit' && editing.packageId === pkg.id ? (
                <>
                  <h3 className="mb-4 text-lg font-semibold text-brand-950">Edit {pkg.name}</h3>
                  {form(pkg)}
                </>
              ) : (
                <PackageCard
                  pkg={pkg}
                  currency={event.currency}
                  isFreeEvent={event.free_event}
                  hasSeatMap={event.venue.has_seat_map}
                  seatsPath={seatsPath}
                  actions={
                    access.canEdit ? (
                      <PackageActions
                        pkg={pkg}
                        onEdit={() => setEditing({ kind: 'edit', packageId: pkg.id })}
                        onDelete={async () => {
                          await deletePackage(org, event.uid, pkg.id);
                          toast.success(`${pkg.name} is deleted.`);
                          await updates.refresh();
                        }}
                      />
                    ) : null
                  }
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { COMP_MAX_TICKETS, COMP_NOTE_MAX, type CompAnswer } from '@marquee/domain/comps';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { consoleEventQueryOptions } from '../api/get-console-event';
import { consoleEventsQueryOptions } from '../api/get-console-events';
import { issueComp } from '../api/issue-comp';
import { organiserKeys } from '../api/query-keys';
import { useSingleSend } from '../hooks/use-single-send';
import {
  COMP_FIELD_OF_KEY,
  compRequestOf,
  EMPTY_COMP_DRAFT,
  isSeatedPackage,
  ticketsLeft,
  type CompDraft,
  type CompField,
} from '../lib/comp-form';
import { placeServerErrors } from '../lib/field-errors';
import { organiserPaths } from '../lib/organiser-paths';
import { newIdempotencyKey } from '../lib/refund-form';
import { ActionDialog } from './action-dialog';
import { SelectField } from './select-field';
import { TextAreaField } from './text-area-field';

export interface CompDialogProps {
  org: string;
  /** One per opening of the dialog: every try of this comp sends it, so a retry never issues twice. */
  idempotencyKey: string;
  isOpen: boolean;
  onClose: () => void;
  onIssued: (answer: CompAnswer) => void;
}

/**
 * Comp tickets (docs/decisions/039): the event and package, the guest, how many, and why. Free tickets counted
 * against the package's capacity like a sale: the package's tickets left are shown, and the server refuses more.
 * A seated package's seats are named by their ids (one per ticket, as the seat map and the PDF write them); the
 * server does not choose seats.
 */
export function CompDialog({ org, idempotencyKey, isOpen, onClose, onIssued }: CompDialogProps) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<CompDraft>(EMPTY_COMP_DRAFT);
  const [errors, setErrors] = useState<Partial<Record<CompField, string>>>({});
  const { problems, setProblems, isBusy, sendOnce } = useSingleSend();

  const events = useQuery(consoleEventsQueryOptions(org));
  const event = useQuery({ ...consoleEventQueryOptions(org, draft.eventUid), enabled: draft.eventUid !== '' });
  const packages = draft.eventUid !== '' ? (event.data?.packages ?? []) : [];
  const chosen = packages.find((pkg) => String(pkg.id) === draft.packageId) ?? null;
  const isSeated = chosen !== null && isSeatedPackage(chosen);

  function edit(field: CompField, value: string) {
    setDraft((previous) => ({
      ...previous,
      [field]: value,
      // Another event has other packages.
      ...(field === 'eventUid' ? { packageId: '', seats: '' } : {}),
    }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  }

  function check() {
    const checked = compRequestOf(draft, isSeated);
    if (checked.ok) return checked.request;
    setErrors(checked.errors);
    return null;
  }

  async function send() {
    await sendOnce(check, async (request) => {
      try {
        const answer = await issueComp(org, draft.eventUid, request, idempotencyKey);
        onIssued(answer);
        void queryClient.invalidateQueries({ queryKey: organiserKeys.orders(org) });
        void queryClient.invalidateQueries({ queryKey: organiserKeys.event(org, draft.eventUid) });
      } catch (error) {
        if (isApiError(error, 'sold_out', 'seats_taken')) {
          const field: CompField = isApiError(error, 'seats_taken') ? 'seats' : 'quantity';
          setErrors((previous) => ({ ...previous, [field]: error.body.message }));
          // What is left changed: the package list catches up.
          void queryClient.invalidateQueries({ queryKey: organiserKeys.event(org, draft.eventUid) });
        } else {
          setProblems(
            placeServerErrors(
              error,
              (key) => COMP_FIELD_OF_KEY[key] ?? null,
              (field, message) => setErrors((previous) => ({ ...previous, [field]: message })),
            ),
          );
        }
      }
    });
  }

  const eventOptions = [
    { value: '', label: events.isPending ? 'Loading the events…' : 'Choose an event' },
    ...(events.data?.events ?? [])
      .filter((each) => each.status !== 'cancelled')
      .map((each) => ({ value: each.uid, label: each.name })),
  ];
  const packageOptions = [
    {
      value: '',
      label:
        draft.eventUid === ''
          ? 'Choose the event first'
          : event.isPending
            ? 'Loading the packages…'
            : 'Choose a package',
    },
    ...packages.map((pkg) => ({ value: String(pkg.id), label: `${pkg.name} (${ticketsLeft(pkg)} left)` })),
  ];

  return (
    <ActionDialog
      isOpen={isOpen}
      onClose={onClose}
      title="Comp tickets"
      confirmLabel="Issue the comp tickets"
      busyLabel="Issuing…"
      isBusy={isBusy}
      problems={problems}
      onConfirm={() => void send()}
    >
      <p>
        Free tickets for a named guest, e-mailed to them. They count against the package’s capacity like a sale and are
        marked as comps in the orders and reports.
      </p>
      <SelectField
        label="Event"
        options={eventOptions}
        error={errors.eventUid}
        hint={events.isError ? 'The events could not be loaded: close and try again.' : undefined}
        value={draft.eventUid}
        onChange={(change) => edit('eventUid', change.target.value)}
      />
      <SelectField
        label="Package"
        options={packageOptions}
        disabled={draft.eventUid === '' || event.isPending}
        error={errors.packageId}
        hint={event.isError ? 'The packages could not be loaded: choose the event again.' : undefined}
        value={draft.packageId}
        onChange={(change) => edit('packageId', change.target.value)}
      />
      <TextField
        label="Guest’s first name"
        autoComplete="off"
        maxLength={60}
        error={errors.firstName}
        value={draft.firstName}
        onChange={(change) => edit('firstName', change.target.value)}
      />
      <TextField
        label="Guest’s last name"
        autoComplete="off"
        maxLength={60}
        error={errors.lastName}
        value={draft.lastName}
        onChange={(change) => edit('lastName', change.target.value)}
      />
      <TextField
        label="Guest’s e-mail"
        type="email"
        autoComplete="off"
        hint="The tickets are sent here."
        error={errors.email}
        value={draft.email}
        onChange={(change) => edit('email', change.target.value)}
      />
      <TextField
        label="Guest’s phone (optional)"
        type="tel"
        autoComplete="off"
        error={errors.phone}
        value={draft.phone}
        onChange={(change) => edit('phone', change.target.value)}
      />
      <TextField
        label="Tickets"
        inputMode="numeric"
        autoComplete="off"
        hint={`1 to ${COMP_MAX_TICKETS}.${chosen ? ` ${ticketsLeft(chosen)} left in ${chosen.name}.` : ''}`}
        error={errors.quantity}
        value={draft.quantity}
        onChange={(change) => edit('quantity', change.target.value)}
      />
      {isSeated ? (
        <TextAreaField
          label="Seats"
          rows={2}
          hint="Numbered seats: one seat id per ticket, separated by commas (for example A-1-1, A-1-2)."
          error={errors.seats}
          value={draft.seats}
          onChange={(change) => edit('seats', change.target.value)}
        />
      ) : null}
      <TextAreaField
        label="Note"
        rows={2}
        maxLength={COMP_NOTE_MAX}
        hint="Why, and on whose word: shown on the order and in the audit log."
        error={errors.note}
        value={draft.note}
        onChange={(change) => edit('note', change.target.value)}
      />
    </ActionDialog>
  );
}

/** "Comp tickets…" on the Orders page (order.comp): the dialog with a fresh Idempotency-Key, then the result. */
export function CompAction({ org }: { org: string }) {
  const [opening, setOpening] = useState<string | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [issued, setIssued] = useState<CompAnswer | null>(null);
  return (
    <div className="flex flex-col items-end gap-2">
      <Button
        aria-haspopup="dialog"
        onClick={() => {
          setOpening(newIdempotencyKey());
          setIssued(null);
          setIsOpen(true);
        }}
      >
        Comp tickets…
      </Button>
      {issued ? (
        <p
          role="status"
          className="max-w-md rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-950"
        >
          {issued.quantity === 1 ? 'One comp ticket' : `${issued.quantity} comp tickets`} of {issued.package_name}{' '}
          issued to {`${issued.guest.first_name} ${issued.guest.last_name}`}, who is e-mailed them:{' '}
          <Link
            to={organiserPaths.order(org, issued.booking_id)}
            className="font-mono font-semibold text-brand-700 underline underline-offset-2"
          >
            {issued.booking_id}
          </Link>
          .
        </p>
      ) : null}
      {opening ? (
        <CompDialog
          key={opening}
          org={org}
          idempotencyKey={opening}
          isOpen={isOpen}
          onClose={() => setIsOpen(false)}
          onIssued={(answer) => {
            setIsOpen(false);
            setIssued(answer);
          }}
        />
      ) : null}
    </div>
  );
}

import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleEventAnswer } from '@marquee/domain/console';
import type { EventCancellationState } from '@marquee/domain/event-changes';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/toaster';
import { isApiError } from '../../../lib/api-client';
import {
  cancelEvent,
  eventCancellationKey,
  eventCancellationQueryOptions,
  postponeEvent,
} from '../api/event-cancellation';
import { useEventUpdates } from '../hooks/use-event-updates';
import { useSingleSend } from '../hooks/use-single-send';
import {
  cancellationConsequences,
  mayCancel,
  mayPostpone,
  postponementConsequences,
} from '../lib/event-cancellation-words';
import { placeServerErrors } from '../lib/field-errors';
import { wallClockOf, type DateTimeParts } from '../lib/form-inputs';
import { newIdempotencyKey } from '../lib/refund-form';
import { timeZoneLabel } from '../lib/time-zones';
import { ActionDialog } from './action-dialog';
import { CancellationProgress } from './cancellation-progress';
import { CheckboxField } from './checkbox-field';
import { ConsoleLoading } from './console-loading';
import { ConsoleQueryError } from './console-query-error';
import { DateTimeField } from './date-time-field';
import type { EventAccess } from './event-page';
import { TextAreaField } from './text-area-field';

const EMPTY: DateTimeParts = { date: '', time: '' };

function Consequences({ lines }: { lines: string[] }) {
  return (
    <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-slate-800" aria-label="What happens">
      {lines.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}

/** The cancel dialog: the reason buyers read, refunds on or off, and exactly what will happen. */
function CancelDialog({
  org,
  event,
  state,
  onClose,
}: {
  org: string;
  event: ConsoleEventAnswer;
  state: EventCancellationState;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const updates = useEventUpdates(org, event.uid);
  // One key per opening: a double click or a retry after a lost answer starts one cancellation.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState(true);
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const { problems, setProblems, isBusy, sendOnce } = useSingleSend();

  function check(): Parameters<typeof cancelEvent>[2] | null {
    if (reason.trim() !== '') return { reason: reason.trim(), refund };
    setReasonError('Reason: say why the event is cancelled. Buyers read it in their e-mail.');
    return null;
  }

  async function send() {
    await sendOnce(check, async (body) => {
      try {
        const job = await cancelEvent(org, event.uid, body, idempotencyKey);
        queryClient.setQueryData<EventCancellationState>(eventCancellationKey(org, event.uid), (previous) => ({
          paid_orders: previous?.paid_orders ?? state.paid_orders,
          refundable_orders: previous?.refundable_orders ?? state.refundable_orders,
          cancellation: job,
        }));
        toast.success(
          job.refund ? 'The event is cancelled. Refunds run in the background.' : 'The event is cancelled.',
        );
        onClose();
        await updates.refresh();
      } catch (error) {
        if (isApiError(error, 'event_already_cancelled')) {
          onClose();
          await queryClient.invalidateQueries({ queryKey: eventCancellationKey(org, event.uid) });
          toast.success(error.body.message);
          return;
        }
        setProblems(
          placeServerErrors(
            error,
            (key) => (key === 'reason' ? 'reason' : null),
            (_field, message) => setReasonError(`Reason ${message}`),
          ),
        );
      }
    });
  }

  return (
    <ActionDialog
      isOpen
      onClose={onClose}
      title={`Cancel ${event.name}?`}
      confirmLabel={refund && state.refundable_orders > 0 ? 'Cancel and refund everyone' : 'Cancel the event'}
      busyLabel="Cancelling…"
      isBusy={isBusy}
      isDanger
      problems={problems}
      onConfirm={() => void send()}
    >
      <Consequences
        lines={cancellationConsequences({ paid: state.paid_orders, refundable: state.refundable_orders }, refund)}
      />
      <TextAreaField
        label="Reason"
        rows={3}
        maxLength={500}
        hint="Sent to every buyer in their e-mail; at most 500 characters."
        error={reasonError}
        value={reason}
        onChange={(change) => {
          setReason(change.target.value);
          setReasonError(undefined);
        }}
      />
      <CheckboxField
        label="Refund every paid order in full"
        hint="Leave it on unless buyers are refunded another way."
        checked={refund}
        onChange={(change) => setRefund(change.target.checked)}
      />
    </ActionDialog>
  );
}

type PostponeField = 'message' | 'start' | 'end';
const POSTPONE_FIELD: Record<string, PostponeField> = {
  message: 'message',
  new_start_local: 'start',
  new_end_local: 'end',
};

/** The postpone dialog: the message buyers read, the new start and end when known, and what will happen. */
function PostponeDialog({
  org,
  event,
  paidOrders,
  onClose,
}: {
  org: string;
  event: ConsoleEventAnswer;
  paidOrders: number;
  onClose: () => void;
}) {
  const updates = useEventUpdates(org, event.uid);
  const [message, setMessage] = useState('');
  const [start, setStart] = useState<DateTimeParts>(EMPTY);
  const [end, setEnd] = useState<DateTimeParts>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<PostponeField, string>>>({});
  const { problems, setProblems, isBusy, sendOnce } = useSingleSend();
  const clocks = `Optional. As the clocks at ${event.venue.name} read them: ${timeZoneLabel(event.venue.time_zone)}.`;

  function check(): Parameters<typeof postponeEvent>[2] | null {
    const found: Partial<Record<PostponeField, string>> = {};
    if (message.trim() === '') found.message = 'Message: write what buyers are told.';
    const newStart = wallClockOf(start);
    const newEnd = wallClockOf(end);
    if (!newStart.ok) found.start = `New start ${newStart.message}`;
    if (!newEnd.ok) found.end = `New end ${newEnd.message}`;
    setErrors(found);
    if (Object.keys(found).length > 0 || !newStart.ok || !newEnd.ok) return null;
    return {
      message: message.trim(),
      ...(newStart.value ? { new_start_local: newStart.value } : {}),
      ...(newEnd.value ? { new_end_local: newEnd.value } : {}),
    };
  }

  async function send() {
    await sendOnce(check, async (body) => {
      try {
        const answer = await postponeEvent(org, event.uid, body);
        toast.success(
          `The event is postponed; ${answer.buyers_emailed} buyer${answer.buyers_emailed === 1 ? '' : 's'} e-mailed.`,
        );
        onClose();
        await updates.refresh();
      } catch (error) {
        const labels: Record<PostponeField, string> = { message: 'Message', start: 'New start', end: 'New end' };
        setProblems(
          placeServerErrors(
            error,
            (key) => POSTPONE_FIELD[key] ?? null,
            (field, text) => setErrors((previous) => ({ ...previous, [field]: `${labels[field]} ${text}` })),
          ),
        );
      }
    });
  }

  return (
    <ActionDialog
      isOpen
      onClose={onClose}
      title={`Postpone ${event.name}?`}
      confirmLabel="Postpone the event"
      busyLabel="Postponing…"
      isBusy={isBusy}
      problems={problems}
      onConfirm={() => void send()}
    >
      <Consequences lines={postponementConsequences(paidOrders)} />
      <TextAreaField
        label="Message"
        rows={3}
        maxLength={500}
        hint="Sent to every buyer in their e-mail; at most 500 characters."
        error={errors.message}
        value={message}
        onChange={(change) => {
          setMessage(change.target.value);
          setErrors((previous) => ({ ...previous, message: undefined }));
        }}
      />
      <DateTimeField
        legend="New start"
        hint={clocks}
        error={errors.start}
        date={{ value: start.date, onChange: (change) => setStart({ ...start, date: change.target.value }) }}
        time={{ value: start.time, onChange: (change) => setStart({ ...start, time: change.target.value }) }}
      />
      <DateTimeField
        legend="New end"
        hint="Optional."
        error={errors.end}
        date={{ value: end.date, onChange: (change) => setEnd({ ...end, date: change.target.value }) }}
        time={{ value: end.time, onChange: (change) => setEnd({ ...end, time: change.target.value }) }}
      />
    </ActionDialog>
  );
}

/**
 * The Publish section's "Cancel or postpone" part (issue 22; docs/decisions/040): the two actions, each asked in a
 * dialog that says what will happen, and once the event is cancelled here, its refunds' progress, polled every
 * 2 s while they run (the server's job goes on whatever this page does; a reload shows it again).
 */
export function EventCancellationPanel({
  org,
  event,
  access,
}: {
  org: string;
  event: ConsoleEventAnswer;
  access: EventAccess;
}) {
  const query = useQuery(eventCancellationQueryOptions(org, event.uid));
  const [dialog, setDialog] = useState<'cancel' | 'postpone' | null>(null);

  if (query.isPending) return <ConsoleLoading label="Loading the event's cancellation" rows={1} />;
  if (query.isError) {
    return (
      <ConsoleQueryError
        error={query.error}
        title="The event's cancellation could not be loaded"
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  const state = query.data;
  const canCancel = access.canPublish && state.cancellation === null && mayCancel(event.status);
  const canPostpone = access.canPublish && state.cancellation === null && mayPostpone(event.status);
  if (!state.cancellation && !canCancel && !canPostpone) return null;

  return (
    <section aria-labelledby="event-cancellation-heading" className="flex flex-col gap-4">
      <h3 id="event-cancellation-heading" className="text-lg font-semibold text-brand-950">
        {state.cancellation ? 'Cancellation' : 'Cancel or postpone'}
      </h3>
      {state.cancellation ? <CancellationProgress org={org} job={state.cancellation} /> : null}
      {canCancel || canPostpone ? (
        <ul className="flex flex-col gap-3">
          {canPostpone ? (
            <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-800">
                Sales stop and every buyer is e-mailed; their tickets stay valid for the new date.
              </p>
              <Button variant="secondary" className="shrink-0" onClick={() => setDialog('postpone')}>
                Postpone event
              </Button>
            </li>
          ) : null}
          {canCancel ? (
            <li className="flex flex-col gap-2 rounded-xl border border-red-200 p-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-800">
                Final: every buyer is e-mailed and every paid order refunded in full.
              </p>
              <Button variant="secondary" className="shrink-0" onClick={() => setDialog('cancel')}>
                Cancel event
              </Button>
            </li>
          ) : null}
        </ul>
      ) : null}
      {dialog === 'cancel' ? (
        <CancelDialog org={org} event={event} state={state} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'postpone' ? (
        <PostponeDialog org={org} event={event} paidOrders={state.paid_orders} onClose={() => setDialog(null)} />
      ) : null}
    </section>
  );
}

import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { ChecklistItem, ChecklistProblemId } from '@marquee/domain/authoring';
import type { ConsoleEventAnswer } from '@marquee/domain/console';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/toaster';
import { isApiError } from '../../../lib/api-client';
import { changeEventStatus, notPublishableProblems } from '../api/change-event-status';
import { useEventUpdates } from '../hooks/use-event-updates';
import { formatWallClock } from '../lib/event-display';
import { EVENT_SECTION_NAMES, SECTION_OF_PROBLEM } from '../lib/event-sections';
import { LIFECYCLE_NAMES, transitionsFrom, type TransitionChoice } from '../lib/event-transitions';
import { dateTimeParts, wallClockOf } from '../lib/form-inputs';
import { fieldMessage } from '../lib/field-errors';
import { organiserPaths } from '../lib/organiser-paths';
import { problemMessage } from '../lib/problem-message';
import { timeZoneLabel } from '../lib/time-zones';
import { DateTimeField } from './date-time-field';
import { EventCancellationPanel } from './event-cancellation-panel';
import type { EventAccess } from './event-page';
import { FormProblems } from './form-problems';

interface Check {
  ids: readonly ChecklistProblemId[];
  label: string;
}

/** What the checklist judges for an on-sale event, one line each, in the server's order. */
function checksFor(event: ConsoleEventAnswer): Check[] {
  return [
    { ids: ['organisation_not_approved'], label: 'Your organisation is approved by Marquee' },
    { ids: ['start_in_past', 'end_before_start'], label: 'It starts in the future, and ends after it starts' },
    { ids: ['no_banner'], label: 'A banner image' },
    { ids: ['no_thumbnail'], label: 'A thumbnail image' },
    { ids: ['no_active_package'], label: 'At least one active ticket package' },
    {
      ids: ['package_sale_ends_before_start', 'package_sale_ends_after_event'],
      label: "Every package's sales end after they start, and by the end of the event",
    },
    ...(event.venue.has_seat_map
      ? [{ ids: ['seated_package_without_seats'] as const, label: 'Every seated package has seats on the map' }]
      : []),
    ...(event.free_event
      ? []
      : [{ ids: ['no_payment_option'] as const, label: 'A way to pay that Marquee can take now' }]),
  ];
}

function ProblemLink({ org, eventUid, item }: { org: string; eventUid: string; item: ChecklistItem }) {
  const section = SECTION_OF_PROBLEM[item.id];
  if (section === null) return <span className="text-slate-700"> Marquee approves organisations: contact us.</span>;
  return (
    <>
      {' '}
      <Link
        to={organiserPaths.event(org, eventUid, section === 'details' ? undefined : section)}
        className="font-semibold text-brand-700 underline underline-offset-2"
      >
        Put it right in {EVENT_SECTION_NAMES[section]}
      </Link>
    </>
  );
}

/** The publishing checklist: a tick for each thing that is ready, the problem and where to fix it otherwise. */
function Checklist({ org, event }: { org: string; event: ConsoleEventAnswer }) {
  const headingId = useId();
  const checks = checksFor(event);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-lg font-semibold text-brand-950">
        Ready to go on sale?
      </h3>
      <p className="text-sm text-slate-700">
        {event.checklist.length === 0
          ? 'Everything is ready for buyers.'
          : `${event.checklist.length} ${event.checklist.length === 1 ? 'thing stands' : 'things stand'} between the event and its buyers.`}
      </p>
      <ul className="flex flex-col gap-2" aria-label="Publishing checklist">
        {checks.map((check) => {
          const problems = event.checklist.filter((item) => check.ids.includes(item.id));
          const isReady = problems.length === 0;
          return (
            <li
              key={check.label}
              className={`flex gap-3 rounded-xl border p-3 text-sm ${
                isReady ? 'border-emerald-200 bg-emerald-50' : 'border-red-200 bg-red-50'
              }`}
            >
              <span
                aria-hidden="true"
                className={`flex size-6 shrink-0 items-center justify-center rounded-full font-bold text-white ${
                  isReady ? 'bg-emerald-700' : 'bg-red-700'
                }`}
              >
                {isReady ? '✓' : '!'}
              </span>
              <div className="flex min-w-0 flex-col gap-1">
                <p className={`font-semibold ${isReady ? 'text-emerald-950' : 'text-red-950'}`}>
                  {check.label}
                  <span className="sr-only">{isReady ? ': ready' : ': to put right'}</span>
                </p>
                {problems.map((item, index) => (
                  <p key={`${item.id}-${item.package_index ?? index}`} className="text-red-950">
                    {item.message}
                    <ProblemLink org={org} eventUid={event.uid} item={item} />
                  </p>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** 5. Where the event stands, the checklist, and the moves its lifecycle allows from here. */
export function EventPublishSection({
  org,
  event,
  access,
}: {
  org: string;
  event: ConsoleEventAnswer;
  access: EventAccess;
}) {
  const updates = useEventUpdates(org, event.uid);
  const saleStartId = useId();
  const initialSaleStart = dateTimeParts(event.sale_start_local);
  const [saleStart, setSaleStart] = useState(initialSaleStart);
  const [saleStartError, setSaleStartError] = useState<string | undefined>(undefined);
  const [problems, setProblems] = useState<string[]>([]);
  const [refusedItems, setRefusedItems] = useState<ChecklistItem[]>([]);
  const [pending, setPending] = useState<TransitionChoice | null>(null);
  // Cancelling and postponing tell every buyer (and cancelling refunds them): the panel below does them.
  const choices = transitionsFrom(event.status).filter(
    (choice) => choice.to !== 'cancelled' && choice.to !== 'postponed',
  );
  const needsSaleStart = choices.some((choice) => choice.needsSaleStart);
  const clocks = `As the clocks at ${event.venue.name} read them: ${timeZoneLabel(event.venue.time_zone)}.`;

  async function move(choice: TransitionChoice) {
    if (pending) return;
    setProblems([]);
    setRefusedItems([]);
    setSaleStartError(undefined);
    let saleStartLocal: string | null = null;
    if (choice.needsSaleStart) {
      const parsed = wallClockOf(saleStart);
      if (!parsed.ok || parsed.value === null) {
        setSaleStartError(
          fieldMessage('Sales open', [parsed.ok ? 'must be set: the day and time sales open' : parsed.message]),
        );
        document.getElementById(`${saleStartId}-date`)?.focus();
        return;
      }
      saleStartLocal = parsed.value;
    }
    setPending(choice);
    try {
      const saved = await changeEventStatus(org, event.uid, {
        to: choice.to,
        ...(choice.needsSaleStart ? { sale_start_local: saleStartLocal } : {}),
      });
      await updates.saved(saved);
      toast.success(`The event is ${LIFECYCLE_NAMES[saved.status].split(':')[0]}.`);
    } catch (error) {
      if (isApiError(error, 'not_publishable')) {
        setProblems([error.body.message]);
        setRefusedItems(notPublishableProblems(error));
        void updates.refresh();
      } else if (isApiError(error, 'validation_failed') && error.body.errors?.['sale_start_local']) {
        setSaleStartError(fieldMessage('Sales open', error.body.errors['sale_start_local']));
      } else {
        setProblems([problemMessage(error)]);
      }
    } finally {
      setPending(null);
    }
  }

  return (
    <section
      aria-labelledby="event-publish-heading"
      className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-2">
        <h2 id="event-publish-heading" className="text-xl font-semibold text-brand-950">
          Publish
        </h2>
        <p className="text-slate-800">
          The event is {LIFECYCLE_NAMES[event.status]}
          {event.sale_start_local && (event.status === 'presale' || event.status === 'pending')
            ? ` (sales open ${formatWallClock(event.sale_start_local)}, ${event.venue.time_zone})`
            : ''}
          .
        </p>
        {event.unpublished ? (
          <p className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            Marquee has taken this event off the site: buyers cannot see it whatever its status. The reason is in its
            change history.
          </p>
        ) : null}
      </div>

      <Checklist org={org} event={event} />

      {access.canPublish && choices.length > 0 ? (
        <section aria-labelledby="event-moves-heading" className="flex flex-col gap-4">
          <h3 id="event-moves-heading" className="text-lg font-semibold text-brand-950">
            Change the status
          </h3>
          <div aria-live="polite">
            <FormProblems messages={problems} />
            {refusedItems.length > 0 ? (
              <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm text-red-950" aria-label="What is missing">
                {refusedItems.map((item, index) => (
                  <li key={`${item.id}-${index}`}>
                    {item.message}
                    <ProblemLink org={org} eventUid={event.uid} item={item} />
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          {needsSaleStart ? (
            <DateTimeField
              legend="Sales open"
              hint={`For a presale, or sales opening later. ${clocks}`}
              error={saleStartError}
              date={{
                id: `${saleStartId}-date`,
                value: saleStart.date,
                onChange: (change) => setSaleStart({ ...saleStart, date: change.target.value }),
              }}
              time={{
                value: saleStart.time,
                onChange: (change) => setSaleStart({ ...saleStart, time: change.target.value }),
              }}
            />
          ) : null}
          <ul className="flex flex-col gap-3">
            {choices.map((choice) => (
              <li
                key={choice.to}
                className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <p className="text-sm text-slate-800">{choice.explanation}</p>
                <Button
                  variant={choice.isDestructive ? 'secondary' : 'primary'}
                  className="shrink-0"
                  aria-disabled={pending !== null || undefined}
                  onClick={() => void move(choice)}
                >
                  {pending?.to === choice.to ? 'Saving…' : choice.label}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <EventCancellationPanel org={org} event={event} access={access} />
    </section>
  );
}

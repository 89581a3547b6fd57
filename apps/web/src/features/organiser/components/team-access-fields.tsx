import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { OrganisationRole } from '@marquee/domain/permissions';
import { Button } from '../../../components/ui/button';
import { consoleEventsQueryOptions } from '../api/get-console-events';
import { formatWallClock } from '../lib/event-display';
import { ROLE_NAMES } from '../lib/permissions';
import { ROLE_DESCRIPTIONS, ROLES_WIDEST_FIRST } from '../lib/team-roles';

/** A member's (or an invitation's) role and events. */
export interface TeamAccess {
  role: OrganisationRole;
  all_events: boolean;
  event_uids: string[];
}

export interface TeamAccessErrors {
  role?: string | undefined;
  all_events?: string | undefined;
  event_uids?: string | undefined;
}

interface TeamAccessFieldsProps {
  org: string;
  value: TeamAccess;
  onChange: (next: TeamAccess) => void;
  errors: TeamAccessErrors;
}

const CHOICE =
  'size-5 shrink-0 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-red-800">
      {message}
    </p>
  );
}

/** The organisation's events as checkboxes: which ones a member limited to chosen events acts on. */
function EventChoices({
  org,
  chosen,
  onChange,
  errorId,
  hasError,
}: {
  org: string;
  chosen: readonly string[];
  onChange: (uids: string[]) => void;
  errorId: string;
  hasError: boolean;
}) {
  const events = useQuery(consoleEventsQueryOptions(org));
  if (events.isPending) {
    return (
      <p role="status" className="text-sm text-slate-700">
        Loading the events…
      </p>
    );
  }
  if (events.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm text-red-900">
        <p>The events could not be loaded.</p>
        <Button size="sm" variant="secondary" onClick={() => void events.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (events.data.events.length === 0) {
    return (
      <p className="text-sm text-slate-700">
        The organisation has no events yet: give all events, or create the events first.
      </p>
    );
  }
  return (
    <fieldset
      className="max-h-64 overflow-y-auto rounded-lg border border-slate-300 p-3"
      aria-describedby={hasError ? errorId : undefined}
    >
      <legend className="px-1 text-sm font-semibold text-slate-900">Chosen events</legend>
      <ul className="flex flex-col gap-2">
        {events.data.events.map((event) => (
          <li key={event.uid}>
            <label className="flex items-start gap-3 text-sm text-slate-900">
              <input
                type="checkbox"
                className={`${CHOICE} mt-0.5`}
                checked={chosen.includes(event.uid)}
                onChange={(change) =>
                  onChange(change.target.checked ? [...chosen, event.uid] : chosen.filter((uid) => uid !== event.uid))
                }
              />
              <span>
                <span className="font-semibold">{event.name}</span>
                <span className="block text-slate-600">
                  {formatWallClock(event.start_local)} · {event.venue.name}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * A role (each with what it may do) and, for any role but owner, all events or chosen ones. Controlled: the
 * form that holds it keeps the values (react-hook-form's setValue) and validates them with the shared schema.
 */
export function TeamAccessFields({ org, value, onChange, errors }: TeamAccessFieldsProps) {
  const id = useId();
  const isOwner = value.role === 'owner';
  return (
    <>
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.role ? `${id}-role-error` : undefined}>
        <legend className="mb-1 text-sm font-semibold text-slate-900">Role</legend>
        {ROLES_WIDEST_FIRST.map((role) => (
          <label
            key={role}
            className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={`${id}-role`}
              value={role}
              className={`${CHOICE} mt-0.5`}
              checked={value.role === role}
              aria-describedby={`${id}-${role}`}
              onChange={() =>
                onChange(role === 'owner' ? { role, all_events: true, event_uids: [] } : { ...value, role })
              }
            />
            <span>
              <span className="font-semibold text-slate-900">{ROLE_NAMES[role]}</span>
              <span id={`${id}-${role}`} className="block text-slate-700">
                {ROLE_DESCRIPTIONS[role]}
              </span>
            </span>
          </label>
        ))}
        <FieldMessage id={`${id}-role-error`} message={errors.role} />
      </fieldset>
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.all_events ? `${id}-all-error` : undefined}>
        <legend className="mb-1 text-sm font-semibold text-slate-900">Events</legend>
        {isOwner ? (
          <p className="text-sm text-slate-700">An owner always has all events.</p>
        ) : (
          <>
            <label className="flex items-center gap-3 text-sm text-slate-900">
              <input
                type="radio"
                name={`${id}-events`}
                className={CHOICE}
                checked={value.all_events}
                onChange={() => onChange({ ...value, all_events: true, event_uids: [] })}
              />
              All events, and those created later
            </label>
            <label className="flex items-center gap-3 text-sm text-slate-900">
              <input
                type="radio"
                name={`${id}-events`}
                className={CHOICE}
                checked={!value.all_events}
                onChange={() => onChange({ ...value, all_events: false })}
              />
              Only chosen events
            </label>
            {value.all_events ? null : (
              <EventChoices
                org={org}
                chosen={value.event_uids}
                onChange={(event_uids) => onChange({ ...value, event_uids })}
                errorId={`${id}-events-error`}
                hasError={Boolean(errors.event_uids)}
              />
            )}
          </>
        )}
        <FieldMessage id={`${id}-all-error`} message={errors.all_events} />
        <FieldMessage id={`${id}-events-error`} message={errors.event_uids} />
      </fieldset>
    </>
  );
}

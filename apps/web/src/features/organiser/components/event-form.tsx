import { useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Link } from 'react-router';
import { currencyOfCountry, type EventFields } from '@marquee/domain/authoring';
import { CATEGORIES } from '@marquee/domain/categories';
import type { VenueAnswer } from '@marquee/domain/console';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { eventFormPathOf, eventFormResolver, type EventFormField, type EventFormValues } from '../lib/event-form';
import { fieldMessage, placeServerErrors } from '../lib/field-errors';
import { organiserPaths } from '../lib/organiser-paths';
import { paymentOptionsFor } from '../lib/payment-options';
import { timeZoneLabel } from '../lib/time-zones';
import { ArtistsField } from './artists-field';
import { CheckboxField } from './checkbox-field';
import { DateTimeField } from './date-time-field';
import { FormProblems } from './form-problems';
import { SelectField } from './select-field';
import { TextAreaField } from './text-area-field';

const LABELS: Record<EventFormField, string> = {
  name: 'Name',
  type: 'Category',
  description: 'Description',
  artists: 'Artists',
  venue_id: 'Venue',
  start_date: 'Start',
  end_date: 'End',
  handling_cost: 'Handling cost',
  payment_gateway_ids: 'Payment options',
  featured: 'Featured',
  free_event: 'Free event',
  waiting_room: 'High demand: put the sale behind a waiting room',
  admit_per_minute: 'Buyers let in per minute',
};

const CATEGORY_OPTIONS = [
  { value: '', label: 'Choose a category' },
  ...CATEGORIES.filter((category) => category.key !== 'all').map((category) => ({
    value: category.key,
    label: category.name,
  })),
];

const FORM_FIELDS = new Set<string>(Object.keys(LABELS));

/** What the form needs of a venue: its name, and its country and zone (the currency and the clocks). */
export type VenueChoice = Pick<VenueAnswer, 'id' | 'name' | 'city' | 'country' | 'time_zone'>;

/** A path the form has a field for (`name`, `artists.2`), from the server's or the schema's. */
function isFormPath(path: string): path is FieldPath<EventFormValues> {
  const [head = '', index, ...rest] = path.split('.');
  if (!FORM_FIELDS.has(head) || rest.length > 0) return false;
  return index === undefined || (head === 'artists' && /^\d+$/.test(index));
}

export interface EventFormProps {
  /** The form's name for assistive technology ("Create an event", "Event details"). */
  label: string;
  org: string;
  defaultValues: EventFormValues;
  /** The organisation's venues (a limited member's: those of their events); undefined while they load. */
  venues: readonly VenueChoice[] | undefined;
  /** Offer a link to add a venue (owners and managers of the whole organisation). */
  canAddVenue: boolean;
  submitLabel: string;
  busyLabel: string;
  /** Saves; a 422 thrown here goes under its fields, a 409 above the form. */
  onSubmit: (fields: EventFields) => Promise<void>;
  isReadOnly?: boolean;
  /** Said under the venue (a move releases the seats packages own on the old map). */
  venueHint?: string;
}

/**
 * An event's fields, checked in the browser with the server's own schema (EventFieldsSchema, through
 * `checkEventForm`): name, category, description, artists, venue, start and end as the venue's clocks read
 * them, the handling cost in the venue's currency (typed in major units, sent in minor units), the payment
 * options, featured and free.
 */
export function EventForm({
  label,
  org,
  defaultValues,
  venues,
  canAddVenue,
  submitLabel,
  busyLabel,
  onSubmit,
  isReadOnly = false,
  venueHint,
}: EventFormProps) {
  const [problems, setProblems] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<EventFormValues, unknown, EventFields>({
    resolver: eventFormResolver,
    defaultValues,
    mode: 'onTouched',
  });
  const venueId = useWatch({ control, name: 'venue_id' });
  const isFree = useWatch({ control, name: 'free_event' });
  const hasWaitingRoom = useWatch({ control, name: 'waiting_room' });
  const venue = venues?.find((each) => String(each.id) === venueId);
  const currency = venue ? currencyOfCountry(venue.country) : null;
  const clocks = venue
    ? `As the clocks at ${venue.name} read them: ${timeZoneLabel(venue.time_zone)}.`
    : 'Choose the venue first: times are read on its clocks.';

  async function submit(fields: EventFields) {
    setProblems([]);
    try {
      await onSubmit(fields);
    } catch (error) {
      const elsewhere = placeServerErrors(
        error,
        (key) => {
          const path = eventFormPathOf(key);
          return path !== null && isFormPath(path) ? path : null;
        },
        (path, message) => setError(path, { message }, { shouldFocus: true }),
      );
      setProblems(elsewhere.length > 0 ? elsewhere : ['Some fields need changing: see the messages below.']);
    }
  }

  const messageOf = (field: EventFormField) => {
    const message = errors[field]?.message;
    return message ? fieldMessage(LABELS[field], [message]) : undefined;
  };

  const venueOptions = [
    { value: '', label: venues === undefined ? 'Loading the venues…' : 'Choose a venue' },
    ...(venues ?? []).map((each) => ({ value: String(each.id), label: `${each.name}, ${each.city}` })),
  ];
  const selectedGateways = defaultValues.payment_gateway_ids.map(Number);

  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        if (isSubmitting) return event.preventDefault();
        void handleSubmit(submit)(event);
      }}
      className="flex flex-col gap-5"
    >
      <FormProblems messages={problems} />
      <fieldset disabled={isReadOnly} className="flex min-w-0 flex-col gap-5">
        <legend className="sr-only">{label}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={LABELS.name} autoComplete="off" error={messageOf('name')} {...register('name')} />
          <SelectField label={LABELS.type} options={CATEGORY_OPTIONS} error={messageOf('type')} {...register('type')} />
        </div>
        <TextAreaField
          label={LABELS.description}
          hint="Optional. What buyers read under About this event; a blank line starts a new paragraph."
          error={messageOf('description')}
          {...register('description')}
        />
        <Controller
          control={control}
          name="artists"
          render={({ field }) => (
            <ArtistsField
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              isDisabled={isReadOnly}
              errorAt={(index) => {
                const message = errors.artists?.[index]?.message;
                return message ? fieldMessage(`Artist ${index + 1}`, [message]) : undefined;
              }}
              listError={messageOf('artists')}
            />
          )}
        />
        <div className="flex max-w-xl flex-col gap-2">
          <SelectField
            label={LABELS.venue_id}
            options={venueOptions}
            error={messageOf('venue_id')}
            hint={venueHint}
            {...register('venue_id')}
          />
          {venues !== undefined && venues.length === 0 ? (
            <p className="text-sm text-slate-700">This organisation has no venue yet.</p>
          ) : null}
          {canAddVenue && !isReadOnly ? (
            <Link
              to={organiserPaths.newVenue(org)}
              className="self-start text-sm font-semibold text-brand-700 underline underline-offset-2"
            >
              Add a venue
            </Link>
          ) : null}
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <DateTimeField
            legend="Starts"
            hint={clocks}
            error={messageOf('start_date')}
            date={register('start_date')}
            time={register('start_time')}
          />
          <DateTimeField
            legend="Ends"
            hint={`Optional. ${clocks}`}
            error={messageOf('end_date')}
            date={register('end_date')}
            time={register('end_time')}
          />
        </div>
        <TextField
          label={`${LABELS.handling_cost}${currency ? ` (${currency})` : ''}`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          hint={`Added to every paid order${currency ? `, in ${currency}` : ''}, for example 150.00. Empty: none.${
            currency ? '' : " The currency is the venue's country's."
          }`}
          error={messageOf('handling_cost')}
          className="max-w-xs"
          {...register('handling_cost')}
        />
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-semibold text-slate-900">{LABELS.payment_gateway_ids}</legend>
          <p className="text-xs text-slate-600">
            {isFree
              ? 'A free event takes no payment: none is needed.'
              : 'How buyers may pay. A paid event needs at least one before it is published.'}
          </p>
          {paymentOptionsFor(selectedGateways).map((option) => (
            <CheckboxField
              key={option.id}
              label={option.name}
              hint={option.description}
              value={String(option.id)}
              {...register('payment_gateway_ids')}
            />
          ))}
          {messageOf('payment_gateway_ids') ? (
            <p role="alert" className="text-sm font-medium text-red-800">
              {messageOf('payment_gateway_ids')}
            </p>
          ) : null}
        </fieldset>
        <div className="grid gap-2 sm:grid-cols-2">
          <CheckboxField
            label="Featured"
            hint="Listed first among the trending events on the home page."
            error={messageOf('featured')}
            {...register('featured')}
          />
          <CheckboxField
            label="Free event"
            hint="Every package costs nothing and buyers pay nothing."
            error={messageOf('free_event')}
            {...register('free_event')}
          />
        </div>
        {/* Issue 23: an on-sale many buyers will rush, let in a few at a time in a fair order. */}
        <div className="flex flex-col gap-3">
          <CheckboxField
            label={LABELS.waiting_room}
            hint="Buyers wait in a queue and are let in a few at a time. Those who arrive before the sale opens get a place at random when it does, so arriving early gives no edge."
            error={messageOf('waiting_room')}
            {...register('waiting_room')}
          />
          {hasWaitingRoom ? (
            <TextField
              label={LABELS.admit_per_minute}
              inputMode="numeric"
              autoComplete="off"
              hint="From 10 to 100,000; 600 if unsure. Marquee lets fewer in while placing orders is slow."
              error={messageOf('admit_per_minute')}
              className="max-w-xs"
              {...register('admit_per_minute')}
            />
          ) : null}
        </div>
      </fieldset>
      {isReadOnly ? null : (
        <div>
          <Button type="submit" aria-disabled={isSubmitting || undefined}>
            {isSubmitting ? busyLabel : submitLabel}
          </Button>
        </div>
      )}
    </form>
  );
}

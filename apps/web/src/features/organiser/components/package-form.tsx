import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { TicketPackageFields } from '@marquee/domain/authoring';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { fieldMessage, placeServerErrors } from '../lib/field-errors';
import {
  isSeatedForm,
  packageFormPathOf,
  packageFormResolver,
  type PackageFormContext,
  type PackageFormField,
  type PackageFormValues,
} from '../lib/package-form';
import { formatCount } from '../lib/venue-display';
import { CheckboxField } from './checkbox-field';
import { DateTimeField } from './date-time-field';
import { FormProblems } from './form-problems';
import { TextAreaField } from './text-area-field';

const LABELS: Record<PackageFormField, string> = {
  name: 'Name',
  description: 'Description',
  price: 'Price',
  capacity: 'Capacity',
  max_per_order: 'Most tickets in one order',
  sale_start_date: 'Sales start',
  sale_end_date: 'Sales end',
  active: 'Active',
  inactive_message: 'Message while inactive',
  free_seating: 'Free seating',
};

export interface PackageFormProps extends PackageFormContext {
  label: string;
  defaultValues: PackageFormValues;
  currency: string;
  /** "As the clocks at Nelum Pokuna read them: Asia/Colombo (GMT+5:30)." */
  clocks: string;
  /** A seated package's seats on the map now (its capacity). */
  seatCount: number;
  submitLabel: string;
  busyLabel: string;
  /** Saves; a 422, `capacity_below_taken` or `seats_locked` thrown here goes under its field. */
  onSubmit: (fields: TicketPackageFields) => Promise<void>;
  onCancel: () => void;
}

/**
 * A ticket package's fields, checked with the server's schema (TicketPackageFieldsSchema, through
 * `checkPackageForm`): price in the event's currency, the capacity (a seated package's is its seats on the
 * map), the most per order, the sale window as the venue's clocks read it, active or not with the message
 * buyers then read, and free seating at a venue with a seat map.
 */
export function PackageForm({
  label,
  defaultValues,
  currency,
  clocks,
  seatCount,
  hasSeatMap,
  isFreeEvent,
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
}: PackageFormProps) {
  const [problems, setProblems] = useState<string[]>([]);
  const context: PackageFormContext = { hasSeatMap, isFreeEvent };
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    control,
    formState: { errors, isSubmitting },
  } = useForm<PackageFormValues, unknown, TicketPackageFields>({
    resolver: packageFormResolver(context),
    defaultValues,
    mode: 'onTouched',
  });
  const freeSeating = useWatch({ control, name: 'free_seating' });
  const active = useWatch({ control, name: 'active' });
  const isSeated = isSeatedForm({ free_seating: freeSeating }, context);
  // The form takes the place of the button that opened it: the focus goes to its first field.
  useEffect(() => setFocus('name'), [setFocus]);

  async function submit(fields: TicketPackageFields) {
    setProblems([]);
    try {
      await onSubmit(fields);
    } catch (error) {
      // The capacity under what is sold and held, or seats that must stay: said under the field they are about.
      if (isApiError(error, 'capacity_below_taken', 'seats_locked')) {
        const field = error.code === 'capacity_below_taken' ? 'capacity' : 'free_seating';
        const messages = error.body.errors?.[field] ?? [error.body.message];
        setError(field, { message: messages.join(' ') }, { shouldFocus: true });
        return;
      }
      setProblems(
        placeServerErrors(
          error,
          (key) => packageFormPathOf(key) ?? null,
          (field, message) => setError(field, { message }, { shouldFocus: true }),
        ),
      );
    }
  }

  const messageOf = (field: PackageFormField) => {
    const message = errors[field]?.message;
    return message ? fieldMessage(LABELS[field], [message]) : undefined;
  };

  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.stopPropagation();
        if (isSubmitting) return event.preventDefault();
        void handleSubmit(submit)(event);
      }}
      className="flex flex-col gap-4"
    >
      <FormProblems messages={problems} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={LABELS.name} autoComplete="off" error={messageOf('name')} {...register('name')} />
        <TextField
          label={`${LABELS.price} (${currency})`}
          inputMode="decimal"
          autoComplete="off"
          readOnly={isFreeEvent}
          hint={
            isFreeEvent ? 'The event is free: every package costs 0.' : 'For example 5,000.00; 0 for a free package.'
          }
          error={messageOf('price')}
          {...register('price')}
        />
      </div>
      <TextAreaField
        label={LABELS.description}
        rows={3}
        hint="Optional. Buyers read it under the package's name."
        error={messageOf('description')}
        {...register('description')}
      />
      {hasSeatMap ? (
        <CheckboxField
          label={LABELS.free_seating}
          hint="Buyers take a number of tickets (a standing area, a table) instead of picking seats on the map."
          error={messageOf('free_seating')}
          {...register('free_seating')}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {isSeated ? (
          <div className="flex flex-col gap-1">
            <p className="text-sm font-semibold text-slate-900">{LABELS.capacity}</p>
            <p className="text-sm text-slate-700">
              Its seats on the map: {formatCount(seatCount)} now. Assign them in the Seats section.
            </p>
            {messageOf('capacity') ? (
              <p role="alert" className="text-sm font-medium text-red-800">
                {messageOf('capacity')}
              </p>
            ) : null}
          </div>
        ) : (
          <TextField
            label={LABELS.capacity}
            inputMode="numeric"
            autoComplete="off"
            hint="How many tickets of this package are for sale."
            error={messageOf('capacity')}
            {...register('capacity')}
          />
        )}
        <TextField
          label={LABELS.max_per_order}
          inputMode="numeric"
          autoComplete="off"
          hint="1 to 100."
          error={messageOf('max_per_order')}
          {...register('max_per_order')}
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <DateTimeField
          legend={LABELS.sale_start_date}
          hint={`Optional: empty, from when the event is published. ${clocks}`}
          error={messageOf('sale_start_date')}
          date={register('sale_start_date')}
          time={register('sale_start_time')}
        />
        <DateTimeField
          legend={LABELS.sale_end_date}
          hint={`Optional: empty, until the event closes. ${clocks}`}
          error={messageOf('sale_end_date')}
          date={register('sale_end_date')}
          time={register('sale_end_time')}
        />
      </div>
      <CheckboxField
        label={LABELS.active}
        hint="An inactive package is shown to buyers with your message instead of its tickets."
        error={messageOf('active')}
        {...register('active')}
      />
      {active ? null : (
        <TextField
          label={LABELS.inactive_message}
          autoComplete="off"
          hint="Optional, up to 200 characters: for example Sales open on Friday."
          error={messageOf('inactive_message')}
          {...register('inactive_message')}
        />
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

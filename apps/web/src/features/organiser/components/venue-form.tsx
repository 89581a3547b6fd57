import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  COUNTRIES,
  VenueFieldsSchema,
  type Country,
  type VenueFields,
  type VenueFieldsInput,
} from '@marquee/domain/authoring';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { fieldMessage, placeServerErrors } from '../lib/field-errors';
import { COUNTRY_NAMES, mainTimeZoneOf, timeZoneLabel, timeZonesOf } from '../lib/time-zones';
import { FormProblems } from './form-problems';
import { SelectField } from './select-field';

const LABELS = {
  name: 'Name',
  address: 'Address',
  city: 'City',
  country: 'Country',
  time_zone: 'Time zone',
} as const satisfies Record<keyof VenueFields, string>;

type FieldName = keyof typeof LABELS;

function isFieldName(key: string): key is FieldName {
  return key in LABELS;
}

const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({
  value: country,
  label: `${COUNTRY_NAMES[country]} (${country})`,
}));

export interface VenueFormProps {
  /** The form's label for assistive technology ("Add a venue", "Venue details"). */
  label: string;
  defaultValues: VenueFieldsInput;
  submitLabel: string;
  busyLabel: string;
  /** Saves the fields; a 422 thrown here is put back under its fields. */
  onSubmit: (values: VenueFields) => Promise<void>;
  isReadOnly?: boolean;
}

/**
 * A venue's own fields, validated in the browser with the server's VenueFieldsSchema (react-hook-form, as the
 * checkout's buyer form: one rule and one message, decisions/004). The time zone is chosen among the country's
 * IANA zones, the main one first; changing the country moves it to that country's main zone.
 */
export function VenueForm({
  label,
  defaultValues,
  submitLabel,
  busyLabel,
  onSubmit,
  isReadOnly = false,
}: VenueFormProps) {
  const [problems, setProblems] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<VenueFieldsInput, unknown, VenueFields>({
    resolver: zodResolver(VenueFieldsSchema),
    defaultValues,
    mode: 'onTouched',
  });
  const country = useWatch({ control, name: 'country' });
  const timeZone = useWatch({ control, name: 'time_zone' });
  const zones = timeZonesOf(country);
  // A zone saved before (or by the importer) that the list would not offer stays choosable.
  if (timeZone && !zones.includes(timeZone)) zones.push(timeZone);

  async function submit(values: VenueFields) {
    setProblems([]);
    try {
      await onSubmit(values);
    } catch (error) {
      // Name and city together are unique in the organisation: the refusal belongs beside the name.
      if (isApiError(error, 'conflict')) {
        setError('name', { message: error.body.message }, { shouldFocus: true });
        return;
      }
      setProblems(
        placeServerErrors(
          error,
          (key) => (isFieldName(key) ? key : null),
          (field, message) => setError(field, { message }, { shouldFocus: true }),
        ),
      );
    }
  }

  const messageOf = (field: FieldName) => {
    const message = errors[field]?.message;
    return message ? fieldMessage(LABELS[field], [message]) : undefined;
  };

  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        if (isSubmitting) return event.preventDefault();
        void handleSubmit(submit)(event);
      }}
      className="flex flex-col gap-4"
    >
      <FormProblems messages={problems} />
      <fieldset disabled={isReadOnly} className="grid gap-4 sm:grid-cols-2">
        <TextField label={LABELS.name} autoComplete="off" error={messageOf('name')} {...register('name')} />
        <TextField
          label={LABELS.address}
          autoComplete="off"
          hint="Optional. Street and number, as buyers will read it."
          error={messageOf('address')}
          {...register('address')}
        />
        <TextField label={LABELS.city} autoComplete="off" error={messageOf('city')} {...register('city')} />
        <SelectField
          label={LABELS.country}
          options={COUNTRY_OPTIONS}
          error={messageOf('country')}
          {...register('country', {
            onChange: (event: { target: { value: string } }) => {
              const next = COUNTRIES.find((each): each is Country => each === event.target.value);
              if (next) setValue('time_zone', mainTimeZoneOf(next), { shouldValidate: true, shouldDirty: true });
            },
          })}
        />
        <SelectField
          label={LABELS.time_zone}
          options={zones.map((zone) => ({ value: zone, label: timeZoneLabel(zone) }))}
          hint="Event times are typed as the venue's clocks read them."
          error={messageOf('time_zone')}
          {...register('time_zone')}
        />
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

import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { COUNTRIES } from '@marquee/domain/authoring';
import { OrganisationCreateBodySchema, type OrganisationCreateBody } from '@marquee/domain/console';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { fieldMessage, placeServerErrors } from '../lib/field-errors';
import { suggestSlug } from '../lib/organisation-slug';
import { organiserPaths } from '../lib/organiser-paths';
import { COUNTRY_NAMES } from '../lib/time-zones';
import { FormProblems } from './form-problems';
import { SelectField } from './select-field';

type FormInput = z.input<typeof OrganisationCreateBodySchema>;

const LABELS = {
  name: 'Name',
  slug: 'Address',
  country: 'Country',
  contact_email: 'Contact e-mail',
} as const satisfies Record<keyof OrganisationCreateBody, string>;

type FieldName = keyof typeof LABELS;

function isFieldName(key: string): key is FieldName {
  return key in LABELS;
}

const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({ value: country, label: COUNTRY_NAMES[country] }));

/**
 * A new organisation's name, address (suggested from the name until it is edited), country and contact
 * e-mail, checked in the browser with the server's schema. A taken address comes back under its field;
 * the limit of organisations waiting for approval (409) above the form.
 */
export function NewOrganisationForm({
  contactEmail,
  onSubmit,
}: {
  contactEmail: string;
  /** Creates it; a 422 or 409 thrown here is shown on the form. */
  onSubmit: (body: OrganisationCreateBody) => Promise<void>;
}) {
  const [problems, setProblems] = useState<string[]>([]);
  const [isSlugEdited, setIsSlugEdited] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting, touchedFields },
  } = useForm<FormInput, unknown, OrganisationCreateBody>({
    resolver: zodResolver(OrganisationCreateBodySchema),
    defaultValues: { name: '', slug: '', country: 'LK', contact_email: contactEmail },
    mode: 'onTouched',
  });
  const slug = useWatch({ control, name: 'slug' });

  async function submit(values: OrganisationCreateBody) {
    setProblems([]);
    try {
      await onSubmit(values);
    } catch (error) {
      // Three organisations waiting already (409 `conflict`), or anything else: the server's words.
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
      aria-label="Start an organisation"
      onSubmit={(event) => {
        if (isSubmitting) return event.preventDefault();
        void handleSubmit(submit)(event);
      }}
      className="flex flex-col gap-4"
    >
      <FormProblems messages={problems} />
      <TextField
        label={LABELS.name}
        autoComplete="organization"
        hint="As buyers will read it on your events: a promoter, a theatre, a society."
        error={messageOf('name')}
        {...register('name', {
          onChange: (event: { target: { value: string } }) => {
            if (!isSlugEdited)
              setValue('slug', suggestSlug(event.target.value), { shouldValidate: Boolean(touchedFields.slug) });
          },
        })}
      />
      <TextField
        label={LABELS.slug}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint={`Your console's address: ${organiserPaths.organisation(slug || 'your-address')}. 3 to 40 lower-case letters, digits and single hyphens, starting and ending with a letter or digit.`}
        error={messageOf('slug')}
        {...register('slug', { onChange: () => setIsSlugEdited(true) })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={LABELS.country}
          options={COUNTRY_OPTIONS}
          hint="Where the organisation sells: its events' currency follows."
          error={messageOf('country')}
          {...register('country')}
        />
        <TextField
          label={LABELS.contact_email}
          type="email"
          autoComplete="email"
          hint="Where Marquee writes about the organisation, its approval first."
          error={messageOf('contact_email')}
          {...register('contact_email')}
        />
      </div>
      <div>
        <Button type="submit" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? 'Starting…' : 'Start the organisation'}
        </Button>
      </div>
    </form>
  );
}

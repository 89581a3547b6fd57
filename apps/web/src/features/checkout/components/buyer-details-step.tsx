import { useId, type ComponentProps } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { canContinueFromDetails, type BuyerDetails, type BuyerDetailsInput } from '@marquee/domain/checkout';
import { Button } from '../../../components/ui/button';

export type BuyerForm = UseFormReturn<BuyerDetailsInput, unknown, BuyerDetails>;

interface FieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  error: string | undefined;
  hint?: string;
}

/** A labelled input whose message sits beside it, tied by aria-describedby and announced as an alert. */
function Field({ label, error, hint, className = '', ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`min-h-11 rounded-lg border bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 ${
          error ? 'border-red-700' : 'border-slate-400'
        }`}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface BuyerDetailsStepProps {
  form: BuyerForm;
  /** Ask for the NIC: only when the event asks for an ID (no event says so yet: see eventAsksForId). */
  isIdRequired: boolean;
  /** Locked once the order is saved. */
  isLocked: boolean;
  onContinue: (details: BuyerDetails) => void;
}

/** Step 1 Ticket Details (spec 4, 5): who the tickets are for. */
export function BuyerDetailsStep({ form, isIdRequired, isLocked, onContinue }: BuyerDetailsStepProps) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = form;
  const values = useWatch({ control });
  const canContinue = !isLocked && canContinueFromDetails(values);
  const hintId = useId();

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onContinue)(event)} className="flex flex-col gap-4">
      <fieldset disabled={isLocked} className="grid gap-4 sm:grid-cols-2">
        <legend className="sr-only">Your details</legend>
        <Field
          label="First name"
          autoComplete="given-name"
          error={errors.first_name?.message}
          {...register('first_name')}
        />
        <Field
          label="Last name"
          autoComplete="family-name"
          error={errors.last_name?.message}
          {...register('last_name')}
        />
        <Field
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          hint="Your tickets and receipt are sent here."
          error={errors.email?.message}
          {...register('email')}
        />
        <Field
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint="For example 077 123 4567 or +94 77 123 4567."
          error={errors.phone?.message}
          {...register('phone')}
        />
        {isIdRequired ? (
          <Field label="NIC or passport number" autoComplete="off" error={errors.nic?.message} {...register('nic')} />
        ) : null}
      </fieldset>
      <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center">
        <Button type="submit" size="lg" disabled={!canContinue} aria-describedby={canContinue ? undefined : hintId}>
          Continue
        </Button>
        {!canContinue && !isLocked ? (
          <p id={hintId} className="text-sm text-slate-700">
            Fill in your first name, last name, email and phone to continue.
          </p>
        ) : null}
      </div>
    </form>
  );
}

import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { canContinueFromDetails, type BuyerDetails, type BuyerDetailsInput } from '@marquee/domain/checkout';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';

export type BuyerForm = UseFormReturn<BuyerDetailsInput, unknown, BuyerDetails>;

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
        <TextField
          label="First name"
          autoComplete="given-name"
          error={errors.first_name?.message}
          {...register('first_name')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={errors.last_name?.message}
          {...register('last_name')}
        />
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          hint="Your tickets and receipt are sent here."
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint="For example 077 123 4567 or +94 77 123 4567."
          error={errors.phone?.message}
          {...register('phone')}
        />
        {isIdRequired ? (
          <TextField label="NIC or passport number" autoComplete="off" error={errors.nic?.message} {...register('nic')} />
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

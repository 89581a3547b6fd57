import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { canContinueFromDetails, type BuyerDetails, type BuyerDetailsInput } from '@marquee/domain/checkout';
import { BuyerDetailsFields } from '../../../components/buyer-details/buyer-details-fields';
import { Button } from '../../../components/ui/button';

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
        <BuyerDetailsFields
          register={(field) => register(field)}
          errorOf={(field) => errors[field]?.message}
          isIdRequired={isIdRequired}
        />
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

import type { UseFormRegisterReturn } from 'react-hook-form';
import type { BuyerDetailsInput } from '@marquee/domain/checkout';
import { TextField } from '../ui/text-field';

export type BuyerField = keyof BuyerDetailsInput;

export interface BuyerDetailsFieldsProps {
  /** The form's registration of a field: the checkout's own names, or the waitlist's `buyer.*`. */
  register: (field: BuyerField) => UseFormRegisterReturn;
  /** A field's message (spec 5's words, from BuyerDetailsSchema or the server), undefined while it is valid. */
  errorOf: (field: BuyerField) => string | undefined;
  /** Ask for the NIC: only when the event asks for an ID. */
  isIdRequired: boolean;
  emailHint?: string;
}

/**
 * Who the tickets are for (spec 3, 5): the fields of the checkout's Ticket Details, and of the waitlist's form,
 * which places the same order later. The caller owns the form and the layout around them.
 */
export function BuyerDetailsFields({
  register,
  errorOf,
  isIdRequired,
  emailHint = 'Your tickets and receipt are sent here.',
}: BuyerDetailsFieldsProps) {
  return (
    <>
      <TextField
        label="First name"
        autoComplete="given-name"
        error={errorOf('first_name')}
        {...register('first_name')}
      />
      <TextField label="Last name" autoComplete="family-name" error={errorOf('last_name')} {...register('last_name')} />
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        hint={emailHint}
        error={errorOf('email')}
        {...register('email')}
      />
      <TextField
        label="Phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint="For example 077 123 4567 or +94 77 123 4567."
        error={errorOf('phone')}
        {...register('phone')}
      />
      {isIdRequired ? (
        <TextField label="NIC or passport number" autoComplete="off" error={errorOf('nic')} {...register('nic')} />
      ) : null}
    </>
  );
}

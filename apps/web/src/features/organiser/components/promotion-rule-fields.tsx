import type { UseFormRegister } from 'react-hook-form';
import type { ConsoleEventAnswer } from '@marquee/domain/console';
import { TextField } from '../../../components/ui/text-field';
import type { RuleField, RuleFormValues } from '../lib/promotion-form';
import { CheckboxField } from './checkbox-field';
import { SelectField } from './select-field';

const KIND_OPTIONS = [
  { value: 'percent', label: 'Percentage off' },
  { value: 'fixed', label: 'Amount off' },
] as const;

/** The hint of the auto-apply toggle: what it does, and the one-per-event rule (decisions/045). */
export const AUTO_APPLY_HINT =
  'Buyers get it at checkout without typing it. One active code per event is applied automatically.';

/**
 * The fields of a promo code's rule, shared by the form of one code, the form of N and the edit dialog.
 * `lockedReason`: the code has been used, so its kind and value are shown but cannot change, and why.
 */
export function PromotionRuleFields({
  event,
  register,
  messageOf,
  lockedReason = null,
}: {
  event: ConsoleEventAnswer;
  register: UseFormRegister<RuleFormValues>;
  messageOf: (field: RuleField) => string | undefined;
  lockedReason?: string | null;
}) {
  const isLocked = lockedReason !== null;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Kind"
          options={KIND_OPTIONS}
          error={messageOf('kind')}
          disabled={isLocked}
          {...(isLocked ? { hint: lockedReason } : {})}
          {...register('kind')}
        />
        <TextField
          label="Value"
          inputMode="decimal"
          autoComplete="off"
          hint={isLocked ? lockedReason : `A percentage (1 to 100), or an amount in ${event.currency}.`}
          error={messageOf('value')}
          disabled={isLocked}
          {...register('value')}
        />
      </div>
      {event.packages.length > 0 ? (
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-semibold text-slate-900">Packages (none ticked: all of them)</legend>
          {event.packages.map((pkg) => (
            <CheckboxField key={pkg.id} label={pkg.name} value={String(pkg.id)} {...register('package_ids')} />
          ))}
          {messageOf('package_ids') ? (
            <p role="alert" className="text-sm font-medium text-red-800">
              {messageOf('package_ids')}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Valid from"
          type="datetime-local"
          hint={`Optional. The clocks of ${event.venue.time_zone}.`}
          error={messageOf('valid_from')}
          {...register('valid_from')}
        />
        <TextField
          label="Valid to"
          type="datetime-local"
          hint="Optional; after the start."
          error={messageOf('valid_to')}
          {...register('valid_to')}
        />
        <TextField
          label="Most uses in all"
          inputMode="numeric"
          autoComplete="off"
          hint="Optional."
          error={messageOf('max_uses')}
          {...register('max_uses')}
        />
        <TextField
          label="Most uses per e-mail"
          inputMode="numeric"
          autoComplete="off"
          hint="Optional."
          error={messageOf('max_uses_per_email')}
          {...register('max_uses_per_email')}
        />
      </div>
      <CheckboxField label="Active" error={messageOf('active')} {...register('active')} />
    </>
  );
}

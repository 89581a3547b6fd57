import type { ComponentProps } from 'react';
import { FieldFrame, fieldBorder } from '../../../components/ui/field-frame';

export interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id'> {
  label: string;
  error: string | undefined;
  hint?: string;
  options: readonly { value: string; label: string }[];
}

/** A labelled select in the shared TextField's frame (its hint and message tied by aria-describedby). */
export function SelectField({ label, error, hint, options, className = '', ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <select
          {...control}
          className={`min-h-11 rounded-lg border bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 disabled:bg-slate-100 disabled:text-slate-600 ${fieldBorder(error)}`}
          {...select}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

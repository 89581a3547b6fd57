import type { ComponentProps } from 'react';
import { FieldFrame, fieldBorder } from './field-frame';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  error: string | undefined;
  hint?: string;
}

/** A labelled input whose message sits beside it, tied by aria-describedby and announced as an alert. */
export function TextField({ label, error, hint, className = '', ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <input
          {...control}
          className={`min-h-11 rounded-lg border bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 ${fieldBorder(error)}`}
          {...input}
        />
      )}
    </FieldFrame>
  );
}

import type { ComponentProps } from 'react';
import { FieldFrame, fieldBorder } from '../../../components/ui/field-frame';

export interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: string;
  error: string | undefined;
  hint?: string;
}

/** A labelled textarea in the shared TextField's frame (its hint and message tied by aria-describedby). */
export function TextAreaField({ label, error, hint, className = '', rows = 5, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          className={`rounded-lg border bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 disabled:bg-slate-100 disabled:text-slate-600 ${fieldBorder(error)}`}
          {...textarea}
        />
      )}
    </FieldFrame>
  );
}

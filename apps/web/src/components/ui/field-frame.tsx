import { useId, type ReactNode } from 'react';

/** What a field's control takes from its frame: its id, and the hint and message it is described by. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldFrameProps {
  label: string;
  error: string | undefined;
  hint?: string | undefined;
  className?: string;
  /** The control (an input, a select, a textarea), given the props that tie it to the label, hint and message. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form control whose hint and message sit below it, tied by aria-describedby, the message announced
 * as an alert: the frame of TextField and of the console's select and textarea fields.
 */
export function FieldFrame({ label, error, hint, className = '', children }: FieldFrameProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
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

/** The border of a field's control: red while it has a message. */
export function fieldBorder(error: string | undefined): string {
  return error ? 'border-red-700' : 'border-slate-400';
}

import { CheckboxField } from './checkbox-field';

export interface CheckboxSetFieldProps<T extends string> {
  legend: string;
  hint?: string;
  /** Every choice, in the order shown. */
  options: readonly T[];
  labelOf: (option: T) => string;
  chosen: ReadonlySet<T>;
  onChange: (next: ReadonlySet<T>) => void;
  errors: readonly string[];
  /** The id of the error message, when the fieldset should point to it (aria-describedby). */
  errorId?: string;
}

/** A fieldset of checkboxes choosing a set of values (scopes, event types), with its errors below. */
export function CheckboxSetField<T extends string>({
  legend,
  hint,
  options,
  labelOf,
  chosen,
  onChange,
  errors,
  errorId,
}: CheckboxSetFieldProps<T>) {
  function toggle(option: T, isOn: boolean) {
    const next = new Set(chosen);
    if (isOn) next.add(option);
    else next.delete(option);
    onChange(next);
  }

  const hasErrors = errors.length > 0;
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={hasErrors && errorId ? errorId : undefined}>
      <legend className="mb-1 text-sm font-semibold text-slate-900">{legend}</legend>
      {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
      {options.map((option) => (
        <CheckboxField
          key={option}
          label={labelOf(option)}
          checked={chosen.has(option)}
          onChange={(event) => toggle(option, event.target.checked)}
        />
      ))}
      {hasErrors ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-800">
          {errors.join(' ')}
        </p>
      ) : null}
    </fieldset>
  );
}

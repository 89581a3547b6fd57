import { useId, type ComponentProps } from 'react';

type InputProps = Omit<ComponentProps<'input'>, 'type'>;

export interface DateTimeFieldProps {
  /** The pair's name ("Starts"): the legend, and the first words of its inputs' labels. */
  legend: string;
  /** Which clocks the time is read on ("As the clocks at Nelum Pokuna read them: Asia/Colombo (GMT+5:30)"). */
  hint: string;
  error: string | undefined;
  date: InputProps;
  time: InputProps;
  className?: string;
}

const INPUT_CLASS =
  'min-h-11 rounded-lg border bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 disabled:bg-slate-100 disabled:text-slate-600';

/**
 * A wall-clock time as a date input and a time input side by side (the browser's own pickers, on a phone
 * too), in a fieldset that says which clocks they are; one message for the pair.
 */
export function DateTimeField({ legend, hint, error, date, time, className = '' }: DateTimeFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ');
  const border = error ? 'border-red-700' : 'border-slate-400';
  return (
    <fieldset className={`flex min-w-0 flex-col gap-1 ${className}`} aria-describedby={describedBy}>
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        <label className="flex flex-col gap-1 text-xs text-slate-700">
          <span>
            <span className="sr-only">{legend}: </span>Date
          </span>
          <input
            type="date"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={`${INPUT_CLASS} ${border}`}
            {...date}
          />
        </label>
        <label className="flex flex-col gap-1 text-xs text-slate-700">
          <span>
            <span className="sr-only">{legend}: </span>Time
          </span>
          <input
            type="time"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={`${INPUT_CLASS} ${border}`}
            {...time}
          />
        </label>
      </div>
      <p id={hintId} className="text-xs text-slate-600">
        {hint}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

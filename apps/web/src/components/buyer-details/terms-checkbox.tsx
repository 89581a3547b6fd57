import { useId, type ComponentProps } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

export interface TermsCheckboxProps extends Omit<ComponentProps<'input'>, 'type' | 'id'> {
  /** Spec 5's message while the box must be ticked and is not; undefined otherwise. */
  error: string | undefined;
}

/** "I agree to the Terms & Conditions" (spec 5), its message below it, tied by aria-describedby. */
export function TermsCheckbox({ error, className = '', ...input }: TermsCheckboxProps) {
  const errorId = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label className="flex items-start gap-3 text-slate-900">
        <input
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-1 size-5 shrink-0 accent-brand-700"
          {...input}
        />
        <span>
          I agree to the{' '}
          <Link
            to={paths.termsAndConditions()}
            target="_blank"
            className="font-semibold text-brand-700 underline hover:text-brand-900"
          >
            Terms &amp; Conditions<span className="sr-only"> (opens in a new tab)</span>
          </Link>
          .
        </span>
      </label>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

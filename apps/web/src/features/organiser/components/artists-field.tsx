import { useEffect, useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';

export interface ArtistsFieldProps {
  value: readonly string[];
  onChange: (next: string[]) => void;
  onBlur?: () => void;
  /** A message per artist, by position; and one for the list. */
  errorAt: (index: number) => string | undefined;
  listError: string | undefined;
  isDisabled?: boolean;
}

/**
 * The artists, one input each, in order: added at the end (the new one takes the focus) and removed one by
 * one (the focus goes to the next, or to Add an artist). At most 50, as the schema allows.
 */
export function ArtistsField({ value, onChange, onBlur, errorAt, listError, isDisabled = false }: ArtistsFieldProps) {
  const id = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // After an artist is added or removed, once the list has rendered: the input to focus.
  const pendingFocus = useRef<number | null>(null);

  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    pendingFocus.current = null;
    const inputs = listRef.current?.querySelectorAll('input');
    const target = inputs?.[Math.min(index, inputs.length - 1)];
    if (target) target.focus();
    else addRef.current?.focus();
  });

  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={listError ? `${id}-error` : undefined}>
      <legend className="text-sm font-semibold text-slate-900">Artists</legend>
      <p className="text-xs text-slate-600">Optional. Buyers read them as &quot;Featuring …&quot;, in this order.</p>
      {value.length > 0 ? (
        <ul ref={listRef} className="flex flex-col gap-2">
          {value.map((artist, index) => {
            const error = errorAt(index);
            return (
              <li key={index} className="flex flex-col gap-1">
                <div className="flex gap-2">
                  <label htmlFor={`${id}-${index}`} className="sr-only">
                    Artist {index + 1}
                  </label>
                  <input
                    id={`${id}-${index}`}
                    value={artist}
                    disabled={isDisabled}
                    autoComplete="off"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-${index}-error` : undefined}
                    onChange={(event) => onChange(value.map((each, i) => (i === index ? event.target.value : each)))}
                    onBlur={onBlur}
                    className={`min-h-11 min-w-0 flex-1 rounded-lg border bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 disabled:bg-slate-100 ${
                      error ? 'border-red-700' : 'border-slate-400'
                    }`}
                  />
                  {isDisabled ? null : (
                    <Button
                      variant="secondary"
                      aria-label={`Remove artist ${index + 1}${artist.trim() ? `, ${artist.trim()}` : ''}`}
                      onClick={() => {
                        pendingFocus.current = index;
                        onChange(value.filter((_, i) => i !== index));
                      }}
                    >
                      Remove
                    </Button>
                  )}
                </div>
                {error ? (
                  <p id={`${id}-${index}-error`} role="alert" className="text-sm font-medium text-red-800">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">No artists listed.</p>
      )}
      {isDisabled ? null : (
        <div>
          <Button
            ref={addRef}
            variant="secondary"
            disabled={value.length >= 50}
            onClick={() => {
              pendingFocus.current = value.length;
              onChange([...value, '']);
            }}
          >
            Add an artist
          </Button>
        </div>
      )}
      {listError ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-800">
          {listError}
        </p>
      ) : null}
    </fieldset>
  );
}

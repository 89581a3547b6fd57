import { useId, type FormEvent } from 'react';
import { buttonClassName } from '../../../components/ui/button';

interface SearchFormProps {
  /** The query in the URL; the field starts with it. */
  initialQuery: string;
  onSearch: (query: string) => void;
}

/** The results page's own search field (a plain search box; the header holds the one with suggestions). */
export function SearchForm({ initialQuery, onSearch }: SearchFormProps) {
  const inputId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    const query = typeof value === 'string' ? value.trim() : '';
    if (query) onSearch(query);
  }

  return (
    // Keyed by the query where it is used, so the field follows the URL when the back button changes it.
    <form
      role="search"
      aria-label="Events"
      action="/search"
      method="get"
      onSubmit={onSubmit}
      className="flex flex-col gap-2 sm:flex-row"
    >
      <label htmlFor={inputId} className="sr-only">
        Search events, artists, venues and cities
      </label>
      <input
        id={inputId}
        name="q"
        type="search"
        defaultValue={initialQuery}
        required
        maxLength={100}
        autoComplete="off"
        enterKeyHint="search"
        placeholder="Event, artist, venue or city"
        className="min-h-12 w-full flex-1 rounded-lg border border-slate-400 bg-white px-4 text-base text-slate-900 placeholder:text-slate-600 focus-visible:border-brand-600"
      />
      <button type="submit" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
        Search
      </button>
    </form>
  );
}

import { useId, useRef, useState, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatEventDate } from '@marquee/domain/time';
import { paths } from '../../../config/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { SUGGEST_MIN_LENGTH, useSuggestEvents } from '../api/suggest-events';

export const SEARCH_PLACEHOLDER = 'Search for Events Artists, Venues';
const DEBOUNCE_MS = 200;

interface SuggestionOption {
  /** Stable key of the option, also used in its element id. */
  key: string;
  href: string;
}

/**
 * The header search: an ARIA 1.2 combobox with a list of suggestions (the APG "list autocomplete"
 * pattern). Focus stays in the input; Up/Down move the active option (aria-activedescendant),
 * Enter opens it, or submits the search to /search?q= when no option is active; Escape closes the
 * list, then clears the text. The last option always searches for the text as typed.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const location = useLocation();
  const inputId = useId();
  const listboxId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const [text, setText] = useState('');
  // The list is open for the location it was opened on, so any navigation closes it without an effect.
  const [openAtKey, setOpenAtKey] = useState<string | null>(null);
  const [activeKey, setActiveKey] = useState<string | null>(null);

  const query = text.trim();
  const debouncedQuery = useDebouncedValue(query, DEBOUNCE_MS);
  const suggestionsQuery = useSuggestEvents(debouncedQuery);
  const isLongEnough = query.length >= SUGGEST_MIN_LENGTH;
  const events = isLongEnough && debouncedQuery.length >= SUGGEST_MIN_LENGTH ? (suggestionsQuery.data?.data ?? []) : [];

  const options: SuggestionOption[] = [
    ...events.map((event) => ({ key: `event-${event.uid}`, href: event.path })),
    ...(events.length > 0 ? [{ key: 'search-all', href: paths.search(query) }] : []),
  ];
  const isOpen = openAtKey === location.key && isLongEnough;
  const isExpanded = isOpen && options.length > 0;
  const activeIndex = isExpanded ? options.findIndex((option) => option.key === activeKey) : -1;
  const activeOption = activeIndex >= 0 ? options[activeIndex] : undefined;
  const optionId = (key: string) => `${listboxId}-${key}`;

  const isWaiting = isOpen && events.length === 0 && (debouncedQuery !== query || suggestionsQuery.isFetching);
  const isEmpty = isOpen && !isWaiting && events.length === 0 && suggestionsQuery.isSuccess;
  const hasFailed = isOpen && !isWaiting && events.length === 0 && suggestionsQuery.isError;

  function open() {
    setOpenAtKey(location.key);
  }

  function close() {
    setOpenAtKey(null);
    setActiveKey(null);
  }

  function choose(option: SuggestionOption) {
    close();
    // Opening an event leaves the box empty; "see all results" keeps the text that was searched.
    if (option.key !== 'search-all') setText('');
    navigate(option.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (options.length === 0) return;
        event.preventDefault();
        const isDown = event.key === 'ArrowDown';
        if (!isExpanded) {
          open();
          setActiveKey(isDown ? (options[0]?.key ?? null) : (options.at(-1)?.key ?? null));
          return;
        }
        // Wraps around at both ends.
        const next = isDown
          ? (activeIndex + 1) % options.length
          : activeIndex <= 0
            ? options.length - 1
            : activeIndex - 1;
        setActiveKey(options[next]?.key ?? null);
        return;
      }
      case 'Enter':
        if (activeOption) {
          event.preventDefault();
          choose(activeOption);
        }
        // Otherwise the form submits.
        return;
      case 'Escape':
        if (isOpen) {
          event.preventDefault();
          close();
        } else if (text) {
          event.preventDefault();
          setText('');
        }
        return;
      default:
        return;
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!query) {
      inputRef.current?.focus();
      return;
    }
    close();
    navigate(paths.search(query));
  }

  function onBlur(event: FocusEvent<HTMLFormElement>) {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    close();
  }

  return (
    <form
      role="search"
      aria-label="Site"
      action={paths.search()}
      method="get"
      onSubmit={onSubmit}
      onBlur={onBlur}
      className="relative"
    >
      <label htmlFor={inputId} className="sr-only">
        Search events, artists and venues
      </label>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-slate-600"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <circle cx="8.5" cy="8.5" r="5.5" />
        <path strokeLinecap="round" d="m13 13 4 4" />
      </svg>
      <input
        ref={inputRef}
        id={inputId}
        name="q"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isExpanded}
        aria-controls={listboxId}
        aria-activedescendant={activeOption ? optionId(activeOption.key) : undefined}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={100}
        placeholder={SEARCH_PLACEHOLDER}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActiveKey(null);
          open();
        }}
        onFocus={() => {
          if (text.trim().length >= SUGGEST_MIN_LENGTH) open();
        }}
        onKeyDown={onKeyDown}
        className="min-h-11 w-full rounded-full border-0 bg-white py-2 pr-4 pl-11 text-base text-slate-900 shadow-inner placeholder:text-slate-600 [&::-webkit-search-cancel-button]:cursor-pointer"
      />

      <div
        // Clicking an option must not take focus from the input (the list would close first).
        onMouseDown={(event) => event.preventDefault()}
        hidden={!isOpen || (!isExpanded && !isWaiting && !isEmpty && !hasFailed)}
        className="absolute inset-x-0 top-full z-40 mt-2 max-h-[70vh] overflow-y-auto rounded-xl bg-white p-1 text-slate-900 shadow-2xl ring-1 ring-slate-900/10"
      >
        <div id={listboxId} role="listbox" aria-label="Suggestions" hidden={!isExpanded}>
          {events.map((event) => {
            const key = `event-${event.uid}`;
            const isActive = activeOption?.key === key;
            return (
              <Link
                key={key}
                id={optionId(key)}
                to={event.path}
                role="option"
                aria-selected={isActive}
                tabIndex={-1}
                onClick={() => {
                  close();
                  setText('');
                }}
                className={`flex flex-col rounded-lg border-l-4 px-3 py-2 ${isActive ? 'border-accent-500 bg-brand-100' : 'border-transparent hover:bg-slate-100'}`}
              >
                <span className="font-semibold text-brand-950">{event.name}</span>
                <span className="text-sm text-slate-700">
                  {event.venue.name}, {event.venue.city} · {formatEventDate(event.start_date, event.venue.time_zone)}
                </span>
              </Link>
            );
          })}
          {events.length > 0 ? (
            <Link
              id={optionId('search-all')}
              to={paths.search(query)}
              role="option"
              aria-selected={activeOption?.key === 'search-all'}
              tabIndex={-1}
              onClick={close}
              className={`mt-1 flex rounded-lg border-t border-l-4 border-t-slate-200 px-3 py-2.5 text-sm font-semibold text-brand-700 ${activeOption?.key === 'search-all' ? 'border-l-accent-500 bg-brand-100' : 'border-l-transparent hover:bg-slate-100'}`}
            >
              See all results for “{query}”
            </Link>
          ) : null}
        </div>
        {isWaiting ? <p className="px-3 py-2 text-sm text-slate-700">Searching…</p> : null}
        {isEmpty ? (
          <p className="px-3 py-2 text-sm text-slate-700">No suggestions. Press Enter to search all events.</p>
        ) : null}
        {hasFailed ? (
          <p className="px-3 py-2 text-sm text-slate-700">Suggestions are unavailable. Press Enter to search.</p>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {isExpanded
          ? `${events.length} ${events.length === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrows to choose.`
          : ''}
      </p>
    </form>
  );
}

import { useCallback, useSyncExternalStore } from 'react';
import { EMPTY_SELECTION, SelectionSchema, type Selection } from '@marquee/domain/selection';

/** Where a buyer's picks for one event live: this tab only, so a reload keeps them and a new tab starts afresh. */
export function selectionStorageKey(eventUid: string): string {
  return `marquee:selection:${eventUid}`;
}

const listeners = new Set<() => void>();
// Snapshots must be stable between renders: the last parse is kept per storage key (one entry per event).
const lastParsed = new Map<string, { raw: string; selection: Selection }>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function readRaw(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    // Storage can be unavailable (privacy modes); the selection then lasts as long as the page.
    return null;
  }
}

/** Parse, don't cast: anything stored that is not a valid selection is dropped. */
function parseStored(key: string, raw: string | null): Selection {
  if (raw === null) return EMPTY_SELECTION;
  const cached = lastParsed.get(key);
  if (cached?.raw === raw) return cached.selection;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = null;
  }
  const result = SelectionSchema.safeParse(value);
  const selection = result.success ? result.data : EMPTY_SELECTION;
  lastParsed.set(key, { raw, selection });
  return selection;
}

const memoryFallback = new Map<string, string>();

function writeRaw(key: string, raw: string | null): void {
  try {
    if (raw === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, raw);
  } catch {
    if (raw === null) memoryFallback.delete(key);
    else memoryFallback.set(key, raw);
  }
  listeners.forEach((listener) => listener());
}

/**
 * The buyer's selection (packages, counts, seats) for one event, kept in sessionStorage under
 * `marquee:selection:{uid}` so a reload or the Back button keeps it and checkout can read it.
 * Shared by the ticket list and the seat map; every component using it sees the same value.
 */
export function useBookingSelection(
  eventUid: string,
): [selection: Selection, setSelection: (next: Selection) => void, clear: () => void] {
  const key = selectionStorageKey(eventUid);
  const selection = useSyncExternalStore(
    subscribe,
    () => parseStored(key, readRaw(key) ?? memoryFallback.get(key) ?? null),
    () => EMPTY_SELECTION,
  );
  const setSelection = useCallback(
    (next: Selection) => {
      const isEmpty = Object.keys(next.packages).length === 0 && next.seats.length === 0;
      writeRaw(key, isEmpty ? null : JSON.stringify(next));
    },
    [key],
  );
  const clear = useCallback(() => writeRaw(key, null), [key]);
  return [selection, setSelection, clear];
}

import type { Currency } from '../money/money';
import { parseWallClock, zonedWallClockToInstant } from '../time/zoned-time';
import { CURRENCY_BY_COUNTRY, type Country } from './fields.schema';

/**
 * The rules between fields that the console, its API and the importer share: a thing ends after it starts,
 * a package's sales end after they start, an event's currency is its venue's country's, and a wall-clock time
 * names one instant in the venue's zone. Each returns a message (to put on the later field) or null.
 */

export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

/** A comparable number for an instant (ISO 8601 with an offset, or a Date); NaN when it is not one. */
function instantMs(value: string | Date): number {
  return typeof value === 'string' ? Date.parse(value) : value.getTime();
}

/** Whether `end` is strictly after `start`; both instants. Unreadable values are left to their own field's rule. */
export function endsAfterStart(start: string | Date, end: string | Date): boolean {
  const startMs = instantMs(start);
  const endMs = instantMs(end);
  return Number.isNaN(startMs) || Number.isNaN(endMs) || endMs > startMs;
}

/**
 * The same for two wall-clock times of one zone (`2026-12-31T19:30`). In the hour that happens twice when the
 * clocks go back, wall clocks may be in order while their instants are not: `resolve…` checks the instants too.
 */
export function wallClockEndsAfterStart(start: string, end: string): boolean {
  const startWall = parseWallClock(start);
  const endWall = parseWallClock(end);
  if (!startWall || !endWall) return true;
  const ms = (w: NonNullable<typeof startWall>) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return ms(endWall) > ms(startWall);
}

/** Null, or what is wrong with an event's currency for its venue's country. */
export function currencyProblem(currency: Currency, country: Country): string | null {
  const expected = CURRENCY_BY_COUNTRY[country];
  return expected === currency ? null : `must be ${expected} for a venue in ${country}`;
}

/** The words for a wall-clock time that names no instant in the venue's zone. */
export function skippedTimeMessage(timeZone: string): string {
  return `does not exist in ${timeZone}: the clocks skip it when daylight saving starts`;
}

/**
 * A wall-clock field resolved to its instant in `timeZone` (null stays null), or the message for a time the
 * clocks skip or that does not exist.
 */
export function resolveWallClock(
  text: string,
  timeZone: string,
): { ok: true; instant: Date } | { ok: false; message: string };
export function resolveWallClock(
  text: string | null,
  timeZone: string,
): { ok: true; instant: Date | null } | { ok: false; message: string };
export function resolveWallClock(
  text: string | null,
  timeZone: string,
): { ok: true; instant: Date | null } | { ok: false; message: string } {
  if (text === null) return { ok: true, instant: null };
  const resolved = zonedWallClockToInstant(text, timeZone);
  if (resolved.ok) return { ok: true, instant: resolved.instant };
  return {
    ok: false,
    message: resolved.reason === 'skipped' ? skippedTimeMessage(timeZone) : 'is not a date and time that exists',
  };
}

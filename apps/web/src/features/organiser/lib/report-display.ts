import { MINOR_UNITS_PER_MAJOR, type Currency } from '@marquee/domain/money';

/**
 * How the sales reports write their numbers. A report's day is a local day of the venue (`2026-03-10`): it is
 * formatted as a UTC date, so the browser's own zone never moves it to the day before.
 */
const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const compact = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 });

function dayOf(date: string): Date | null {
  const day = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? null : day;
}

/** "10 Mar": a chart's axis. */
export function formatShortDay(date: string): string {
  const day = dayOf(date);
  return day ? shortDay.format(day) : date;
}

/** "Mon, 10 Mar 2025": a table's row. */
export function formatLongDay(date: string): string {
  const day = dayOf(date);
  return day ? longDay.format(day) : date;
}

/** "LKR 12.5K": an axis's tick, in major units (the tables and tiles give the exact amount). */
export function formatCompactMoney(minor: number, currency: Currency): string {
  return `${currency} ${compact.format(minor / MINOR_UNITS_PER_MAJOR)}`;
}

/** A whole percent of a part, 0 when there is no whole. */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.min(100, Math.round((part / whole) * 100));
}

/** An instant as the clocks of a zone read it ("13 Mar 2025, 19:00"); the viewer's own zone if the zone is unknown. */
export function formatInstantIn(iso: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(at);
  }
}

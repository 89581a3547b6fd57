import { formatAmount, parseAmount } from '@marquee/domain/money';

/**
 * What the console's forms type and what the API takes, apart: money in major units ("1,500.00") against
 * minor units (150000), a wall clock as a date and a time input against `2026-12-31T19:30`, whole numbers as
 * text. Each conversion says what is wrong in the words of the field it belongs to.
 */

export const AMOUNT_MESSAGE = 'must be an amount such as 1,500.00';

/** Minor units as the form shows them ("1,500.00"). */
export function amountText(minor: number): string {
  return formatAmount(minor);
}

/** The typed amount in minor units (empty: 0), or the message for text that is not money. */
export function minorUnitsOf(text: string): { ok: true; value: number } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: true, value: 0 };
  const value = parseAmount(text);
  return value === null ? { ok: false, message: AMOUNT_MESSAGE } : { ok: true, value };
}

/**
 * A whole number typed as text, for a schema to judge: digits only become their number, and anything else
 * NaN, which the shared schema refuses with its own words ("must be a whole number >= 0"). Empty is null.
 */
export function wholeNumberOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,15}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export interface DateTimeParts {
  date: string;
  time: string;
}

/** `2026-12-31T19:30` as a date input's and a time input's values (seconds dropped: the console sets none). */
export function dateTimeParts(wallClock: string | null): DateTimeParts {
  if (!wallClock) return { date: '', time: '' };
  const [date = '', time = ''] = wallClock.split('T');
  return { date, time: time.slice(0, 5) };
}

export const DATE_AND_TIME_MESSAGE = 'needs both a date and a time';

/**
 * A date input's and a time input's values as one wall clock: both empty is none (null), one without the
 * other is a mistake.
 */
export function wallClockOf(parts: DateTimeParts): { ok: true; value: string | null } | { ok: false; message: string } {
  const date = parts.date.trim();
  const time = parts.time.trim();
  if (date === '' && time === '') return { ok: true, value: null };
  if (date === '' || time === '') return { ok: false, message: DATE_AND_TIME_MESSAGE };
  return { ok: true, value: `${date}T${time}` };
}

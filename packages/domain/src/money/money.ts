import { z } from 'zod';

/** The currencies Marquee sells in: one per country it operates in. */
export const CURRENCIES = ['LKR', 'SGD', 'AUD'] as const;
export const CurrencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof CurrencySchema>;

/** Money is never a float: an integer count of minor units (cents) with its currency. */
export const MinorUnitsSchema = z.number().int().safe();

export const MINOR_UNITS_PER_MAJOR = 100;

/**
 * Formats minor units as the spec shows money: thousands commas and two decimals,
 * e.g. 1234567 -> "12,345.67". Integer arithmetic only, so no float rounding surprises.
 */
export function formatAmount(minor: number): string {
  const negative = minor < 0;
  const abs = Math.abs(Math.trunc(minor));
  const major = Math.floor(abs / MINOR_UNITS_PER_MAJOR);
  const cents = abs % MINOR_UNITS_PER_MAJOR;
  const grouped = major.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${cents.toString().padStart(2, '0')}`;
}

/** "LKR 12,345.67" */
export function formatMoney(minor: number, currency: Currency): string {
  return `${currency} ${formatAmount(minor)}`;
}

/**
 * One instalment of three: the price divided by 3, rounded half-up to 2 decimals
 * (i.e. to a whole minor unit), as the spec's instalment display requires.
 */
export function instalmentOf(minor: number, parts = 3): number {
  return Math.round(minor / parts);
}

/** The spec's instalment label: "N CUR X 3". */
export function formatInstalments(minor: number, currency: Currency, parts = 3): string {
  return `${formatAmount(instalmentOf(minor, parts))} ${currency} X ${parts}`;
}

/** Parses a decimal string such as "1,500.50" or "1500.5" into minor units; null when it is not money. */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/,/g, '').trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const major = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const value = major * MINOR_UNITS_PER_MAJOR + cents;
  return Number.isSafeInteger(value) ? value : null;
}

import { z } from 'zod';
import { EVENT_TYPES } from '../catalog/categories';
import type { Currency } from '../money/money';
import { isValidTimeZone } from '../time/format-event-time';
import { WALL_CLOCK_PATTERN, parseWallClock } from '../time/zoned-time';

/**
 * The fields that organisers fill in, one schema each, shared by the console's forms, the console API and
 * the JSON importer (catalog/event-import.schema.ts), so that all three accept and refuse the same values
 * with the same words. Messages are written to follow the field's name or path
 * (`events[3].ticket_packages[1].price: must be a whole number of minor units >= 0`).
 */
export const FIELD_MESSAGES = {
  minorUnits: 'must be a whole number of minor units >= 0',
  wholeNumber: 'must be a whole number >= 0',
  positiveWhole: 'must be a whole number >= 1',
  dateTime: 'must be an ISO 8601 date-time with an offset, e.g. 2026-12-31T19:30:00+05:30',
  wallClock: 'must be a date and time such as 2026-12-31T19:30',
  text: 'must be text',
  unstorableText: 'must not contain NUL characters or broken unicode',
  notEmpty: 'must not be empty',
  flag: 'must be true or false',
  imagePath: 'must be a path on this site (/images/...) or an https:// address',
  timeZone: 'must be an IANA time zone such as Asia/Colombo',
  artists: 'must be a list of names',
  paymentGatewayIds: 'must be a list of payment gateway ids',
} as const;

export const MinorUnitsFieldSchema = z
  .number({ error: FIELD_MESSAGES.minorUnits })
  .int(FIELD_MESSAGES.minorUnits)
  .min(0, FIELD_MESSAGES.minorUnits)
  .max(Number.MAX_SAFE_INTEGER, FIELD_MESSAGES.minorUnits);

export const WholeNumberFieldSchema = z
  .number({ error: FIELD_MESSAGES.wholeNumber })
  .int(FIELD_MESSAGES.wholeNumber)
  .min(0, FIELD_MESSAGES.wholeNumber)
  .max(Number.MAX_SAFE_INTEGER, FIELD_MESSAGES.wholeNumber);

export const PositiveWholeFieldSchema = z
  .number({ error: FIELD_MESSAGES.positiveWhole })
  .int(FIELD_MESSAGES.positiveWhole)
  .min(1, FIELD_MESSAGES.positiveWhole);

/** An instant with its offset: what the importer and the API's answers use. */
export const OffsetDateTimeFieldSchema = z.iso.datetime({ offset: true, error: FIELD_MESSAGES.dateTime });

export const FlagFieldSchema = z.boolean({ error: FIELD_MESSAGES.flag });

/** Half a surrogate pair: PostgreSQL's text and jsonb hold it no more than NUL (the write would fail). */
const HALF_A_SURROGATE_PAIR = /\p{Cs}/u;

/** Trimmed text of at most `max` characters (may be empty), that the database can store. */
export function textFieldSchema(max: number) {
  return z
    .string({ error: FIELD_MESSAGES.text })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((text) => !text.includes('\u0000') && !HALF_A_SURROGATE_PAIR.test(text), FIELD_MESSAGES.unstorableText);
}

/** Trimmed text of 1 to `max` characters. */
export function requiredTextFieldSchema(max: number) {
  return textFieldSchema(max).min(1, FIELD_MESSAGES.notEmpty);
}

export const ImagePathFieldSchema = z
  .string({ error: FIELD_MESSAGES.text })
  .trim()
  .regex(/^(\/[^\s]*|https:\/\/[^\s]+)$/, FIELD_MESSAGES.imagePath);

/** An event's category (the spec's event types, which double as the category routes). */
export const EventTypeFieldSchema = z.enum(EVENT_TYPES, { error: `must be one of ${EVENT_TYPES.join(', ')}` });

export const ArtistsFieldSchema = z
  .array(requiredTextFieldSchema(200), { error: FIELD_MESSAGES.artists })
  .max(50, 'must list at most 50 artists');

/** The countries Marquee sells in. */
export const COUNTRIES = ['LK', 'SG', 'AU'] as const;
export const CountryFieldSchema = z.enum(COUNTRIES, { error: `must be one of ${COUNTRIES.join(', ')}` });
export type Country = z.infer<typeof CountryFieldSchema>;

/** Marquee sells in one currency per country: an event's currency is its venue's country's. */
export const CURRENCY_BY_COUNTRY = { LK: 'LKR', SG: 'SGD', AU: 'AUD' } as const satisfies Record<Country, Currency>;

export function currencyOfCountry(country: Country): Currency {
  return CURRENCY_BY_COUNTRY[country];
}

/**
 * An IANA time zone name that this runtime knows (`Asia/Colombo`, `Australia/Sydney`, `UTC`). Intl also takes
 * fixed offsets such as `+05:30` (Node 22 and later), which are not zones: they have no daylight saving, so a
 * venue in one would show the wrong time for half the year.
 */
export function isIanaTimeZone(value: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value) && isValidTimeZone(value);
}

export const TimeZoneFieldSchema = z
  .string({ error: FIELD_MESSAGES.timeZone })
  .trim()
  .max(64, { error: FIELD_MESSAGES.timeZone, abort: true })
  .refine(isIanaTimeZone, FIELD_MESSAGES.timeZone);

/**
 * A date and time as the venue's clocks read it, with no offset (`2026-12-31T19:30`): what the console's
 * `<input type="datetime-local">` gives. Which instant it is depends on the venue's zone (resolved with
 * `zonedWallClockToInstant`, which refuses a time the clocks skip).
 */
export const WallClockFieldSchema = z
  .string({ error: FIELD_MESSAGES.wallClock })
  .regex(WALL_CLOCK_PATTERN, { error: FIELD_MESSAGES.wallClock, abort: true })
  .refine((text) => parseWallClock(text) !== null, 'is not a date and time that exists');

/** A database id named in a body (a venue, a payment gateway): a positive 32-bit integer. */
export const IdFieldSchema = z
  .number({ error: FIELD_MESSAGES.positiveWhole })
  .int(FIELD_MESSAGES.positiveWhole)
  .min(1, FIELD_MESSAGES.positiveWhole)
  .max(2_147_483_647, 'names nothing that exists');

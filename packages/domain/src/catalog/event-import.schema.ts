import { z } from 'zod';
import { BUYER_LIMIT_DEFAULTS } from '../checkout/buyer-limits';
import { CURRENCIES } from '../money/money';
import { SeatMapSchema } from '../seat-map/seat-map.schema';
import { EVENT_TYPES } from './categories';
import { EVENT_STATUSES } from './statuses';

/**
 * The file an operator imports with `npm run events:import -- FILE` (docs/examples/events-import.json).
 * Field names follow the API's snake_case. Messages are written to be read after the field's path, as in
 * `events[3].ticket_packages[1].price: must be a whole number of minor units >= 0`.
 * Venues (with their seat maps) may be defined once in the optional `venues` list and named by events.
 * The demo seed writes its catalogue in this format too (packages/db/src/seed/demo-catalogue.ts).
 */

const MINOR_UNITS = 'must be a whole number of minor units >= 0';
const WHOLE = 'must be a whole number >= 0';
const DATE_TIME = 'must be an ISO 8601 date-time with an offset, e.g. 2026-12-31T19:30:00+05:30';

const minorUnits = z
  .number({ error: MINOR_UNITS })
  .int(MINOR_UNITS)
  .min(0, MINOR_UNITS)
  .max(Number.MAX_SAFE_INTEGER, MINOR_UNITS);
const wholeNumber = z.number({ error: WHOLE }).int(WHOLE).min(0, WHOLE).max(Number.MAX_SAFE_INTEGER, WHOLE);
const positiveWhole = z
  .number({ error: 'must be a whole number >= 1' })
  .int('must be a whole number >= 1')
  .min(1, 'must be a whole number >= 1');
const dateTime = z.iso.datetime({ offset: true, error: DATE_TIME });
const text = (max: number) => z.string({ error: 'must be text' }).trim().max(max, `must be at most ${max} characters`);
const requiredText = (max: number) => text(max).min(1, 'must not be empty');
const flag = z.boolean({ error: 'must be true or false' });
const imagePath = z
  .string({ error: 'must be text' })
  .trim()
  .regex(/^(\/[^\s]*|https:\/\/[^\s]+)$/, 'must be a path on this site (/images/...) or an https:// address');

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const IMPORT_COUNTRIES = ['LK', 'SG', 'AU'] as const;
/** Marquee sells in one currency per country. */
export const CURRENCY_BY_COUNTRY = { LK: 'LKR', SG: 'SGD', AU: 'AUD' } as const;

const VENUE_DEFINITION_FIELDS = ['city', 'country', 'time_zone'] as const;

/** A venue's fields; which of them are required depends on where it stands (below). */
const venueFields = (error: string) =>
  z.strictObject(
    {
      name: requiredText(200),
      city: requiredText(100).optional(),
      address: text(300).optional(),
      country: z.enum(IMPORT_COUNTRIES, { error: `must be one of ${IMPORT_COUNTRIES.join(', ')}` }).optional(),
      time_zone: z
        .string({ error: 'must be an IANA time zone such as Asia/Colombo' })
        .refine(isTimeZone, 'must be an IANA time zone such as Asia/Colombo')
        .optional(),
      seat_map: SeatMapSchema.nullable().optional(),
    },
    { error },
  );

/**
 * A venue: either a reference to one that exists (a name, or `{ name, city }`), or a full definition
 * (with `country` and `time_zone`) that is created unless a venue with that name and city exists.
 */
export const ImportVenueSchema = z.preprocess(
  (value) => (typeof value === 'string' ? { name: value } : value),
  venueFields('must be a venue name or an object with name (and city, country, time_zone to create it)').superRefine(
    (venue, ctx) => {
      const isDefinition =
        venue.country !== undefined ||
        venue.time_zone !== undefined ||
        venue.seat_map !== undefined ||
        venue.address !== undefined;
      if (!isDefinition) return;
      for (const field of VENUE_DEFINITION_FIELDS) {
        if (venue[field] === undefined)
          ctx.addIssue({ code: 'custom', path: [field], message: 'is required to create a venue' });
      }
    },
  ),
);
export type ImportVenue = z.infer<typeof ImportVenueSchema>;

/**
 * An entry of the file's `venues` list: always a full definition, created unless a venue with that name
 * and city exists. Events then refer to it by name (and city), so a seat map is written once per file.
 */
export const ImportVenueDefinitionSchema = venueFields(
  'must be an object with name, city, country and time_zone (and address, seat_map)',
).superRefine((venue, ctx) => {
  for (const field of VENUE_DEFINITION_FIELDS) {
    if (venue[field] === undefined)
      ctx.addIssue({ code: 'custom', path: [field], message: 'is required to create a venue' });
  }
});
export type ImportVenueDefinition = z.infer<typeof ImportVenueDefinitionSchema>;

export const ImportTicketPackageSchema = z
  .strictObject({
    name: requiredText(120),
    description: text(1000).default(''),
    price: minorUnits,
    /** Venues without a seat map: how many tickets. Seated venues: optional, must equal the seat count. */
    capacity: wholeNumber.optional(),
    /** Seated venues: the seat-map sections this package owns. */
    sections: z
      .array(requiredText(8), { error: 'must be a list of section ids' })
      .min(1, 'must list at least one section')
      .optional(),
    /** Seated venues: explicit seat ids (`{section}-{row}-{number}`), instead of sections. */
    seating_range: z
      .array(requiredText(40), { error: 'must be a list of seat ids' })
      .min(1, 'must list at least one seat')
      .optional(),
    sold_count: wholeNumber.default(0),
    free_seating: flag.default(false),
    color_class: z
      .number({ error: 'must be a whole number from 0 to 5' })
      .int('must be a whole number from 0 to 5')
      .min(0, 'must be a whole number from 0 to 5')
      .max(5, 'must be a whole number from 0 to 5')
      .optional(),
    active: flag.default(true),
    inactive_message: text(200).nullable().optional(),
    max_per_order: positiveWhole.max(100, 'must be at most 100').default(10),
  })
  .superRefine((pkg, ctx) => {
    if (pkg.sections && pkg.seating_range) {
      ctx.addIssue({
        code: 'custom',
        path: ['seating_range'],
        message: 'give either sections or seating_range, not both',
      });
    }
    if (pkg.capacity !== undefined && pkg.sold_count > pkg.capacity) {
      ctx.addIssue({ code: 'custom', path: ['sold_count'], message: `must not exceed capacity (${pkg.capacity})` });
    }
  });
export type ImportTicketPackage = z.infer<typeof ImportTicketPackageSchema>;

export const ImportPromoCodeSchema = z
  .strictObject({
    code: z
      .string({ error: 'must be text' })
      .trim()
      .min(3, 'must be at least 3 characters')
      .max(40, 'must be at most 40 characters')
      .regex(/^[A-Za-z0-9_-]+$/, 'may only contain letters, digits, - and _')
      .transform((code) => code.toUpperCase()),
    kind: z.enum(['percent', 'fixed'], { error: 'must be percent or fixed' }),
    /** percent: whole percent 1-100; fixed: minor units off the order. */
    value: positiveWhole,
    /** Names of this event's packages the code applies to; absent: all of them. */
    packages: z.array(requiredText(120), { error: 'must be a list of package names' }).optional(),
    valid_from: dateTime.optional(),
    valid_to: dateTime.optional(),
    max_uses: positiveWhole.optional(),
    max_uses_per_email: positiveWhole.optional(),
    /** Uses the code already had elsewhere (e.g. moved from another ticketing system); counts towards max_uses. */
    used_count: wholeNumber.default(0),
    active: flag.default(true),
  })
  .superRefine((promo, ctx) => {
    if (promo.kind === 'percent' && promo.value > 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'a percent discount must be between 1 and 100' });
    if (promo.valid_from && promo.valid_to && Date.parse(promo.valid_to) <= Date.parse(promo.valid_from)) {
      ctx.addIssue({ code: 'custom', path: ['valid_to'], message: 'must be after valid_from' });
    }
    if (promo.max_uses !== undefined && promo.used_count > promo.max_uses) {
      ctx.addIssue({ code: 'custom', path: ['used_count'], message: `must not exceed max_uses (${promo.max_uses})` });
    }
  });
export type ImportPromoCode = z.infer<typeof ImportPromoCodeSchema>;

export const ImportEventSchema = z
  .strictObject({
    /** Optional stable id for the URL; derived from the name and start date when absent. */
    uid: z
      .string({ error: 'must be 8 lowercase letters or digits' })
      .regex(/^[a-z0-9]{8}$/, 'must be 8 lowercase letters or digits')
      .optional(),
    name: requiredText(200),
    type: z.enum(EVENT_TYPES, { error: `must be one of ${EVENT_TYPES.join(', ')}` }),
    description: text(5000).default(''),
    artists: z
      .array(requiredText(200), { error: 'must be a list of names' })
      .max(50, 'must list at most 50 artists')
      .default([]),
    start_date: dateTime,
    end_date: dateTime.nullable().optional(),
    venue: ImportVenueSchema,
    currency: z.enum(CURRENCIES, { error: `must be one of ${CURRENCIES.join(', ')}` }),
    status: z.enum(EVENT_STATUSES, { error: `must be one of ${EVENT_STATUSES.join(', ')}` }).default('ongoing'),
    featured: flag.default(false),
    free_event: flag.default(false),
    /** Absent: true when the venue has no seat map (nobody picks a seat). */
    free_seating: flag.optional(),
    handling_cost: minorUnits.default(0),
    payment_gateway_ids: z
      .array(positiveWhole, { error: 'must be a list of payment gateway ids' })
      .min(1, 'must list at least one payment gateway')
      .default([1, 2]),
    thumbnail_img: imagePath.optional(),
    banner_img: imagePath.optional(),
    promo_auto_apply: flag.default(false),
    /** The code applied automatically (one of promo_codes); required with promo_auto_apply. */
    promo_code: z.string({ error: 'must be text' }).trim().toUpperCase().optional(),
    ticket_packages: z
      .array(ImportTicketPackageSchema, { error: 'must be a list of ticket packages' })
      .min(1, 'must list at least one ticket package')
      .max(50, 'must list at most 50 ticket packages'),
    promo_codes: z.array(ImportPromoCodeSchema, { error: 'must be a list of promo codes' }).default([]),
    /** Fair holds (decisions/029): tickets one buyer (an e-mail, or an account) may hold at once for this event. */
    max_held_per_buyer: positiveWhole.max(1000, 'must be at most 1000').default(BUYER_LIMIT_DEFAULTS.maxHeldPerBuyer),
    /** Seconds before a buyer may hold a package again after their hold on it ended unpaid (0: at once). */
    hold_cooldown_seconds: wholeNumber
      .max(3600, 'must be at most 3600 (an hour)')
      .default(BUYER_LIMIT_DEFAULTS.holdCooldownSeconds),
    /** Free tickets (price 0) one buyer may hold or book for this event, in all. */
    max_free_per_buyer: positiveWhole.max(1000, 'must be at most 1000').default(BUYER_LIMIT_DEFAULTS.maxFreePerBuyer),
  })
  .superRefine((event, ctx) => {
    if (event.end_date && Date.parse(event.end_date) <= Date.parse(event.start_date)) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'must be after start_date' });
    }
    if (event.venue.country !== undefined && CURRENCY_BY_COUNTRY[event.venue.country] !== event.currency) {
      ctx.addIssue({
        code: 'custom',
        path: ['currency'],
        message: `must be ${CURRENCY_BY_COUNTRY[event.venue.country]} for a venue in ${event.venue.country}`,
      });
    }
    const packageNames = new Set<string>();
    event.ticket_packages.forEach((pkg, index) => {
      if (packageNames.has(pkg.name))
        ctx.addIssue({
          code: 'custom',
          path: ['ticket_packages', index, 'name'],
          message: `duplicates another package's name "${pkg.name}"`,
        });
      packageNames.add(pkg.name);
      if (event.free_event && pkg.price !== 0)
        ctx.addIssue({
          code: 'custom',
          path: ['ticket_packages', index, 'price'],
          message: 'must be 0 for a free event',
        });
    });
    const codes = new Set<string>();
    event.promo_codes.forEach((promo, index) => {
      if (codes.has(promo.code))
        ctx.addIssue({
          code: 'custom',
          path: ['promo_codes', index, 'code'],
          message: `duplicates another code ${promo.code}`,
        });
      codes.add(promo.code);
      (promo.packages ?? []).forEach((name, nameIndex) => {
        if (!packageNames.has(name))
          ctx.addIssue({
            code: 'custom',
            path: ['promo_codes', index, 'packages', nameIndex],
            message: `names no ticket package of this event ("${name}")`,
          });
      });
    });
    if (event.promo_auto_apply && !event.promo_code) {
      ctx.addIssue({ code: 'custom', path: ['promo_code'], message: 'is required when promo_auto_apply is true' });
    }
    if (event.promo_code && !codes.has(event.promo_code)) {
      ctx.addIssue({
        code: 'custom',
        path: ['promo_code'],
        message: `must be one of this event's promo_codes (${[...codes].join(', ') || 'none given'})`,
      });
    }
  });
export type ImportEvent = z.infer<typeof ImportEventSchema>;

export const EventImportFileSchema = z.strictObject(
  {
    /** Venues to create unless they exist (optional: events may define or name their venues themselves). */
    venues: z
      .array(ImportVenueDefinitionSchema, { error: 'must be a list of venues' })
      .max(1000, 'must list at most 1000 venues')
      .default([]),
    events: z
      .array(ImportEventSchema, { error: 'must be a list of events' })
      .min(1, 'must list at least one event')
      .max(1000, 'must list at most 1000 events'),
  },
  { error: 'the file must be a JSON object with an "events" list' },
);
export type EventImportFile = z.infer<typeof EventImportFileSchema>;
/** What an operator writes (defaults not yet applied). */
export type EventImportFileInput = z.input<typeof EventImportFileSchema>;

/** `['events', 3, 'ticket_packages', 1, 'price']` → `events[3].ticket_packages[1].price`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || '(file)';
}

export interface ImportIssue {
  path: string;
  message: string;
}

/** Zod's issues as `path: message` pairs, in the file's order. */
export function importIssuesFromZod(error: z.ZodError): ImportIssue[] {
  return error.issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message }));
}

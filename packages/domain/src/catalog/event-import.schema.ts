import { z } from 'zod';
import { EVENT_FIELDS } from '../authoring/event.schema';
import {
  COUNTRIES,
  FIELD_MESSAGES,
  FlagFieldSchema,
  ImagePathFieldSchema,
  OffsetDateTimeFieldSchema,
  PositiveWholeFieldSchema,
  WholeNumberFieldSchema,
  requiredTextFieldSchema,
} from '../authoring/fields.schema';
import { currencyProblem, endsAfterStart } from '../authoring/rules';
import { TICKET_PACKAGE_FIELDS } from '../authoring/ticket-package.schema';
import { VENUE_FIELDS } from '../authoring/venue.schema';
import { BUYER_LIMIT_DEFAULTS } from '../checkout/buyer-limits';
import { CURRENCIES } from '../money/money';
import { SeatMapSchema } from '../seat-map/seat-map.schema';
import { isValidTimeZone } from '../time/format-event-time';
import { EVENT_STATUSES } from './statuses';

/**
 * The file an operator imports with `npm run events:import -- FILE` (docs/examples/events-import.json).
 * Field names follow the API's snake_case. Messages are written to be read after the field's path, as in
 * `events[3].ticket_packages[1].price: must be a whole number of minor units >= 0`.
 * Venues (with their seat maps) may be defined once in the optional `venues` list and named by events.
 * The demo seed writes its catalogue in this format too (packages/db/src/seed/demo-catalogue.ts).
 *
 * The fields an organiser also writes in the console are the console's own schemas (../authoring), so the
 * importer, the console and its API accept the same values with the same words. Where the importer differs,
 * it says why beside the field.
 */

export const IMPORT_COUNTRIES = COUNTRIES;
/** Marquee sells in one currency per country. */
export { CURRENCY_BY_COUNTRY } from '../authoring/fields.schema';

const VENUE_DEFINITION_FIELDS = ['city', 'country', 'time_zone'] as const;

/** A venue's fields; which of them are required depends on where it stands (below). */
const venueFields = (error: string) =>
  z.strictObject(
    {
      name: VENUE_FIELDS.name,
      city: VENUE_FIELDS.city.optional(),
      address: VENUE_FIELDS.address.optional(),
      country: VENUE_FIELDS.country.optional(),
      /**
       * Any zone this runtime's Intl knows, untrimmed, as before the console existed: the console's
       * TimeZoneFieldSchema also refuses fixed offsets (`+05:30`, which Node 22+ takes as a zone).
       */
      time_zone: z
        .string({ error: FIELD_MESSAGES.timeZone })
        .refine(isValidTimeZone, FIELD_MESSAGES.timeZone)
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
    name: TICKET_PACKAGE_FIELDS.name,
    description: TICKET_PACKAGE_FIELDS.description.default(''),
    price: TICKET_PACKAGE_FIELDS.price,
    /**
     * Venues without a seat map: how many tickets. Seated venues: optional, must equal the seat count.
     * (No upper bound here, unlike the console's: the importer never had one.)
     */
    capacity: WholeNumberFieldSchema.optional(),
    /** Seated venues: the seat-map sections this package owns. */
    sections: z
      .array(requiredTextFieldSchema(8), { error: 'must be a list of section ids' })
      .min(1, 'must list at least one section')
      .optional(),
    /** Seated venues: explicit seat ids (`{section}-{row}-{number}`), instead of sections. */
    seating_range: z
      .array(requiredTextFieldSchema(40), { error: 'must be a list of seat ids' })
      .min(1, 'must list at least one seat')
      .optional(),
    sold_count: WholeNumberFieldSchema.default(0),
    free_seating: TICKET_PACKAGE_FIELDS.free_seating.default(false),
    color_class: z
      .number({ error: 'must be a whole number from 0 to 5' })
      .int('must be a whole number from 0 to 5')
      .min(0, 'must be a whole number from 0 to 5')
      .max(5, 'must be a whole number from 0 to 5')
      .optional(),
    active: TICKET_PACKAGE_FIELDS.active.default(true),
    inactive_message: TICKET_PACKAGE_FIELDS.inactive_message.optional(),
    max_per_order: TICKET_PACKAGE_FIELDS.max_per_order.default(10),
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
    value: PositiveWholeFieldSchema,
    /** Names of this event's packages the code applies to; absent: all of them. */
    packages: z.array(requiredTextFieldSchema(120), { error: 'must be a list of package names' }).optional(),
    valid_from: OffsetDateTimeFieldSchema.optional(),
    valid_to: OffsetDateTimeFieldSchema.optional(),
    max_uses: PositiveWholeFieldSchema.optional(),
    max_uses_per_email: PositiveWholeFieldSchema.optional(),
    /** Uses the code already had elsewhere (e.g. moved from another ticketing system); counts towards max_uses. */
    used_count: WholeNumberFieldSchema.default(0),
    active: FlagFieldSchema.default(true),
  })
  .superRefine((promo, ctx) => {
    if (promo.kind === 'percent' && promo.value > 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'a percent discount must be between 1 and 100' });
    if (promo.valid_from && promo.valid_to && !endsAfterStart(promo.valid_from, promo.valid_to)) {
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
    name: EVENT_FIELDS.name,
    type: EVENT_FIELDS.type,
    description: EVENT_FIELDS.description.default(''),
    artists: EVENT_FIELDS.artists.default([]),
    start_date: OffsetDateTimeFieldSchema,
    end_date: OffsetDateTimeFieldSchema.nullable().optional(),
    venue: ImportVenueSchema,
    currency: z.enum(CURRENCIES, { error: `must be one of ${CURRENCIES.join(', ')}` }),
    status: z.enum(EVENT_STATUSES, { error: `must be one of ${EVENT_STATUSES.join(', ')}` }).default('ongoing'),
    featured: EVENT_FIELDS.featured.default(false),
    free_event: EVENT_FIELDS.free_event.default(false),
    /** Absent: true when the venue has no seat map (nobody picks a seat). */
    free_seating: FlagFieldSchema.optional(),
    handling_cost: EVENT_FIELDS.handling_cost.default(0),
    /**
     * At least one, and the demo's two by default: imported events go on sale at once. (The console's may be
     * empty while a draft, and lists each id once; the importer never refused a repeated id.)
     */
    payment_gateway_ids: z
      .array(PositiveWholeFieldSchema, { error: FIELD_MESSAGES.paymentGatewayIds })
      .min(1, 'must list at least one payment gateway')
      .default([1, 2]),
    thumbnail_img: ImagePathFieldSchema.optional(),
    banner_img: ImagePathFieldSchema.optional(),
    promo_auto_apply: FlagFieldSchema.default(false),
    /** The code applied automatically (one of promo_codes); required with promo_auto_apply. */
    promo_code: z.string({ error: 'must be text' }).trim().toUpperCase().optional(),
    ticket_packages: z
      .array(ImportTicketPackageSchema, { error: 'must be a list of ticket packages' })
      .min(1, 'must list at least one ticket package')
      .max(50, 'must list at most 50 ticket packages'),
    promo_codes: z.array(ImportPromoCodeSchema, { error: 'must be a list of promo codes' }).default([]),
    /** Fair holds (decisions/029): tickets one buyer (an e-mail, or an account) may hold at once for this event. */
    max_held_per_buyer: PositiveWholeFieldSchema.max(1000, 'must be at most 1000').default(
      BUYER_LIMIT_DEFAULTS.maxHeldPerBuyer,
    ),
    /** Seconds before a buyer may hold a package again after their hold on it ended unpaid (0: at once). */
    hold_cooldown_seconds: WholeNumberFieldSchema.max(3600, 'must be at most 3600 (an hour)').default(
      BUYER_LIMIT_DEFAULTS.holdCooldownSeconds,
    ),
    /** Free tickets (price 0) one buyer may hold or book for this event, in all. */
    max_free_per_buyer: PositiveWholeFieldSchema.max(1000, 'must be at most 1000').default(
      BUYER_LIMIT_DEFAULTS.maxFreePerBuyer,
    ),
  })
  .superRefine((event, ctx) => {
    if (event.end_date && !endsAfterStart(event.start_date, event.end_date)) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'must be after start_date' });
    }
    const currency = event.venue.country === undefined ? null : currencyProblem(event.currency, event.venue.country);
    if (currency) ctx.addIssue({ code: 'custom', path: ['currency'], message: currency });
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

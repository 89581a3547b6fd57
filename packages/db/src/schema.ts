import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SeatMap } from '@marquee/domain/seat-map';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const venues = pgTable(
  'venues',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    city: text('city').notNull(),
    /** ISO 3166-1 alpha-2: LK, SG, AU. */
    country: text('country').notNull(),
    timeZone: text('time_zone').notNull(),
    /** null: no map (ticket list view); otherwise the compact layout, whose `type` picks the renderer. */
    seatMap: jsonb('seat_map').$type<SeatMap>(),
    seatMapType: text('seat_map_type').generatedAlwaysAs((): SQL => sql`${venues.seatMap} ->> 'type'`),
    ...timestamps,
  },
  (t) => [uniqueIndex('venues_name_city_key').on(t.name, t.city)],
);

export const paymentGateways = pgTable('payment_gateways', {
  /** Fixed ids: the instalment provider's id is part of the product (spec section 9). */
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['card', 'instalments'] }).notNull(),
  logo: text('logo').notNull(),
});

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    /** Public id used in routes: /{type}/{slug}/{uid}. */
    uid: text('uid').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: ['concerts', 'theatre', 'dance', 'uni-events'] }).notNull(),
    description: text('description').notNull().default(''),
    artists: text('artists').array().notNull().default(sql`'{}'::text[]`),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }),
    thumbnailImg: text('thumbnail_img').notNull(),
    bannerImg: text('banner_img').notNull(),
    featured: boolean('featured').notNull().default(false),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    currency: text('currency', { enum: ['LKR', 'SGD', 'AUD'] }).notNull(),
    status: text('status', { enum: ['ongoing', 'presale', 'pending', 'soldout', 'postponed', 'closed'] }).notNull(),
    freeEvent: boolean('free_event').notNull().default(false),
    freeSeating: boolean('free_seating').notNull().default(false),
    promo: boolean('promo').notNull().default(false),
    promoAutoApply: boolean('promo_auto_apply').notNull().default(false),
    promoCode: text('promo_code'),
    /** Convenience Fee per order, minor units. */
    handlingCost: integer('handling_cost').notNull().default(0),
    /** Ids into payment_gateways, in display order; the first is the default. */
    paymentGatewayIds: integer('payment_gateway_ids').array().notNull().default(sql`'{}'::int[]`),
    /** Ranked full-text search over name (A), artists (B), venue words copied in at write time (C). */
    searchVector: tsvector('search_vector'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('events_uid_key').on(t.uid),
    index('events_type_start_idx').on(t.type, t.startDate),
    index('events_start_idx').on(t.startDate),
    index('events_search_idx').using('gin', t.searchVector),
    check('events_handling_cost_nonnegative', sql`${t.handlingCost} >= 0`),
  ],
);

export const ticketPackages = pgTable(
  'ticket_packages',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Minor units of the event's currency. */
    price: integer('price').notNull(),
    /** How many tickets the package has in all; for seated packages, the number of seats in seating_range. */
    capacity: integer('capacity').notNull(),
    /** Tickets sold so far; holds are counted separately (see the inventory module). */
    soldCount: integer('sold_count').notNull().default(0),
    /** Seat ids this package owns (spec: seating_range); empty for unseated packages. */
    seatingRange: text('seating_range').array().notNull().default(sql`'{}'::text[]`),
    freeSeating: boolean('free_seating').notNull().default(false),
    /** Which of the six package colours the seat map uses (0-5). */
    colorClass: smallint('color_class').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** Shown in place of the counter while inactive (e.g. "Sales open on 1 December"). */
    inactiveMessage: text('inactive_message'),
    maxPerOrder: integer('max_per_order').notNull().default(10),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('ticket_packages_event_idx').on(t.eventId),
    check('ticket_packages_price_nonnegative', sql`${t.price} >= 0`),
    check('ticket_packages_capacity_nonnegative', sql`${t.capacity} >= 0`),
    check('ticket_packages_sold_within_capacity', sql`${t.soldCount} >= 0 AND ${t.soldCount} <= ${t.capacity}`),
    check('ticket_packages_color_class_range', sql`${t.colorClass} BETWEEN 0 AND 5`),
    check('ticket_packages_max_per_order_positive', sql`${t.maxPerOrder} > 0`),
  ],
);

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    /** Stored upper-case; codes are matched case-insensitively. */
    code: text('code').notNull(),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    /** Percent: whole percent (1-100); fixed: minor units off the order. */
    value: integer('value').notNull(),
    /** Empty: every package of the event. */
    packageIds: integer('package_ids').array().notNull().default(sql`'{}'::int[]`),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerEmail: integer('max_uses_per_email'),
    usedCount: integer('used_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('promo_codes_event_code_key').on(t.eventId, t.code),
    check('promo_codes_value_positive', sql`${t.value} > 0`),
    check('promo_codes_percent_range', sql`${t.kind} <> 'percent' OR ${t.value} <= 100`),
  ],
);

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull().default(''),
  image: text('image').notNull(),
  link: text('link').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const testimonials = pgTable('testimonials', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  profession: text('profession').notNull(),
  description: text('description').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const schema = { venues, paymentGateways, events, ticketPackages, promoCodes, banners, testimonials };

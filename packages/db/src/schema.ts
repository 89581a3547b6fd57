import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { EVENT_LIFECYCLE, type GenericLayoutSpec } from '@marquee/domain/authoring';
import { BUYER_LIMIT_DEFAULTS } from '@marquee/domain/orders';
import { GATE_REFUSAL_REASONS } from '@marquee/domain/gate';
import { ORGANISATION_STATUSES } from '@marquee/domain/organiser';
import { ORGANISATION_ROLES } from '@marquee/domain/permissions';
import type { SeatMap } from '@marquee/domain/seat-map';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** Raw bytes: node-postgres reads a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/*
 * Organisations (issue 21; decisions/032): who owns venues and events. The tenant walls start here:
 * every organiser-owned row carries its organisation_id, and composite foreign keys
 * (`(organisation_id, venue_id) → venues (organisation_id, id)`, …) make a link to another
 * organisation's row impossible to write.
 */

export const organisations = pgTable(
  'organisations',
  {
    id: serial('id').primaryKey(),
    /** The console's address (/organiser/{slug}); immutable once approved. */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** null only for the 'marquee' organisation migration 0013 made for a catalogue that predates organisations. */
    contactEmail: text('contact_email'),
    /** ISO 3166-1 alpha-2 of the organisation's home market. */
    country: text('country', { enum: ['LK', 'SG', 'AU'] }).notNull(),
    status: text('status', { enum: ORGANISATION_STATUSES }).notNull().default('pending'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: text('approved_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('organisations_slug_key').on(t.slug),
    // 3-40 lower-case letters and digits, single hyphens inside (the console also refuses reserved words).
    check('organisations_slug_format', sql`${t.slug} ~ '^[a-z0-9](-?[a-z0-9]){2,39}$'`),
  ],
);

export const venues = pgTable(
  'venues',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    city: text('city').notNull(),
    /** ISO 3166-1 alpha-2: LK, SG, AU. */
    country: text('country').notNull(),
    timeZone: text('time_zone').notNull(),
    /** null: no map (ticket list view); otherwise the compact layout, whose `type` picks the renderer. */
    seatMap: jsonb('seat_map').$type<SeatMap>(),
    seatMapType: text('seat_map_type').generatedAlwaysAs((): SQL => sql`${venues.seatMap} ->> 'type'`),
    /** The layout builder's input a generic map was built from, so the console can edit it again; null otherwise. */
    layoutSpec: jsonb('layout_spec').$type<GenericLayoutSpec>(),
    ...timestamps,
  },
  (t) => [
    // Names are unique within an organisation: two organisers may each have a "Town Hall" in one city.
    uniqueIndex('venues_organisation_name_city_key').on(t.organisationId, t.name, t.city),
    // The target of events' composite foreign key: an event's venue is its own organisation's.
    unique('venues_organisation_id_key').on(t.organisationId, t.id),
  ],
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
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** Public id used in routes: /{type}/{slug}/{uid}. */
    uid: text('uid').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: ['concerts', 'theatre', 'dance', 'uni-events'] }).notNull(),
    description: text('description').notNull().default(''),
    artists: text('artists')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }),
    thumbnailImg: text('thumbnail_img').notNull(),
    bannerImg: text('banner_img').notNull(),
    featured: boolean('featured').notNull().default(false),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    currency: text('currency', { enum: ['LKR', 'SGD', 'AUD'] }).notNull(),
    /**
     * The lifecycle (authoring/lifecycle.ts). Sold out is not stored: the buyer side computes it from the
     * packages (modules/catalog); migration 0014 moved the rows stored 'soldout' to 'ongoing'.
     */
    status: text('status', { enum: EVENT_LIFECYCLE }).notNull(),
    freeEvent: boolean('free_event').notNull().default(false),
    freeSeating: boolean('free_seating').notNull().default(false),
    promo: boolean('promo').notNull().default(false),
    promoAutoApply: boolean('promo_auto_apply').notNull().default(false),
    promoCode: text('promo_code'),
    /** Convenience Fee per order, minor units. */
    handlingCost: integer('handling_cost').notNull().default(0),
    /** Ids into payment_gateways, in display order; the first is the default. */
    paymentGatewayIds: integer('payment_gateway_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    /** Ranked full-text search over name (A), artists (B), venue words copied in at write time (C). */
    searchVector: tsvector('search_vector'),
    /*
     * Fair holds (issue 20; decisions/029), enforced by marquee_check_buyer_limits() under the buyer's lock.
     * A buyer is an e-mail (as the checkout normalises it) and, when signed in, an account.
     */
    /** Tickets one buyer may hold at once for this event, across their unpaid orders. */
    maxHeldPerBuyer: integer('max_held_per_buyer').notNull().default(BUYER_LIMIT_DEFAULTS.maxHeldPerBuyer),
    /** Seconds before a buyer may hold a package again after their hold on it ended unpaid (cancelled or expired). */
    holdCooldownSeconds: integer('hold_cooldown_seconds').notNull().default(BUYER_LIMIT_DEFAULTS.holdCooldownSeconds),
    /** Free tickets (price 0) one buyer may hold or book for this event, in all. */
    maxFreePerBuyer: integer('max_free_per_buyer').notNull().default(BUYER_LIMIT_DEFAULTS.maxFreePerBuyer),
    /* The organiser console (issue 21). */
    /** When a presale or pending event goes on sale (the buyer side reads it from step 3 on). */
    saleStartsAt: timestamp('sale_starts_at', { withTimezone: true }),
    /**
     * The on-sale's waiting room (issue 23; decisions/048): orders need an admission from the queue, which lets
     * `admit_per_minute` buyers in (lowered by the server when placing orders gets slow).
     */
    waitingRoom: boolean('waiting_room').notNull().default(false),
    admitPerMinute: integer('admit_per_minute').notNull().default(600),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Set when an operator (or a suspension) takes the event off the site; null while it may be shown. */
    unpublishedAt: timestamp('unpublished_at', { withTimezone: true }),
    unpublishedBy: text('unpublished_by').references(() => users.id, { onDelete: 'set null' }),
    unpublishedReason: text('unpublished_reason'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('events_uid_key').on(t.uid),
    // The target of member_events' composite foreign key.
    unique('events_organisation_id_key').on(t.organisationId, t.id),
    // An event's venue belongs to the event's organisation.
    foreignKey({
      name: 'events_organisation_venue_fk',
      columns: [t.organisationId, t.venueId],
      foreignColumns: [venues.organisationId, venues.id],
    }),
    index('events_type_start_idx').on(t.type, t.startDate),
    index('events_start_idx').on(t.startDate),
    index('events_search_idx').using('gin', t.searchVector),
    check('events_handling_cost_nonnegative', sql`${t.handlingCost} >= 0`),
    check('events_admit_per_minute_range', sql`${t.admitPerMinute} BETWEEN 10 AND 100000`),
    check('events_status_lifecycle', sql`${t.status} IN (${sql.raw(EVENT_LIFECYCLE.map((s) => `'${s}'`).join(', '))})`),
    check(
      'events_buyer_limits_valid',
      sql`${t.maxHeldPerBuyer} >= 1 AND ${t.holdCooldownSeconds} >= 0 AND ${t.maxFreePerBuyer} >= 1`,
    ),
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
    /** Tickets sold so far. */
    soldCount: integer('sold_count').notNull().default(0),
    /**
     * Tickets on holds with status 'active' (see `holds`). A hold past its expiry still counts here until
     * it is reclaimed, which the inventory module does before it ever refuses a hold, so an expired hold
     * never makes a package look sold out (invariant 3); the check below makes overselling impossible.
     */
    heldCount: integer('held_count').notNull().default(0),
    /** Seat ids this package owns (spec: seating_range); empty for unseated packages. */
    seatingRange: text('seating_range')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    freeSeating: boolean('free_seating').notNull().default(false),
    /** Which of the six package colours the seat map uses (0-5). */
    colorClass: smallint('color_class').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** Shown in place of the counter while inactive (e.g. "Sales open on 1 December"). */
    inactiveMessage: text('inactive_message'),
    maxPerOrder: integer('max_per_order').notNull().default(10),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The package's own sale window (null: from the event's sale start; until the event ends). */
    saleStartsAt: timestamp('sale_starts_at', { withTimezone: true }),
    saleEndsAt: timestamp('sale_ends_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('ticket_packages_event_idx').on(t.eventId),
    check('ticket_packages_price_nonnegative', sql`${t.price} >= 0`),
    check('ticket_packages_capacity_nonnegative', sql`${t.capacity} >= 0`),
    check('ticket_packages_sold_within_capacity', sql`${t.soldCount} >= 0 AND ${t.soldCount} <= ${t.capacity}`),
    // Invariant 1, enforced by the database: sold + held never exceeds capacity, whatever the concurrency.
    check(
      'ticket_packages_taken_within_capacity',
      sql`${t.heldCount} >= 0 AND ${t.soldCount} + ${t.heldCount} <= ${t.capacity}`,
    ),
    check('ticket_packages_color_class_range', sql`${t.colorClass} BETWEEN 0 AND 5`),
    check('ticket_packages_max_per_order_positive', sql`${t.maxPerOrder} > 0`),
    check(
      'ticket_packages_sale_window',
      sql`${t.saleEndsAt} IS NULL OR ${t.saleStartsAt} IS NULL OR ${t.saleEndsAt} > ${t.saleStartsAt}`,
    ),
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
    packageIds: integer('package_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerEmail: integer('max_uses_per_email'),
    usedCount: integer('used_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** Applied at checkout without being typed (migration 0022; decisions/045): one active per event. */
    autoApply: boolean('auto_apply').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('promo_codes_event_code_key').on(t.eventId, t.code),
    uniqueIndex('promo_codes_one_auto_apply_per_event')
      .on(t.eventId)
      .where(sql`${t.autoApply} AND ${t.active}`),
    check('promo_codes_auto_apply_has_event', sql`NOT ${t.autoApply} OR ${t.eventId} IS NOT NULL`),
    check('promo_codes_value_positive', sql`${t.value} > 0`),
    check('promo_codes_percent_range', sql`${t.kind} <> 'percent' OR ${t.value} <= 100`),
    // Uses are counted at payment under the code's row lock; the database refuses one use too many.
    check('promo_codes_uses_within_limit', sql`${t.maxUses} IS NULL OR ${t.usedCount} <= ${t.maxUses}`),
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

/**
 * An order (the Booking a buyer sees): the buyer, the server's prices and totals, the payment. Its
 * `order_id` is the public Booking ID; the numeric id never leaves the server.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id').notNull(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    status: text('status', { enum: ['pending', 'complete', 'verified', 'cancelled', 'failed'] })
      .notNull()
      .default('pending'),
    cancelReason: text('cancel_reason', { enum: ['expired', 'cancelled_by_buyer'] }),
    /**
     * A failed order's reason (its payment was refunded): `sold_out`, paid after its hold ended with its
     * tickets gone; `promo_limit`, paid when its promo code's limits were already spent (decisions/031).
     */
    failureReason: text('failure_reason', { enum: ['sold_out', 'promo_limit'] }),
    /** The provider's code of the last payment attempt that did not go through (card_declined, …). */
    lastPaymentError: text('last_payment_error'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    nic: text('nic').notNull(),
    currency: text('currency', { enum: ['LKR', 'SGD', 'AUD'] }).notNull(),
    subtotal: integer('subtotal').notNull(),
    convenienceFee: integer('convenience_fee').notNull(),
    discount: integer('discount').notNull(),
    total: integer('total').notNull(),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id),
    paymentGatewayId: integer('payment_gateway_id')
      .notNull()
      .references(() => paymentGateways.id),
    paymentIntentId: text('payment_intent_id'),
    paymentClientSecret: text('payment_client_secret'),
    paymentRedirectUrl: text('payment_redirect_url'),
    /** The buyer's bearer token for this order (returned once at creation and on an idempotent replay). */
    accessToken: text('access_token').notNull(),
    /** Idempotency-Key of the create request, and a hash of its body: a replay with another body is refused. */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash').notNull(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * Minor units given back by the console's refunds (issue 22; decisions/037), counted when a refund is
     * decided (pending included), under the order's row lock. The check below keeps it within the total.
     */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** When the whole total had been refunded; null otherwise. The status stays paid: the tickets are voided. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** A sale (the buyer's checkout) or a comp: free tickets the box office issued to a named guest (issue 22). */
    kind: text('kind', { enum: ['sale', 'comp'] })
      .notNull()
      .default('sale'),
    /** A comp's note from the box office (why, for whom); null for a sale (decisions/039). */
    compNote: text('comp_note'),
    /**
     * Best available (issue 24): what the buyer asked for when the server picked the seats
     * ({package_id, section, accessible}), and how many times they swapped them for others since; null for
     * seats picked on the map.
     */
    bestAvailable: jsonb('best_available').$type<{
      package_id: number;
      section: string | null;
      accessible: boolean;
      /** Seats the buyer swapped away: never offered to this order again. */
      declined?: string[];
    }>(),
    seatRetries: smallint('seat_retries').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_order_id_key').on(t.orderId),
    uniqueIndex('orders_idempotency_key').on(t.idempotencyKey),
    index('orders_event_idx').on(t.eventId),
    // By e-mail (the booking lookup), and by e-mail within an event: a buyer's orders, which
    // marquee_check_buyer_limits() counts for every placement (decisions/029).
    index('orders_email_event_idx').on(t.email, t.eventId),
    // A promo code's paid uses by e-mail, counted under the code's lock at payment (decisions/031).
    index('orders_promo_code_idx')
      .on(t.promoCodeId)
      .where(sql`${t.promoCodeId} IS NOT NULL`),
    check(
      'orders_amounts_nonnegative',
      sql`${t.subtotal} >= 0 AND ${t.convenienceFee} >= 0 AND ${t.discount} >= 0 AND ${t.total} >= 0`,
    ),
    // Never more given back than was paid, whatever the concurrency (decisions/037).
    check('orders_refunded_within_total', sql`${t.refundedAmount} >= 0 AND ${t.refundedAmount} <= ${t.total}`),
    check('orders_kind_known', sql`${t.kind} IN ('sale', 'comp')`),
    check('orders_comp_free', sql`${t.kind} <> 'comp' OR ${t.total} = 0`),
  ],
);

/** What an order bought: a line per package at the price the server charged. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => ticketPackages.id),
    packageName: text('package_name').notNull(),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    /** Seat ids of the line; empty for counted packages. */
    seats: text('seats')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('order_lines_order_package_key').on(t.orderId, t.packageId),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * A hold on a quantity of one package for one order. 'active' holds are counted in
 * ticket_packages.held_count; leaving 'active' (released, expired, converted on payment) gives the
 * quantity back in the same transaction.
 */
export const holds = pgTable(
  'holds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => ticketPackages.id),
    quantity: integer('quantity').notNull(),
    /**
     * Where the tickets were counted: 0 on the package's own row (held_count), otherwise that bucket of
     * ticket_package_buckets (decisions/018).
     */
    bucket: smallint('bucket').notNull().default(0),
    status: text('status', { enum: ['active', 'released', 'expired', 'converted'] })
      .notNull()
      .default('active'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('holds_order_package_key').on(t.orderId, t.packageId),
    index('holds_active_expiry_idx')
      .on(t.packageId, t.expiresAt)
      .where(sql`${t.status} = 'active'`),
    index('holds_active_sweep_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'active'`),
    check('holds_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * Who has each seat of an event (invariant 2): the primary key allows one row per (event, seat). A
 * 'held' row whose expiry has passed is free: the next buyer takes the row over in the same statement.
 */
export const seatClaims = pgTable(
  'seat_claims',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    seatId: text('seat_id').notNull(),
    packageId: integer('package_id')
      .notNull()
      .references(() => ticketPackages.id),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['held', 'sold'] }).notNull(),
    /** null once sold. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.seatId] }),
    index('seat_claims_order_idx').on(t.orderId),
    check('seat_claims_held_expires', sql`(${t.state} = 'held') = (${t.expiresAt} IS NOT NULL)`),
  ],
);

/**
 * Best available (issue 24; decisions/046): an event's seats in blocks, a block being seats side by side in one
 * row, of one package, with no aisle between them (left to right), ranked by the venue's rule (block_no 0 is
 * the best). Built from the venue's layout and the packages' seating ranges by the server
 * (modules/inventory/seat-blocks.ts) when an event's packages change; read by marquee_pick_seats(). Who has a
 * seat is still only seat_claims; `free_run` and `hint_until` are a hint that the block had no longer run of
 * free ordinary seats than `free_run` when last looked at, trusted until `hint_until` (2 s), so that a picker
 * skips full rows without reading their claims.
 */
export const seatBlocks = pgTable(
  'seat_blocks',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    blockNo: integer('block_no').notNull(),
    packageId: integer('package_id')
      .notNull()
      .references(() => ticketPackages.id, { onDelete: 'cascade' }),
    section: text('section').notNull(),
    row: text('row').notNull(),
    seatIds: text('seat_ids').array().notNull(),
    /** Per seat, lower is better (tenths of the map's unit from the stage's centre, by default). */
    scores: integer('scores').array().notNull(),
    /** One character per seat: '.' ordinary, 'w' wheelchair space, 'c' companion seat. */
    access: text('access').notNull(),
    size: integer('size').notNull(),
    hasWheelchair: boolean('has_wheelchair').notNull(),
    freeRun: integer('free_run'),
    hintUntil: timestamp('hint_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.blockNo] }),
    index('seat_blocks_package_idx').on(t.eventId, t.packageId, t.blockNo),
    check('seat_blocks_size', sql`${t.size} = cardinality(${t.seatIds}) AND ${t.size} = cardinality(${t.scores}) AND ${t.size} = length(${t.access})`),
  ],
);

/** Which version of an event's packages and layout its seat_blocks were built from (one row per event). */
export const seatBlockSets = pgTable('seat_block_sets', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  version: text('version').notNull(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An event's waiting room (issue 23; decisions/048), one row once anyone has joined: places handed out
 * (`joined`, dense from 1), the places admitted so far (`admitted_through`, moved on at the current rate by
 * whichever server process ticks first each second), and when the pre-queue was drawn (`opened_at`).
 */
export const queueRooms = pgTable(
  'queue_rooms',
  {
    eventId: integer('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    joined: bigint('joined', { mode: 'number' }).notNull().default(0),
    admittedThrough: doublePrecision('admitted_through').notNull().default(0),
    ratePerMinute: integer('rate_per_minute').notNull(),
    tickedAt: timestamp('ticked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('queue_rooms_admitted_within_joined', sql`${t.admittedThrough} >= 0 AND ${t.admittedThrough} <= ${t.joined}`)],
);

/**
 * A buyer's place in an event's waiting room: one per browser (`visitor`, the sha256 of its `mq_queue` cookie).
 * `position` is null in the pre-queue until the draw; `admitted_at` is set the first time the buyer is told
 * they are in; `orders_placed` counts the orders the admission placed (ORDERS_PER_ADMISSION at most).
 */
export const queueEntries = pgTable(
  'queue_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    position: bigint('position', { mode: 'number' }),
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
    ordersPlaced: smallint('orders_placed').notNull().default(0),
  },
  (t) => [
    uniqueIndex('queue_entries_event_visitor_key').on(t.eventId, t.visitor),
    uniqueIndex('queue_entries_event_position_key')
      .on(t.eventId, t.position)
      .where(sql`${t.position} IS NOT NULL`),
  ],
);

/**
 * A large package's counter split into buckets, so an on-sale rush does not queue on one row
 * (decisions/018). A bucket is an allotment of the package's tickets: the package row counts it in its
 * held_count (so sold + held <= capacity still bounds everything), and the bucket's holds take from it
 * (held_count <= allotted). Buyers spread over the buckets; a bucket that runs dry is refilled from the
 * package in chunks, and a package that runs dry takes the buckets' spare tickets back before anyone is
 * refused. Written only by the SQL functions of migration 0006 and the inventory module.
 */
export const ticketPackageBuckets = pgTable(
  'ticket_package_buckets',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => ticketPackages.id, { onDelete: 'cascade' }),
    bucket: smallint('bucket').notNull(),
    /** Tickets taken from the package into this bucket (counted in the package's held_count). */
    allotted: integer('allotted').notNull().default(0),
    /** Tickets of this bucket on active holds. */
    heldCount: integer('held_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.packageId, t.bucket] }),
    check('ticket_package_buckets_bucket_positive', sql`${t.bucket} > 0`),
    check('ticket_package_buckets_held_within_allotted', sql`${t.heldCount} >= 0 AND ${t.heldCount} <= ${t.allotted}`),
  ],
);

/** The sandbox card gateway's payment intents (the embedded default gateway keeps them here). */
export const sandboxPaymentIntents = pgTable('sandbox_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  /** Our order's public id, also the creation's idempotency key: one intent per order. */
  reference: text('reference').notNull().unique(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status', {
    enum: ['requires_payment_method', 'requires_action', 'processing', 'succeeded', 'canceled', 'refunded'],
  })
    .notNull()
    .default('requires_payment_method'),
  lastError: text('last_error'),
  /** Minor units refunded so far (partial refunds add up; the status turns 'refunded' at the whole amount). */
  refundedAmount: integer('refunded_amount').notNull().default(0),
  ...timestamps,
});
/** A sandbox intent as read (the gateway, its provider pages and its webhooks share it). */
export type SandboxIntentRow = typeof sandboxPaymentIntents.$inferSelect;

/**
 * Tickets of paid orders: one row per admission or seat (issue 5). `code` is the ticket's public
 * identity (its QR code carries it, signed). A seat is sold once per event (a partial unique index).
 */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    packageId: integer('package_id')
      .notNull()
      .references(() => ticketPackages.id),
    /** 1..quantity within the order's line: with order and package, what makes issuing idempotent. */
    admissionNo: integer('admission_no').notNull(),
    seatId: text('seat_id'),
    code: text('code').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Set once by a refund (issue 22): the gate refuses the ticket, and its seat or place is on sale again. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /** The refund that voided it. */
    refundId: integer('refund_id'),
    /** The holder's name when the desk corrected it (decisions/039); null: the buyer's name. Both or neither. */
    holderFirstName: text('holder_first_name'),
    holderLastName: text('holder_last_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tickets_order_package_admission_key').on(t.orderId, t.packageId, t.admissionNo),
    uniqueIndex('tickets_code_key').on(t.code),
    // An event's tickets in id order: the gate's lists and counts, the reports, the exports' pages (issue 22).
    index('tickets_event_id_idx').on(t.eventId, t.id),
    // A seat is sold once per event among the tickets that stand: a voided ticket's seat may be sold again.
    uniqueIndex('tickets_event_seat_key')
      .on(t.eventId, t.seatId)
      .where(sql`${t.seatId} IS NOT NULL AND ${t.voidedAt} IS NULL`),
    check('tickets_voided_by_refund', sql`(${t.voidedAt} IS NULL) = (${t.refundId} IS NULL)`),
    check('tickets_holder_name_whole', sql`(${t.holderFirstName} IS NULL) = (${t.holderLastName} IS NULL)`),
  ],
);

/**
 * A re-issued ticket's old codes (issue 22; decisions/039): a name correction gives the ticket a new code (and so
 * a new signed QR); the old one stops admitting, and the gate says why.
 */
export const ticketCodeReplacements = pgTable(
  'ticket_code_replacements',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The ticket's event: what row-level security scopes the row by. */
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    oldCode: text('old_code').notNull(),
    newCode: text('new_code').notNull(),
    /** Who corrected the name (the audit log has the rest). */
    replacedBy: text('replaced_by'),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ticket_code_replacements_old_code_key').on(t.oldCode),
    index('ticket_code_replacements_ticket_idx').on(t.ticketId),
  ],
);

/**
 * A refund of a paid order, given in the console (issue 22; decisions/037). One row per (order, Idempotency-Key):
 * the same key replays the same refund. Written 'pending' with its tickets voided and its inventory back on sale,
 * under the order's lock; the gateway is called after the commit with `gateway_key` (the provider dedupes on it),
 * then the row turns 'succeeded' with the buyer's e-mail queued. A pending row whose lease ran out is retried.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The order's event: what row-level security scopes the row by. */
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    idempotencyKey: text('idempotency_key').notNull(),
    /** sha256 of the request's body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    /** The idempotency key sent to the payment provider: stable across every retry of this refund. */
    gatewayKey: text('gateway_key').notNull(),
    /** Minor units of the order's currency. */
    amount: integer('amount').notNull(),
    ticketIds: integer('ticket_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'succeeded'] })
      .notNull()
      .default('pending'),
    /** Who decided it (the audit log has the rest). */
    requestedBy: text('requested_by'),
    /** Gateway calls made so far. */
    attempts: integer('attempts').notNull().default(0),
    /** The lease of the call under way: another caller leaves the refund alone until it runs out. */
    attemptStartedAt: timestamp('attempt_started_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    /** false: the buyer was told another way (an event's cancellation e-mail), so no refund e-mail is queued. */
    notifyBuyer: boolean('notify_buyer').notNull().default(true),
  },
  (t) => [
    uniqueIndex('refunds_order_key').on(t.orderId, t.idempotencyKey),
    uniqueIndex('refunds_gateway_key').on(t.gatewayKey),
    index('refunds_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // An event's refunds, for its reports (issue 22).
    index('refunds_event_idx').on(t.eventId),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
    check('refunds_succeeded_at', sql`(${t.status} = 'succeeded') = (${t.succeededAt} IS NOT NULL)`),
  ],
);

/** The sandbox provider's refunds, by the idempotency key they were asked with: a repeated key refunds once. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  intentId: text('intent_id')
    .notNull()
    .references(() => sandboxPaymentIntents.id),
  amount: integer('amount').notNull(),
  /** How many times the key was asked (the tests count how often a refund reached the provider). */
  requests: integer('requests').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Webhook events received, by provider and the provider's event id: a duplicate delivery changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    intentId: text('intent_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * E-mails to send, written in the transaction that decides them (the order's completion, its failure):
 * one row per (kind, order), so a decision taken twice queues one e-mail. A worker sends them (issue 6).
 */
/*
 * Accounts (issue 7). better-auth's four tables, in its field names (decisions/019); ids are its text ids.
 * A password is kept only as better-auth's scrypt hash, in the credential account's `password`.
 */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  /** better-auth's twoFactor plugin: the account has a verified TOTP secret (two_factors). */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  ...timestamps,
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The session was made by (or stepped up with) a verified second factor. The console's guard requires it
     * for owners, managers and operators, whatever way the session was made (decisions/032).
     */
    secondFactor: boolean('second_factor').notNull().default(false),
    ...timestamps,
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (table) => [index('accounts_user_idx').on(table.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', {
      enum: [
        'order_confirmation',
        'payment_refunded',
        'password_reset',
        'organisation_invitation',
        'order_refunded',
        'tickets_reissued',
        'event_cancelled',
        'event_postponed',
        'notify_me_confirm',
        'notify_me_on_sale',
        'waitlist_confirm',
        'waitlist_offer',
      ],
    }).notNull(),
    /** The order an order e-mail is about; null for account and invitation e-mails, and for a refund's. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** The refund an order_refunded e-mail is about (an order may have several): one e-mail per refund. */
    refundId: integer('refund_id').references(() => refunds.id, { onDelete: 'cascade' }),
    /** The cancellation or postponement an event_cancelled / event_postponed e-mail tells (issue 22; decisions/040). */
    eventChangeId: integer('event_change_id').references(() => eventChanges.id, { onDelete: 'cascade' }),
    /** The Notify Me subscription a notify_me_confirm / notify_me_on_sale e-mail is for (issue 23; decisions/047). */
    notifyMeSubscriptionId: integer('notify_me_subscription_id').references(() => notifyMeSubscriptions.id, {
      onDelete: 'cascade',
    }),
    /**
     * The waitlist entry a waitlist_confirm / waitlist_offer e-mail is for (issue 23; decisions/049); an offer's
     * row also names its order, so one offer is e-mailed once (outbox_kind_order_key).
     */
    waitlistEntryId: integer('waitlist_entry_id').references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    /** The account an account e-mail is for (password_reset); null for order and invitation e-mails. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** What an account or invitation e-mail needs beyond its row (the link; an invitation's address and organisation). */
    payload: jsonb('payload').$type<{ url: string; email?: string; organisation?: string }>(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * Times an order's confirmation was queued again from the orders desk (issue 22): each resend is a new
     * message with a Message-ID of its own (a mailbox drops a copy with a Message-ID it has), while a retry
     * of the same send keeps it.
     */
    resendCount: integer('resend_count').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('outbox_kind_order_key').on(t.kind, t.orderId),
    uniqueIndex('outbox_refund_key')
      .on(t.refundId)
      .where(sql`${t.refundId} IS NOT NULL`),
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    // One "on sale now" e-mail per subscription, ever (decisions/047); confirmation e-mails may be asked again.
    uniqueIndex('outbox_notify_me_on_sale_key')
      .on(t.notifyMeSubscriptionId)
      .where(sql`${t.kind} = 'notify_me_on_sale'`),
    index('outbox_waitlist_entry_idx')
      .on(t.waitlistEntryId)
      .where(sql`${t.waitlistEntryId} IS NOT NULL`),
    index('outbox_notify_me_subscription_idx')
      .on(t.notifyMeSubscriptionId)
      .where(sql`${t.notifyMeSubscriptionId} IS NOT NULL`),
    check(
      'outbox_subject_check',
      sql`(${t.kind} = 'password_reset' AND ${t.userId} IS NOT NULL AND ${t.payload} IS NOT NULL) OR (${t.kind} = 'organisation_invitation' AND ${t.payload} IS NOT NULL AND ${t.orderId} IS NULL AND ${t.userId} IS NULL) OR (${t.kind} = 'order_refunded' AND ${t.refundId} IS NOT NULL AND ${t.orderId} IS NULL AND ${t.userId} IS NULL) OR (${t.kind} IN ('notify_me_confirm', 'notify_me_on_sale') AND ${t.notifyMeSubscriptionId} IS NOT NULL AND ${t.payload} IS NOT NULL AND ${t.orderId} IS NULL AND ${t.userId} IS NULL) OR (${t.kind} = 'waitlist_confirm' AND ${t.waitlistEntryId} IS NOT NULL AND ${t.payload} IS NOT NULL AND ${t.orderId} IS NULL AND ${t.userId} IS NULL) OR (${t.kind} = 'waitlist_offer' AND ${t.waitlistEntryId} IS NOT NULL AND ${t.payload} IS NOT NULL AND ${t.orderId} IS NOT NULL AND ${t.userId} IS NULL) OR (${t.kind} NOT IN ('password_reset', 'organisation_invitation', 'order_refunded', 'notify_me_confirm', 'notify_me_on_sale', 'waitlist_confirm', 'waitlist_offer') AND ${t.orderId} IS NOT NULL)`,
    ),
  ],
);

/**
 * The sandbox provider's outgoing webhooks: written with the intent's change, delivered to our own
 * webhook endpoint by a worker with retries and backoff, like a real provider's.
 */
export const sandboxWebhookDeliveries = pgTable(
  'sandbox_webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    eventId: text('event_id').notNull(),
    payload: text('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_webhook_deliveries_event_key').on(t.eventId),
    index('sandbox_webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} IS NULL`),
  ],
);

/**
 * E-mails kept instead of sent while no SMTP server is configured (embedded mode): what the local outbox
 * viewer (`/dev/mail`) shows. `message_id` is the Message-ID header, one per outbox row, so a retried
 * send stores its message once.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: serial('id').primaryKey(),
    messageId: text('message_id').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_messages_message_id_key').on(t.messageId),
    index('mail_messages_created_idx').on(t.createdAt),
  ],
);

/** The attachments of a kept e-mail (the tickets PDF), with their bytes as they would have been sent. */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    id: serial('id').primaryKey(),
    mailMessageId: integer('mail_message_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('mail_attachments_message_idx').on(t.mailMessageId)],
);

/** Secrets made once and shared by every server process on this database (the sandbox's webhook key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Orders placed while signed in: My bookings lists these (never orders that merely share the e-mail). */
export const userOrders = pgTable(
  'user_orders',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('user_orders_user_idx').on(table.userId, table.orderId)],
);

/*
 * The organiser console (issue 21; decisions/032): members, their event limits, invitations, platform
 * operators, the audit log, better-auth's two-factor secrets and uploaded images.
 */

/** A user's membership of an organisation, with one role. */
export const organisationMembers = pgTable(
  'organisation_members',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ORGANISATION_ROLES }).notNull(),
    /** false: the member acts only on the events listed in member_events. */
    allEvents: boolean('all_events').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('organisation_members_organisation_user_key').on(t.organisationId, t.userId),
    // The target of member_events' composite foreign key: a member is found through its organisation.
    unique('organisation_members_organisation_id_key').on(t.organisationId, t.id),
    index('organisation_members_user_idx').on(t.userId),
    check('organisation_members_owner_all_events', sql`${t.role} <> 'owner' OR ${t.allEvents}`),
  ],
);

/** The events a member limited to chosen events (all_events = false) may act on; both in one organisation. */
export const memberEvents = pgTable(
  'member_events',
  {
    organisationId: integer('organisation_id').notNull(),
    memberId: integer('member_id').notNull(),
    eventId: integer('event_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.eventId] }),
    index('member_events_event_idx').on(t.organisationId, t.eventId),
    foreignKey({
      name: 'member_events_organisation_member_fk',
      columns: [t.organisationId, t.memberId],
      foreignColumns: [organisationMembers.organisationId, organisationMembers.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'member_events_organisation_event_fk',
      columns: [t.organisationId, t.eventId],
      foreignColumns: [events.organisationId, events.id],
    }).onDelete('cascade'),
  ],
);

/** An invitation to join an organisation: the token is only in the e-mail; the row keeps its sha256. */
export const organisationInvitations = pgTable(
  'organisation_invitations',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    role: text('role', { enum: ORGANISATION_ROLES }).notNull(),
    allEvents: boolean('all_events').notNull().default(true),
    /** The events of a member limited to chosen events (all_events = false). */
    eventIds: integer('event_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    /** sha256 (hex) of the invitation's token. */
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'revoked', 'expired'] })
      .notNull()
      .default('pending'),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('organisation_invitations_token_hash_key').on(t.tokenHash),
    // One pending invitation per address and organisation.
    uniqueIndex('organisation_invitations_pending_email_key')
      .on(t.organisationId, sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
    check('organisation_invitations_email_lower', sql`${t.email} = lower(${t.email})`),
    check('organisation_invitations_owner_all_events', sql`${t.role} <> 'owner' OR ${t.allEvents}`),
  ],
);

/** Marquee's own staff: they review organisations and may read (never write) in every one. */
export const platformOperators = pgTable('platform_operators', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * What was done on the organiser side, by whom, when (the database's clock): append-only. A trigger
 * (marquee_audit_log_append_only, migration 0013) refuses UPDATE, DELETE and TRUNCATE, so no foreign key
 * here may cascade or set null, and event_id and actor_user_id have none (a row outlives a deleted draft or
 * account). Only the changed fields go in before/after; never passwords, TOTP secrets or tokens.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** null for a platform-wide action (an operator added). */
    organisationId: integer('organisation_id').references(() => organisations.id),
    eventId: integer('event_id'),
    eventUid: text('event_uid'),
    actorKind: text('actor_kind', { enum: ['member', 'operator', 'system', 'api_key'] }).notNull(),
    actorUserId: text('actor_user_id'),
    actorEmail: text('actor_email'),
    actorRole: text('actor_role'),
    /** 'event.update', 'package.create', 'member.invite', 'organisation.approve', … */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_organisation_idx').on(t.organisationId, t.id.desc()),
    index('audit_log_event_idx')
      .on(t.eventId, t.id.desc())
      .where(sql`${t.eventId} IS NOT NULL`),
  ],
);

/** better-auth's twoFactor model (its field names): a user's TOTP secret and backup codes, both encrypted by it. */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('two_factors_user_idx').on(t.userId)],
);

/** Images an organisation uploaded, by the sha256 of their bytes (served at /media/{sha256}). */
export const mediaFiles = pgTable(
  'media_files',
  {
    sha256: text('sha256').notNull(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Per organisation: two organisations may upload the same picture, and neither sees the other's row
  // (decisions/032). `/media/{sha256}` serves the bytes whichever organisation's row holds them.
  (t) => [primaryKey({ columns: [t.organisationId, t.sha256] }), index('media_files_sha256_idx').on(t.sha256)],
);

export const schema = {
  organisations,
  venues,
  paymentGateways,
  events,
  ticketPackages,
  promoCodes,
  banners,
  testimonials,
  orders,
  orderLines,
  holds,
  ticketPackageBuckets,
  seatClaims,
  seatBlocks,
  seatBlockSets,
  queueRooms,
  queueEntries,
  sandboxPaymentIntents,
  tickets,
  ticketCodeReplacements,
  refunds,
  sandboxRefunds,
  paymentEvents,
  outbox,
  sandboxWebhookDeliveries,
  mailMessages,
  mailAttachments,
  appSecrets,
  users,
  sessions,
  accounts,
  verifications,
  userOrders,
  organisationMembers,
  memberEvents,
  organisationInvitations,
  platformOperators,
  auditLog,
  twoFactors,
  mediaFiles,
};

/** The gate (issue 22): an event's check-in lists, each admitting its packages' tickets; lists may overlap. */
export const checkInLists = pgTable(
  'check_in_lists',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    packageIds: integer('package_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    ...timestamps,
  },
  (t) => [uniqueIndex('check_in_lists_event_name_key').on(t.eventId, t.name)],
);

/**
 * Every scan at a gate, decided once (issue 22; decisions/043): (list, device, client_scan_id) is a device's scan,
 * so a resync replays `answer` instead of deciding again; a ticket is admitted by at most one scan ever. The
 * list's name is kept as it was (the list may be renamed or deleted: its id then becomes null).
 */
export const ticketScans = pgTable(
  'ticket_scans',
  {
    id: serial('id').primaryKey(),
    /** null: the scan named no ticket of the event (a forged or unknown code, another event's ticket). */
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    checkInListId: integer('check_in_list_id').references(() => checkInLists.id, { onDelete: 'set null' }),
    listName: text('list_name').notNull(),
    deviceId: text('device_id').notNull(),
    clientScanId: text('client_scan_id').notNull(),
    /** The device's clock when the door scanned (an offline scan reaches us later). */
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    result: text('result', { enum: ['admitted', 'refused'] }).notNull(),
    reason: text('reason', { enum: GATE_REFUSAL_REASONS }),
    offline: boolean('offline').notNull().default(false),
    /** The answer given the first time, replayed as it was to the same device's same scan. */
    answer: jsonb('answer').notNull(),
  },
  (t) => [
    uniqueIndex('ticket_scans_device_scan_key').on(t.checkInListId, t.deviceId, t.clientScanId),
    uniqueIndex('ticket_scans_one_admission_key')
      .on(t.ticketId)
      .where(sql`${t.result} = 'admitted'`),
    index('ticket_scans_event_idx').on(t.eventId, t.receivedAt),
    check('ticket_scans_result_known', sql`${t.result} IN ('admitted', 'refused')`),
    check(
      'ticket_scans_reason_known',
      sql`(${t.result} = 'admitted' AND ${t.reason} IS NULL) OR (${t.result} = 'refused' AND ${t.reason} IN ('already_used', 'voided', 'not_on_list', 'other_event', 'unknown_ticket', 'bad_signature', 'booking_not_valid'))`,
    ),
    check('ticket_scans_admitted_ticket', sql`${t.result} <> 'admitted' OR ${t.ticketId} IS NOT NULL`),
  ],
);

/**
 * Integrations (issue 22; decisions/044, migration 0021): an organisation's API keys, stored as the SHA-256 of
 * their secret with its first characters for display; `event_ids` null means every event.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    eventIds: integer('event_ids').array(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by'),
  },
  (t) => [
    uniqueIndex('api_keys_token_hash_key').on(t.tokenHash),
    index('api_keys_organisation_idx').on(t.organisationId),
    check('api_keys_scopes_not_empty', sql`cardinality(${t.scopes}) > 0`),
  ],
);

/** Where an organisation's webhooks go; the secret signs them (the console writes it once, never reads it). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    secret: text('secret').notNull(),
    events: text('events').array().notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('webhook_endpoints_organisation_idx').on(t.organisationId)],
);

/** One event for one endpoint: queued with the change it announces, sent (and retried) by the worker. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_key').on(t.endpointId, t.eventId),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    check('webhook_deliveries_status', sql`${t.status} IN ('pending', 'delivered', 'failed')`),
  ],
);

/**
 * An event cancelled or postponed from the console (issue 22; docs/decisions/040). A cancellation with refunds
 * is a background job: `status` is running until every listed order is decided and its refund confirmed. The
 * progress is counted from event_change_orders and refunds, never kept as a counter.
 */
export const eventChanges = pgTable(
  'event_changes',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['cancel', 'postpone'] }).notNull(),
    status: text('status', { enum: ['running', 'done', 'failed'] })
      .notNull()
      .default('running'),
    /** A cancellation that refunds every paid order in full. */
    refund: boolean('refund').notNull().default(false),
    /** What the buyers are told: the cancellation's reason, or the postponement's message. */
    message: text('message').notNull(),
    /** The cancellation request's Idempotency-Key and body hash: a replay answers the same job. */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    newStartsAt: timestamp('new_starts_at', { withTimezone: true }),
    newEndsAt: timestamp('new_ends_at', { withTimezone: true }),
    /** Who started it: the worker's refunds act as them (the audit log names them, with the job). */
    startedBy: text('started_by'),
    startedByEmail: text('started_by_email'),
    startedByRole: text('started_by_role'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('event_changes_one_cancel_key')
      .on(t.eventId)
      .where(sql`${t.kind} = 'cancel'`),
    index('event_changes_event_idx').on(t.eventId, t.id),
    index('event_changes_running_idx')
      .on(t.id)
      .where(sql`${t.status} = 'running'`),
    check('event_changes_kind_known', sql`${t.kind} IN ('cancel', 'postpone')`),
    check('event_changes_status_known', sql`${t.status} IN ('running', 'done', 'failed')`),
    check('event_changes_finished_at', sql`(${t.status} = 'running') = (${t.finishedAt} IS NULL)`),
    check('event_changes_refund_on_cancel', sql`NOT ${t.refund} OR ${t.kind} = 'cancel'`),
  ],
);

/**
 * Notify Me (issue 23; decisions/047): one row per event and e-mail. Double opt-in: a row is `pending` until its
 * confirmation link (only the token's sha256 is kept) is used; the worker (modules/notify-me) queues the "on sale
 * now" e-mail of each confirmed row once, writing `notified_at` in the transaction that writes the outbox row.
 * The unsubscribe link is signed (HMAC over the row id), so nothing about it is stored.
 */
export const notifyMeSubscriptions = pgTable(
  'notify_me_subscriptions',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** Trimmed and lower-cased, as the checkout normalises e-mails. */
    email: text('email').notNull(),
    /** The signed-in buyer who asked, if any. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'confirmed', 'unsubscribed'] })
      .notNull()
      .default('pending'),
    /** sha256 (hex) of the latest confirmation link's token; null once unsubscribed. */
    confirmTokenHash: text('confirm_token_hash'),
    /** When the latest confirmation e-mail was asked for: its link works for a limited time from then. */
    confirmRequestedAt: timestamp('confirm_requested_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notify_me_subscriptions_event_email_key').on(t.eventId, t.email),
    uniqueIndex('notify_me_subscriptions_confirm_token_key').on(t.confirmTokenHash),
    index('notify_me_subscriptions_email_idx').on(t.email),
    index('notify_me_subscriptions_due_idx')
      .on(t.eventId, t.id)
      .where(sql`${t.status} = 'confirmed' AND ${t.notifiedAt} IS NULL`),
    check('notify_me_subscriptions_status_known', sql`${t.status} IN ('pending', 'confirmed', 'unsubscribed')`),
  ],
);

/**
 * The orders a cancellation refunds, one row each: claimed in batches under a lease (`claimed_until`) by any
 * server process; `refund_id` is the refund the refunds path made with the order's own key.
 */
export const eventChangeOrders = pgTable(
  'event_change_orders',
  {
    changeId: integer('change_id')
      .notNull()
      .references(() => eventChanges.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The order's event: what row-level security scopes the row by. */
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** pending: not decided yet; refunded: its refund is recorded; skipped: nothing was left to refund; failed: refused. */
    state: text('state', { enum: ['pending', 'refunded', 'skipped', 'failed'] })
      .notNull()
      .default('pending'),
    refundId: integer('refund_id').references(() => refunds.id),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.changeId, t.orderId] }),
    index('event_change_orders_pending_idx')
      .on(t.changeId, t.orderId)
      .where(sql`${t.state} = 'pending'`),
    check('event_change_orders_state_known', sql`${t.state} IN ('pending', 'refunded', 'skipped', 'failed')`),
    check('event_change_orders_refunded', sql`(${t.state} = 'refunded') = (${t.refundId} IS NOT NULL)`),
  ],
);

/**
 * The waitlist of a sold-out package (issue 23; decisions/049). An entry holds what its order will need; it
 * counts (is in line) from `confirmed_at`, once its e-mail's link is used. While a package has entries waiting,
 * marquee_take_tickets() gives its tickets only to an order the waitlist places (an offer): tickets that come
 * back go to the line first. An offer is a pending order held as any order (`order_id`), e-mailed with a link
 * of its own (`offer_token_hash`); paid it is bought, unpaid it lapses and the tickets pass on.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => ticketPackages.id, { onDelete: 'cascade' }),
    quantity: smallint('quantity').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Trimmed and lower-cased, as the checkout normalises e-mails. */
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    nic: text('nic').notNull(),
    /** The payment method chosen (one of the event's); null: the event's first. */
    paymentGatewayId: integer('payment_gateway_id').references(() => paymentGateways.id),
    /** The signed-in buyer who joined, if any: the offer's order is linked to their account. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['unconfirmed', 'waiting', 'offered', 'bought', 'lapsed', 'left'] })
      .notNull()
      .default('unconfirmed'),
    /** Why a lapsed entry left the line: its offer ended unpaid, or no order could be placed for it. */
    lapseReason: text('lapse_reason', { enum: ['offer_expired', 'buyer_limit', 'sale_ended'] }),
    /** sha256 (hex) of the confirmation link's token (the confirm and leave pages use it). */
    confirmTokenHash: text('confirm_token_hash').notNull(),
    confirmRequestedAt: timestamp('confirm_requested_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    /** sha256 (hex) of the offer link's token, made when the offer is. */
    offerTokenHash: text('offer_token_hash'),
    /** The offer's order (pending while it is held). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('waitlist_entries_confirm_token_key').on(t.confirmTokenHash),
    uniqueIndex('waitlist_entries_offer_token_key')
      .on(t.offerTokenHash)
      .where(sql`${t.offerTokenHash} IS NOT NULL`),
    // One live entry per address and package: joining again re-sends the confirmation instead.
    uniqueIndex('waitlist_entries_live_key')
      .on(t.packageId, t.email)
      .where(sql`${t.status} IN ('unconfirmed', 'waiting', 'offered')`),
    // The line: marquee_take_tickets() asks whether it is empty, the worker reads its head.
    index('waitlist_entries_line_idx')
      .on(t.packageId, t.confirmedAt, t.id)
      .where(sql`${t.status} = 'waiting'`),
    index('waitlist_entries_event_idx').on(t.eventId),
    index('waitlist_entries_email_idx').on(t.email),
    index('waitlist_entries_offered_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'offered'`),
    check('waitlist_entries_quantity_range', sql`${t.quantity} BETWEEN 1 AND 10`),
    check(
      'waitlist_entries_status_known',
      sql`${t.status} IN ('unconfirmed', 'waiting', 'offered', 'bought', 'lapsed', 'left')`,
    ),
    check('waitlist_entries_offer_has_order', sql`${t.status} <> 'offered' OR ${t.orderId} IS NOT NULL`),
  ],
);

/**
 * Which server process is making a package's offers, until when: one at a time per package, so the line is
 * served in its order (a lease, not a lock: nothing is held open while an order is placed).
 */
export const waitlistLeases = pgTable('waitlist_leases', {
  packageId: integer('package_id')
    .primaryKey()
    .references(() => ticketPackages.id, { onDelete: 'cascade' }),
  leasedUntil: timestamp('leased_until', { withTimezone: true }).notNull(),
});

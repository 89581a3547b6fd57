import { z } from 'zod';
import { CurrencySchema, MinorUnitsSchema } from '../money/money';
import { CategoryKeySchema, EventTypeSchema } from './categories';
import { EventStatusSchema } from './statuses';
import { SeatMapSchema, SeatMapTypeSchema } from '../seat-map/seat-map.schema';

/** Response shapes of the catalogue API, shared by the server (serialisation) and the web app (parsing). */

export const PaymentGatewaySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  /** card | instalments */
  kind: z.enum(['card', 'instalments']),
});
export type PaymentGateway = z.infer<typeof PaymentGatewaySchema>;

/** What an event card needs of its venue. */
export const VenueSummarySchema = z.object({
  name: z.string(),
  city: z.string(),
  time_zone: z.string(),
});

/**
 * An event as lists show it (cards, search, suggestions): only what a card renders, because lists are
 * the hottest, most cached answers and are read on cheap phones. The event page has the rest.
 */
export const EventSummarySchema = z.object({
  uid: z.string(),
  name: z.string(),
  type: EventTypeSchema,
  path: z.string(),
  start_date: z.iso.datetime({ offset: true }),
  thumbnail_img: z.string(),
  status: EventStatusSchema,
  currency: CurrencySchema,
  free_event: z.boolean(),
  /** Lowest active package price, minor units; null when there are none. */
  price_from: MinorUnitsSchema.nullable(),
  venue: VenueSummarySchema,
});
export type EventSummary = z.infer<typeof EventSummarySchema>;

/** GET /api/events/trending: featured first, then the soonest (the home page's Trending Events). */
export const TrendingEventsSchema = z.object({ data: z.array(EventSummarySchema) });

export const TicketPackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: MinorUnitsSchema,
  /** Seats or tickets currently taken (sold or on an active hold). */
  reserved_seats: z.number().int().nonnegative(),
  available_seats: z.number().int().nonnegative(),
  free_seating: z.boolean(),
  color_class: z.number().int().min(0).max(5),
  active: z.boolean(),
  /** Shown instead of the counter when the package is inactive. */
  message: z.string().nullable(),
  sold_out: z.boolean(),
  max_per_order: z.number().int().positive(),
});
export type TicketPackage = z.infer<typeof TicketPackageSchema>;

export const EventDetailSchema = EventSummarySchema.extend({
  id: z.number().int(),
  end_date: z.iso.datetime({ offset: true }).nullable(),
  featured: z.boolean(),
  description: z.string(),
  artists: z.array(z.string()),
  banner_img: z.string(),
  venue: VenueSummarySchema.extend({
    id: z.number().int(),
    country: z.string(),
    address: z.string(),
    seat_map: z.object({ type: SeatMapTypeSchema, seat_count: z.number().int() }).nullable(),
  }),
  free_seating: z.boolean(),
  promo: z.boolean(),
  promo_auto_apply: z.boolean(),
  promo_code: z.string().nullable(),
  handling_cost: MinorUnitsSchema,
  payment_gateways: z.array(PaymentGatewaySchema),
  ticket_packages: z.array(TicketPackageSchema),
  /** The sale is behind a waiting room (issue 23): orders need an admission from `/api/events/{uid}/queue`. */
  waiting_room: z.boolean(),
});
export type EventDetail = z.infer<typeof EventDetailSchema>;

/**
 * The seat map of an event's venue with each package's seats (spec: seating_range, a list of seat ids).
 * `seat_map` is null (and `packages` empty) when the venue has no map: an answer, not an error, so the
 * web app can ask for it in parallel with the event without knowing yet whether there is a map.
 */
export const EventSeatMapSchema = z.object({
  seat_map: SeatMapSchema.nullable(),
  packages: z.array(z.object({ id: z.number().int(), color_class: z.number().int(), seating_range: z.array(z.string()) })),
});
export type EventSeatMap = z.infer<typeof EventSeatMapSchema>;

/** The spec's Price-list row. */
export const PriceListRowSchema = z.object({
  package_id: z.number().int(),
  package_name: z.string(),
  package_desc: z.string(),
  package_price: MinorUnitsSchema,
  tot_cost: MinorUnitsSchema,
  ticket_count: z.number().int().nonnegative(),
  sold_out: z.boolean(),
  active: z.boolean(),
  message: z.string().nullable(),
  free_seating: z.boolean(),
  promo: z.boolean(),
  promo_auto_apply: z.boolean(),
  promo_code: z.string().nullable(),
});
export type PriceListRow = z.infer<typeof PriceListRowSchema>;

export const PaginationMetaSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
});

export const EventListSchema = z.object({ data: z.array(EventSummarySchema), meta: PaginationMetaSchema });
export type EventList = z.infer<typeof EventListSchema>;

export const EventListQuerySchema = z.object({
  category: CategoryKeySchema.default('all'),
  page: z.coerce.number().int().min(1, 'The page must be 1 or more.').max(1000, 'The page must be 1000 or less.').default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1, 'per_page must be between 1 and 48.')
    .max(48, 'per_page must be between 1 and 48.')
    .default(12),
});
export type EventListQuery = z.infer<typeof EventListQuerySchema>;

export const TrendingQuerySchema = z.object({
  category: CategoryKeySchema.default('all'),
  limit: z.coerce.number().int().min(1).max(24, 'limit must be between 1 and 24.').default(8),
});

export const SearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type something to search for.').max(100, 'The search is too long (100 characters at most).'),
  limit: z.coerce.number().int().min(1).max(50, 'limit must be between 1 and 50.').default(20),
});

export const SearchResultSchema = z.object({
  data: z.array(EventSummarySchema.extend({ artists: z.array(z.string()) })),
  query: z.string(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const CategorySchema = z.object({ id: z.number().int(), key: CategoryKeySchema, name: z.string(), path: z.string(), is_home_tab: z.boolean() });

export const BannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
  link: z.string(),
});
export type Banner = z.infer<typeof BannerSchema>;

export const TestimonialSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  profession: z.string(),
  description: z.string(),
});
export type Testimonial = z.infer<typeof TestimonialSchema>;

/** GET /api/testimonials: the home page's testimonials. */
export const TestimonialListSchema = z.array(TestimonialSchema);

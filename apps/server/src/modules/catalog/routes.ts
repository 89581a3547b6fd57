import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BannerSchema,
  CategorySchema,
  EventDetailSchema,
  EventListQuerySchema,
  EventListSchema,
  EventSeatMapSchema,
  PriceListRowSchema,
  SearchQuerySchema,
  SearchResultSchema,
  TestimonialListSchema,
  TrendingEventsSchema,
  TrendingQuerySchema,
} from '@marquee/domain/catalog';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { JsonResponseCache, NOT_MODIFIED_RESPONSE } from '../../lib/json-response-cache';
import type { CatalogService } from './service';

export interface CatalogModuleOptions {
  service: CatalogService;
  /** How long answers are cached in this process; defaults to 5 s. 0 turns the cache off (loads are still coalesced). */
  cacheTtlMs?: number;
}

const TAGS = ['catalog'];
const CACHE_NOTE =
  'Cached for a few seconds (`Cache-Control: public, max-age=5, stale-while-revalidate=30`), with an ETag; `If-None-Match` gets a 304.';

/** Malformed uids answer 404 like unknown ones: to a client, neither names an event. */
const EventParamsSchema = z.object({
  uid: z
    .string()
    .describe(
      'The event uid: 4-32 lower-case letters and digits. Anything else is a 404, and so is a draft or an event taken off the site.',
    ),
});
const SuggestQuerySchema = SearchQuerySchema.pick({ q: true });

const notFoundResponse = { 404: ErrorBodySchema.describe('No such event: `{ "message": "Event not found." }`') };
const invalidResponse = {
  422: ErrorBodySchema.describe('Invalid parameters: `{ message, errors: { field: [messages] } }`'),
};

/**
 * The catalogue API: categories, events, trending, search, price lists, seat maps and home-page content.
 *
 * Every route answers from JsonResponseCache, which keeps a compressed copy of each answer, so the
 * routes opt out of @fastify/compress (`compress: false`): its hooks would only cost time on every
 * request, and recompress what is already compressed once per cache entry.
 */
export const catalogModule: FastifyPluginAsync<CatalogModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = options;
  const cache = new JsonResponseCache({ ...(options.cacheTtlMs === undefined ? {} : { ttlMs: options.cacheTtlMs }) });

  app.get(
    '/api/categories',
    {
      compress: false,
      schema: {
        tags: TAGS,
        summary: 'List the event categories',
        description: `Spec tab ids 0 all, 1 concerts, 2 theatre, 3 dance; uni-events is 4 and not a home tab. ${CACHE_NOTE}`,
        response: { ...NOT_MODIFIED_RESPONSE, 200: z.array(CategorySchema) },
      },
    },
    (request, reply) => {
      cache.send(request, reply, {
        key: 'categories',
        schema: z.array(CategorySchema),
        load: async () => service.listCategories(),
      });
    },
  );

  app.get(
    '/api/events',
    {
      compress: false,
      schema: {
        tags: TAGS,
        summary: 'List upcoming and live events, page by page',
        description: `Published events whose end (or start + 4 h when there is no end) has not passed, soonest first (no drafts, cancelled or unpublished events). \`category=all\` lists every type. \`status\` is the spec's: \`soldout\` is computed (every active package taken), a cancelled event's page says \`closed\`. ${CACHE_NOTE}`,
        querystring: EventListQuerySchema,
        response: { ...NOT_MODIFIED_RESPONSE, 200: EventListSchema, ...invalidResponse },
      },
    },
    (request, reply) => {
      const { category, page, per_page: perPage } = request.query;
      cache.send(request, reply, {
        key: `events:${category}:${page}:${perPage}`,
        schema: EventListSchema,
        load: () => service.listEvents(request.query),
      });
    },
  );

  app.get(
    '/api/events/trending',
    {
      compress: false,
      schema: {
        tags: TAGS,
        summary: 'Trending events: featured first, then the soonest',
        description: `Upcoming and live events only. ${CACHE_NOTE}`,
        querystring: TrendingQuerySchema,
        response: { ...NOT_MODIFIED_RESPONSE, 200: TrendingEventsSchema, ...invalidResponse },
      },
    },
    (request, reply) => {
      const { category, limit } = request.query;
      cache.send(request, reply, {
        key: `trending:${category}:${limit}`,
        schema: TrendingEventsSchema,
        load: () => service.listTrending(request.query),
      });
    },
  );

  app.get(
    '/api/events/:uid',
    {
      compress: false,
      schema: {
        tags: TAGS,
        summary: 'An event with its venue, payment gateways and ticket packages',
        description: `Packages in display order with their availability (\`reserved_seats\` = tickets sold or held). Seat lists are served by \`/api/events/{uid}/seat-map\`. ${CACHE_NOTE}`,
        params: EventParamsSchema,
        response: { ...NOT_MODIFIED_RESPONSE, 200: EventDetailSchema, ...notFoundResponse },
      },
    },
    (request, reply) => {
      const { uid } = request.params;
      cache.send(request, reply, { key: `event:${uid}`, schema: EventDetailSchema, load: () => service.getEvent(uid) });
    },
  );

  app.get(
    '/api/events/:uid/seat-map',
    {
      compress: false,
      schema: {
        tags: TAGS,
        summary: "The event venue's seat map and each package's seats",
        description: `The compact layout (expand it with \`expandSeatMap\` from the domain package) and each package's \`seating_range\`; \`seat_map: null\` when the venue has no map (404 only for an unknown event). ${CACHE_NOTE}`,
        params: EventParamsSchema,
        response: { ...NOT_MODIFIED_RESPONSE, 200: EventSeatMapSchema, ...notFoundResponse },
      },
    },
    (request, reply) => {
      const { uid } = request.params;
      cache.send(request, reply, {
        key: `seat-map:${uid}`,
        schema: EventSeatMapSchema,
        load: () => service.getSeatMap(uid),
      });
    },
  );

  app.get(
    '/api/events/:uid/price-list',
    {
      compress: false,
      schema: {
        tags: TAGS,
        summary: "The event's price list (one row per package, nothing picked yet)",
        description: `The spec's price-list rows, with \`ticket_count\` and \`tot_cost\` 0. ${CACHE_NOTE}`,
        params: EventParamsSchema,
        response: { ...NOT_MODIFIED_RESPONSE, 200: z.array(PriceListRowSchema), ...notFoundResponse },
      },
    },
    (request, reply) => {
      const { uid } = request.params;
      cache.send(request, reply, {
        key: `price-list:${uid}`,
        schema: z.array(PriceListRowSchema),
        load: () => service.getPriceList(uid),
      });
    },
  );

  app.get(
    '/api/search',
    {
      compress: false,
      schema: {
        tags: TAGS,
        summary: 'Search upcoming and live events by name, artist, venue or city',
        description: `Full-text search: every word is matched as a prefix ("colo" finds Colombo) and all words must match. Ranked by where the words matched (name, then artists, then venue and city), then the soonest. ${CACHE_NOTE}`,
        querystring: SearchQuerySchema,
        response: { ...NOT_MODIFIED_RESPONSE, 200: SearchResultSchema, ...invalidResponse },
      },
    },
    (request, reply) => {
      const { q, limit } = request.query;
      cache.send(request, reply, {
        key: `search:${limit}:${q}`,
        schema: SearchResultSchema,
        load: () => service.search({ q, limit }),
      });
    },
  );

  app.get(
    '/api/search/suggest',
    {
      compress: false,
      schema: {
        tags: TAGS,
        summary: "Type-ahead suggestions for the header's search box (up to 6)",
        description: `The same search as \`/api/search\`, limited to 6 results. ${CACHE_NOTE}`,
        querystring: SuggestQuerySchema,
        response: { ...NOT_MODIFIED_RESPONSE, 200: SearchResultSchema, ...invalidResponse },
      },
    },
    (request, reply) => {
      const { q } = request.query;
      cache.send(request, reply, {
        key: `suggest:${q}`,
        schema: SearchResultSchema,
        load: () => service.suggest({ q }),
      });
    },
  );

  app.get(
    '/api/banners',
    {
      compress: false,
      schema: {
        tags: TAGS,
        summary: "The home page's banner slides",
        description: CACHE_NOTE,
        response: { ...NOT_MODIFIED_RESPONSE, 200: z.array(BannerSchema) },
      },
    },
    (request, reply) => {
      cache.send(request, reply, { key: 'banners', schema: z.array(BannerSchema), load: () => service.listBanners() });
    },
  );

  app.get(
    '/api/testimonials',
    {
      compress: false,
      schema: {
        tags: TAGS,
        summary: "The home page's testimonials",
        description: CACHE_NOTE,
        response: { ...NOT_MODIFIED_RESPONSE, 200: TestimonialListSchema },
      },
    },
    (request, reply) => {
      cache.send(request, reply, {
        key: 'testimonials',
        schema: TestimonialListSchema,
        load: () => service.listTestimonials(),
      });
    },
  );
};

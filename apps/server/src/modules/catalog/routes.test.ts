import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BannerSchema,
  CategorySchema,
  EventDetailSchema,
  EventListSchema,
  EventSeatMapSchema,
  EventSummarySchema,
  PriceListRowSchema,
  TestimonialSchema,
} from '@marquee/domain/catalog';
import type { GenericSeatMap } from '@marquee/domain/seat-map';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { createBanner, createEvent, createTestimonial, createTicketPackage, createVenue } from '@marquee/db/factories';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const fromNow = (ms: number): Date => new Date(Date.now() + ms);

const SEAT_MAP: GenericSeatMap = {
  type: 'generic',
  width: 400,
  height: 300,
  stage: { x: 100, y: 10, width: 200, height: 40, label: 'Stage' },
  sections: [
    {
      id: 'A',
      name: 'Stalls',
      rows: [
        { label: 'A', count: 5, firstNumber: 1, x: 50, y: 100, spacing: 20 },
        { label: 'B', count: 5, firstNumber: 1, x: 50, y: 130, spacing: 20 },
      ],
    },
  ],
};

let t: TestApp;
const uids = {
  live: '',
  endedButLong: '',
  seated: '',
  noMap: '',
  past: '',
  stale: '',
};
let upcomingCount = 0;
let concertCount = 0;

async function getJson<T>(url: string, schema: z.ZodType<T>, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return { response, body: schema.parse(response.json()) };
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.db;
  const colombo = await createVenue(db, { name: 'Nelum Pokuna', city: 'Colombo', seatMap: SEAT_MAP });
  const singapore = await createVenue(db, {
    name: 'Esplanade Hall',
    city: 'Singapore',
    country: 'SG',
    timeZone: 'Asia/Singapore',
  });

  // Listed: upcoming, live (started an hour ago, no end), and one that started long ago but has not ended.
  const live = await createEvent(db, {
    venueId: singapore.id,
    name: 'Live Right Now',
    type: 'dance',
    startDate: fromNow(-HOUR),
    endDate: null,
  });
  const long = await createEvent(db, {
    venueId: singapore.id,
    name: 'Week Long Festival',
    type: 'uni-events',
    startDate: fromNow(-3 * DAY),
    endDate: fromNow(2 * DAY),
  });
  const seated = await createEvent(db, {
    venueId: colombo.id,
    name: 'Symphony & Friends',
    type: 'concerts',
    startDate: fromNow(2 * DAY),
    endDate: fromNow(2 * DAY + 3 * HOUR),
    featured: true,
    artists: ['Colombo Symphony'],
    description: 'An evening of music.',
    paymentGatewayIds: [2, 1],
    handlingCost: 25_000,
    promo: true,
    promoCode: 'SPRING',
  });
  const noMap = await createEvent(db, {
    venueId: singapore.id,
    name: 'Hamlet',
    type: 'theatre',
    startDate: fromNow(5 * DAY),
    currency: 'SGD',
    paymentGatewayIds: [],
  });
  for (let i = 0; i < 4; i++) {
    await createEvent(db, {
      venueId: singapore.id,
      type: 'concerts',
      startDate: fromNow((10 + i) * DAY),
      currency: 'SGD',
    });
  }
  // Not listed: ended yesterday; started 5 hours ago with no end (over after 4 h).
  const past = await createEvent(db, { venueId: singapore.id, startDate: fromNow(-3 * DAY), endDate: fromNow(-DAY) });
  const stale = await createEvent(db, { venueId: singapore.id, startDate: fromNow(-5 * HOUR), endDate: null });
  upcomingCount = 8;
  concertCount = 5;

  await createTicketPackage(db, {
    eventId: seated.id,
    name: 'VIP',
    price: 1_500_000,
    capacity: 4,
    soldCount: 4,
    sortOrder: 2,
    colorClass: 1,
    seatingRange: ['A-A-1', 'A-A-2', 'A-A-3', 'A-A-4'],
  });
  await createTicketPackage(db, {
    eventId: seated.id,
    name: 'Standard',
    price: 500_000,
    capacity: 6,
    soldCount: 2,
    sortOrder: 1,
    seatingRange: ['A-A-5', 'A-B-1', 'A-B-2', 'A-B-3', 'A-B-4', 'A-B-5'],
  });
  await createTicketPackage(db, {
    eventId: seated.id,
    name: 'Balcony',
    description: 'Upstairs',
    price: 100_000,
    capacity: 10,
    sortOrder: 3,
    active: false,
    inactiveMessage: 'Sales open on 1 December',
  });
  await createTicketPackage(db, { eventId: noMap.id, name: 'General', price: 4_000, capacity: 50 });

  await createBanner(db, { title: 'Second', image: '/images/b2.svg', link: '/concerts', sortOrder: 2 });
  await createBanner(db, { title: 'First', subtitle: 'Hello', image: '/images/b1.svg', link: '/all', sortOrder: 1 });
  await createTestimonial(db, { title: 'Great', profession: 'Teacher', description: 'Easy to book.' });

  Object.assign(uids, {
    live: live.uid,
    endedButLong: long.uid,
    seated: seated.uid,
    noMap: noMap.uid,
    past: past.uid,
    stale: stale.uid,
  });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/categories', () => {
  it('lists the categories with the spec tab ids', async () => {
    const { body } = await getJson('/api/categories', z.array(CategorySchema));
    expect(body.map((c) => [c.id, c.key, c.is_home_tab])).toEqual([
      [0, 'all', true],
      [1, 'concerts', true],
      [2, 'theatre', true],
      [3, 'dance', true],
      [4, 'uni-events', false],
    ]);
  });
});

describe('GET /api/events', () => {
  it('lists upcoming and live events soonest first, with canonical paths', async () => {
    const { body } = await getJson('/api/events?category=all&page=1&per_page=48', EventListSchema);
    expect(body.meta).toEqual({ page: 1, per_page: 48, total: upcomingCount, total_pages: 1 });
    const listed = body.data.map((e) => e.uid);
    expect(listed).toContain(uids.live);
    expect(listed).toContain(uids.endedButLong);
    expect(listed).not.toContain(uids.past);
    expect(listed).not.toContain(uids.stale);
    const starts = body.data.map((e) => Date.parse(e.start_date));
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    const seated = body.data.find((e) => e.uid === uids.seated);
    expect(seated?.path).toBe(`/concerts/symphony-friends/${uids.seated}`);
    // The cheapest active package: Balcony is cheaper but inactive.
    expect(seated?.price_from).toBe(500_000);
    expect(seated?.venue).toMatchObject({ name: 'Nelum Pokuna', city: 'Colombo', time_zone: 'Asia/Colombo' });
    expect(body.data.find((e) => e.uid === uids.live)?.price_from).toBeNull();
  });

  it('defaults to category all, page 1, 12 per page', async () => {
    const { body } = await getJson('/api/events', EventListSchema);
    expect(body.meta).toEqual({ page: 1, per_page: 12, total: upcomingCount, total_pages: 1 });
  });

  it('paginates', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((page) => getJson(`/api/events?per_page=3&page=${page}`, EventListSchema)),
    );
    expect(pages.map((p) => p.body.data.length)).toEqual([3, 3, 2]);
    expect(pages[0]?.body.meta).toEqual({ page: 1, per_page: 3, total: upcomingCount, total_pages: 3 });
    const all = pages.flatMap((p) => p.body.data.map((e) => e.uid));
    expect(new Set(all).size).toBe(upcomingCount);
    const beyond = await getJson('/api/events?per_page=3&page=9', EventListSchema);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta.total).toBe(upcomingCount);
  });

  it('filters by category', async () => {
    const concerts = await getJson('/api/events?category=concerts&per_page=48', EventListSchema);
    expect(concerts.body.meta.total).toBe(concertCount);
    expect(concerts.body.data.every((e) => e.type === 'concerts')).toBe(true);
    const uni = await getJson('/api/events?category=uni-events', EventListSchema);
    expect(uni.body.data.map((e) => e.uid)).toEqual([uids.endedButLong]);
  });

  it.each([
    ['category=foo', 'category'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['per_page=49', 'per_page'],
    ['per_page=1.5', 'per_page'],
  ])('answers 422 with field errors for %s', async (query, field) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/events?${query}` });
    expect(response.statusCode).toBe(422);
    const body = response.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.message).toEqual(expect.any(String));
    expect(body.errors[field]?.length).toBeGreaterThan(0);
  });
});

describe('caching headers', () => {
  it('sends Cache-Control and an ETag, and 304 for a matching If-None-Match', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/events?category=all&page=1' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=30');
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^W\/".+"$/);

    // The same answer under a differently ordered query string: one cache entry, one ETag.
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/events?page=1&category=all',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['etag']).toBe(etag);

    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { 'if-none-match': `"nope", ${etag.slice(2)}` },
    });
    expect(listed.statusCode).toBe(304);

    const other = await t.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { 'if-none-match': '"something-else"' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('serves a compressed copy to clients that accept one', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/events?per_page=48' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({
      method: 'GET',
      url: '/api/events?per_page=48',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/events?per_page=48',
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('does not cache errors', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/events/zzzz9999' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBeUndefined();
    expect(response.headers['etag']).toBeUndefined();
  });
});

describe('GET /api/events/trending', () => {
  it('puts featured events first, then the soonest', async () => {
    const { body } = await getJson('/api/events/trending?limit=4', z.object({ data: z.array(EventSummarySchema) }));
    expect(body.data).toHaveLength(4);
    expect(body.data[0]?.uid).toBe(uids.seated);
    const rest = body.data.slice(1).map((e) => Date.parse(e.start_date));
    expect([...rest].sort((a, b) => a - b)).toEqual(rest);
    expect(body.data.map((e) => e.uid)).not.toContain(uids.past);
  });

  it('filters by category and validates its limit', async () => {
    const { body } = await getJson(
      '/api/events/trending?category=theatre',
      z.object({ data: z.array(EventSummarySchema) }),
    );
    expect(body.data.map((e) => e.uid)).toEqual([uids.noMap]);
    const response = await t.app.inject({ method: 'GET', url: '/api/events/trending?limit=25' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { limit: [expect.any(String)] } });
  });
});

describe('GET /api/events/:uid', () => {
  it('answers the event with its venue, gateways in order and packages in display order', async () => {
    const { body } = await getJson(`/api/events/${uids.seated}`, EventDetailSchema);
    expect(body).toMatchObject({
      uid: uids.seated,
      name: 'Symphony & Friends',
      path: `/concerts/symphony-friends/${uids.seated}`,
      featured: true,
      artists: ['Colombo Symphony'],
      description: 'An evening of music.',
      handling_cost: 25_000,
      promo: true,
      promo_code: 'SPRING',
      venue: { name: 'Nelum Pokuna', city: 'Colombo', seat_map: { type: 'generic', seat_count: 10 } },
    });
    expect(body.start_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
    expect(body.payment_gateways.map((g) => [g.id, g.kind])).toEqual([
      [2, 'instalments'],
      [1, 'card'],
    ]);
    expect(body.ticket_packages.map((p) => p.name)).toEqual(['Standard', 'VIP', 'Balcony']);
    const [standard, vip, balcony] = body.ticket_packages;
    expect(standard).toMatchObject({
      price: 500_000,
      reserved_seats: 2,
      available_seats: 4,
      sold_out: false,
      active: true,
      message: null,
    });
    expect(vip).toMatchObject({ reserved_seats: 4, available_seats: 0, sold_out: true, color_class: 1 });
    expect(balcony).toMatchObject({ active: false, message: 'Sales open on 1 December', sold_out: false });
  });

  it('answers a venue without a map with seat_map null', async () => {
    const { body } = await getJson(`/api/events/${uids.noMap}`, EventDetailSchema);
    expect(body.venue.seat_map).toBeNull();
    expect(body.payment_gateways).toEqual([]);
  });

  it('serves past events by uid (shared links keep working)', async () => {
    const { body } = await getJson(`/api/events/${uids.past}`, EventDetailSchema);
    expect(body.uid).toBe(uids.past);
  });

  it.each(['zzzz9999', 'BAD!', 'abc', 'a'.repeat(33), "x'%20or%201=1"])(
    'answers 404 for the unknown or malformed uid %s',
    async (uid) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/events/${encodeURIComponent(uid)}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', message: 'Event not found.' });
    },
  );
});

describe('GET /api/events/:uid/seat-map', () => {
  it("answers the layout and each package's seats", async () => {
    const { body } = await getJson(`/api/events/${uids.seated}/seat-map`, EventSeatMapSchema);
    expect(body.seat_map).toEqual(SEAT_MAP);
    expect(body.packages.map((p) => [p.color_class, p.seating_range.length])).toEqual([
      [0, 6],
      [1, 4],
      [0, 0],
    ]);
  });

  it('answers a null map when the venue has none, and 404 when the event does not exist', async () => {
    const noMap = await t.app.inject({ method: 'GET', url: `/api/events/${uids.noMap}/seat-map` });
    expect(noMap.statusCode).toBe(200);
    expect(noMap.json()).toEqual({ seat_map: null, packages: [] });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/events/zzzz9999/seat-map' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not_found', message: 'Event not found.' });
  });
});

describe('GET /api/events/:uid/price-list', () => {
  it('answers one row per package with nothing picked', async () => {
    const { body } = await getJson(`/api/events/${uids.seated}/price-list`, z.array(PriceListRowSchema));
    expect(body).toHaveLength(3);
    expect(body[0]).toEqual({
      package_id: expect.any(Number),
      package_name: 'Standard',
      package_desc: '',
      package_price: 500_000,
      tot_cost: 0,
      ticket_count: 0,
      sold_out: false,
      active: true,
      message: null,
      free_seating: false,
      promo: true,
      promo_auto_apply: false,
      promo_code: 'SPRING',
    });
    expect(body[1]).toMatchObject({ package_name: 'VIP', sold_out: true });
    expect(body[2]).toMatchObject({
      package_name: 'Balcony',
      package_desc: 'Upstairs',
      active: false,
      message: 'Sales open on 1 December',
    });
  });

  it('answers 404 for an unknown event', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/events/zzzz9999/price-list' });
    expect(response.statusCode).toBe(404);
  });
});

describe('home page content', () => {
  it('lists banners in their order', async () => {
    const { body } = await getJson('/api/banners', z.array(BannerSchema));
    expect(body.map((b) => b.title)).toEqual(['First', 'Second']);
    expect(body[0]).toMatchObject({ subtitle: 'Hello', image: '/images/b1.svg', link: '/all' });
  });

  it('lists testimonials', async () => {
    const { body } = await getJson('/api/testimonials', z.array(TestimonialSchema));
    expect(body).toEqual([
      { id: expect.any(Number), title: 'Great', profession: 'Teacher', description: 'Easy to book.' },
    ]);
  });
});

describe('OpenAPI', () => {
  it('documents every catalogue route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = z
      .object({
        paths: z.record(
          z.string(),
          z.record(z.string(), z.object({ tags: z.array(z.string()).optional(), summary: z.string().optional() })),
        ),
      })
      .parse(response.json());
    for (const path of [
      '/api/categories',
      '/api/events',
      '/api/events/trending',
      '/api/events/{uid}',
      '/api/events/{uid}/seat-map',
      '/api/events/{uid}/price-list',
      '/api/search',
      '/api/search/suggest',
      '/api/banners',
      '/api/testimonials',
    ]) {
      const operation = doc.paths[path]?.['get'];
      expect(operation, path).toBeDefined();
      expect(operation?.tags).toEqual(['catalog']);
      expect(operation?.summary).toEqual(expect.any(String));
    }
    // The SPA fallback is not part of the API; the spec's two calls outside /api/ are, and so are uploaded images.
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/api/')).sort()).toEqual([
      '/media/{file}',
      '/register',
      '/sanctum/csrf-cookie',
    ]);
  });
});

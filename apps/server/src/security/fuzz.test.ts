import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createEvent,
  createPromoCode,
  createTicketPackage,
  createVenue,
  smallSeatMap,
} from '@marquee/db/factories';
import {
  BackupCodeRequestSchema,
  EnableTwoFactorRequestSchema,
  ForgotPasswordRequestSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  SignInRequestSchema,
  TotpCodeRequestSchema,
} from '@marquee/domain/accounts';
import { BookingLookupRequestSchema } from '@marquee/domain/bookings';
import { EventListQuerySchema, SearchQuerySchema, TrendingQuerySchema } from '@marquee/domain/catalog';
import { ErrorBodySchema, type ErrorCode } from '@marquee/domain/errors';
import {
  CreatedOrderSchema,
  CreateOrderRequestSchema,
  normaliseBookingId,
  PromoCheckRequestSchema,
  UnavailableBodySchema,
  type CreatedOrder,
} from '@marquee/domain/orders';
import { SandboxConfirmRequestSchema } from '@marquee/domain/payments';
import { eventPath } from '@marquee/domain/slug';
import { CheckInRequestSchema } from '@marquee/domain/tickets';
import { LinkTokenSchema, NotifyMeRequestSchema } from '../modules/notify-me/notify-me.schema';
import { WaitlistJoinRequestSchema, WaitlistTokenSchema } from '@marquee/domain/waitlist';
import { buildTestApp, TEST_APP_CONFIG, type TestApp } from '../test-support/build-test-app';
import {
  HOSTILE_NUMBERS,
  HOSTILE_STRINGS,
  MALFORMED_URL_PARTS,
  arbitraryFromSchema,
  dbFingerprint,
  type DbFingerprint,
  encodeAnything,
  addressLike,
  FUZZED_FORWARDING_HEADERS,
  forwardedForValue,
  headerText,
  hostileForwarding,
  hostileText,
  hostileValue,
  listRoutes,
  mostly,
  nested,
  type Overrides,
  pathsOf,
  replaceAt,
  withOneHostilePart,
} from '../test-support/fuzz';
import { createMailService, mailConfigOf } from '../modules/mail/service';
import { createSandboxWebhooks, SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../modules/payments/sandbox-webhooks';
import { createTicketsService } from '../modules/tickets/service';
import { buyTickets, orderTickets, TEST_BUYER } from '../test-support/buy-tickets';
import { organiserRoutesOf } from '../plugins/organiser-access';

/**
 * Issue 8, part 2: every route of the app, fed valid-shaped input (drawn from the shared zod schemas, with
 * real ids and secrets mixed in so that some requests succeed) and garbage. Whatever comes in: no 5xx;
 * every refusal in the documented shape (`{ message, errors? }`, a 422 with `errors: { field: [..] }`);
 * and a refused request writes nothing. A route added without an entry here fails the coverage test.
 *
 * Deterministic: FUZZ_SEED (default below) and FUZZ_RUNS (per route) may be set to explore further;
 * a failure prints the seed and the shrunk request to replay.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const STAFF_TOKEN = 'fuzz-staff-token-0123456789';
const CARD = { exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123', name: 'Nimal Perera' };

interface FuzzRequest {
  method: 'GET' | 'HEAD' | 'POST';
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

let t: TestApp;
let distDir: string;
/** What the arbitraries draw real values from, filled in beforeAll. */
interface Fixture {
  eventIds: number[];
  eventUids: string[];
  eventPaths: string[];
  packageIds: number[];
  seatIds: string[];
  promoCode: string;
  /** Orders: paid; unpaid (card); unpaid after a 3-D Secure challenge; unpaid with instalments. */
  orders: { paid: CreatedOrder; pending: CreatedOrder; threeDs: CreatedOrder; instalments: CreatedOrder } | null;
  ticketUrl: string;
  ticketCodes: string[];
  webhookSecret: string;
  /** A pending event (its sale starts tomorrow): Notify Me takes subscriptions for it. */
  notifyMeUid: string;
  /** An on-sale event with a sold-out package (capacity 0): its waitlist takes buyers. */
  waitlist: { uid: string; packageId: number };
}
const fixture: Fixture = {
  eventIds: [],
  eventUids: [],
  eventPaths: [],
  packageIds: [],
  seatIds: [],
  promoCode: '',
  orders: null,
  ticketUrl: '',
  ticketCodes: [],
  webhookSecret: '',
  notifyMeUid: '',
  waitlist: { uid: '', packageId: 0 },
};
const fixtureOrders = () => fixture.orders ?? fail('the fixture has no orders yet');

function fail(message: string): never {
  throw new Error(message);
}

// ---------------------------------------------------------------------------------------------------
// Request builders

function jsonPayload(value: unknown): { payload: string; headers: Record<string, string> } {
  return { payload: JSON.stringify(value) ?? '', headers: { 'content-type': 'application/json' } };
}

/** Bodies that are not what any route wants: hostile JSON, broken JSON, too big, the wrong content type. */
const garbageBody: fc.Arbitrary<{ payload: string | Buffer; headers: Record<string, string> }> = fc.oneof(
  { weight: 4, arbitrary: hostileValue.map(jsonPayload) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom<string | Buffer>(
        '',
        '{',
        '{"a":',
        'nul',
        '\uFEFF{}',
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{"isAdmin":true}}}',
        '['.repeat(20_000) + ']'.repeat(20_000),
        '['.repeat(100_000),
        JSON.stringify({ a: 'x'.repeat(60_000) }),
        JSON.stringify({ a: 'x'.repeat(70_000) }),
        Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x7d]),
        Buffer.from('{"a":"\xff\xfe"}', 'latin1'),
      )
      .map((payload) => ({ payload, headers: { 'content-type': 'application/json' } })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          'application/json; charset=utf-16',
          'application/json; charset=latin1',
          'application/jsonx',
          'application/octet-stream',
        ),
        fc.string({ maxLength: 40 }),
      )
      .map(([type, payload]) => ({ payload, headers: { 'content-type': type } })),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((payload) => ({ payload, headers: {} })) },
);

/** A query string: hostile keys and values, duplicated keys (arrays), or malformed escapes. */
const garbageQuery: fc.Arbitrary<string> = fc.oneof(
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom('q', 'page', 'per_page', 'limit', 'category', 'orderId', 'expires', 'signature'), hostileText), hostileText), { maxLength: 4 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${encodeAnything(k)}=${encodeAnything(v)}`).join('&')}` : '')),
  fc.constantFrom(...MALFORMED_URL_PARTS).map((part) => `?q=${part}&page=${part}`),
  fc.constantFrom('?', '?&&', '?q', '?q[]=1&q[]=2', '?q=a&q=b', '?page=1&page=2', '?__proto__[x]=1', `?q=${'x'.repeat(3_000)}`),
);

const RecordSchema = z.record(z.string(), z.unknown());

/** Query from an object of values as a browser would write it (arrays as repeated keys). */
function queryOf(value: unknown): string {
  const parsed = RecordSchema.safeParse(value);
  if (!parsed.success) return '';
  const parts: string[] = [];
  for (const [key, item] of Object.entries(parsed.data)) {
    for (const one of Array.isArray(item) ? item : [item]) {
      parts.push(`${encodeAnything(key)}=${encodeAnything(typeof one === 'string' ? one : (JSON.stringify(one) ?? ''))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** A path segment: as the route expects it (`good`), hostile text, or malformed escapes. */
function segment(good: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: good.map(encodeAnything) },
    { weight: 3, arbitrary: hostileText.filter((text) => text !== '').map(encodeAnything) },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_URL_PARTS) },
    { weight: 1, arbitrary: fc.constant('x'.repeat(250)) },
  );
}

const method = fc.constantFrom<'GET' | 'HEAD'>('GET', 'GET', 'GET', 'HEAD');

/** A GET route without input: anything in the query is ignored. */
function noInput(url: string): fc.Arbitrary<FuzzRequest> {
  return fc.tuple(method, garbageQuery).map(([m, query]) => ({ method: m, url: `${url}${query}` }));
}

/** A GET route with a query schema: valid-shaped queries, one hostile field, or garbage. */
function withQuery(url: string, schema: z.ZodType, overrides: Overrides = {}): fc.Arbitrary<FuzzRequest> {
  const valid = arbitraryFromSchema(schema, overrides);
  return fc
    .tuple(method, fc.oneof({ weight: 3, arbitrary: valid.map(queryOf) }, { weight: 2, arbitrary: withOneHostilePart(valid).map(queryOf) }, { weight: 2, arbitrary: garbageQuery }))
    .map(([m, query]) => ({ method: m, url: `${url}${query}` }));
}

/** A POST route with a JSON body schema: valid-shaped bodies, one hostile field, or garbage; optional headers. */
function withBody(
  url: fc.Arbitrary<string> | string,
  schema: z.ZodType,
  overrides: Overrides = {},
  headers: fc.Arbitrary<Record<string, string>> = fc.constant({}),
): fc.Arbitrary<FuzzRequest> {
  const valid = arbitraryFromSchema(schema, overrides);
  const body = fc.oneof(
    { weight: 4, arbitrary: valid.map(jsonPayload) },
    { weight: 3, arbitrary: withOneHostilePart(valid).map(jsonPayload) },
    { weight: 2, arbitrary: garbageBody },
  );
  return fc
    .tuple(typeof url === 'string' ? fc.constant(url) : url, body, headers)
    .map(([path, { payload, headers: contentType }, extra]) => ({ method: 'POST', url: path, payload, headers: { ...contentType, ...extra } }));
}

/** Mostly a real value (an id or secret from the fixture), else one that only looks right. */
function realOr(values: readonly string[], other: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: other });
}

const bookingIdLike = fc.stringMatching(/^MQ[0-9A-HJKMNP-TV-Z]{10}$/);
const intentIdLike = fc.stringMatching(/^(pi|inst)_sbx_[0-9a-f]{24}$/);
const uidLike = fc.stringMatching(/^[a-z0-9]{4,32}$/);
const bearer = (token: string) =>
  fc.oneof(
    fc.constant({ authorization: `Bearer ${token}` }),
    headerText.map((garbage) => ({ authorization: `Bearer ${garbage}` })),
    headerText.map((garbage) => ({ authorization: garbage })),
    fc.constant({}),
  );

// ---------------------------------------------------------------------------------------------------
// One entry per route: METHOD and path exactly as the app registers them

function routeInputs(): Record<string, fc.Arbitrary<FuzzRequest>> {
  const { paid, pending, threeDs, instalments } = fixtureOrders();
  // Names the buyer schema accepts, in several scripts and with its punctuation.
  const buyerName = fc.constantFrom('Nimal Perera', "O'Brien-Smith", "Zoë d'Arc", 'සිංහල නම', 'தமிழ் பெயர்', '王小明先生', 'J. R. R. Tolkien');
  /** An order's own id and token, spelled as a client may (lower case, several spaces after Bearer). */
  const ownedBy = (order: CreatedOrder) =>
    fc.constantFrom<[string, Record<string, string>]>(
      [order.order_id, { authorization: `Bearer ${order.access_token}` }],
      [order.order_id.toLowerCase(), { authorization: `bearer   ${order.access_token}` }],
    );
  const testCard = fc.record({
    number: fc.constantFrom('4242 4242 4242 4242', '4000000000000002', '4000000000009995', '4000000000000069', '4000002760003184'),
    exp_month: fc.integer({ min: 1, max: 12 }),
    exp_year: fc.integer({ min: new Date().getFullYear() + 1, max: 2100 }),
    cvc: fc.stringMatching(/^\d{3,4}$/),
    name: fc.oneof(buyerName, hostileText.filter((name) => name.trim().length >= 2 && name.length <= 80)),
  });
  // A row of the fuzz event's counted package, at its price or without one: what a buyer's browser sends.
  const realRows = fc.array(
    fc.record({ package_id: fc.constant(fixture.packageIds[0]), ticket_count: fc.integer({ min: 1, max: 3 }), package_price: fc.constant(250_000) }, { requiredKeys: ['package_id', 'ticket_count'] }),
    { minLength: 1, maxLength: 1 },
  );
  const eventUid = realOr(fixture.eventUids, uidLike);
  const orderIds = [pending.order_id, paid.order_id, threeDs.order_id, instalments.order_id];
  const orderId = segment(realOr(orderIds, bookingIdLike));
  const intentIds = [
    pending.payment?.intent_id ?? '',
    threeDs.payment?.intent_id ?? '',
    instalments.payment?.intent_id ?? '',
  ];
  const intentId = segment(realOr(intentIds, intentIdLike));
  const catalog = (suffix: string) =>
    fc.tuple(method, segment(eventUid), garbageQuery).map(([m, uid, query]) => ({ method: m, url: `/api/events/${uid}${suffix}${query}` }));
  const hostedPage = (kind: string) => ({
    [`GET /sandbox/${kind}/:intent_id`]: fc.tuple(method, intentId).map(([m, id]) => ({ method: m, url: `/sandbox/${kind}/${id}` })),
    [`POST /sandbox/${kind}/:intent_id`]: fc
      .tuple(
        intentId,
        fc.oneof(
          fc.tuple(fc.oneof(fc.constantFrom('approve', 'fail', 'decline'), hostileText), hostileText).map(([decision, extra]) => ({
            payload: `decision=${encodeAnything(decision)}&x=${encodeAnything(extra)}`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          })),
          fc.constant({ payload: `decision=approve&pad=${'x'.repeat(2_000)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
          garbageBody,
        ),
      )
      .map(([id, body]): FuzzRequest => ({ method: 'POST', url: `/sandbox/${kind}/${id}`, ...body })),
  });
  const ticketFile = segment(realOr([`${paid.order_id}.pdf`, `${pending.order_id}.pdf`], fc.stringMatching(/^MQ[0-9A-Z]{10}\.pdf$/)));
  const realLinkQuery = fixture.ticketUrl.slice(fixture.ticketUrl.indexOf('?'));
  const webhookBody = fc.oneof(
    fc
      .record({
        id: fc.oneof(fc.stringMatching(/^evt_[a-z0-9]{8}$/), hostileText),
        type: fc.oneof(fc.constantFrom('payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled'), hostileText),
        data: fc.record({ object: fc.record({ id: fc.oneof(realOr(intentIds, intentIdLike), hostileText) }) }),
      })
      .map((event) => JSON.stringify(event)),
    hostileValue.map((value) => JSON.stringify(value) ?? ''),
  );

  return {
    'GET /*': fc
      .tuple(
        method,
        fc.oneof(
          realOr(fixture.eventPaths, fc.constant('/')),
          fc.array(segment(fc.constantFrom('concerts', 'theatre', 'about-us', 'index.html', 'assets', 'x.js')), { maxLength: 4 }).map((parts) => `/${parts.join('/')}`),
          fc.tuple(fc.constantFrom('concerts', 'dance'), segment(hostileText), segment(eventUid)).map((parts) => `/${parts.join('/')}`),
        ),
        garbageQuery,
      )
      .map(([m, path, query]) => ({ method: m, url: `${path}${query}`, headers: { accept: 'text/html' } })),
    // @fastify/static registers a route per built file; the test build has one.
    'GET /assets/index-abc123.js': noInput('/assets/index-abc123.js'),
    'GET /api/banners': noInput('/api/banners'),
    'GET /api/categories': noInput('/api/categories'),
    'GET /api/docs': noInput('/api/docs'),
    'GET /api/docs/json': noInput('/api/docs/json'),
    'GET /api/docs/yaml': noInput('/api/docs/yaml'),
    'GET /api/docs/static/index.html': noInput('/api/docs/static/index.html'),
    'GET /api/docs/static/swagger-initializer.js': noInput('/api/docs/static/swagger-initializer.js'),
    'GET /api/docs/static/*': fc
      .tuple(method, fc.array(segment(fc.constantFrom('..', 'index.css', 'swagger-ui.css', 'package.json', '.env')), { minLength: 1, maxLength: 6 }))
      .map(([m, parts]) => ({ method: m, url: `/api/docs/static/${parts.join('/')}` })),
    'GET /api/events': withQuery('/api/events', EventListQuerySchema),
    'GET /api/events/trending': withQuery('/api/events/trending', TrendingQuerySchema),
    'GET /api/events/:uid': catalog(''),
    'GET /api/events/:uid/seat-map': catalog('/seat-map'),
    'GET /api/events/:uid/seats': catalog('/seats'),
    'GET /api/events/:uid/price-list': catalog('/price-list'),
    'GET /api/events/:uid/queue': catalog('/queue'),
    'GET /events/:uid/queue': fc
      .tuple(method, segment(eventUid), garbageQuery)
      .map(([m, uid, query]) => ({ method: m, url: `/events/${uid}/queue${query}`, headers: { accept: 'text/html' } })),
    'POST /api/events/:uid/queue': fc
      .tuple(segment(eventUid), fc.option(garbageBody))
      .map(([uid, body]): FuzzRequest => ({ method: 'POST', url: `/api/events/${uid}/queue`, ...(body ?? { payload: '{}', headers: { 'content-type': 'application/json' } }) })),
    'GET /api/search': withQuery('/api/search', SearchQuerySchema),
    'GET /api/search/suggest': withQuery('/api/search/suggest', SearchQuerySchema.pick({ q: true })),
    'GET /api/testimonials': noInput('/api/testimonials'),
    'GET /api/payments/config': noInput('/api/payments/config'),
    'GET /api/tickets/public-key': noInput('/api/tickets/public-key'),
    'POST /api/promotions/check': withBody('/api/promotions/check', PromoCheckRequestSchema, {
      event_id: mostly(fc.constant(fixture.eventIds[0])),
      ticket_package_details: mostly(realRows),
      promo_code: mostly(fc.constantFrom(fixture.promoCode, fixture.promoCode.toLowerCase())),
    }),
    'POST /api/orders': withBody(
      '/api/orders',
      CreateOrderRequestSchema,
      {
        event_id: mostly(fc.constant(fixture.eventIds[0])),
        ticket_package_details: mostly(realRows),
        'buyer.first_name': mostly(buyerName),
        'buyer.last_name': mostly(buyerName),
        seats: mostly(fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.subarray(fixture.seatIds, { minLength: 1, maxLength: 2 }) })),
        // Best available instead of seats now and then (it and seats together are refused).
        best_available: mostly(fc.constant(undefined)),
        promo_code: mostly(fc.constantFrom(null, null, null, fixture.promoCode)),
        payment_gateway_id: mostly(fc.constantFrom(1, 2)),
      },
      fc.oneof(
        { weight: 3, arbitrary: fc.constant({}) },
        { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9_:-]{8,100}$/).map((key) => ({ 'idempotency-key': key })) },
        { weight: 1, arbitrary: headerText.map((key) => ({ 'idempotency-key': key })) },
      ),
    ),
    'GET /api/orders/:order_id': fc
      .tuple(method, fc.oneof({ weight: 1, arbitrary: ownedBy(pending) }, { weight: 2, arbitrary: fc.tuple(orderId, bearer(pending.access_token)) }))
      .map(([m, [id, headers]]) => ({ method: m, url: `/api/orders/${id}`, headers })),
    'POST /api/orders/:order_id/cancel': fc
      .tuple(
        fc.oneof({ weight: 1, arbitrary: ownedBy(instalments) }, { weight: 2, arbitrary: fc.tuple(orderId, bearer(instalments.access_token)) }),
        fc.option(garbageBody),
      )
      .map(([[id, auth], body]): FuzzRequest => ({ method: 'POST', url: `/api/orders/${id}/cancel`, ...(body ?? {}), headers: { ...body?.headers, ...auth } })),
    'POST /api/orders/:order_id/best-available/retry': fc
      .tuple(
        fc.oneof({ weight: 1, arbitrary: ownedBy(pending) }, { weight: 2, arbitrary: fc.tuple(orderId, bearer(pending.access_token)) }),
        fc.option(garbageBody),
      )
      .map(([[id, auth], body]): FuzzRequest => ({ method: 'POST', url: `/api/orders/${id}/best-available/retry`, ...(body ?? {}), headers: { ...body?.headers, ...auth } })),
    'GET /api/bookings/status': fc
      .tuple(method, fc.oneof(realOr(orderIds, bookingIdLike).map((id) => `?orderId=${encodeAnything(id)}`), garbageQuery))
      .map(([m, query]) => ({ method: m, url: `/api/bookings/status${query}` })),
    'POST /api/bookings/lookup': withBody('/api/bookings/lookup', BookingLookupRequestSchema, {
      booking_id: mostly(fc.oneof(fc.constantFrom(paid.order_id, ` ${paid.order_id.toLowerCase()} `), fc.constantFrom(...orderIds))),
      nic: mostly(fc.oneof(fc.constantFrom('952345678V', ' 952345678v '), fc.constantFrom('nimal@example.com', 'n/a', '881234567V'))),
    }),
    'POST /api/events/:uid/notify-me': withBody(
      segment(realOr([fixture.notifyMeUid, ...fixture.eventUids], uidLike)).map((uid) => `/api/events/${uid}/notify-me`),
      NotifyMeRequestSchema,
      { email: mostly(fc.constantFrom('nimal@example.com', ' Nimal.Perera+soon@Example.COM ')) },
    ),
    'POST /api/notify-me/confirm': withBody('/api/notify-me/confirm', LinkTokenSchema, {
      token: mostly(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/)),
    }),
    'POST /api/notify-me/unsubscribe': withBody('/api/notify-me/unsubscribe', LinkTokenSchema, {
      token: mostly(fc.stringMatching(/^\d{1,4}\.[A-Za-z0-9_-]{43}$/)),
    }),
    'POST /api/events/:uid/waitlist': withBody(
      segment(realOr([fixture.waitlist.uid, fixture.waitlist.uid, fixture.waitlist.uid, ...fixture.eventUids], uidLike)).map(
        (uid) => `/api/events/${uid}/waitlist`,
      ),
      WaitlistJoinRequestSchema,
      {
        package_id: mostly(fc.constant(fixture.waitlist.packageId)),
        quantity: mostly(fc.integer({ min: 1, max: 4 })),
        'buyer.first_name': mostly(buyerName),
        'buyer.last_name': mostly(buyerName),
        payment_gateway_id: mostly(fc.constantFrom(undefined, 1, 2)),
      },
    ),
    'POST /api/waitlist/confirm': withBody('/api/waitlist/confirm', WaitlistTokenSchema, {
      token: mostly(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/)),
    }),
    'POST /api/waitlist/leave': withBody('/api/waitlist/leave', WaitlistTokenSchema, {
      token: mostly(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/)),
    }),
    'POST /api/waitlist/offer': withBody('/api/waitlist/offer', WaitlistTokenSchema, {
      token: mostly(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/)),
    }),
    'POST /api/payments/webhooks/:provider': fc
      .tuple(fc.oneof({ weight: 3, arbitrary: fc.constant('sandbox') }, { weight: 1, arbitrary: segment(fc.constant('stripe')) }), webhookBody, fc.integer({ min: 0, max: 3 }), headerText)
      .map(([provider, body, signing, garbage]): FuzzRequest => {
        const now = Math.floor(Date.now() / 1000);
        const signature = [
          signSandboxPayload(fixture.webhookSecret, body),
          signSandboxPayload(fixture.webhookSecret, body, now - 3_600),
          signSandboxPayload('whsec_wrong', body),
          garbage,
        ][signing];
        return {
          method: 'POST',
          url: `/api/payments/webhooks/${provider}`,
          payload: body,
          headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature ?? '', 'stripe-signature': garbage },
        };
      }),
    'POST /api/sandbox/payment_intents/:intent_id/confirm': fc.oneof(
      // The intent's own client secret and a test card: gets past the checks to the payment.
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom(pending, threeDs), arbitraryFromSchema(SandboxConfirmRequestSchema, { card: mostly(testCard) }))
          .map(([order, body]): FuzzRequest => ({
            method: 'POST',
            url: `/api/sandbox/payment_intents/${order.payment?.intent_id}/confirm`,
            ...jsonPayload({ ...RecordSchema.parse(body), client_secret: order.payment?.client_secret }),
          })),
      },
      {
        weight: 2,
        arbitrary: withBody(intentId.map((id) => `/api/sandbox/payment_intents/${id}/confirm`), SandboxConfirmRequestSchema, {
          client_secret: mostly(fc.constantFrom(pending.payment?.client_secret ?? '', threeDs.payment?.client_secret ?? '')),
          card: mostly(testCard),
        }),
      },
    ),
    ...hostedPage('3ds'),
    ...hostedPage('instalments'),
    'GET /api/tickets/:file': fc
      .tuple(
        method,
        ticketFile,
        fc.oneof(
          { weight: 1, arbitrary: fc.constant(realLinkQuery) },
          { weight: 2, arbitrary: fc.tuple(hostileText, hostileText).map(([e, s]) => `?expires=${encodeAnything(e)}&signature=${encodeAnything(s)}`) },
          { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 0, max: 99_999_999_999 }), fc.stringMatching(/^[A-Za-z0-9_-]{43}$/)).map(([e, s]) => `?expires=${e}&signature=${s}`) },
          { weight: 1, arbitrary: garbageQuery },
        ),
      )
      .map(([m, file, query]) => ({ method: m, url: `/api/tickets/${file}${query}` })),
    'POST /api/check-in': withBody(
      '/api/check-in',
      CheckInRequestSchema,
      { code: realOr(fixture.ticketCodes, fc.stringMatching(/^MQ1\.[A-Za-z0-9_-]{10,80}\.[A-Za-z0-9_-]{86}$/)), event_uid: eventUid },
      fc.oneof({ weight: 3, arbitrary: fc.constant({ authorization: `Bearer ${STAFF_TOKEN}` }) }, { weight: 1, arbitrary: bearer('wrong-token-0123456789') }),
    ),
    'GET /sanctum/csrf-cookie': noInput('/sanctum/csrf-cookie'),
    'GET /api/captcha/challenge': noInput('/api/captcha/challenge'),
    'GET /api/auth/session': noInput('/api/auth/session'),
    // From our page (X-Requested-With) mostly, so that the sign-out itself is reached; else refused (403).
    'GET /api/auth/logout': fc
      .tuple(noInput('/api/auth/logout'), fc.boolean())
      .map(([request, isOurs]) => (isOurs ? { ...request, headers: { 'x-requested-with': 'XMLHttpRequest' } } : request)),
    'GET /api/me/bookings': noInput('/api/me/bookings'),
    'GET /api/auth/error': noInput('/api/auth/error'),
    'POST /register': withBody(
      '/register',
      RegisterRequestSchema,
      {
        name: mostly(fc.constantFrom('Ama Perera', 'Lim Wei Ling')),
        email: mostly(fc.uuid().map((id) => `fuzz-${id.slice(0, 13)}@example.com`)),
        password: mostly(fc.constant('correct horse battery')),
        password_confirmation: mostly(fc.constant('correct horse battery')),
      },
      // Many clients (through the trusted local proxy), so the per-client limit leaves room for successes.
      fc.ipV4().map((ip) => ({ 'x-forwarded-for': ip })),
    ),
    'POST /api/auth/password/forgot': withBody('/api/auth/password/forgot', ForgotPasswordRequestSchema, {
      email: mostly(fc.constantFrom('fuzz-account@example.com', 'nobody@example.com')),
    }),
    'POST /api/auth/password/reset': withBody('/api/auth/password/reset', ResetPasswordRequestSchema, {
      password: mostly(fc.constant('new password 123')),
      password_confirmation: mostly(fc.constant('new password 123')),
    }),
    'POST /api/auth/sign-in/email': withBody('/api/auth/sign-in/email', SignInRequestSchema, {
      email: mostly(fc.constant('fuzz-account@example.com')),
      password: mostly(fc.constantFrom('correct horse battery', 'wrong password')),
    }),
    // No session or challenge cookie: refused as a sign-in to do first, whatever the body (two-factor.test.ts
    // runs them signed in).
    'POST /api/auth/two-factor/verify-totp': withBody('/api/auth/two-factor/verify-totp', TotpCodeRequestSchema, {
      code: mostly(fc.stringMatching(/^\d{6}$/)),
    }),
    'POST /api/auth/two-factor/verify-backup-code': withBody('/api/auth/two-factor/verify-backup-code', BackupCodeRequestSchema, {
      code: mostly(fc.stringMatching(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/)),
    }),
    'POST /api/auth/two-factor/enable': withBody('/api/auth/two-factor/enable', EnableTwoFactorRequestSchema, {
      password: mostly(fc.constantFrom('correct horse battery', 'wrong password')),
    }),
    'POST /api/auth/sign-in/social': withBody(
      '/api/auth/sign-in/social',
      z.object({ provider: z.enum(['google', 'apple']), callbackURL: z.string().optional() }),
    ),
    'GET /api/auth/reset-password/:token': fc
      .tuple(method, segment(hostileText), garbageQuery)
      .map(([m, token, query]) => ({ method: m, url: `/api/auth/reset-password/${token}${query}` })),
    'GET /api/auth/callback/:id': fc
      .tuple(method, segment(fc.oneof(fc.constantFrom('google', 'apple'), hostileText)), garbageQuery)
      .map(([m, id, query]) => ({ method: m, url: `/api/auth/callback/${id}${query}` })),
    'POST /api/auth/callback/:id': fc
      .tuple(segment(fc.oneof(fc.constantFrom('google', 'apple'), hostileText)), hostileText, fc.option(garbageBody))
      .map(([id, state, body]): FuzzRequest => ({
        method: 'POST',
        url: `/api/auth/callback/${id}`,
        ...(body ?? {
          payload: `code=${encodeAnything(state)}&state=${encodeAnything(state)}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      })),
    'GET /dev/mail': noInput('/dev/mail'),
    'GET /dev/mail/:id': fc
      .tuple(method, segment(fc.integer({ min: -3, max: 5 }).map(String)))
      .map(([m, id]) => ({ method: m, url: `/dev/mail/${id}` })),
    'GET /dev/mail/:id/attachments/:attachment_id': fc
      .tuple(method, segment(fc.integer({ min: -3, max: 5 }).map(String)), segment(fc.constantFrom('1', '2', '1e3', '1.5', '0x1', '99999999999')))
      .map(([m, id, attachment]) => ({ method: m, url: `/dev/mail/${id}/attachments/${attachment}` })),
  };
}

// ---------------------------------------------------------------------------------------------------

let clients = 0;

/**
 * Each request from a client of its own (through the trusted proxy on loopback, unless the request names
 * one), so that the per-client limits, tested in limits.test.ts, leave every request to reach the service.
 */
function send(request: FuzzRequest) {
  clients += 1;
  const client = `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
  return t.app.inject({
    method: request.method,
    url: request.url,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    headers: { 'x-forwarded-for': client, ...request.headers },
  });
}

/** No 5xx; a refusal in the error shape (a page's 404 may be HTML); a refusal writes nothing. */
function expectSafeAnswer(request: FuzzRequest, response: Awaited<ReturnType<typeof send>>, before: DbFingerprint, after: DbFingerprint): void {
  const context = `${request.method} ${request.url} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  const type = String(response.headers['content-type'] ?? '');
  if (response.statusCode >= 400 && request.method !== 'HEAD') {
    if (request.url.startsWith('/api/') || type.startsWith('application/json')) {
      expect(type, context).toMatch(/^application\/json/);
      const body = ErrorBodySchema.safeParse(response.json());
      expect(body.success, context).toBe(true);
      if (response.statusCode === 422) expect(Object.keys(body.data?.errors ?? {}).length, context).toBeGreaterThan(0);
    } else {
      // Pages (the SPA's not-found page) answer 404 as HTML, for people and crawlers.
      expect(type, context).toMatch(/^text\/html/);
    }
  }
  if (response.statusCode >= 400) expect(after, context).toEqual(before);
}

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'marquee-fuzz-dist-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><html><head><title>Marquee</title><!--app-meta--></head><body></body></html>');
  writeFileSync(join(distDir, 'assets', 'index-abc123.js'), 'console.log("app");');
  t = await buildTestApp({
    webDistDir: distDir,
    tickets: { signingKey: null, linkKey: null, staffToken: STAFF_TOKEN },
    // The limit is tested in security.test.ts; here every lookup must reach the service.
    bookingLookupLimit: { max: 1_000_000, windowMs: 60_000 },
    // Requests come through a proxy on loopback that names their client (see send()).
    trustedProxies: ['127.0.0.1'],
  });

  const seated = await createVenue(t.db, { seatMap: smallSeatMap(2, 5) });
  const event = await createEvent(t.db, { venueId: seated.id, name: 'Fuzz Fest' });
  const counted = await createTicketPackage(t.db, { eventId: event.id, price: 250_000, capacity: 100_000 });
  const seats = ['A-1-1', 'A-1-2', 'A-1-3', 'A-1-4', 'A-1-5', 'A-2-1', 'A-2-2', 'A-2-3', 'A-2-4', 'A-2-5'];
  const seatedPkg = await createTicketPackage(t.db, { eventId: event.id, price: 500_000, seatingRange: seats });
  const free = await createEvent(t.db, { name: 'Free Fuzz' });
  fixture.notifyMeUid = (
    await createEvent(t.db, { name: 'Fuzz Soon', status: 'pending', saleStartsAt: new Date(Date.now() + 86_400_000) })
  ).uid;
  const freePkg = await createTicketPackage(t.db, { eventId: free.id, price: 0, capacity: 100_000 });
  const soldOut = await createEvent(t.db, { name: 'Fuzz Sold Out' });
  fixture.waitlist = {
    uid: soldOut.uid,
    packageId: (await createTicketPackage(t.db, { eventId: soldOut.id, capacity: 0 })).id,
  };
  const promo = await createPromoCode(t.db, { eventId: event.id, code: 'FUZZ10' });
  Object.assign(fixture, {
    eventIds: [event.id, free.id],
    eventUids: [event.uid, free.uid],
    eventPaths: [eventPath(event), eventPath(free)],
    packageIds: [counted.id, seatedPkg.id, freePkg.id],
    seatIds: seats,
    promoCode: promo.code,
  });

  const oneTicket = { event_id: event.id, ticket_package_details: [{ package_id: counted.id, ticket_count: 1 }] };
  const paid = await buyTickets(t, oneTicket, { nic: '952345678V' });
  const pending = await orderTickets(t, oneTicket);
  const threeDs = await orderTickets(t, oneTicket);
  const challenge = await t.app.inject({
    method: 'POST',
    url: `/api/sandbox/payment_intents/${threeDs.payment?.intent_id}/confirm`,
    payload: JSON.stringify({ client_secret: threeDs.payment?.client_secret, card: { number: '4000002760003184', ...CARD } }),
    headers: { 'content-type': 'application/json' },
  });
  expect(challenge.json().status).toBe('requires_action');
  const instalments = await orderTickets(t, { ...oneTicket, payment_gateway_id: 2 });
  fixture.orders = { paid, pending, threeDs, instalments };

  // Keys are made once per database on first use: made now, so that no fuzzed request is the first.
  const tickets = createTicketsService({ db: t.db, config: TEST_APP_CONFIG });
  fixture.ticketUrl = await tickets.ticketUrl(paid.order_id);
  fixture.ticketCodes = await tickets.signedCodes(paid.order_id);
  fixture.webhookSecret = await createSandboxWebhooks(t.db).secret();
  // One kept e-mail with its PDF, for the outbox viewer's routes.
  const mail = createMailService({
    db: t.db,
    config: mailConfigOf(TEST_APP_CONFIG),
    publicUrl: TEST_APP_CONFIG.publicUrl,
    log: t.app.log,
    renderTicketsPdf: tickets.renderTicketsPdf,
  });
  await mail.sendDue();
  mail.close();
});

afterAll(async () => {
  await t?.close();
  rmSync(distDir, { recursive: true, force: true });
});

/**
 * The routes the app has, HEAD folded into GET (Fastify adds a HEAD for every GET), but for the console's
 * and the uploaded images' address: security/console-fuzz.test.ts fuzzes those, with its own fixture.
 */
function registeredRoutes(): string[] {
  const all = listRoutes(t.app);
  const console = new Set([...organiserRoutesOf(t.app).map((route) => `${route.method} ${route.url}`), 'GET /media/:file']);
  return all.filter(
    (route) =>
      !(route.startsWith('HEAD ') && all.includes(route.replace(/^HEAD /, 'GET '))) &&
      !console.has(route.replace(/^HEAD /, 'GET ')),
  );
}

describe('the fuzz list', () => {
  it('has an entry for every route the app registers, and none for a route it does not', () => {
    expect(registeredRoutes()).toEqual(Object.keys(routeInputs()).sort());
  });
});

describe('every route, fuzzed', () => {
  // Filled in by the routes' runs: the answers each route gave, for the checks after.
  const statuses = new Map<string, number[]>();

  // The list is fixed before the fixture exists; the arbitraries read the fixture when they draw.
  const ROUTES = [
    'GET /*',
    'GET /assets/index-abc123.js',
    'GET /api/banners',
    'GET /api/categories',
    'GET /api/docs',
    'GET /api/docs/json',
    'GET /api/docs/yaml',
    'GET /api/docs/static/index.html',
    'GET /api/docs/static/swagger-initializer.js',
    'GET /api/docs/static/*',
    'GET /api/events',
    'GET /api/events/trending',
    'GET /api/events/:uid',
    'GET /api/events/:uid/seat-map',
    'GET /api/events/:uid/seats',
    'GET /api/events/:uid/price-list',
    'GET /api/events/:uid/queue',
    'POST /api/events/:uid/queue',
    'GET /events/:uid/queue',
    'GET /api/search',
    'GET /api/search/suggest',
    'GET /api/testimonials',
    'GET /api/payments/config',
    'GET /api/tickets/public-key',
    'POST /api/promotions/check',
    'POST /api/orders',
    'GET /api/orders/:order_id',
    'POST /api/orders/:order_id/cancel',
    'POST /api/orders/:order_id/best-available/retry',
    'GET /api/bookings/status',
    'POST /api/bookings/lookup',
    'POST /api/events/:uid/notify-me',
    'POST /api/notify-me/confirm',
    'POST /api/notify-me/unsubscribe',
    'POST /api/events/:uid/waitlist',
    'POST /api/waitlist/confirm',
    'POST /api/waitlist/leave',
    'POST /api/waitlist/offer',
    'POST /api/payments/webhooks/:provider',
    'POST /api/sandbox/payment_intents/:intent_id/confirm',
    'GET /sandbox/3ds/:intent_id',
    'POST /sandbox/3ds/:intent_id',
    'GET /sandbox/instalments/:intent_id',
    'POST /sandbox/instalments/:intent_id',
    'GET /api/tickets/:file',
    'POST /api/check-in',
    'GET /dev/mail',
    'GET /dev/mail/:id',
    'GET /dev/mail/:id/attachments/:attachment_id',
    'GET /sanctum/csrf-cookie',
    'GET /api/captcha/challenge',
    'GET /api/auth/session',
    'GET /api/auth/logout',
    'GET /api/me/bookings',
    'GET /api/auth/error',
    'POST /register',
    'POST /api/auth/password/forgot',
    'POST /api/auth/password/reset',
    'POST /api/auth/sign-in/email',
    'POST /api/auth/two-factor/verify-totp',
    'POST /api/auth/two-factor/verify-backup-code',
    'POST /api/auth/two-factor/enable',
    'POST /api/auth/sign-in/social',
    'GET /api/auth/reset-password/:token',
    'GET /api/auth/callback/:id',
    'POST /api/auth/callback/:id',
  ];

  it('lists every fuzzed route once', () => {
    expect([...ROUTES].sort()).toEqual(Object.keys(routeInputs()).sort());
  });

  it.each(ROUTES)('%s: no 5xx, refusals in the error shape, and a refusal writes nothing', async (route) => {
    const inputs = routeInputs()[route] ?? fail(`no inputs for ${route}`);
    const seen: number[] = [];
    statuses.set(route, seen);
    // One fingerprint per request: what the database held after one request is what it held before the next.
    let last = await dbFingerprint(t.db);
    await fc.assert(
      fc.asyncProperty(inputs, async (request) => {
        const before = last;
        const response = await send(request);
        last = await dbFingerprint(t.db);
        seen.push(response.statusCode);
        expectSafeAnswer(request, response, before, last);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });

  it('reached success on the routes that write, so the valid-shaped inputs are valid', () => {
    // FUZZ_SUMMARY=1 prints what each route answered, to see what the arbitraries reach.
    if (process.env.FUZZ_SUMMARY) for (const [route, seen] of statuses) console.log(route, JSON.stringify(Object.fromEntries([...new Set(seen)].sort().map((s) => [s, seen.filter((x) => x === s).length]))));
    for (const route of [
      'POST /api/orders',
      'POST /api/promotions/check',
      'POST /api/bookings/lookup',
      'POST /api/events/:uid/notify-me',
      'POST /api/events/:uid/waitlist',
      'GET /api/orders/:order_id',
      'POST /api/sandbox/payment_intents/:intent_id/confirm',
      'GET /api/events',
      'GET /api/search',
      'POST /register',
      'POST /api/auth/password/forgot',
        ]) {
      expect(statuses.get(route)?.some((status) => status < 300), route).toBe(true);
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// The hand-picked hostile values, each put in one field of a valid request in turn

/** Every hand-picked value: the strings, the numbers, and the wrong shapes. */
const HAND_PICKED: readonly unknown[] = [
  ...HOSTILE_STRINGS,
  ...HOSTILE_NUMBERS,
  null,
  true,
  [],
  {},
  ['a', 1],
  { $ne: null },
  nested(200, 'array'),
  nested(200, 'object'),
  Array(2_000).fill('x'),
];

/** A field of what the sweep put together (anything, once a hostile value has replaced a part of it). */
function field(value: unknown, key: string): unknown {
  const parsed = RecordSchema.safeParse(value);
  return parsed.success ? parsed.data[key] : undefined;
}
/** A field as a path segment or query value: strings as they are, anything else as its JSON. */
function text(value: unknown): string {
  return encodeAnything(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
}

interface Sweep {
  /** A request that is valid (or nearly: the sweep changes one part of it each time). */
  exemplar: unknown;
  build: (value: unknown) => FuzzRequest;
  /** Every value in every part (else each value in one part, the parts in turn). */
  isExhaustive?: boolean;
}

let webhookSweeps = 0;

/** The routes that take input, each with a valid request whose every part the sweep replaces in turn. */
function sweeps(): Record<string, Sweep> {
  const { paid, pending, threeDs } = fixtureOrders();
  const [eventId = 0] = fixture.eventIds;
  const [eventUid = ''] = fixture.eventUids;
  const [packageId = 0] = fixture.packageIds;
  const get = (url: string): FuzzRequest => ({ method: 'GET', url });
  const postJson = (url: string, body: unknown, headers: Record<string, string> = {}): FuzzRequest => {
    const json = jsonPayload(body);
    return { method: 'POST', url, payload: json.payload, headers: { ...json.headers, ...headers } };
  };
  const query = (value: unknown, keys: string[]) => `?${keys.map((key) => `${key}=${text(field(value, key))}`).join('&')}`;
  const catalog = (suffix: string): Sweep => ({ exemplar: { uid: eventUid }, build: (v) => get(`/api/events/${text(field(v, 'uid'))}${suffix}`) });
  const hosted = (kind: string, order: CreatedOrder): Sweep => ({
    exemplar: { intent_id: order.payment?.intent_id, decision: 'fail' },
    build: (v) => ({
      method: 'POST',
      url: `/sandbox/${kind}/${text(field(v, 'intent_id'))}`,
      payload: `decision=${text(field(v, 'decision'))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  });
  const buyer = { first_name: 'Nimal', last_name: 'Perera', email: 'nimal@example.com', phone: '0771234567', nic: '952345678V' };
  const rows = [{ package_id: packageId, ticket_count: 1, package_price: 250_000 }];
  const link = new URL(fixture.ticketUrl, 'http://x');
  return {
    'GET /*': { exemplar: { segments: fixture.eventPaths[0]?.split('/').slice(1) }, build: (v) => ({ ...get(`/${[field(v, 'segments')].flat().map(text).join('/')}`), headers: { accept: 'text/html' } }) },
    'GET /api/events': { exemplar: { category: 'concerts', page: '1', per_page: '12' }, build: (v) => get(`/api/events${query(v, ['category', 'page', 'per_page'])}`) },
    'GET /api/events/trending': { exemplar: { category: 'all', limit: '8' }, build: (v) => get(`/api/events/trending${query(v, ['category', 'limit'])}`) },
    'GET /api/search': { exemplar: { q: 'fuzz', limit: '5' }, build: (v) => get(`/api/search${query(v, ['q', 'limit'])}`) },
    'GET /api/search/suggest': { exemplar: { q: 'fuzz' }, build: (v) => get(`/api/search/suggest${query(v, ['q'])}`) },
    'GET /api/events/:uid': catalog(''),
    'GET /api/events/:uid/seat-map': catalog('/seat-map'),
    'GET /api/events/:uid/seats': catalog('/seats'),
    'GET /api/events/:uid/price-list': catalog('/price-list'),
    'POST /api/promotions/check': {
      exemplar: { promo_code: fixture.promoCode, ticket_package_details: rows, email: 'nimal@example.com', event_id: eventId },
      build: (v) => postJson('/api/promotions/check', v),
    },
    'POST /api/orders': {
      exemplar: { event_id: eventId, buyer, ticket_package_details: rows, seats: [], promo_code: null, payment_gateway_id: 1, terms_agreed: true },
      build: (v) => postJson('/api/orders', v),
    },
    'GET /api/orders/:order_id': {
      exemplar: { order_id: pending.order_id, token: pending.access_token },
      build: (v) => ({ ...get(`/api/orders/${text(field(v, 'order_id'))}`), headers: { authorization: `Bearer ${String(field(v, 'token')).replace(/[^\x20-\x7e]/g, '?')}` } }),
    },
    'GET /api/bookings/status': { exemplar: { orderId: pending.order_id }, build: (v) => get(`/api/bookings/status${query(v, ['orderId'])}`) },
    'POST /api/bookings/lookup': { exemplar: { booking_id: paid.order_id, nic: '952345678V' }, build: (v) => postJson('/api/bookings/lookup', v) },
    'POST /api/events/:uid/notify-me': {
      exemplar: { uid: fixture.notifyMeUid, body: { email: 'sweep@example.com' } },
      build: (v) => postJson(`/api/events/${text(field(v, 'uid'))}/notify-me`, field(v, 'body')),
    },
    'POST /api/events/:uid/waitlist': {
      exemplar: {
        uid: fixture.waitlist.uid,
        body: { package_id: fixture.waitlist.packageId, quantity: 2, buyer, payment_gateway_id: 1, terms_agreed: true },
      },
      build: (v) => postJson(`/api/events/${text(field(v, 'uid'))}/waitlist`, field(v, 'body')),
    },
    // The one place where strings no schema has checked reach SQL (once signed): every value in every part.
    'POST /api/payments/webhooks/:provider': {
      exemplar: { provider: 'sandbox', event: { id: 'evt_sweep', type: 'payment_intent.succeeded', data: { object: { id: pending.payment?.intent_id } } } },
      isExhaustive: true,
      build: (v) => {
        const event = field(v, 'event');
        // A new event id each time, or every request after the first is a duplicate that stops early.
        const id = field(event, 'id');
        const body = JSON.stringify(id === 'evt_sweep' ? replaceAt(event, ['id'], `evt_sweep_${(webhookSweeps += 1)}`) : event) ?? '';
        return {
          method: 'POST',
          url: `/api/payments/webhooks/${text(field(v, 'provider'))}`,
          payload: body,
          // Signed with the real key: what gets past the signature must still be checked.
          headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(fixture.webhookSecret, body) },
        };
      },
    },
    'POST /api/sandbox/payment_intents/:intent_id/confirm': {
      exemplar: {
        intent_id: threeDs.payment?.intent_id,
        body: { client_secret: threeDs.payment?.client_secret, card: { number: '4000000000000002', ...CARD } },
      },
      build: (v) => postJson(`/api/sandbox/payment_intents/${text(field(v, 'intent_id'))}/confirm`, field(v, 'body')),
    },
    'POST /sandbox/3ds/:intent_id': hosted('3ds', threeDs),
    'POST /sandbox/instalments/:intent_id': hosted('instalments', fixtureOrders().instalments),
    'GET /api/tickets/:file': {
      exemplar: { file: `${paid.order_id}.pdf`, expires: link.searchParams.get('expires'), signature: link.searchParams.get('signature') },
      build: (v) => get(`/api/tickets/${text(field(v, 'file'))}${query(v, ['expires', 'signature'])}`),
    },
    'POST /api/check-in': {
      exemplar: { code: fixture.ticketCodes[0], event_uid: eventUid },
      build: (v) => postJson('/api/check-in', v, { authorization: `Bearer ${STAFF_TOKEN}` }),
    },
    'GET /dev/mail/:id/attachments/:attachment_id': {
      exemplar: { id: 1, attachment_id: 1 },
      build: (v) => get(`/dev/mail/${text(field(v, 'id'))}/attachments/${text(field(v, 'attachment_id'))}`),
    },
  };
}

describe('hand-picked hostile values, one in each part of a valid request in turn', () => {
  const ROUTES = [
    'GET /*',
    'GET /api/events',
    'GET /api/events/trending',
    'GET /api/search',
    'GET /api/search/suggest',
    'GET /api/events/:uid',
    'GET /api/events/:uid/seat-map',
    'GET /api/events/:uid/seats',
    'GET /api/events/:uid/price-list',
    'POST /api/promotions/check',
    'POST /api/orders',
    'GET /api/orders/:order_id',
    'GET /api/bookings/status',
    'POST /api/bookings/lookup',
    'POST /api/events/:uid/notify-me',
    'POST /api/events/:uid/waitlist',
    'POST /api/payments/webhooks/:provider',
    'POST /api/sandbox/payment_intents/:intent_id/confirm',
    'POST /sandbox/3ds/:intent_id',
    'POST /sandbox/instalments/:intent_id',
    'GET /api/tickets/:file',
    'POST /api/check-in',
    'GET /dev/mail/:id/attachments/:attachment_id',
  ];

  it('covers the routes it names', () => {
    expect([...ROUTES].sort()).toEqual(Object.keys(sweeps()).sort());
  });

  it.each(ROUTES)('%s', async (route) => {
    const { exemplar, build, isExhaustive } = sweeps()[route] ?? fail(`no sweep for ${route}`);
    // Leaves and branches alike, but not the root: a whole request replaced is the fuzz's garbage.
    const parts = pathsOf(exemplar).slice(1);
    const cases = isExhaustive
      ? parts.flatMap((part) => HAND_PICKED.map((value) => ({ part, value })))
      : HAND_PICKED.map((value, index) => ({ part: parts[index % parts.length] ?? [], value }));
    let last = await dbFingerprint(t.db);
    for (const { part, value } of cases) {
      const request = build(replaceAt(exemplar, part, value));
      const before = last;
      const response = await send(request);
      last = await dbFingerprint(t.db);
      expectSafeAnswer(request, response, before, last);
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// The limits of issue 20 (decisions/028 and 029), fuzzed: runs long enough to reach them, from clients
// that say what they like about their address, on an app that trusts no proxy and on one behind a named one

/** Runs per limited route and app (each run: new clients, long enough to reach the limit). */
const LIMIT_RUNS = Number(process.env.FUZZ_LIMIT_RUNS ?? 2);

/** The refusals that come before a route's limits run (its body's or query's parsing and schema). */
const BEFORE_THE_LIMITS: ReadonlySet<string> = new Set([
  'invalid_json',
  'validation_failed',
  'unsupported_media_type',
  'payload_too_large',
  'bad_request',
]);

/** An app the limits are fuzzed on, and the real values its requests draw from. */
interface LimitsTarget {
  /** `direct`: TRUSTED_PROXIES unset (the default); `proxied`: behind a proxy named on loopback. */
  kind: 'direct' | 'proxied';
  app: TestApp;
  eventId: number;
  packageId: number;
  promoCode: string;
  paid: CreatedOrder;
  pending: CreatedOrder;
  ticketCodes: string[];
  account: { email: string; password: string };
  /** The booking lookup's limit in this app (per client, and per client and Booking ID). */
  lookupMax: number;
}

/** Where a request comes from: the socket's address, what it says in forwarding headers, and which client it is. */
interface Origin {
  remoteAddress: string;
  headers: Record<string, string>;
  /** The client the server must count it against: one of the run's clients (the model's key). */
  client: string;
}

/** What a step draws to make its origin: which of the run's three clients, a number, hostile headers, a hostile X-Forwarded-For. */
type OriginDraw = [who: 0 | 1 | 2, pick: number, forwarding: Record<string, string>, claimed: string];
const originDraw: fc.Arbitrary<OriginDraw> = fc.tuple(
  fc.constantFrom<0 | 1 | 2>(0, 0, 0, 0, 1, 1, 2),
  fc.nat({ max: 0xfffe }),
  hostileForwarding(),
  fc.oneof(forwardedForValue, fc.constant('')),
);

/**
 * The origin of one request of run `run`. Direct (no proxy trusted): a client is its socket's address,
 * whatever its headers say: an IPv4 address (sometimes IPv4-mapped), an IPv6 /64 (a new address in it
 * each time), another IPv4. Behind the proxy on loopback: two clients named by the proxy as the rightmost
 * X-Forwarded-For address (after whatever the client put in front), and a neighbour that is no named
 * proxy, whose X-Forwarded-For (sometimes another client's address) must not be believed.
 */
function originOf(kind: LimitsTarget['kind'], run: number, [who, pick, forwarding, claimed]: OriginDraw): Origin {
  const r = run & 255;
  if (kind === 'direct') {
    const remoteAddress = [
      pick % 2 === 0 ? `198.18.${r}.1` : `::ffff:198.18.${r}.1`,
      `2001:db8:${r.toString(16)}:1::${pick.toString(16)}`,
      `198.18.${r}.2`,
    ][who] ?? fail(`no client ${who}`);
    return { remoteAddress, headers: forwarding, client: String(who) };
  }
  const { 'x-forwarded-for': _ignored, ...others } = forwarding;
  if (who === 2) {
    const pretends = [claimed, `198.19.${r}.1`, `2001:db8:1${r.toString(16)}:2::1`][pick % 3] ?? '';
    return { remoteAddress: `172.16.${r}.9`, headers: { ...others, 'x-forwarded-for': pretends }, client: '2' };
  }
  const address = who === 0 ? `198.19.${r}.1` : `2001:db8:1${r.toString(16)}:2::${pick.toString(16)}`;
  return {
    remoteAddress: '127.0.0.1',
    headers: { ...others, 'x-forwarded-for': claimed ? `${claimed}, ${address}` : address },
    client: String(who),
  };
}

function sendFrom(target: LimitsTarget, request: FuzzRequest, origin: Origin) {
  return target.app.app.inject({
    method: request.method,
    url: request.url,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    remoteAddress: origin.remoteAddress,
    headers: { ...origin.headers, ...request.headers },
  });
}

/** A body valid-shaped mostly (so that most requests reach the limit), sometimes with a hostile part, sometimes garbage. */
function mostlyValidBody(
  url: string,
  schema: z.ZodType,
  overrides: Overrides,
  headers: fc.Arbitrary<Record<string, string>> = fc.constant({}),
) {
  const valid = arbitraryFromSchema(schema, overrides);
  return fc
    .tuple(
      fc.oneof(
        { weight: 8, arbitrary: valid.map(jsonPayload) },
        { weight: 1, arbitrary: withOneHostilePart(valid).map(jsonPayload) },
        { weight: 1, arbitrary: garbageBody },
      ),
      headers,
    )
    .map(([{ payload, headers: contentType }, extra]): FuzzRequest => ({
      method: 'POST',
      url,
      payload,
      headers: { ...contentType, ...extra },
    }));
}

/** The JSON body of a request as the route's schema reads it; null when it does not pass (the route refuses it first). */
function parsedBody<T extends z.ZodType>(request: FuzzRequest, schema: T): z.infer<T> | null {
  try {
    const parsed = schema.safeParse(JSON.parse(String(request.payload ?? '')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A limited route, as the model of its counters sees it (apps/server/src/modules/{name}/routes.ts). */
interface LimitedRoute {
  /** The error codes that count as failures; every other answer gives its attempt back. */
  counts: readonly ErrorCode[];
  perClient: (target: LimitsTarget) => number;
  /** guessLimit's count per (client, subject), and the siege that narrows it. */
  perSubject?: {
    max: (target: LimitsTarget) => number;
    siege: { clients: number; max: number };
    of: (request: FuzzRequest) => string | null;
  };
  /** Counted before the body is read (an onRequest hook): over the limit, every answer is the 429. */
  isBeforeBody?: boolean;
  /** Requests in one run: enough for the run's main client to pass its limit. */
  steps: number;
  /** Runs (default LIMIT_RUNS): fewer where each request is slow (a password hash). */
  runs?: number;
  request: (target: LimitsTarget) => fc.Arbitrary<FuzzRequest>;
}

const SIGN_IN_BODY = SignInRequestSchema.extend({ rememberMe: z.boolean().optional() });

const LIMITED_ROUTES: Record<string, LimitedRoute> = {
  'POST /api/promotions/check': {
    counts: ['promo_refused'],
    perClient: () => 20,
    steps: 50,
    request: (target) =>
      mostlyValidBody('/api/promotions/check', PromoCheckRequestSchema, {
        event_id: fc.constant(target.eventId),
        ticket_package_details: fc.constant([{ package_id: target.packageId, ticket_count: 1 }]),
        email: fc.constant(undefined),
        promo_code: fc.oneof(
          { weight: 5, arbitrary: fc.stringMatching(/^[A-Z][A-Z0-9_-]{5,11}$/) },
          { weight: 1, arbitrary: fc.constantFrom(target.promoCode, ` ${target.promoCode.toLowerCase()} `) },
        ),
      }),
  },
  'GET /api/bookings/status': {
    counts: ['not_found'],
    perClient: () => 20,
    steps: 50,
    request: (target) =>
      fc
        .oneof(
          { weight: 6, arbitrary: fc.oneof(bookingIdLike, hostileText).map((id) => `?orderId=${encodeAnything(id)}`) },
          {
            weight: 1,
            arbitrary: fc.constantFrom(target.paid.order_id, target.pending.order_id).map((id) => `?orderId=${id}`),
          },
          { weight: 1, arbitrary: garbageQuery },
        )
        .map((query): FuzzRequest => ({ method: 'GET', url: `/api/bookings/status${query}` })),
  },
  'POST /api/check-in': {
    counts: ['staff_token_required'],
    perClient: () => 20,
    isBeforeBody: true,
    steps: 50,
    request: (target) =>
      mostlyValidBody(
        '/api/check-in',
        CheckInRequestSchema,
        {
          code: realOr(target.ticketCodes, fc.stringMatching(/^MQ1\.[A-Za-z0-9_-]{10,80}\.[A-Za-z0-9_-]{86}$/)),
          event_uid: fc.constant(undefined),
        },
        fc.oneof(
          { weight: 5, arbitrary: bearer('wrong-token-0123456789') },
          { weight: 1, arbitrary: fc.constant({ authorization: `Bearer ${STAFF_TOKEN}` }) },
        ),
      ),
  },
  'POST /api/bookings/lookup': {
    counts: ['not_found'],
    perClient: (target) => target.lookupMax,
    perSubject: {
      max: (target) => target.lookupMax,
      siege: { clients: 20, max: 2 },
      of: (request) => {
        const body = parsedBody(request, BookingLookupRequestSchema);
        return body ? normaliseBookingId(body.booking_id) : null;
      },
    },
    steps: 40,
    request: (target) =>
      mostlyValidBody('/api/bookings/lookup', BookingLookupRequestSchema, {
        booking_id: fc.oneof(
          {
            weight: 3,
            arbitrary: fc.constantFrom(
              target.paid.order_id,
              ` ${target.paid.order_id.toLowerCase()} `,
              target.pending.order_id,
            ),
          },
          { weight: 2, arbitrary: fc.constantFrom('MQ0000000001', 'mq0000000002') },
          { weight: 1, arbitrary: bookingIdLike },
        ),
        nic: fc.oneof(
          { weight: 1, arbitrary: fc.constantFrom('952345678V', ' 952345678v ') },
          { weight: 4, arbitrary: fc.constantFrom('881234567V', 'n/a', 'nimal@example.com') },
        ),
      }),
  },
  'POST /api/auth/sign-in/email': {
    counts: ['wrong_credentials'],
    perClient: () => 30,
    perSubject: {
      max: () => 10,
      siege: { clients: 50, max: 3 },
      of: (request) => {
        const body = parsedBody(request, SIGN_IN_BODY);
        return body ? body.email.trim().toLowerCase() : null;
      },
    },
    // Every attempt hashes a password (about 50 ms): one run per app, at one account mostly, so that the
    // run's main client passes its limit at that account.
    steps: 36,
    runs: 1,
    request: (target) =>
      mostlyValidBody(
        '/api/auth/sign-in/email',
        SIGN_IN_BODY,
        {
          email: fc.oneof(
            { weight: 5, arbitrary: fc.constantFrom(target.account.email, ` ${target.account.email.toUpperCase()} `) },
            { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 }).map((n) => `nobody-${n}@example.com`) },
          ),
          password: fc.oneof(
            { weight: 1, arbitrary: fc.constant(target.account.password) },
            { weight: 6, arbitrary: fc.constantFrom('wrong password', 'correct horse') },
          ),
          rememberMe: fc.constant(undefined),
        },
        fc.constant({ origin: TEST_APP_CONFIG.publicUrl }),
      ),
  },
};

/** The model of one limit's counters over one run: failures per client and per (client, subject), clients per subject. */
class LimitModel {
  private readonly failures = new Map<string, number>();
  private readonly failingClients = new Map<string, Set<string>>();
  private readonly route: LimitedRoute;
  private readonly target: LimitsTarget;
  constructor(route: LimitedRoute, target: LimitsTarget) {
    this.route = route;
    this.target = target;
  }

  private count(key: string): number {
    return this.failures.get(key) ?? 0;
  }

  /** Whether the client has spent an allowance that applies to this request (per client, or at its subject). */
  isOver(client: string, subject: string | null): boolean {
    if (this.count(client) >= this.route.perClient(this.target)) return true;
    const perSubject = this.route.perSubject;
    if (!perSubject || subject === null) return false;
    const isBesieged = (this.failingClients.get(subject)?.size ?? 0) >= perSubject.siege.clients;
    return this.count(`${client} ${subject}`) >= (isBesieged ? perSubject.siege.max : perSubject.max(this.target));
  }

  /** The answer was a counted failure: the server's counters went up by it. */
  failed(client: string, subject: string | null): void {
    this.failures.set(client, this.count(client) + 1);
    if (this.route.perSubject && subject !== null) {
      const pair = `${client} ${subject}`;
      if (this.count(pair) === 0)
        this.failingClients.set(subject, (this.failingClients.get(subject) ?? new Set()).add(client));
      this.failures.set(pair, this.count(pair) + 1);
    }
  }
}

const limitTargets: Partial<Record<LimitsTarget['kind'], LimitsTarget>> = {};
const limitTarget = (kind: LimitsTarget['kind']) => limitTargets[kind] ?? fail(`no ${kind} app yet`);
let limitRuns = 0;

/** What the fixture of a limits app holds: an event with a promo code, a paid and a pending order, an account. */
async function limitsFixture(kind: LimitsTarget['kind'], app: TestApp, lookupMax: number): Promise<LimitsTarget> {
  const event = await createEvent(app.db, { name: `Limits Fest ${kind}` });
  const pkg = await createTicketPackage(app.db, { eventId: event.id, price: 250_000, capacity: 100_000 });
  const promo = await createPromoCode(app.db, { eventId: event.id, code: 'LIMITS10' });
  const oneTicket = { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }] };
  const paid = await buyTickets(app, oneTicket, { nic: '952345678V', email: `paid-${kind}@example.com` });
  const pending = await orderTickets(app, oneTicket, { email: `pending-${kind}@example.com` });
  const account = { email: `limits.${kind}@example.com`, password: 'correct horse battery' };
  const registered = await app.app.inject({
    method: 'POST',
    url: '/register',
    ...jsonPayload({
      name: 'Limits Account',
      email: account.email,
      password: account.password,
      password_confirmation: account.password,
    }),
    remoteAddress: '192.0.2.250',
  });
  expect(registered.statusCode, registered.body).toBe(201);
  const tickets = createTicketsService({
    db: app.db,
    config: { ...TEST_APP_CONFIG, tickets: { signingKey: null, linkKey: null, staffToken: STAFF_TOKEN } },
  });
  const ticketCodes = await tickets.signedCodes(paid.order_id);
  return {
    kind,
    app,
    eventId: event.id,
    packageId: pkg.id,
    promoCode: promo.code,
    paid,
    pending,
    ticketCodes,
    account,
    lookupMax,
  };
}

describe('the limits of issue 20 (decisions/028 and 029), fuzzed', () => {
  beforeAll(async () => {
    // No TRUSTED_PROXIES (the default), the lookup's own limit: as in production.
    const direct = await buildTestApp({ tickets: { signingKey: null, linkKey: null, staffToken: STAFF_TOKEN } });
    limitTargets.direct = await limitsFixture('direct', direct, 10);
    // The fuzz app: behind a proxy named on loopback, the lookup's limit out of reach (see its beforeAll).
    limitTargets.proxied = await limitsFixture('proxied', t, 1_000_000);
  });
  afterAll(async () => {
    await limitTargets.direct?.app.close();
  });

  describe('rate limits: reached, never early, never escaped, whatever the forwarding headers say', () => {
    const CASES: [string, LimitsTarget['kind']][] = [
      ['POST /api/promotions/check', 'direct'],
      ['POST /api/promotions/check', 'proxied'],
      ['GET /api/bookings/status', 'direct'],
      ['GET /api/bookings/status', 'proxied'],
      ['POST /api/check-in', 'direct'],
      ['POST /api/check-in', 'proxied'],
      ['POST /api/bookings/lookup', 'direct'],
      ['POST /api/auth/sign-in/email', 'direct'],
      ['POST /api/auth/sign-in/email', 'proxied'],
    ];

    it.each(CASES)(
      "%s (%s): a 429 only past the client's own limit, nothing else past it, whatever the forwarding headers say",
      async (route, kind) => {
        const spec = LIMITED_ROUTES[route] ?? fail(`no limit model for ${route}`);
        const target = limitTarget(kind);
        const step = fc.tuple(spec.request(target), originDraw);
        let seen = 0;
        const answered = new Map<string, number>();
        let last = await dbFingerprint(target.app.db);
        await fc.assert(
          fc.asyncProperty(fc.array(step, { minLength: spec.steps, maxLength: spec.steps }), async (steps) => {
            const run = (limitRuns += 1);
            const model = new LimitModel(spec, target);
            for (const [request, draw] of steps) {
              const origin = originOf(kind, run, draw);
              const subject = spec.perSubject?.of(request) ?? null;
              const isOver = model.isOver(origin.client, subject);
              const before = last;
              const response = await sendFrom(target, request, origin);
              last = await dbFingerprint(target.app.db);
              const context = `${kind} run ${run}, client ${origin.client} (${origin.remoteAddress}, ${JSON.stringify(origin.headers).slice(0, 200)}): ${request.method} ${request.url} ${String(request.payload ?? '').slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
              expectSafeAnswer(request, response, before, last);
              const code = response.statusCode >= 400 ? ErrorBodySchema.parse(response.json()).code : undefined;
              const answer = `${response.statusCode} ${code ?? ''}`;
              answered.set(answer, (answered.get(answer) ?? 0) + 1);
              if (response.statusCode === 429) {
                seen += 1;
                // Never before the client's own failures reach the limit: nobody else's spend it.
                expect(isOver, context).toBe(true);
                expect(code, context).toBe('rate_limited');
                expect(String(response.headers['retry-after']), context).toMatch(/^[1-9]\d*$/);
                expect(Number(response.headers['retry-after']), context).toBeLessThanOrEqual(3_600);
              } else if (isOver) {
                // Past it, the client gets the 429 and nothing else, however it names itself: only a request
                // its parsing or schema refuses before the limit runs (and none at check-in, counted first).
                expect(!spec.isBeforeBody && BEFORE_THE_LIMITS.has(code ?? ''), context).toBe(true);
              }
              if (code !== undefined && spec.counts.includes(code)) model.failed(origin.client, subject);
            }
          }),
          { seed: SEED, numRuns: spec.runs ?? LIMIT_RUNS, endOnFailure: true },
        );
        // FUZZ_SUMMARY=1 prints what the route answered, to see whether the runs reach its limit.
        if (process.env.FUZZ_SUMMARY)
          console.log(route, kind, JSON.stringify(Object.fromEntries([...answered].sort())));
        // The runs reached the limit: the checks above ran past it, not only before.
        expect(seen, `${route} (${kind}) never reached its limit`).toBeGreaterThan(0);
      },
      60_000,
    );
  });

  describe('fair holds, fuzzed: no buyer holds past the limits, and every refusal says which one', () => {
    /** Three limits made small: 3 tickets held at once, the cooldown after a hold ends unpaid, 2 free tickets. */
    const MAX_HELD = 3;
    const COOLDOWN_SECONDS = 180;
    const MAX_FREE = 2;
    let fair: { eventId: number; packages: number[]; freeEventId: number; freePackage: number };

    beforeAll(async () => {
      const { db } = limitTarget('direct').app;
      const event = await createEvent(db, {
        name: 'Fair Fest',
        maxHeldPerBuyer: MAX_HELD,
        holdCooldownSeconds: COOLDOWN_SECONDS,
      });
      const front = await createTicketPackage(db, { eventId: event.id, price: 250_000, capacity: 100_000 });
      const back = await createTicketPackage(db, { eventId: event.id, price: 150_000, capacity: 100_000 });
      const free = await createEvent(db, { name: 'Free Fair', maxFreePerBuyer: MAX_FREE });
      const freePackage = await createTicketPackage(db, { eventId: free.id, price: 0, capacity: 100_000 });
      fair = { eventId: event.id, packages: [front.id, back.id], freeEventId: free.id, freePackage: freePackage.id };
    });

    type Action =
      | { kind: 'order'; lines: { package: 0 | 1; count: number }[] }
      | { kind: 'free'; count: number }
      | { kind: 'cancel'; pick: number };
    const action: fc.Arbitrary<Action> = fc.oneof(
      {
        weight: 5,
        arbitrary: fc
          .uniqueArray(fc.record({ package: fc.constantFrom<0 | 1>(0, 1), count: fc.integer({ min: 1, max: 3 }) }), {
            minLength: 1,
            maxLength: 2,
            selector: (line) => line.package,
          })
          .map((lines): Action => ({ kind: 'order', lines })),
      },
      { weight: 2, arbitrary: fc.integer({ min: 1, max: 2 }).map((count): Action => ({ kind: 'free', count })) },
      { weight: 2, arbitrary: fc.nat().map((pick): Action => ({ kind: 'cancel', pick })) },
    );
    /** One buyer of three, its e-mail spelled one of three ways (the checkout trims and lower-cases it). */
    const step = fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 }), action, hostileForwarding());
    let fairRuns = 0;

    it('POST /api/orders and its cancel: 409 hold_limit_reached exactly when a limit applies (held, cooldown, free), in shape, nothing written', async () => {
      const target = limitTarget('direct');
      const seen = new Set<string>();
      let last = await dbFingerprint(target.app.db);
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 16, maxLength: 16 }), async (steps) => {
          const run = (fairRuns += 1);
          const buyers = [0, 1, 2].map(() => ({
            pending: [] as { order: CreatedOrder; packages: number[]; tickets: number }[],
            ended: new Set<number>(),
            free: 0,
          }));
          for (const [who, spelling, act, forwarding] of steps) {
            const buyer = buyers[who] ?? fail('no buyer');
            const email =
              [`fair-${run}-${who}@example.com`, ` Fair-${run}-${who}@Example.COM `, `FAIR-${run}-${who}@EXAMPLE.COM`][
                spelling
              ] ?? '';
            const held = buyer.pending.reduce((sum, order) => sum + order.tickets, 0);
            let request: FuzzRequest;
            let expected: { status: number; limit?: 'held' | 'cooldown' | 'free' };
            let cancelled: (typeof buyer.pending)[number] | undefined;
            if (act.kind === 'cancel' && buyer.pending.length > 0) {
              cancelled = buyer.pending[act.pick % buyer.pending.length];
              request = {
                method: 'POST',
                url: `/api/orders/${cancelled?.order.order_id}/cancel`,
                headers: { authorization: `Bearer ${cancelled?.order.access_token}` },
              };
              expected = { status: 200 };
            } else if (act.kind === 'free') {
              const body = {
                event_id: fair.freeEventId,
                buyer: { ...TEST_BUYER, email },
                terms_agreed: true,
                ticket_package_details: [{ package_id: fair.freePackage, ticket_count: act.count }],
              };
              request = { method: 'POST', url: '/api/orders', ...jsonPayload(body) };
              expected = buyer.free + act.count > MAX_FREE ? { status: 409, limit: 'free' } : { status: 201 };
            } else {
              const lines = act.kind === 'order' ? act.lines : [{ package: 0 as const, count: 1 }];
              const packages = lines.map((line) => fair.packages[line.package] ?? 0);
              const wanted = lines.reduce((sum, line) => sum + line.count, 0);
              const body = {
                event_id: fair.eventId,
                buyer: { ...TEST_BUYER, email },
                terms_agreed: true,
                ticket_package_details: lines.map((line, i) => ({ package_id: packages[i], ticket_count: line.count })),
              };
              request = { method: 'POST', url: '/api/orders', ...jsonPayload(body) };
              expected = packages.some((id) => buyer.ended.has(id))
                ? { status: 409, limit: 'cooldown' }
                : held + wanted > MAX_HELD
                  ? { status: 409, limit: 'held' }
                  : { status: 201 };
            }
            const before = last;
            const response = await target.app.app.inject({
              method: request.method,
              url: request.url,
              ...(request.payload === undefined ? {} : { payload: request.payload }),
              remoteAddress: `198.18.${run & 255}.${who + 10}`,
              headers: { ...forwarding, ...request.headers },
            });
            last = await dbFingerprint(target.app.db);
            const context = `run ${run}, buyer ${who} (${email}, holding ${held}, ended ${[...buyer.ended].join(' ')}, free ${buyer.free}): ${request.url} ${String(request.payload ?? '')} → ${response.statusCode} ${response.body.slice(0, 300)}`;
            expectSafeAnswer(request, response, before, last);
            expect(response.statusCode, context).toBe(expected.status);
            if (expected.status === 409) {
              const refusal = UnavailableBodySchema.parse(response.json());
              expect(refusal.code, context).toBe('hold_limit_reached');
              expect(refusal.hold_limit, context).toBe(expected.limit);
              expect(refusal.message.length, context).toBeGreaterThan(0);
              if (expected.limit === 'cooldown') {
                expect(refusal.retry_after_seconds, context).toBeGreaterThan(0);
                expect(refusal.retry_after_seconds, context).toBeLessThanOrEqual(COOLDOWN_SECONDS);
              } else expect(refusal.retry_after_seconds, context).toBeUndefined();
              seen.add(expected.limit ?? '');
            } else if (cancelled) {
              buyer.pending = buyer.pending.filter((order) => order !== cancelled);
              for (const id of cancelled.packages) buyer.ended.add(id);
            } else if (act.kind === 'free') {
              buyer.free += act.count;
            } else {
              const order = CreatedOrderSchema.parse(response.json());
              const lines = act.kind === 'order' ? act.lines : [{ package: 0 as const, count: 1 }];
              buyer.pending.push({
                order,
                packages: lines.map((line) => fair.packages[line.package] ?? 0),
                tickets: lines.reduce((sum, line) => sum + line.count, 0),
              });
            }
          }
        }),
        { seed: SEED, numRuns: LIMIT_RUNS + 1, endOnFailure: true },
      );
      // Every limit refused someone in the runs: the checks above ran on each kind of refusal.
      expect([...seen].sort()).toEqual(['cooldown', 'free', 'held']);
    }, 60_000);
  });

  describe('the outbox viewer, fuzzed: a request with any forwarding header is refused', () => {
    /** A header's name as a client may spell it (HTTP names are case-insensitive). */
    const anyCase = (name: string) =>
      fc
        .array(fc.boolean(), { minLength: name.length, maxLength: name.length })
        .map((upper) => [...name].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));
    /** A viewer request from this machine that carries `header` (any value, any case), alone or with others. */
    const viewerRequest = (header: string) =>
      fc.tuple(
        fc.constantFrom('/dev/mail', '/dev/mail/1', '/dev/mail/1/attachments/1'),
        method,
        fc.constantFrom('127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'),
        fc.constantFrom('localhost', 'localhost:3000', '127.0.0.1:8080', '[::1]:3000', 'marquee.localhost'),
        fc
          .tuple(
            anyCase(header),
            fc.oneof(addressLike, headerText),
            fc.oneof({ weight: 2, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: hostileForwarding() }),
          )
          .map(([name, value, others]) => ({ ...others, [name]: value })),
      );

    it.each(['direct', 'proxied'] as const)(
      'GET /dev/mail (%s): each forwarding header gets the 404 of a route that does not exist; without it the viewer answers',
      async (kind) => {
        const { app } = limitTarget(kind);
        // Every header in turn, so that each is tried alone: one the viewer forgot cannot hide behind another.
        for (const header of FUZZED_FORWARDING_HEADERS) {
          await fc.assert(
            fc.asyncProperty(viewerRequest(header), async ([url, m, peer, host, headers]) => {
              const refused = await app.app.inject({
                method: m,
                url,
                remoteAddress: peer,
                headers: { ...headers, host },
              });
              const context = `${m} ${url} from ${peer} (${host}) ${JSON.stringify(headers).slice(0, 300)} → ${refused.statusCode} ${refused.body.slice(0, 200)}`;
              expect(refused.statusCode, context).toBe(404);
              if (m === 'GET') {
                expect(ErrorBodySchema.parse(refused.json()), context).toEqual({
                  code: 'not_found',
                  message: `No route GET ${url}.`,
                });
              }
              // The same request without them reaches the viewer.
              const local = await app.app.inject({ method: m, url, remoteAddress: peer, headers: { host } });
              if (url === '/dev/mail') expect(local.statusCode, context).toBe(200);
              else if (m === 'GET') expect(local.body, context).not.toBe(refused.body);
            }),
            { seed: SEED, numRuns: 6 },
          );
        }
      },
    );
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTicketPackage } from '@marquee/db/factories';
import { mailMessages, orders, outbox, tickets } from '@marquee/db/schema';
import { BOOKING_LOOKUP_MESSAGES } from '@marquee/domain/bookings';
import { BUYER_MESSAGES } from '@marquee/domain/checkout';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { CreatedOrderSchema, OrderSchema, type CreatedOrder } from '@marquee/domain/orders';
import { eventPath } from '@marquee/domain/slug';
import { TICKET_MESSAGES } from '@marquee/domain/tickets';
import { buildTestApp, TEST_APP_CONFIG, type TestApp } from '../test-support/build-test-app';
import { dbFingerprint } from '../test-support/fuzz';
import { createMailService, mailConfigOf } from '../modules/mail/service';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../modules/payments/sandbox-webhooks';
import { createTicketsService } from '../modules/tickets/service';
import { buyTickets, orderTickets } from '../test-support/buy-tickets';
import { readPdf } from '../test-support/read-pdf';
import { API_SECURITY_HEADERS } from '../plugins/security-headers';
import { LOCALE_DATA_SCRIPT } from '../lib/locale-data-script';

/**
 * Issue 8, part 3: what one buyer can do to another's booking by changing ids, ticket links, the booking
 * lookup's rate limit, script in names, and the headers every kind of answer carries.
 *
 * CSRF, the captcha, sign-in rate limits and the session and CSRF cookies' flags are in protection.test.ts
 * and modules/accounts/routes.test.ts. An order is reached with its bearer access token in a header,
 * which a browser never adds to a cross-site request by itself; here: the buyers' answers set no cookie
 * and no answer lets another origin read it (no CORS).
 */

const STAFF_TOKEN = 'security-staff-token-0123456789';
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Marquee</title>' +
  '<meta name="description" content="Tickets." /><!--app-meta--></head><body><div id="root"></div></body></html>';
const SCRIPT = '<script>alert(1)</script>';

let t: TestApp;
let distDir: string;
let eventId = 0;
let packageId = 0;
/** Two paid bookings of two buyers, and a third buyer's unpaid one. */
let alice: CreatedOrder;
let bob: CreatedOrder;
let carol: CreatedOrder;

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json', ...headers } });
}
const bearer = (order: CreatedOrder) => ({ authorization: `Bearer ${order.access_token}` });
const oneTicket = () => ({ event_id: eventId, ticket_package_details: [{ package_id: packageId, ticket_count: 1 }] });

async function orderStatus(order: CreatedOrder) {
  return OrderSchema.parse((await t.app.inject({ url: `/api/orders/${order.order_id}`, headers: bearer(order) })).json()).status;
}

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'marquee-security-dist-'));
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  t = await buildTestApp({
    webDistDir: distDir,
    publicUrl: 'https://tickets.example.com',
    tickets: { signingKey: null, linkKey: null, staffToken: STAFF_TOKEN },
    bookingLookupLimit: { max: 1_000, windowMs: 60_000 },
  });
  const event = await createEvent(t.db, { name: 'Harbour Lights Gala' });
  const pkg = await createTicketPackage(t.db, { eventId: event.id, price: 450_000, capacity: 100 });
  eventId = event.id;
  packageId = pkg.id;
  alice = await buyTickets(t, oneTicket(), { first_name: 'Alice', last_name: 'Fernando', email: 'alice@example.com', nic: '952345678V' });
  bob = await buyTickets(t, oneTicket(), { first_name: 'Bobby', last_name: 'Silva', email: 'bob@example.com', nic: '881234567V' });
  carol = await orderTickets(t, oneTicket(), { first_name: 'Carol', last_name: 'Mendis', email: 'carol@example.com' });
});

afterAll(async () => {
  await t?.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe("one buyer cannot read or change another's booking by changing ids", () => {
  it("reading another buyer's order with one's own token is the same 404 as an unknown order", async () => {
    const unknown = await t.app.inject({ url: '/api/orders/MQ0000000000', headers: bearer(bob) });
    expect(unknown.statusCode).toBe(404);
    for (const headers of [bearer(bob), {}, { authorization: 'Bearer ' }, { authorization: `Bearer ${alice.access_token}x` }, { authorization: alice.access_token }]) {
      const answer = await t.app.inject({ url: `/api/orders/${alice.order_id}`, headers });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(unknown.json());
      expect(answer.body).not.toContain('Alice');
    }
    const own = await t.app.inject({ url: `/api/orders/${alice.order_id}`, headers: bearer(alice) });
    expect(OrderSchema.parse(own.json()).buyer.first_name).toBe('Alice');
  });

  it("cancelling another buyer's unpaid order is the same 404 and changes nothing", async () => {
    const before = await dbFingerprint(t.db);
    const unknown = await post('/api/orders/MQ0000000000/cancel', {}, bearer(alice));
    for (const headers of [bearer(alice), bearer(bob), {}]) {
      const answer = await post(`/api/orders/${carol.order_id}/cancel`, {}, headers);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(unknown.json());
    }
    expect(await dbFingerprint(t.db)).toEqual(before);
    expect(await orderStatus(carol)).toBe('pending');
  });

  it("the return address does not complete someone else's unpaid order, nor does another buyer's card secret or a forged webhook", async () => {
    const before = await dbFingerprint(t.db);
    const back = await t.app.inject({ url: `/api/bookings/status?orderId=${carol.order_id}` });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toMatch(/[?&]step=3(&|$)/);

    // Alice's client secret does not confirm Carol's payment.
    const stolen = await post(`/api/sandbox/payment_intents/${carol.payment?.intent_id}/confirm`, {
      client_secret: alice.payment?.client_secret,
      card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123', name: 'Alice Fernando' },
    });
    expect(stolen.statusCode).toBe(404);

    // A "succeeded" webhook for Carol's intent that we did not sign.
    const body = JSON.stringify({ id: 'evt_forged_1', type: 'payment_intent.succeeded', data: { object: { id: carol.payment?.intent_id } } });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      payload: body,
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload('whsec_not_ours', body) },
    });
    expect(forged.statusCode).toBe(400);
    expect(ErrorBodySchema.safeParse(forged.json()).success).toBe(true);

    expect(await orderStatus(carol)).toBe('pending');
    const [row] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.orderId, carol.order_id));
    expect(await t.db.select().from(tickets).where(eq(tickets.orderId, row?.id ?? -1))).toEqual([]);
    expect(await t.db.select().from(outbox).where(eq(outbox.orderId, row?.id ?? -1))).toEqual([]);
    expect(await dbFingerprint(t.db)).toEqual(before);
  });

  it("the booking lookup with another booking's NIC is the same 404 as an unknown booking", async () => {
    const unknown = await post('/api/bookings/lookup', { booking_id: 'MQ0000000000', nic: '952345678V' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not_found', message: BOOKING_LOOKUP_MESSAGES.notFound });
    for (const nic of ['881234567V', 'bob@example.com', 'alice@example.com', 'n/a', "' OR '1'='1"]) {
      const answer = await post('/api/bookings/lookup', { booking_id: alice.order_id, nic });
      expect(answer.statusCode, nic).toBe(404);
      expect(answer.json()).toEqual(unknown.json());
    }
    expect((await post('/api/bookings/lookup', { booking_id: alice.order_id, nic: '952345678v' })).statusCode).toBe(200);
  });
});

describe('ticket links expire and cannot be forged', () => {
  async function open(url: string) {
    const response = await t.app.inject({ url });
    return { status: response.statusCode, message: ErrorBodySchema.safeParse(response.json()).data?.message };
  }
  const invalid = { status: 403, message: TICKET_MESSAGES.linkInvalid };

  it("a link signed for one booking does not open another's PDF", async () => {
    const service = createTicketsService({ db: t.db, config: TEST_APP_CONFIG });
    const aliceLink = await service.ticketUrl(alice.order_id);
    expect((await t.app.inject({ url: aliceLink })).statusCode).toBe(200);
    const query = aliceLink.slice(aliceLink.indexOf('?'));
    expect(await open(`/api/tickets/${bob.order_id}.pdf${query}`)).toEqual(invalid);
    expect(await open(`/api/tickets/${alice.order_id.toLowerCase()}.pdf${query}`)).toEqual(invalid);
  });

  it('an expired link is 410; a changed, missing or self-made signature is 403', async () => {
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3_600_000);
    const old = createTicketsService({ db: t.db, config: TEST_APP_CONFIG, now: () => eightDaysAgo });
    expect(await open(await old.ticketUrl(alice.order_id))).toEqual({ status: 410, message: TICKET_MESSAGES.linkExpired });

    const link = await createTicketsService({ db: t.db, config: TEST_APP_CONFIG }).ticketUrl(bob.order_id);
    const url = new URL(link, 'http://x');
    const expires = url.searchParams.get('expires') ?? '';
    const signature = url.searchParams.get('signature') ?? '';
    const path = url.pathname;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const later = String(Number(expires) + 365 * 24 * 3600);
    // A signature made the documented way with a key that is not the server's.
    const selfMade = createHmac('sha256', 'guessed-key').update(`tickets:${bob.order_id}:${later}`).digest('base64url');
    for (const forged of [
      `${path}?expires=${expires}&signature=${flipped}`,
      `${path}?expires=${later}&signature=${signature}`,
      `${path}?expires=${later}&signature=${selfMade}`,
      `${path}?expires=${expires}`,
      `${path}?expires=0${expires}&signature=${signature}`,
      path,
    ]) {
      expect(await open(forged), forged).toEqual(invalid);
    }
    // Two signatures are not a string: refused before the link is looked at.
    expect((await open(`${path}?expires=${expires}&signature=${signature}&signature=${signature}`)).status).toBe(422);
  });
});

describe('the booking lookup rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ bookingLookupLimit: { max: 3, windowMs: 60_000 }, trustedProxies: ['10.0.0.2'] });
  });
  afterAll(async () => {
    await limited?.close();
  });

  let guesses = 0;
  /** A lookup of a Booking ID nobody has asked for yet, unless one is given: only the client's counter moves. */
  function lookup(remoteAddress: string, headers: Record<string, string> = {}, bookingId?: string) {
    guesses += 1;
    return limited.app.inject({
      method: 'POST',
      url: '/api/bookings/lookup',
      payload: JSON.stringify({ booking_id: bookingId ?? `MQ${String(guesses).padStart(10, '0')}`, nic: '952345678V' }),
      headers: { 'content-type': 'application/json', ...headers },
      remoteAddress,
    });
  }

  it('trips after the limit with 429 in the error shape and Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await lookup('198.51.100.1')).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
    const refused = await lookup('198.51.100.1');
    expect(ErrorBodySchema.parse(refused.json())).toEqual({ code: 'rate_limited', message: BOOKING_LOOKUP_MESSAGES.tooManyAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await lookup('198.51.100.2')).statusCode).toBe(404);
  });

  it('holds when a client writes its own X-Forwarded-For (a new address on every try; TRUSTED_PROXIES does not name it)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await lookup('198.51.100.3', { 'x-forwarded-for': `203.0.113.${i + 10}` })).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
  });

  it('a neighbour on the private network that is not a named proxy cannot name a new address per try', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await lookup('10.0.0.3', { 'x-forwarded-for': `203.0.113.${i + 30}` })).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
  });

  it('behind the load balancer named in TRUSTED_PROXIES, tells its clients apart by X-Forwarded-For', async () => {
    const viaProxy = (client: string) => lookup('10.0.0.2', { 'x-forwarded-for': `203.0.113.250, ${client}` });
    const first: number[] = [];
    for (let i = 0; i < 4; i += 1) first.push((await viaProxy('192.0.2.1')).statusCode);
    expect(first).toEqual([404, 404, 404, 429]);
    // The address the proxy saw counts, not one the client put in front of it.
    expect((await viaProxy('192.0.2.2')).statusCode).toBe(404);
  });

  it('one Booking ID tried from many addresses (a botnet guessing its NIC): after 20, each further address has 2 tries', async () => {
    for (let i = 0; i < 20; i += 1) expect((await lookup(`198.51.100.${100 + i}`, {}, 'MQ7K3F9X2QHD')).statusCode).toBe(404);
    // Typed with spaces or in lower case, it is the same Booking ID.
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await lookup('198.51.100.200', {}, 'mq7k 3f9x 2qhd')).statusCode);
    expect(statuses).toEqual([404, 404, 429]);
  });
});

describe("script in a buyer's or an event's name is inert", () => {
  it('the buyer form refuses markup in a name with 422 and writes nothing; its punctuation is accepted', async () => {
    const before = await dbFingerprint(t.db);
    for (const name of ["O'Brien-<script>", SCRIPT, '"><img src=x onerror=alert(1)>', 'Nimal\u0000Perera']) {
      const answer = await post('/api/orders', {
        ...oneTicket(),
        buyer: { first_name: name, last_name: 'Perera', email: 'x@example.com', phone: '0771234567' },
        terms_agreed: true,
      });
      expect(answer.statusCode, name).toBe(422);
      expect(ErrorBodySchema.parse(answer.json()).errors?.['buyer.first_name']).toEqual([BUYER_MESSAGES.firstName]);
    }
    expect(await dbFingerprint(t.db)).toEqual(before);
    const accepted = await post('/api/orders', {
      ...oneTicket(),
      buyer: { first_name: "O'Brien-Smith", last_name: 'de la Cruz, Jr.', email: 'x@example.com', phone: '0771234567' },
      terms_agreed: true,
    });
    expect(accepted.statusCode).toBe(201);
    expect(CreatedOrderSchema.parse(accepted.json()).buyer).toMatchObject({ first_name: "O'Brien-Smith", last_name: 'de la Cruz, Jr.' });
  });

  describe('a hostile name already in the database (an import, an admin, a future bug)', () => {
    let order: CreatedOrder;
    beforeAll(async () => {
      order = await buyTickets(t, oneTicket(), { email: 'dave@example.com' });
      await t.db
        .update(orders)
        .set({ firstName: SCRIPT, lastName: '"><img src=x onerror=alert(1)>\r\nBcc: thief@example.com' })
        .where(eq(orders.orderId, order.order_id));
    });

    it('is escaped in the confirmation e-mail, and cannot add a header to it', async () => {
      const tickets = createTicketsService({ db: t.db, config: TEST_APP_CONFIG });
      const mail = createMailService({
        db: t.db,
        config: mailConfigOf(TEST_APP_CONFIG),
        publicUrl: TEST_APP_CONFIG.publicUrl,
        log: t.app.log,
        renderTicketsPdf: tickets.renderTicketsPdf,
      });
      await mail.sendDue();
      mail.close();
      const message = (await t.db.select().from(mailMessages)).find((row) => row.toAddress.includes('dave@example.com'));
      expect(message).toBeDefined();
      expect(message?.html).not.toContain('<script');
      expect(message?.html).not.toContain('<img');
      expect(message?.html).toMatch(/&#60;script&#62;alert\(1\)&#60;\/script&#62;|&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
      expect(message?.toAddress).not.toMatch(/[\r\n]/);
      expect(message?.toAddress).toMatch(/<dave@example\.com>$/);

      // The outbox viewer shows it escaped too.
      const list = await t.app.inject({ url: '/dev/mail' });
      expect(list.body).not.toContain(SCRIPT);
      const page = await t.app.inject({ url: `/dev/mail/${message?.id}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain(SCRIPT);
      expect(page.body).not.toContain('<img src=x');
    });

    it('is text in the tickets PDF, which carries no script or action', async () => {
      const link = await createTicketsService({ db: t.db, config: TEST_APP_CONFIG }).ticketUrl(order.order_id);
      const response = await t.app.inject({ url: link });
      expect(response.statusCode).toBe(200);
      const pdf = response.rawPayload;
      const { pages } = await readPdf(pdf);
      expect(pages.map((page) => page.text).join('\n')).toContain('alert(1)');
      const raw = pdf.toString('latin1');
      for (const active of ['/JavaScript', '/JS', '/OpenAction', '/AA', '/Launch', '/SubmitForm', '/RichMedia', '/EmbeddedFile']) {
        expect(raw, active).not.toContain(active);
      }
    });
  });

  it("is escaped in an event page's title, description, Open Graph and Twitter tags", async () => {
    const name = `</title>${SCRIPT}<meta http-equiv="refresh" content="0;url=https://evil.example">`;
    const event = await createEvent(t.db, { name, description: '"><svg onload=alert(1)> & more', bannerImg: '/images/x.svg?"><script>' });
    const page = await t.app.inject({ url: eventPath(event), headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toContain(SCRIPT);
    expect(page.body).not.toContain('<svg');
    expect(page.body).not.toContain('<meta http-equiv');
    // The only script elements are the page's data block (the event as JSON, never run), and no `<` in it
    // can close it, and the server's own fixed script (the locale data, allowed by its hash).
    expect(page.body.match(/<script[^>]*>/g) ?? []).toEqual([
      '<script>',
      '<script type="application/json" id="marquee-initial-responses">',
    ]);
    expect(page.body).toContain(`<script>${LOCALE_DATA_SCRIPT}</script>`);
    const data = /<script type="application\/json" id="marquee-initial-responses">([^]*?)<\/script>/.exec(page.body)?.[1];
    expect(data).toBeDefined();
    expect(data).not.toContain('<');
    expect(Object.values(JSON.parse(data ?? '{}'))).toMatchObject([{ name }]);
    expect(page.body.match(/<\/title>/g)).toHaveLength(1);
    expect(page.body).toContain('property="og:title" content="&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).toContain('name="twitter:description"');
  });
});

describe('security headers and caching, as documented (decisions/010)', () => {
  it('pages: CSP without inline script, no framing, no sniffing, HSTS', async () => {
    for (const url of ['/', '/download-tickets', '/no-such-page', `/sandbox/3ds/${carol.payment?.intent_id}`]) {
      const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
      const csp = String(response.headers['content-security-policy'] ?? '');
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("base-uri 'self'");
      expect(csp, url).toContain("form-action 'self'");
      expect(csp, url).toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['strict-transport-security'], url).toMatch(/max-age=\d{7,}/);
      expect(response.headers['x-frame-options'], url).toMatch(/^(DENY|SAMEORIGIN)$/);
      expect(response.headers['referrer-policy'], url).toBeDefined();
    }
  });

  it('JSON answers, refusals included, and the tickets PDF: the REST set', async () => {
    const link = await createTicketsService({ db: t.db, config: TEST_APP_CONFIG }).ticketUrl(alice.order_id);
    const answers = [
      await t.app.inject({ url: '/api/events' }),
      await t.app.inject({ url: '/api/orders/MQ0000000000' }),
      await t.app.inject({ url: '/api/events?page=-1' }),
      await t.app.inject({ method: 'POST', url: '/api/orders', payload: '{', headers: { 'content-type': 'application/json' } }),
      await t.app.inject({ url: '/api/nothing-here' }),
      await t.app.inject({ url: link }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 422, 400, 404, 200]);
    for (const answer of answers) {
      for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) expect(answer.headers[name], name).toBe(value);
    }
    const pdf = answers[5];
    expect(pdf?.headers['content-type']).toBe('application/pdf');
    expect(pdf?.headers['content-disposition']).toBe(`attachment; filename="${alice.order_id}.pdf"`);
    expect(pdf?.headers['cache-control']).toBe('private, no-store');
  });

  it('order and booking answers are never stored by a cache', async () => {
    const created = await post('/api/orders', { ...oneTicket(), buyer: { first_name: 'Erin', last_name: 'Perera', email: 'erin@example.com', phone: '0771234567' }, terms_agreed: true });
    expect(created.statusCode).toBe(201);
    const order = CreatedOrderSchema.parse(created.json());
    const answers = {
      'POST /api/orders': created,
      'GET /api/orders/:id': await t.app.inject({ url: `/api/orders/${order.order_id}`, headers: bearer(order) }),
      'GET /api/orders/:id (404)': await t.app.inject({ url: `/api/orders/${order.order_id}` }),
      'GET /api/bookings/status': await t.app.inject({ url: `/api/bookings/status?orderId=${order.order_id}` }),
      'POST /api/bookings/lookup': await post('/api/bookings/lookup', { booking_id: alice.order_id, nic: '952345678V' }),
      'POST /api/bookings/lookup (404)': await post('/api/bookings/lookup', { booking_id: alice.order_id, nic: 'wrong' }),
      'POST /api/orders/:id/cancel': await post(`/api/orders/${order.order_id}/cancel`, {}, bearer(order)),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.statusCode, name).toBeLessThan(500);
      expect(answer.headers['cache-control'], name).toBe('no-store');
    }
  });

  it('no answer sets a cookie or lets another origin read it (no CORS)', async () => {
    const origin = { origin: 'https://evil.example' };
    const answers = [
      await t.app.inject({ url: `/api/orders/${alice.order_id}`, headers: { ...origin, ...bearer(alice) } }),
      await t.app.inject({ method: 'OPTIONS', url: `/api/orders/${alice.order_id}`, headers: { ...origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } }),
      await post('/api/bookings/lookup', { booking_id: alice.order_id, nic: '952345678V' }, origin),
      await t.app.inject({ url: '/', headers: { accept: 'text/html' } }),
    ];
    for (const answer of answers) {
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });
});

import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  createOrganisation,
  createTicketPackage,
  createVenue,
  type Event,
  type Organisation,
} from '@marquee/db/factories';
import { webhookDeliveries, webhookEndpoints } from '@marquee/db/schema';
import { ErrorBodySchema } from '@marquee/domain/errors';
import {
  WEBHOOK_MAX_ATTEMPTS,
  WebhookDeliveryListAnswerSchema,
  WebhookEndpointCreatedAnswerSchema,
  WebhookTestAnswerSchema,
} from '@marquee/domain/integrations';
import { buildTestApp, TEST_APP_CONFIG, type TestApp } from '../../test-support/build-test-app';
import { buyTickets } from '../../test-support/buy-tickets';
import { consoleContentDigest } from '../../test-support/console-fixture';
import { insertTestWebhookEndpoint } from '../../test-support/integration-rows';
import { createOrganiserActor, type OrganiserTestActor } from '../../test-support/organiser-actor';
import { createTicketsService } from '../tickets/service';
import { backoffSeconds } from './deliver-webhooks';
import { createIntegrationsService } from './service';

/**
 * Organisers' webhooks (issue 22; decisions/044): addresses into private networks refused at creation and at
 * every delivery; deliveries queued with the change they announce, POSTed signed to a real local receiver by the
 * worker (driven with its clock, no sleeps), retried with backoff, never following a redirect, pinned to the
 * address that was checked.
 */

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver on 127.0.0.1: answers each request with the next status of `statuses` (the last repeats). */
async function receiver(statuses: number[], extraHeaders: Record<string, string> = {}) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = statuses[Math.min(received.length - 1, statuses.length - 1)] ?? 200;
      response.writeHead(status, extraHeaders);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  servers.push(server);
  return { received, url: `http://127.0.0.1:${port}/marquee`, port };
}

const servers: Server[] = [];
const STAFF_TOKEN = 'hooks-staff-token-0123456789';
let open: TestApp;
let strict: TestApp;
let organisation: Organisation;
let event: Event;
let owner: OrganiserTestActor;
let strictOrganisation: Organisation;
let strictOwner: OrganiserTestActor;

beforeAll(async () => {
  // The test-only flag on: http:// and loopback addresses reach a receiver on 127.0.0.1.
  open = await buildTestApp({
    webhooksAllowLoopbackHttp: true,
    tickets: { signingKey: null, linkKey: null, staffToken: STAFF_TOKEN },
  });
  organisation = await createOrganisation(open.db, { name: 'Hooked Promotions' });
  const venue = await createVenue(open.db, { organisationId: organisation.id });
  event = await createEvent(open.db, { organisationId: organisation.id, venueId: venue.id });
  owner = await createOrganiserActor(open, { organisation, role: 'owner', twoFactor: true });
  // As in production: the flag off.
  strict = await buildTestApp();
  strictOrganisation = await createOrganisation(strict.db, { name: 'Strict Promotions' });
  strictOwner = await createOrganiserActor(strict, {
    organisation: strictOrganisation,
    role: 'owner',
    twoFactor: true,
  });
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});
afterAll(async () => {
  await open?.close();
  await strict?.close();
});

function addEndpoint(t: TestApp, slug: string, actor: OrganiserTestActor, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/organiser/${slug}/webhooks`,
    headers: { cookie: actor.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

async function endpointFor(url: string, events: string[]) {
  const response = await addEndpoint(open, organisation.slug, owner, { url, events });
  expect(response.statusCode, response.body).toBe(201);
  return WebhookEndpointCreatedAnswerSchema.parse(response.json());
}

/** The worker as it runs in every process, with the test's clock. */
const worker = (options: Parameters<typeof createIntegrationsService>[0] = { db: open.db, allowLoopbackHttp: true }) =>
  createIntegrationsService(options);

/** Checks a delivery's signature as a receiver would (docs/integrations.md). */
function verify(secret: string, header: string | string[] | undefined, body: string): { timestamp: number } {
  const parts = Object.fromEntries(
    String(header)
      .split(',')
      .map((part) => part.split('=', 2) as [string, string]),
  );
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error('bad signature');
  return { timestamp: Number(parts.t) };
}

async function deliveriesOf(endpointId: number) {
  return open.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
}

describe('addresses into private networks (SSRF)', () => {
  it.each([
    ['plain http', 'http://93.184.215.14/hook'],
    ['loopback', 'https://127.0.0.1/hook'],
    ['loopback, another /8 address', 'https://127.1.2.3/hook'],
    ['loopback written as one number', 'https://2130706433/hook'],
    ['loopback in hex', 'https://0x7f000001/hook'],
    ['private 10/8', 'https://10.0.0.5/hook'],
    ['private 172.16/12', 'https://172.20.1.1/hook'],
    ['private 192.168/16', 'https://192.168.1.10/hook'],
    ['link-local (cloud metadata)', 'https://169.254.169.254/latest/meta-data/'],
    ['carrier-grade NAT 100.64/10', 'https://100.64.3.4/hook'],
    ['unspecified 0.0.0.0', 'https://0.0.0.0/hook'],
    ['multicast', 'https://224.0.0.251/hook'],
    ['broadcast', 'https://255.255.255.255/hook'],
    ['IPv6 loopback ::1', 'https://[::1]/hook'],
    ['IPv6 unspecified ::', 'https://[::]/hook'],
    ['IPv6 unique local fc00::/7', 'https://[fd12:3456:789a::1]/hook'],
    ['IPv6 link-local', 'https://[fe80::1]/hook'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/hook'],
    ['IPv4-mapped metadata', 'https://[::ffff:169.254.169.254]/hook'],
    ['IPv4-mapped private', 'https://[::ffff:10.1.2.3]/hook'],
    ['NAT64 of loopback', 'https://[64:ff9b::7f00:1]/hook'],
    ['a name that resolves to 127.0.0.1', 'https://localhost/hook'],
    ['credentials in the address', 'https://user:secret@93.184.215.14/hook'],
    ['not an address', 'hooks.example.com/marquee'],
  ])('%s: 422 webhook_url_refused, nothing written', async (_what, url) => {
    const before = await consoleContentDigest(strict.db);
    const response = await addEndpoint(strict, strictOrganisation.slug, strictOwner, {
      url,
      events: ['order.completed'],
    });
    expect(response.statusCode, response.body).toBe(422);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.code).toBe('webhook_url_refused');
    expect(body.errors).toHaveProperty('url');
    expect(await consoleContentDigest(strict.db)).toEqual(before);
  });

  it('with the flag off, even http://127.0.0.1 (the tests’ receiver) is refused', async () => {
    const { url } = await receiver([200]);
    const response = await addEndpoint(strict, strictOrganisation.slug, strictOwner, {
      url,
      events: ['order.completed'],
    });
    expect(response.statusCode).toBe(422);
  });

  it('with the test flag on, other private ranges stay refused', async () => {
    for (const url of ['https://10.0.0.5/hook', 'http://169.254.169.254/', 'http://[::ffff:192.168.0.1]/']) {
      const response = await addEndpoint(open, organisation.slug, owner, { url, events: ['order.completed'] });
      expect(response.statusCode, url).toBe(422);
    }
  });

  it('accepts a public https address, and answers its signing secret once', async () => {
    const response = await addEndpoint(strict, strictOrganisation.slug, strictOwner, {
      url: 'https://93.184.215.14/marquee',
      events: ['order.completed', 'ticket.checked_in'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = WebhookEndpointCreatedAnswerSchema.parse(response.json());
    expect(created.secret).toMatch(/^whsec_/);
    const listed = await strict.app.inject({
      url: `/api/organiser/${strictOrganisation.slug}/webhooks`,
      headers: { cookie: strictOwner.cookie },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(created.secret);
  });
});

describe('deliveries', () => {
  it('a paid order reaches a real receiver, signed (HMAC-SHA256 of t.body) with its event id', async () => {
    const hook = await receiver([200]);
    const { endpoint, secret } = await endpointFor(hook.url, ['order.completed']);
    const pkg = await createTicketPackage(open.db, {
      eventId: event.id,
      freeSeating: true,
      capacity: 20,
      price: 250_000,
    });
    const order = await buyTickets(open, {
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }],
    });
    // Queued with the completion, not yet sent.
    expect((await deliveriesOf(endpoint.id)).map((row) => row.status)).toEqual(['pending']);
    expect(hook.received).toEqual([]);

    const outcome = await worker().deliverDue({ now: new Date(Date.now() + 1_000) });
    expect(outcome).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(hook.received).toHaveLength(1);
    const [delivery] = hook.received;
    if (!delivery) throw new Error('nothing received');
    const body = JSON.parse(delivery.body) as { id: string; type: string; data: Record<string, unknown> };
    expect(verify(secret, delivery.headers['marquee-signature'], delivery.body).timestamp).toBeGreaterThan(0);
    expect(() => verify(`${secret}x`, delivery.headers['marquee-signature'], delivery.body)).toThrow();
    expect(delivery.headers['marquee-event-id']).toBe(body.id);
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(body).toMatchObject({
      type: 'order.completed',
      data: { booking_id: order.order_id, event_uid: event.uid, total: 500_000, tickets: 2 },
    });
    const [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null });
    // Delivered is delivered: a later run sends nothing again.
    expect(await worker().deliverDue({ now: new Date(Date.now() + 3_600_000) })).toEqual({
      delivered: 0,
      retried: 0,
      failed: 0,
    });
    expect(hook.received).toHaveLength(1);
  });

  it('a receiver answering 500 then 200 gets a retry after the backoff, and the log shows both attempts', async () => {
    const hook = await receiver([500, 200]);
    const { endpoint, secret } = await endpointFor(hook.url, ['order.refunded']);
    const sent = await open.app.inject({
      method: 'POST',
      url: `/api/organiser/${organisation.slug}/webhooks/${endpoint.id}/test`,
      headers: { cookie: owner.cookie },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(WebhookTestAnswerSchema.parse(sent.json()).delivery).toMatchObject({
      event_type: 'webhook.test',
      status: 'pending',
    });

    const start = new Date(Date.now() + 1_000);
    expect(await worker().deliverDue({ now: start, random: () => 0.5 })).toEqual({
      delivered: 0,
      retried: 1,
      failed: 0,
    });
    const [first] = await deliveriesOf(endpoint.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, lastError: 'HTTP 500' });
    expect(first?.nextAttemptAt.getTime()).toBe(start.getTime() + backoffSeconds(1, 0.5) * 1000);
    // Not due before its time.
    expect(await worker().deliverDue({ now: new Date(start.getTime() + 30_000) })).toEqual({
      delivered: 0,
      retried: 0,
      failed: 0,
    });
    expect(hook.received).toHaveLength(1);

    expect(await worker().deliverDue({ now: new Date(start.getTime() + 120_000) })).toEqual({
      delivered: 1,
      retried: 0,
      failed: 0,
    });
    expect(hook.received).toHaveLength(2);
    // The same event both times, signed both times.
    expect(hook.received[1]?.headers['marquee-event-id']).toBe(hook.received[0]?.headers['marquee-event-id']);
    verify(secret, hook.received[1]?.headers['marquee-signature'], hook.received[1]?.body ?? '');

    const log = await open.app.inject({
      url: `/api/organiser/${organisation.slug}/webhooks/${endpoint.id}/deliveries`,
      headers: { cookie: owner.cookie },
    });
    expect(log.statusCode).toBe(200);
    expect(WebhookDeliveryListAnswerSchema.parse(log.json()).deliveries).toEqual([
      expect.objectContaining({ status: 'delivered', attempts: 2, last_status_code: 200, next_attempt_at: null }),
    ]);
  });

  it(`gives up after ${WEBHOOK_MAX_ATTEMPTS} attempts, the waits growing each time`, async () => {
    const hook = await receiver([503]);
    const { endpoint } = await endpointFor(hook.url, ['order.completed']);
    const sent = await open.app.inject({
      method: 'POST',
      url: `/api/organiser/${organisation.slug}/webhooks/${endpoint.id}/test`,
      headers: { cookie: owner.cookie },
    });
    expect(sent.statusCode).toBe(202);
    let now = Date.now() + 1_000;
    const waits: number[] = [];
    for (let attempt = 1; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt += 1) {
      const outcome = await worker().deliverDue({ now: new Date(now), random: () => 0 });
      expect(outcome, `attempt ${attempt}`).toEqual(
        attempt < WEBHOOK_MAX_ATTEMPTS
          ? { delivered: 0, retried: 1, failed: 0 }
          : { delivered: 0, retried: 0, failed: 1 },
      );
      const [row] = await deliveriesOf(endpoint.id);
      if (attempt < WEBHOOK_MAX_ATTEMPTS && row) {
        waits.push(row.nextAttemptAt.getTime() - now);
        now = row.nextAttemptAt.getTime();
      }
    }
    expect(hook.received).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    expect(waits[0]).toBe(54_000);
    for (let index = 1; index < waits.length; index += 1)
      expect(waits[index]).toBeGreaterThanOrEqual(waits[index - 1]!);
    const [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS, lastStatusCode: 503 });
  });

  it('never follows a redirect: a 302 is a failed attempt, and nothing else is asked', async () => {
    const elsewhere = await receiver([200]);
    const hook = await receiver([302], { location: elsewhere.url });
    const { endpoint } = await endpointFor(hook.url, ['order.completed']);
    await open.app.inject({
      method: 'POST',
      url: `/api/organiser/${organisation.slug}/webhooks/${endpoint.id}/test`,
      headers: { cookie: owner.cookie },
    });
    expect(await worker().deliverDue({ now: new Date(Date.now() + 1_000) })).toMatchObject({ retried: 1 });
    expect(hook.received).toHaveLength(1);
    expect(elsewhere.received).toEqual([]);
    const [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: 'pending', lastStatusCode: 302 });
  });

  it('connects to the address it checked (pinned), and checks again at every delivery (DNS rebinding)', async () => {
    const hook = await receiver([200]);
    // A name no real DNS knows: only the checked, pinned address can reach the receiver.
    const url = `http://hooks.marquee.test:${hook.port}/marquee`;
    const answers: string[][] = [['127.0.0.1'], ['10.0.0.7']];
    let asked = 0;
    const resolving = (addresses: string[] | undefined) => async () =>
      (addresses ?? []).map((address) => ({ address, family: 4 }));
    const endpoint = await insertTestWebhookEndpoint(open.db, {
      organisationId: organisation.id,
      url,
      events: ['order.completed'],
    });
    const testEvent = () =>
      open.app.inject({
        method: 'POST',
        url: `/api/organiser/${organisation.slug}/webhooks/${endpoint.id}/test`,
        headers: { cookie: owner.cookie },
      });
    const pinnedWorker = () =>
      worker({
        db: open.db,
        allowLoopbackHttp: true,
        resolve: (hostname) => {
          expect(hostname).toBe('hooks.marquee.test');
          return resolving(answers[asked++])();
        },
      });
    expect((await testEvent()).statusCode).toBe(202);
    expect(await pinnedWorker().deliverDue({ now: new Date(Date.now() + 1_000) })).toMatchObject({ delivered: 1 });
    expect(hook.received).toHaveLength(1);
    expect(hook.received[0]?.headers.host).toBe(`hooks.marquee.test:${hook.port}`);

    // The name now resolves into a private network: refused before any connection.
    expect((await testEvent()).statusCode).toBe(202);
    expect(await pinnedWorker().deliverDue({ now: new Date(Date.now() + 1_000) })).toMatchObject({ retried: 1 });
    expect(hook.received).toHaveLength(1);
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.find((row) => row.status === 'pending')?.lastError).toMatch(/private network/);
  });

  it('is queued only for active endpoints subscribed to the event, in the change’s transaction', async () => {
    const hook = await receiver([200]);
    const subscribed = await endpointFor(hook.url, ['order.completed']);
    const other = await endpointFor(hook.url, ['ticket.checked_in']);
    const off = await endpointFor(hook.url, ['order.completed']);
    const turnedOff = await open.app.inject({
      method: 'PATCH',
      url: `/api/organiser/${organisation.slug}/webhooks/${off.endpoint.id}`,
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ active: false }),
    });
    expect(turnedOff.statusCode, turnedOff.body).toBe(200);
    const pkg = await createTicketPackage(open.db, {
      eventId: event.id,
      freeSeating: true,
      capacity: 5,
      price: 100_000,
    });
    await buyTickets(open, { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }] });
    expect(await deliveriesOf(subscribed.endpoint.id)).toHaveLength(1);
    expect(await deliveriesOf(other.endpoint.id)).toHaveLength(0);
    expect(await deliveriesOf(off.endpoint.id)).toHaveLength(0);
    // Another organisation's endpoint hears nothing of ours.
    const theirs = await createOrganisation(open.db, { name: 'Deaf Promotions' });
    const theirEndpoint = await insertTestWebhookEndpoint(open.db, {
      organisationId: theirs.id,
      url: hook.url,
      events: ['order.completed'],
    });
    await buyTickets(open, { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }] });
    expect(await deliveriesOf(theirEndpoint.id)).toHaveLength(0);
    // Deleting an endpoint takes its deliveries with it.
    const deleted = await open.app.inject({
      method: 'DELETE',
      url: `/api/organiser/${organisation.slug}/webhooks/${subscribed.endpoint.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await deliveriesOf(subscribed.endpoint.id)).toHaveLength(0);
    expect(
      await open.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, subscribed.endpoint.id)),
    ).toEqual([]);
  });

  it('a refund and a scan at the gate are announced in their own transactions', async () => {
    const { endpoint } = await endpointFor('http://127.0.0.1:9/never-sent', ['order.refunded', 'ticket.checked_in']);
    const pkg = await createTicketPackage(open.db, {
      eventId: event.id,
      freeSeating: true,
      capacity: 5,
      price: 100_000,
    });
    const order = await buyTickets(open, {
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }],
    });
    const [code] = await createTicketsService({ db: open.db, config: TEST_APP_CONFIG }).signedCodes(order.order_id);
    const scanned = await open.app.inject({
      method: 'POST',
      url: '/api/check-in',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${STAFF_TOKEN}` },
      payload: JSON.stringify({ code }),
    });
    expect(scanned.statusCode, scanned.body).toBe(200);
    // A second scan is refused, and announces nothing.
    const again = await open.app.inject({
      method: 'POST',
      url: '/api/check-in',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${STAFF_TOKEN}` },
      payload: JSON.stringify({ code }),
    });
    expect(again.statusCode).toBe(409);
    const refund = (amount: number) =>
      open.app.inject({
        method: 'POST',
        url: `/api/organiser/${organisation.slug}/orders/${order.order_id}/refunds`,
        headers: {
          cookie: owner.cookie,
          'content-type': 'application/json',
          'idempotency-key': `hooks-refund-${amount}-${order.order_id}`,
        },
        payload: JSON.stringify({ amount, reason: 'Announced', ticket_ids: [] }),
      });
    expect((await refund(50_000)).statusCode).toBeLessThan(300);
    // Refused (more than is left): nothing announced.
    expect((await refund(10_000_000)).statusCode).toBe(422);

    const rows = await deliveriesOf(endpoint.id);
    expect(rows.map((row) => row.eventType).sort()).toEqual(['order.refunded', 'ticket.checked_in']);
    const byType = Object.fromEntries(rows.map((row) => [row.eventType, row.payload]));
    expect(byType['ticket.checked_in']).toMatchObject({ data: { booking_id: order.order_id, event_uid: event.uid } });
    expect(byType['order.refunded']).toMatchObject({
      data: { booking_id: order.order_id, amount: 50_000, refunded_amount: 50_000, is_refunded: false },
    });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTicketPackage, createVenue, smallSeatMap } from '@marquee/db/factories';
import { orders, outbox, paymentEvents } from '@marquee/db/schema';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { CreatedOrderSchema, type CreatedOrder } from '@marquee/domain/orders';
import { appConfigFromEnv, parseEnv } from '../../config';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { readOrder } from '../../test-support/buy-tickets';
import { packageCounts, ticketCount } from '../../test-support/order-facts';
import { expireHold } from '../../test-support/expire-hold';
import {
  startInstalmentsProviderStub,
  type InstalmentsProviderStub,
} from '../../test-support/instalments-provider-stub';
import { takeServerErrors } from '../../test-support/server-errors';
import { startStripeStub, type StripeStub } from '../../test-support/stripe-stub';
import { INSTALMENTS_PROVIDER_UNAVAILABLE } from './instalments-gateway';

/**
 * Instalments through a hosted-redirect provider beside Stripe (decisions/033): the app talks over HTTP to
 * a local provider stub (docs/payments-instalments-protocol.md), the buyer approves on the stub's page, and
 * the stub calls the app's webhook over HTTP with a signed callback.
 */
const STRIPE_KEY = 'sk_test_marquee';
const API_KEY = 'inst_key_marquee';
const WEBHOOK_SECRET = 'inst_whsec_marquee_0123456789';
const INSTALMENTS = 2;

const BUYER = { first_name: 'Mei Ling', last_name: 'Tan Wei', email: 'mei@example.sg', phone: '+65 9123 4567' };
const OTHER_BUYER = { ...BUYER, first_name: 'Kumari', email: 'kumari@example.com' };

let stripe: StripeStub;
let provider: InstalmentsProviderStub;
let t: TestApp;

beforeAll(async () => {
  stripe = await startStripeStub({ secretKey: STRIPE_KEY });
  provider = await startInstalmentsProviderStub({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET });
  t = await buildTestApp({
    stripe: {
      secretKey: STRIPE_KEY,
      publishableKey: 'pk_test_marquee',
      webhookSecret: 'whsec_marquee',
      api: stripe.api,
    },
    instalments: { apiUrl: provider.apiUrl, apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET, timeoutMs: 2_000 },
  });
  // The provider calls back over the network, as it would in production.
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  provider.setCallbackUrl(`${address}/api/payments/webhooks/instalments`);
});
afterAll(async () => {
  await t.close();
  await provider.close();
  await stripe.close();
});

function placeOrder(body: object, buyer: object = BUYER, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { buyer, terms_agreed: true, payment_gateway_id: INSTALMENTS, ...body },
    headers,
  });
}

async function instalmentOrder(body: object, buyer: object = BUYER): Promise<CreatedOrder> {
  const response = await placeOrder(body, buyer);
  expect(response.statusCode, response.body).toBe(201);
  return CreatedOrderSchema.parse(response.json());
}

async function paidEvent(price = 120_000) {
  const event = await createEvent(t.db);
  const pkg = await createTicketPackage(t.db, { eventId: event.id, price });
  return { event, pkg };
}

async function newOrder(count = 2): Promise<CreatedOrder> {
  const { event, pkg } = await paidEvent();
  return instalmentOrder({ event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: count }] });
}

function planOf(order: CreatedOrder): string {
  const planId = order.payment?.intent_id;
  if (!planId) throw new Error(`Order ${order.order_id} has no plan`);
  return planId;
}

/** The return address, as the provider's redirect brings the buyer's browser to it. */
function returnAddress(orderId: string) {
  return t.app.inject({ url: `/api/bookings/status?orderId=${orderId}` });
}

describe('instalments through the hosted-redirect provider, beside Stripe', () => {
  it('offers instalments on the event page, with cards still through Stripe', async () => {
    const { event } = await paidEvent();
    const page = await t.app.inject({ url: `/api/events/${event.uid}` });
    const kinds = (page.json() as { payment_gateways: { kind: string }[] }).payment_gateways.map(
      (gateway) => gateway.kind,
    );
    expect(kinds).toEqual(['card', 'instalments']);
    expect((await t.app.inject({ url: '/api/payments/config' })).json()).toMatchObject({ card_provider: 'stripe' });
  });

  it('creates a plan at the provider and sends the buyer to its page; completes on its signed callback, once', async () => {
    const order = await newOrder(2);
    const planId = planOf(order);
    expect(order.payment).toMatchObject({ kind: 'instalments', client_secret: null });
    expect(order.payment?.redirect_url).toBe(`${provider.apiUrl}/checkout/${planId}`);
    expect(provider.plan(planId)).toMatchObject({
      status: 'pending',
      amount: order.total,
      currency: 'LKR',
      reference: order.order_id,
      return_url: `http://marquee.test/api/bookings/status?orderId=${order.order_id}`,
    });
    // The provider's hosted page is where the order's redirect_url leads.
    const page = await fetch(order.payment?.redirect_url ?? '');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(order.order_id);

    // Not approved yet: the return address does not complete it, and says nothing went wrong.
    expect((await returnAddress(order.order_id)).headers.location).toMatch(/\?step=3$/);
    expect((await readOrder(t, order)).status).toBe('pending');

    expect(await provider.approve(planId)).toBe(200);
    const paid = await readOrder(t, order);
    expect(paid.status).toBe('complete');
    expect(paid.tickets).toHaveLength(2);
    // A duplicate delivery of the same event changes nothing.
    const [recorded] = await t.db.select().from(paymentEvents).where(eq(paymentEvents.intentId, planId));
    expect(await provider.callback(planId, 'plan.approved', { eventId: recorded?.eventId ?? '' })).toBe(200);
    expect(await ticketCount(t.db, order.order_id)).toBe(2);
    expect((await returnAddress(order.order_id)).headers.location).toContain('?step=4&');
  });

  it('completes on the return address alone, when no callback ever comes', async () => {
    const order = await newOrder(1);
    await provider.approve(planOf(order), { notify: false });
    expect((await returnAddress(order.order_id)).headers.location).toContain('?step=4&');
    expect((await readOrder(t, order)).status).toBe('complete');
    expect(await ticketCount(t.db, order.order_id)).toBe(1);
  });

  it('refuses a forged callback (wrong secret, stale, tampered) with 400, and completes nothing', async () => {
    const order = await newOrder(1);
    const planId = planOf(order);
    const other = await newOrder(1);
    // Approved at the provider, so any callback that got through would complete the order it names.
    await provider.approve(planId, { notify: false });
    await provider.approve(planOf(other), { notify: false });
    const forgeries = [
      { secret: 'inst_whsec_someone_else_012345' },
      { timestamp: Math.floor(Date.now() / 1000) - 301 },
      // Signed for this plan, delivered naming another.
      { tamper: (body: string) => body.replace(planId, planOf(other)) },
    ];
    for (const forgery of forgeries) expect(await provider.callback(planId, 'plan.approved', forgery)).toBe(400);
    expect((await readOrder(t, order)).status).toBe('pending');
    expect((await readOrder(t, other)).status).toBe('pending');
    expect(await ticketCount(t.db, order.order_id)).toBe(0);

    // The genuine callback does.
    expect(await provider.callback(planId, 'plan.approved')).toBe(200);
    expect((await readOrder(t, order)).status).toBe('complete');
  });

  it('answers a forged callback in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/instalments',
      payload: { id: 'evt_forged', type: 'plan.approved', plan_id: 'plan_x' },
      headers: { 'instalments-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
    });
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).code).toBe('webhook_refused');
  });

  it('a signed callback claiming approval of a plan the provider says is pending completes nothing', async () => {
    const order = await newOrder(1);
    expect(await provider.callback(planOf(order), 'plan.approved')).toBe(200);
    expect((await readOrder(t, order)).status).toBe('pending');
    expect(await ticketCount(t.db, order.order_id)).toBe(0);
  });

  it('refuses an approved plan of another amount, currency or reference: payment_mismatch, nothing completed', async () => {
    for (const patch of [{ amount: 1 }, { currency: 'SGD' }, { reference: 'MQSOMEONEELSE' }]) {
      const order = await newOrder(1);
      const planId = planOf(order);
      provider.setPlan(planId, patch);
      // The callback is taken (a provider-side problem to look into, not to retry), and completes nothing.
      expect(await provider.approve(planId)).toBe(200);
      expect((await readOrder(t, order)).status).toBe('pending');
      const back = await returnAddress(order.order_id);
      expect(back.statusCode).toBe(409);
      expect(ErrorBodySchema.parse(back.json()).code).toBe('payment_mismatch');
      expect(await ticketCount(t.db, order.order_id)).toBe(0);
    }
  });

  it('sends the buyer back to step 3 with instalments_declined when the provider declines the plan', async () => {
    const order = await newOrder(1);
    // The buyer declines on the provider's page, which sends them to the return address.
    const decided = await fetch(`${order.payment?.redirect_url ?? ''}/decline`, { method: 'POST', redirect: 'manual' });
    expect(decided.status).toBe(303);
    const back = new URL(decided.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe('http://marquee.test/api/bookings/status');
    const answer = await t.app.inject({ url: `${back.pathname}${back.search}` });
    expect(answer.headers.location).toMatch(/\?step=3&payment_error=instalments_declined$/);
    expect((await readOrder(t, order)).status).toBe('pending');
  });

  it('refunds a plan approved after the hold ended with the tickets gone: the refund reaches the provider once', async () => {
    const venue = await createVenue(t.db, { seatMap: smallSeatMap(1, 2) });
    const event = await createEvent(t.db, { venueId: venue.id });
    const pkg = await createTicketPackage(t.db, { eventId: event.id, price: 5_000, seatingRange: ['A-1-1', 'A-1-2'] });
    const late = await instalmentOrder({ event_id: event.id, seats: ['A-1-1'] });
    await expireHold(t.db, late.order_id);
    const other = await instalmentOrder({ event_id: event.id, seats: ['A-1-1'] }, OTHER_BUYER);
    await provider.approve(planOf(other));
    expect((await readOrder(t, other)).status).toBe('complete');

    // The late buyer approves the plan after all.
    const latePlan = planOf(late);
    expect(await provider.approve(latePlan)).toBe(200);
    expect(await readOrder(t, late)).toMatchObject({ status: 'failed', failure_reason: 'sold_out', tickets: [] });
    const refundCalls = () => provider.requests.filter((request) => request.path === `/v1/plans/${latePlan}/refund`);
    expect(refundCalls()).toHaveLength(1);
    expect(provider.plan(latePlan)).toMatchObject({ status: 'refunded', refunds: 1 });
    const mails = await t.db
      .select({ kind: outbox.kind })
      .from(outbox)
      .innerJoin(orders, eq(orders.id, outbox.orderId))
      .where(eq(orders.orderId, late.order_id));
    expect(mails).toEqual([{ kind: 'payment_refunded' }]);
    expect(await packageCounts(t.db, pkg.id)).toEqual({ sold: 1, held: 0 });

    // Coming back later retries the refund with the same key: the money went back once.
    expect((await returnAddress(late.order_id)).headers.location).toContain('?step=4&');
    expect(new Set(refundCalls().map((request) => request.idempotencyKey))).toEqual(new Set([`refund-${latePlan}`]));
    expect(provider.plan(latePlan)).toMatchObject({ refunds: 1 });
  });

  it('answers 503 service_unavailable when the provider is down; the retry with the same Idempotency-Key makes the plan', async () => {
    const { event, pkg } = await paidEvent();
    const body = { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }] };
    const key = { 'idempotency-key': `test-${crypto.randomUUID()}` };
    provider.setDown(true);
    let refused;
    try {
      refused = await placeOrder(body, BUYER, key);
    } finally {
      provider.setDown(false);
    }
    expect(refused.statusCode).toBe(503);
    // Provoked on purpose: taken here, so only an unexpected 5xx fails the test.
    expect(takeServerErrors()).toEqual(['POST /api/orders: 503']);
    expect(ErrorBodySchema.parse(refused.json())).toEqual({
      code: 'service_unavailable',
      message: INSTALMENTS_PROVIDER_UNAVAILABLE,
    });
    const [saved] = await t.db.select().from(orders).where(eq(orders.eventId, event.id));
    expect(saved).toMatchObject({ status: 'pending', paymentIntentId: null });
    expect(await ticketCount(t.db, saved?.orderId ?? '')).toBe(0);

    // The checkout's Try again sends the same request with the same key: one order, one hold, one plan.
    const retried = await placeOrder(body, BUYER, key);
    expect(retried.statusCode).toBe(200);
    const order = CreatedOrderSchema.parse(retried.json());
    expect(order.order_id).toBe(saved?.orderId);
    expect(order.payment?.redirect_url).toBe(`${provider.apiUrl}/checkout/${planOf(order)}`);
    expect(await packageCounts(t.db, pkg.id)).toEqual({ sold: 0, held: 2 });
    expect(
      provider.requests.filter((request) => request.idempotencyKey === order.order_id && request.method === 'POST'),
    ).toHaveLength(2);
  });
});

describe('INSTALMENTS_* configuration', () => {
  const STRIPE = {
    STRIPE_SECRET_KEY: 'sk_live_marquee',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_marquee',
    STRIPE_WEBHOOK_SECRET: 'whsec_marquee',
  };
  const PROVIDER = {
    INSTALMENTS_API_URL: 'https://api.pay-in-3.example',
    INSTALMENTS_API_KEY: 'inst_key_live',
    INSTALMENTS_WEBHOOK_SECRET: 'inst_whsec_live_0123456789',
  };

  it('is read beside Stripe, the sandbox off', () => {
    const config = appConfigFromEnv(parseEnv({ ...STRIPE, ...PROVIDER, NODE_ENV: 'production' }));
    expect(config.instalments).toEqual({
      apiUrl: 'https://api.pay-in-3.example',
      apiKey: 'inst_key_live',
      webhookSecret: 'inst_whsec_live_0123456789',
    });
    expect(config.paymentsSandbox).toBe(false);
    expect(appConfigFromEnv(parseEnv(STRIPE)).instalments).toBeNull();
  });

  it('is refused at start: part of it, beside the sandbox, without Stripe, or over http in production', () => {
    expect(() => parseEnv({ ...STRIPE, INSTALMENTS_API_URL: PROVIDER.INSTALMENTS_API_URL })).toThrow(
      /Set INSTALMENTS_API_URL, INSTALMENTS_API_KEY and INSTALMENTS_WEBHOOK_SECRET together/,
    );
    expect(() => parseEnv({ ...STRIPE, ...PROVIDER, PAYMENTS_SANDBOX: 'true' })).toThrow(
      /must never run beside a real instalment provider/,
    );
    expect(() => parseEnv(PROVIDER)).toThrow(/card payments need one too: set the STRIPE_\* keys/);
    expect(() =>
      parseEnv({ ...STRIPE, ...PROVIDER, INSTALMENTS_API_URL: 'http://api.pay-in-3.example', NODE_ENV: 'production' }),
    ).toThrow(/INSTALMENTS_API_URL must be an https:\/\/ address in production/);
    expect(() => parseEnv({ ...STRIPE, ...PROVIDER, INSTALMENTS_API_URL: 'http://127.0.0.1:4010' })).not.toThrow();
  });

  it('an app configured with the provider and the sandbox is refused when built', async () => {
    const instalments = { apiUrl: provider.apiUrl, apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET };
    await expect(buildTestApp({ instalments, paymentsSandbox: true })).rejects.toThrow(
      /cannot run beside a real instalment provider/,
    );
    await expect(buildTestApp({ instalments })).rejects.toThrow(/cannot run beside a real instalment provider/);
  });
});

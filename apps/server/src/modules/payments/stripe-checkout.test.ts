import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTicketPackage } from '@marquee/db/factories';
import { eq } from 'drizzle-orm';
import { orders, sandboxPaymentIntents, ticketPackages } from '@marquee/db/schema';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { CreatedOrderSchema, OrderSchema } from '@marquee/domain/orders';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { startStripeStub, type StripeStub } from '../../test-support/stripe-stub';

/**
 * The whole card path with Stripe configured: the app talks to a local stand-in for Stripe's API
 * through the official SDK, and Stripe's webhook is signed the way Stripe signs it.
 */
const SECRET_KEY = 'sk_test_marquee';
const WEBHOOK_SECRET = 'whsec_marquee_checkout';

let stub: StripeStub;
let t: TestApp;

beforeAll(async () => {
  stub = await startStripeStub({ secretKey: SECRET_KEY });
  t = await buildTestApp({
    stripe: { secretKey: SECRET_KEY, publishableKey: 'pk_test_marquee', webhookSecret: WEBHOOK_SECRET, api: stub.api },
  });
});
afterAll(async () => {
  await t.close();
  await stub.close();
});

function webhook(type: string, intentId: string, eventId: string, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    data: { object: { id: intentId, object: 'payment_intent', status: 'succeeded' } },
    livemode: false,
    created: Math.floor(Date.now() / 1000),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
  });
}

describe('card payments through Stripe', () => {
  it('creates the PaymentIntent at Stripe and completes the order on its signed webhook, once', async () => {
    expect((await t.app.inject({ url: '/api/payments/config' })).json()).toEqual({
      card_provider: 'stripe',
      stripe_publishable_key: 'pk_test_marquee',
      // Stripe's test keys take no real money either: the site says so.
      test_mode: true,
    });
    const event = await createEvent(t.db);
    const pkg = await createTicketPackage(t.db, { eventId: event.id, price: 120_000 });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        event_id: event.id,
        buyer: { first_name: 'Mei Ling', last_name: 'Tan Wei', email: 'mei@example.sg', phone: '+65 9123 4567' },
        ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }],
        terms_agreed: true,
      },
    });
    expect(created.statusCode).toBe(201);
    const order = CreatedOrderSchema.parse(created.json());
    const intentId = order.payment?.intent_id ?? '';
    expect(intentId).toMatch(/^pi_/);
    expect(order.payment?.client_secret).toContain(intentId);
    expect(stub.intent(intentId)).toMatchObject({ amount: order.total, currency: 'lkr' });

    // Not paid yet: the webhook of another kind and the return address change nothing.
    const early = await t.app.inject({ url: `/api/bookings/status?orderId=${order.order_id}` });
    expect(early.headers.location).toMatch(/\?step=3$/);

    stub.succeed(intentId);
    const answers = await Promise.all([
      webhook('payment_intent.succeeded', intentId, 'evt_1'),
      webhook('payment_intent.succeeded', intentId, 'evt_1'),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const read = await t.app.inject({
      url: `/api/orders/${order.order_id}`,
      headers: { authorization: `Bearer ${order.access_token}` },
    });
    const paid = OrderSchema.parse(read.json());
    expect(paid.status).toBe('complete');
    expect(paid.tickets).toHaveLength(2);
  });

  it('refuses a webhook signed with another secret', async () => {
    const response = await webhook('payment_intent.succeeded', 'pi_unknown', 'evt_2', 'whsec_someone_else');
    expect(response.statusCode).toBe(400);
  });
});

describe('with Stripe configured, the sandbox providers do not run (decisions/030)', () => {
  const BUYER = { first_name: 'Mei Ling', last_name: 'Tan Wei', email: 'mei@example.sg', phone: '+65 9123 4567' };

  it('lists only card payment on the event page: instalments are not offered where no provider takes them', async () => {
    const event = await createEvent(t.db);
    const offered = await t.app.inject({ url: `/api/events/${event.uid}` });
    expect(offered.statusCode).toBe(200);
    const kinds = (offered.json() as { payment_gateways: { kind: string }[] }).payment_gateways.map(
      (gateway) => gateway.kind,
    );
    expect(kinds).toEqual(['card']);
  });

  it('refuses an instalment order before anything is held: no real instalment provider is configured', async () => {
    const event = await createEvent(t.db);
    const pkg = await createTicketPackage(t.db, { eventId: event.id, price: 120_000 });
    const before = stub.requests.length;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        event_id: event.id,
        payment_gateway_id: 2,
        buyer: BUYER,
        ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }],
        terms_agreed: true,
      },
    });
    expect(refused.statusCode).toBe(422);
    const body = ErrorBodySchema.parse(refused.json());
    expect(body.code).toBe('validation_failed');
    expect(body.errors?.['payment_gateway_id']).toEqual([
      'Paying in instalments is not available at the moment. Please choose to pay by card.',
    ]);
    expect(await t.db.select().from(orders).where(eq(orders.eventId, event.id))).toEqual([]);
    const [counts] = await t.db
      .select({ held: ticketPackages.heldCount, sold: ticketPackages.soldCount })
      .from(ticketPackages)
      .where(eq(ticketPackages.id, pkg.id));
    expect(counts).toEqual({ held: 0, sold: 0 });
    expect(stub.requests.length).toBe(before);
  });

  it('has no sandbox API, approval pages or webhooks: an intent left from a sandbox period cannot be approved', async () => {
    // Test intents from before Stripe was configured, with their secrets known (as the buyer's browser knew them).
    const card = { id: 'pi_sbx_00000000000000000000000a', secret: 'pi_sbx_00000000000000000000000a_secret_known' };
    const plan = { id: 'inst_sbx_00000000000000000000000b', secret: 'inst_sbx_00000000000000000000000b_secret_known' };
    await t.db.insert(sandboxPaymentIntents).values([
      {
        id: card.id,
        clientSecret: card.secret,
        reference: 'MQSANDBOX0001',
        amount: 1_000,
        currency: 'LKR',
        status: 'requires_action',
      },
      { id: plan.id, clientSecret: plan.secret, reference: 'MQSANDBOX0002', amount: 1_000, currency: 'LKR' },
    ]);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const answers = await Promise.all([
      t.app.inject({ url: `/sandbox/instalments/${plan.id}?client_secret=${plan.secret}` }),
      t.app.inject({
        method: 'POST',
        url: `/sandbox/instalments/${plan.id}`,
        payload: `decision=approve&client_secret=${plan.secret}`,
        headers: form,
      }),
      t.app.inject({ url: `/sandbox/3ds/${card.id}?client_secret=${card.secret}` }),
      t.app.inject({
        method: 'POST',
        url: `/sandbox/3ds/${card.id}`,
        payload: `decision=approve&client_secret=${card.secret}`,
        headers: form,
      }),
      t.app.inject({
        method: 'POST',
        url: `/api/sandbox/payment_intents/${card.id}/confirm`,
        payload: {
          client_secret: card.secret,
          card: { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123', name: 'Mei Ling' },
        },
      }),
      t.app.inject({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: { id: 'evt_x' } }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(ErrorBodySchema.parse(answer.json()).code).toBe('not_found');
    }
    const statuses = await t.db.select({ status: sandboxPaymentIntents.status }).from(sandboxPaymentIntents);
    expect(statuses.map((row) => row.status).sort()).toEqual(['requires_action', 'requires_payment_method']);
  });

  it('says nothing of test mode with live keys', async () => {
    const live = await buildTestApp({
      stripe: {
        secretKey: 'sk_live_marquee',
        publishableKey: 'pk_live_marquee',
        webhookSecret: WEBHOOK_SECRET,
        api: stub.api,
      },
    });
    try {
      expect((await live.app.inject({ url: '/api/payments/config' })).json()).toEqual({
        card_provider: 'stripe',
        stripe_publishable_key: 'pk_live_marquee',
        test_mode: false,
      });
    } finally {
      await live.close();
    }
  });
});

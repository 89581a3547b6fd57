import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTicketPackage } from '@marquee/db/factories';
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

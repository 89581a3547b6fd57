import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStub, type StripeStub } from '../../test-support/stripe-stub';
import { WebhookSignatureError, type PaymentGateway } from './gateway';
import { createStripeGateway, createStripeWebhookVerifier } from './stripe-gateway';

const SECRET_KEY = 'sk_test_marquee_stub';

const ORDER = {
  reference: 'MQ-7K2P9X',
  amount: 1_250_000,
  currency: 'LKR',
  description: 'Marquee order MQ-7K2P9X',
} as const;

describe('createStripeGateway against the Stripe stub', () => {
  let stub: StripeStub;
  let gateway: PaymentGateway;

  beforeEach(async () => {
    stub = await startStripeStub({ secretKey: SECRET_KEY });
    gateway = createStripeGateway({ secretKey: SECRET_KEY, api: stub.api });
  });

  afterEach(async () => {
    await stub.close();
  });

  function requestsTo(method: string, path: string) {
    return stub.requests.filter((request) => request.method === method && request.path === path);
  }

  it('is the Stripe card gateway', () => {
    expect(gateway.provider).toBe('stripe');
    expect(gateway.kind).toBe('card');
  });

  it('creates a card PaymentIntent for the order, keyed on its Booking ID', async () => {
    const intent = await gateway.createIntent(ORDER);

    expect(intent).toEqual({
      intentId: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringMatching(/^pi_.+_secret_/),
      redirectUrl: null,
      status: 'requires_payment_method',
      amount: 1_250_000,
      currency: 'LKR',
      reference: 'MQ-7K2P9X',
      lastErrorCode: null,
    });
    const [sent] = requestsTo('POST', '/v1/payment_intents');
    expect(sent?.form).toMatchObject({
      amount: '1250000',
      currency: 'lkr',
      description: 'Marquee order MQ-7K2P9X',
      'metadata[reference]': 'MQ-7K2P9X',
      'allowed_payment_method_types[0]': 'card',
    });
    expect(sent?.idempotencyKey).toBe('pi-create-MQ-7K2P9X');
    expect(sent?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(stub.intent(intent.intentId)?.amount).toBe(1_250_000);
  });

  it('returns the same intent when the same order is created twice, in its current state', async () => {
    const first = await gateway.createIntent(ORDER);
    stub.succeed(first.intentId);

    const second = await gateway.createIntent(ORDER);

    expect(second.intentId).toBe(first.intentId);
    expect(second.clientSecret).toBe(first.clientSecret);
    // Stripe's replay carries the creation-time body; the gateway reads the intent as it is now.
    expect(second.status).toBe('succeeded');
    expect(requestsTo('POST', '/v1/payment_intents').map((request) => request.idempotencyKey)).toEqual([
      'pi-create-MQ-7K2P9X',
      'pi-create-MQ-7K2P9X',
    ]);
  });

  it('gives different orders different intents', async () => {
    const first = await gateway.createIntent(ORDER);
    const second = await gateway.createIntent({ ...ORDER, reference: 'MQ-OTHER1', currency: 'SGD', amount: 4_500 });

    expect(second.intentId).not.toBe(first.intentId);
    expect(second).toMatchObject({ currency: 'SGD', amount: 4_500, reference: 'MQ-OTHER1' });
  });

  it('retrieves an intent with the Bearer key and maps it', async () => {
    const { intentId } = await gateway.createIntent(ORDER);

    const intent = await gateway.retrieveIntent(intentId);

    expect(intent).toMatchObject({
      intentId,
      status: 'requires_payment_method',
      amount: 1_250_000,
      currency: 'LKR',
      reference: 'MQ-7K2P9X',
    });
    const [sent] = requestsTo('GET', `/v1/payment_intents/${intentId}`);
    expect(sent?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent?.query).toMatchObject({ 'expand[0]': 'latest_charge' });
  });

  it('retrieves an unknown intent as null', async () => {
    await expect(gateway.retrieveIntent('pi_does_not_exist')).resolves.toBeNull();
  });

  it.each([
    ['requires_payment_method', 'requires_payment_method'],
    ['requires_confirmation', 'requires_payment_method'],
    ['requires_action', 'requires_action'],
    ['processing', 'processing'],
    ['requires_capture', 'processing'],
    ['succeeded', 'succeeded'],
    ['canceled', 'canceled'],
  ] as const)('maps Stripe status %s to %s', async (stripeStatus, expected) => {
    const { intentId } = await gateway.createIntent(ORDER);
    stub.setStatus(intentId, stripeStatus);

    expect((await gateway.retrieveIntent(intentId))?.status).toBe(expected);
  });

  it('reports the decline code of a failed attempt, else its error code', async () => {
    const { intentId } = await gateway.createIntent(ORDER);

    stub.fail(intentId, 'card_declined', 'insufficient_funds');
    expect(await gateway.retrieveIntent(intentId)).toMatchObject({
      status: 'requires_payment_method',
      lastErrorCode: 'insufficient_funds',
    });

    stub.fail(intentId, 'expired_card');
    expect(await gateway.retrieveIntent(intentId)).toMatchObject({
      status: 'requires_payment_method',
      lastErrorCode: 'expired_card',
    });

    stub.succeed(intentId);
    expect(await gateway.retrieveIntent(intentId)).toMatchObject({ status: 'succeeded', lastErrorCode: null });
  });

  it('cancels an unpaid intent, and cancelling again is a no-op', async () => {
    const { intentId } = await gateway.createIntent(ORDER);

    await gateway.cancelIntent(intentId);
    await gateway.cancelIntent(intentId);

    expect(stub.intent(intentId)?.status).toBe('canceled');
    expect((await gateway.retrieveIntent(intentId))?.status).toBe('canceled');
    expect(requestsTo('POST', `/v1/payment_intents/${intentId}/cancel`)).toHaveLength(2);
  });

  it('leaves a succeeded intent succeeded when asked to cancel it', async () => {
    const { intentId } = await gateway.createIntent(ORDER);
    stub.succeed(intentId);

    await expect(gateway.cancelIntent(intentId)).resolves.toBeUndefined();

    expect(stub.intent(intentId)?.status).toBe('succeeded');
    expect((await gateway.retrieveIntent(intentId))?.status).toBe('succeeded');
  });

  it('lets other cancel failures through', async () => {
    await expect(gateway.cancelIntent('pi_does_not_exist')).rejects.toMatchObject({ code: 'resource_missing' });
  });

  it('refunds a succeeded payment in full, keyed on the intent, and shows it refunded', async () => {
    const { intentId } = await gateway.createIntent(ORDER);
    stub.succeed(intentId);

    await gateway.refundIntent(intentId);

    const [sent] = requestsTo('POST', '/v1/refunds');
    expect(sent?.form).toEqual({ payment_intent: intentId });
    expect(sent?.idempotencyKey).toBe(`refund-${intentId}`);
    expect(sent?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    const chargeId = stub.intent(intentId)?.latest_charge;
    expect(chargeId && stub.charge(chargeId)).toMatchObject({ amount_refunded: 1_250_000, refunded: true });
    expect((await gateway.retrieveIntent(intentId))?.status).toBe('refunded');
  });

  it('treats refunding twice as a no-op (Stripe replays the keyed refund)', async () => {
    const { intentId } = await gateway.createIntent(ORDER);
    stub.succeed(intentId);

    await gateway.refundIntent(intentId);
    await expect(gateway.refundIntent(intentId)).resolves.toBeUndefined();

    expect(requestsTo('POST', '/v1/refunds')).toHaveLength(2);
    const chargeId = stub.intent(intentId)?.latest_charge;
    expect(chargeId && stub.charge(chargeId)?.amount_refunded).toBe(1_250_000);
  });

  it('treats a payment refunded elsewhere (the Dashboard) as a no-op: charge_already_refunded', async () => {
    const { intentId } = await gateway.createIntent(ORDER);
    stub.succeed(intentId);
    const dashboard = new Stripe(SECRET_KEY, { ...stub.api, maxNetworkRetries: 0 });
    await dashboard.refunds.create({ payment_intent: intentId });

    await expect(gateway.refundIntent(intentId)).resolves.toBeUndefined();

    expect((await gateway.retrieveIntent(intentId))?.status).toBe('refunded');
  });

  it('refunds the rest of a partly refunded payment; partly refunded still counts as succeeded', async () => {
    const { intentId } = await gateway.createIntent(ORDER);
    stub.succeed(intentId);
    const dashboard = new Stripe(SECRET_KEY, { ...stub.api, maxNetworkRetries: 0 });
    await dashboard.refunds.create({ payment_intent: intentId, amount: 250_000 });
    expect((await gateway.retrieveIntent(intentId))?.status).toBe('succeeded');

    await gateway.refundIntent(intentId);

    const chargeId = stub.intent(intentId)?.latest_charge;
    expect(chargeId && stub.charge(chargeId)).toMatchObject({ amount_refunded: 1_250_000, refunded: true });
    expect((await gateway.retrieveIntent(intentId))?.status).toBe('refunded');
  });

  it('lets refund failures other than already-refunded through', async () => {
    const { intentId } = await gateway.createIntent(ORDER);

    await expect(gateway.refundIntent(intentId)).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('rejects an intent in a currency Marquee does not sell in', async () => {
    const sdk = new Stripe(SECRET_KEY, { ...stub.api, maxNetworkRetries: 0 });
    const foreign = await sdk.paymentIntents.create({
      amount: 500,
      currency: 'usd',
      metadata: { reference: 'MQ-USD' },
    });

    await expect(gateway.retrieveIntent(foreign.id)).rejects.toThrow(/currency/);
  });

  it("surfaces a wrong secret key as Stripe's authentication error", async () => {
    const wrongKey = createStripeGateway({ secretKey: 'sk_test_wrong', api: stub.api });

    await expect(wrongKey.createIntent(ORDER)).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});

describe('createStripeWebhookVerifier', () => {
  const WEBHOOK_SECRET = 'whsec_marquee_test_secret';
  const verifier = createStripeWebhookVerifier(WEBHOOK_SECRET);

  function eventBody(
    type: string,
    object: Record<string, unknown> = { id: 'pi_123', object: 'payment_intent', status: 'succeeded' },
  ): string {
    return JSON.stringify({
      id: 'evt_123',
      object: 'event',
      type,
      data: { object },
      livemode: false,
      created: 1_700_000_000,
    });
  }

  function sign(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
    return Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
    });
  }

  it('is the Stripe verifier', () => {
    expect(verifier.provider).toBe('stripe');
  });

  it.each(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled'] as const)(
    'parses a correctly signed %s event',
    (type) => {
      const body = eventBody(type);

      expect(verifier.verify(Buffer.from(body), { 'stripe-signature': sign(body) })).toEqual({
        id: 'evt_123',
        type,
        intentId: 'pi_123',
      });
    },
  );

  it('reduces other event types to "other" with no intent', () => {
    const body = eventBody('charge.refunded', { id: 'ch_123', object: 'charge' });

    expect(verifier.verify(Buffer.from(body), { 'stripe-signature': sign(body) })).toEqual({
      id: 'evt_123',
      type: 'other',
      intentId: null,
    });
  });

  it('rejects a body changed after signing', () => {
    const body = eventBody('payment_intent.succeeded');
    const tampered = body.replace('pi_123', 'pi_999');

    expect(() => verifier.verify(Buffer.from(tampered), { 'stripe-signature': sign(body) })).toThrow(
      WebhookSignatureError,
    );
    expect(() => verifier.verify(Buffer.from(tampered), { 'stripe-signature': sign(body) })).toThrow(
      /No signatures found matching/,
    );
  });

  it('rejects a re-serialised body (whitespace matters)', () => {
    const body = JSON.stringify(JSON.parse(eventBody('payment_intent.succeeded')), null, 2);
    const compact = JSON.stringify(JSON.parse(body));

    expect(() => verifier.verify(Buffer.from(compact), { 'stripe-signature': sign(body) })).toThrow(
      WebhookSignatureError,
    );
  });

  it('rejects a signature made with another secret', () => {
    const body = eventBody('payment_intent.succeeded');

    expect(() =>
      verifier.verify(Buffer.from(body), { 'stripe-signature': sign(body, { secret: 'whsec_someone_else' }) }),
    ).toThrow(WebhookSignatureError);
  });

  it('rejects a signature older than five minutes', () => {
    const body = eventBody('payment_intent.succeeded');
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 360;

    expect(() =>
      verifier.verify(Buffer.from(body), { 'stripe-signature': sign(body, { timestamp: sixMinutesAgo }) }),
    ).toThrow(/Timestamp outside the tolerance zone/);
  });

  it('accepts a signature four minutes old', () => {
    const body = eventBody('payment_intent.succeeded');
    const fourMinutesAgo = Math.floor(Date.now() / 1000) - 240;

    expect(
      verifier.verify(Buffer.from(body), { 'stripe-signature': sign(body, { timestamp: fourMinutesAgo }) }).intentId,
    ).toBe('pi_123');
  });

  it('rejects a missing, empty, repeated or malformed signature header', () => {
    const body = Buffer.from(eventBody('payment_intent.succeeded'));
    const header = sign(body.toString());

    expect(() => verifier.verify(body, {})).toThrow(/Missing Stripe-Signature/);
    expect(() => verifier.verify(body, { 'stripe-signature': '' })).toThrow(WebhookSignatureError);
    expect(() => verifier.verify(body, { 'stripe-signature': [header, header] })).toThrow(WebhookSignatureError);
    expect(() => verifier.verify(body, { 'stripe-signature': 'garbage' })).toThrow(WebhookSignatureError);
  });

  it('rejects a correctly signed body that is not a Stripe event', () => {
    const notJson = 'hello';
    const notEvent = JSON.stringify({ hello: 'world' });
    const intentEventWithoutIntent = eventBody('payment_intent.succeeded', { id: 'ch_1', object: 'charge' });

    expect(() => verifier.verify(Buffer.from(notJson), { 'stripe-signature': sign(notJson) })).toThrow(
      WebhookSignatureError,
    );
    expect(() => verifier.verify(Buffer.from(notEvent), { 'stripe-signature': sign(notEvent) })).toThrow(
      WebhookSignatureError,
    );
    expect(() =>
      verifier.verify(Buffer.from(intentEventWithoutIntent), { 'stripe-signature': sign(intentEventWithoutIntent) }),
    ).toThrow(/carries no PaymentIntent/);
  });

  it('refuses an empty signing secret at creation', () => {
    expect(() => createStripeWebhookVerifier('  ')).toThrow(/empty/);
  });
});

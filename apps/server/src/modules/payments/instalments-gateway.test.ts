import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../plugins/app-error';
import {
  startInstalmentsProviderStub,
  type InstalmentsProviderStub,
} from '../../test-support/instalments-provider-stub';
import { WebhookSignatureError, type PaymentGateway } from './gateway';
import {
  createInstalmentsGateway,
  createInstalmentsWebhookVerifier,
  INSTALMENTS_PROVIDER_UNAVAILABLE,
  signInstalmentsPayload,
} from './instalments-gateway';

const API_KEY = 'inst_key_marquee_unit';
const WEBHOOK_SECRET = 'inst_whsec_marquee_unit_0123456789';
const ORDER = {
  reference: 'MQ7K2P9X',
  amount: 1_250_000,
  currency: 'LKR',
  description: 'Marquee MQ7K2P9X: Gig',
} as const;

describe('createInstalmentsGateway against the provider stub', () => {
  let stub: InstalmentsProviderStub;
  let gateway: PaymentGateway;

  beforeEach(async () => {
    stub = await startInstalmentsProviderStub({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET });
    gateway = createInstalmentsGateway({
      apiUrl: stub.apiUrl,
      apiKey: API_KEY,
      publicUrl: 'https://tickets.example',
      timeoutMs: 300,
    });
  });
  afterEach(async () => {
    await stub.close();
  });

  it('creates a plan of 3 for the order, keyed on its Booking ID, returning to our return address', async () => {
    const intent = await gateway.createIntent(ORDER);

    expect(intent).toEqual({
      intentId: expect.stringMatching(/^plan_/),
      clientSecret: null,
      redirectUrl: `${stub.apiUrl}/checkout/${intent.intentId}`,
      status: 'requires_action',
      amount: 1_250_000,
      currency: 'LKR',
      reference: 'MQ7K2P9X',
      lastErrorCode: null,
    });
    const [sent] = stub.requests.filter((request) => request.method === 'POST' && request.path === '/v1/plans');
    expect(sent?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent?.idempotencyKey).toBe('MQ7K2P9X');
    expect(sent?.body).toEqual({
      reference: 'MQ7K2P9X',
      amount: 1_250_000,
      currency: 'LKR',
      instalments: 3,
      description: 'Marquee MQ7K2P9X: Gig',
      return_url: 'https://tickets.example/api/bookings/status?orderId=MQ7K2P9X',
      cancel_url: 'https://tickets.example/api/bookings/status?orderId=MQ7K2P9X',
    });
  });

  it('answers the same plan, as it is now, when the same order is created twice', async () => {
    const first = await gateway.createIntent(ORDER);
    await stub.approve(first.intentId, { notify: false });
    const second = await gateway.createIntent(ORDER);
    expect(second.intentId).toBe(first.intentId);
    expect(second.status).toBe('succeeded');
  });

  it('maps the plan statuses, a declined plan with instalments_declined', async () => {
    const approved = await gateway.createIntent(ORDER);
    const declined = await gateway.createIntent({ ...ORDER, reference: 'MQDECLINE1' });
    await stub.approve(approved.intentId, { notify: false });
    await stub.decline(declined.intentId, { notify: false });

    expect(await gateway.retrieveIntent(approved.intentId)).toMatchObject({ status: 'succeeded', lastErrorCode: null });
    expect(await gateway.retrieveIntent(declined.intentId)).toMatchObject({
      status: 'requires_payment_method',
      lastErrorCode: 'instalments_declined',
    });
    await gateway.refundIntent(approved.intentId);
    expect(await gateway.retrieveIntent(approved.intentId)).toMatchObject({ status: 'refunded' });
    const pending = await gateway.createIntent({ ...ORDER, reference: 'MQCANCEL01' });
    await gateway.cancelIntent(pending.intentId);
    expect(await gateway.retrieveIntent(pending.intentId)).toMatchObject({ status: 'canceled' });
    expect(await gateway.retrieveIntent('plan_unknown')).toBeNull();
  });

  it('cancels and refunds idempotently: money goes back once', async () => {
    const plan = await gateway.createIntent(ORDER);
    await stub.approve(plan.intentId, { notify: false });
    await gateway.cancelIntent(plan.intentId); // approved: not cancellable, the completion decides
    await gateway.refundIntent(plan.intentId);
    await gateway.refundIntent(plan.intentId);
    await gateway.cancelIntent(plan.intentId);
    expect(stub.plan(plan.intentId)).toMatchObject({ status: 'refunded', refunds: 1 });
    const refunds = stub.requests.filter((request) => request.path.endsWith('/refund'));
    expect(refunds.map((request) => request.idempotencyKey)).toEqual([
      `refund-${plan.intentId}`,
      `refund-${plan.intentId}`,
    ]);
  });

  it('refuses a plan it cannot use: no reference, an unknown status, a redirect to javascript:', async () => {
    const plan = await gateway.createIntent(ORDER);
    stub.setPlan(plan.intentId, { status: 'on_hold' as never });
    await expect(gateway.retrieveIntent(plan.intentId)).rejects.toThrow(/a plan Marquee cannot use/);
    stub.setPlan(plan.intentId, { status: 'pending', reference: '' });
    await expect(gateway.retrieveIntent(plan.intentId)).rejects.toThrow(/a plan Marquee cannot use/);
    stub.setPlan(plan.intentId, { reference: ORDER.reference, redirect_url: 'javascript:alert(1)' });
    await expect(gateway.retrieveIntent(plan.intentId)).rejects.toThrow(/will not send a buyer to/);
  });

  it('says the provider is unavailable (503 service_unavailable) when it answers 5xx or not at all', async () => {
    stub.setDown(true);
    const down = await gateway.createIntent(ORDER).catch((error: unknown) => error);
    expect(down).toBeInstanceOf(AppError);
    expect(down).toMatchObject({
      code: 'service_unavailable',
      statusCode: 503,
      message: INSTALMENTS_PROVIDER_UNAVAILABLE,
    });

    stub.setDown(false);
    stub.setHanging(true);
    const silent = await gateway.retrieveIntent('plan_any').catch((error: unknown) => error);
    expect(silent).toMatchObject({ code: 'service_unavailable' });
    expect((silent as Error).cause).toMatchObject({ name: 'TimeoutError' });
  });

  it('a wrong API key is our misconfiguration, not an outage', async () => {
    const wrong = createInstalmentsGateway({
      apiUrl: stub.apiUrl,
      apiKey: 'inst_key_wrong',
      publicUrl: 'https://tickets.example',
    });
    const error = await wrong.createIntent(ORDER).catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(AppError);
    expect(String(error)).toMatch(/refused Marquee's API key/);
  });
});

describe('createInstalmentsWebhookVerifier', () => {
  const verifier = createInstalmentsWebhookVerifier(WEBHOOK_SECRET);
  const body = JSON.stringify({ id: 'evt_1', type: 'plan.approved', plan_id: 'plan_1' });
  const verify = (raw: string, signature: string | undefined) =>
    verifier.verify(Buffer.from(raw), { 'instalments-signature': signature });

  it('accepts a callback signed with the secret within 5 minutes and names the plan', () => {
    expect(verify(body, signInstalmentsPayload(WEBHOOK_SECRET, body))).toEqual({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      intentId: 'plan_1',
    });
    const other = JSON.stringify({ id: 'evt_2', type: 'plan.refunded', plan_id: 'plan_1' });
    expect(verify(other, signInstalmentsPayload(WEBHOOK_SECRET, other))).toEqual({
      id: 'evt_2',
      type: 'other',
      intentId: null,
    });
  });

  it('refuses a missing, wrong, stale or tampered signature', () => {
    const now = Math.floor(Date.now() / 1000);
    const refusals = [
      () => verify(body, undefined),
      () => verify(body, 't=123,v1=zz'),
      () => verify(body, signInstalmentsPayload('inst_whsec_someone_else_0123', body)),
      () => verify(body, signInstalmentsPayload(WEBHOOK_SECRET, body, now - 301)),
      () => verify(body, signInstalmentsPayload(WEBHOOK_SECRET, body, now + 301)),
      () => verify(body.replace('plan_1', 'plan_2'), signInstalmentsPayload(WEBHOOK_SECRET, body)),
    ];
    for (const refuse of refusals) expect(refuse).toThrow(WebhookSignatureError);
  });

  it('refuses a signed body that is not a plan event', () => {
    const odd = JSON.stringify({ id: 'evt_3', type: 'constructor' });
    expect(() => verify(odd, signInstalmentsPayload(WEBHOOK_SECRET, odd))).toThrow(/not a plan event/);
    const proto = JSON.stringify({ id: 'evt_4', type: 'constructor', plan_id: 'plan_1' });
    expect(verify(proto, signInstalmentsPayload(WEBHOOK_SECRET, proto))).toEqual({
      id: 'evt_4',
      type: 'other',
      intentId: null,
    });
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createPromoCode, createTicketPackage, createVenue, smallSeatMap } from '@marquee/db/factories';
import {
  outbox,
  orders,
  paymentEvents,
  promoCodes,
  sandboxPaymentIntents,
  sandboxWebhookDeliveries,
  tickets,
} from '@marquee/db/schema';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { CreatedOrderSchema, type CreatedOrder } from '@marquee/domain/orders';
import { CARD_ERROR_MESSAGES, PAYMENT_MESSAGES, SandboxConfirmResponseSchema } from '@marquee/domain/payments';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { expireHold } from '../../test-support/expire-hold';
import { readOrder } from '../../test-support/buy-tickets';
import { packageCounts, ticketCount } from '../../test-support/order-facts';
import { createSandboxWebhooks, SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from './sandbox-webhooks';

let t: TestApp;

const BUYER = { first_name: 'Nimal', last_name: 'Perera', email: 'nimal@example.com', phone: '0771234567' };
/** Someone else: the late buyer waits out the cooldown on the tickets they let go (decisions/029). */
const OTHER_BUYER = { ...BUYER, first_name: 'Kumari', email: 'kumari@example.com' };
const CARD = { exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123', name: 'Nimal Perera' };

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

async function createOrder(body: object, buyer: object = BUYER): Promise<CreatedOrder> {
  const response = await post('/api/orders', { buyer, terms_agreed: true, ...body });
  expect(response.statusCode).toBe(201);
  return CreatedOrderSchema.parse(response.json());
}

async function paidEvent(capacity = 50, price = 250_000) {
  const event = await createEvent(t.db, { handlingCost: 10_000 });
  const pkg = await createTicketPackage(t.db, { eventId: event.id, capacity, price });
  return { event, pkg };
}

function confirm(order: CreatedOrder, number: string, overrides: object = {}) {
  return post(`/api/sandbox/payment_intents/${order.payment?.intent_id ?? 'none'}/confirm`, {
    client_secret: order.payment?.client_secret ?? '',
    card: { number, ...CARD, ...overrides },
  });
}

function returnAddress(orderId: string) {
  return t.app.inject({ url: `/api/bookings/status?orderId=${orderId}` });
}

async function emails(orderId: string) {
  return t.db
    .select({ kind: outbox.kind })
    .from(outbox)
    .innerJoin(orders, eq(orders.id, outbox.orderId))
    .where(eq(orders.orderId, orderId));
}

/** Sends the sandbox's queued webhooks through the app, as the worker does. */
async function deliverWebhooks(): Promise<number> {
  const webhooks = createSandboxWebhooks(t.db);
  return webhooks.deliverDue(
    async (body, headers) =>
      (await t.app.inject({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: body, headers }))
        .statusCode,
  );
}

/** A hosted page's form as the browser submits it: its hidden fields (the client secret) and the button's decision. */
async function submitHostedPage(pageUrl: string, decision: 'approve' | 'fail' | 'decline') {
  const page = await t.app.inject({ url: pageUrl });
  expect(page.statusCode).toBe(200);
  const action = /<form method="post" action="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const secret = /<input type="hidden" name="client_secret" value="([^"]+)">/.exec(page.body)?.[1] ?? '';
  expect(secret).not.toBe('');
  return t.app.inject({
    method: 'POST',
    url: action,
    payload: new URLSearchParams({ client_secret: secret, decision }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** A hosted page's POST as someone without the buyer's browser could send it. */
function postDecision(path: string, body: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: path,
    payload: new URLSearchParams(body).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

async function intentStatus(orderId: string) {
  const [intent] = await t.db
    .select({ status: sandboxPaymentIntents.status })
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.reference, orderId));
  return intent?.status;
}

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('card payments with the sandbox test cards', () => {
  it('4242 4242 4242 4242 pays: the return address completes the order once, with its tickets and e-mail', async () => {
    const { event, pkg } = await paidEvent();
    const promo = await createPromoCode(t.db, { eventId: event.id, code: 'SAVE10', kind: 'percent', value: 10 });
    const order = await createOrder({
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 3 }],
      promo_code: 'SAVE10',
    });
    expect(await packageCounts(t.db, pkg.id)).toEqual({ sold: 0, held: 3 });

    const confirmed = await confirm(order, '4242 4242 4242 4242');
    expect(confirmed.statusCode).toBe(200);
    expect(SandboxConfirmResponseSchema.parse(confirmed.json())).toEqual({
      status: 'succeeded',
      error: null,
      next_action: null,
      return_url: `/api/bookings/status?orderId=${order.order_id}`,
    });

    const back = await returnAddress(order.order_id);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(
      `/concerts/${event.name.toLowerCase().replace(/\s+/g, '-')}/${event.uid}?step=4&orderId=${order.order_id}`,
    );
    const paid = await readOrder(t, order);
    expect(paid.status).toBe('complete');
    expect(paid.paid_at).not.toBeNull();
    expect(paid.tickets).toHaveLength(3);
    expect(new Set(paid.tickets.map((ticket) => ticket.code)).size).toBe(3);
    expect(paid.tickets.every((ticket) => ticket.package_name === pkg.name && ticket.seat_id === null)).toBe(true);
    expect(await packageCounts(t.db, pkg.id)).toEqual({ sold: 3, held: 0 });
    expect(await emails(order.order_id)).toEqual([{ kind: 'order_confirmation' }]);
    const [used] = await t.db.select({ n: promoCodes.usedCount }).from(promoCodes).where(eq(promoCodes.id, promo.id));
    expect(used?.n).toBe(1);

    // The webhook comes too, and a second visit to the return address: nothing changes.
    expect(await deliverWebhooks()).toBe(1);
    expect((await returnAddress(order.order_id)).statusCode).toBe(303);
    expect(await ticketCount(t.db, order.order_id)).toBe(3);
    expect(await packageCounts(t.db, pkg.id)).toEqual({ sold: 3, held: 0 });
    const [usedAgain] = await t.db
      .select({ n: promoCodes.usedCount })
      .from(promoCodes)
      .where(eq(promoCodes.id, promo.id));
    expect(usedAgain?.n).toBe(1);

    // Paying again with the same intent charges nothing twice.
    const again = SandboxConfirmResponseSchema.parse((await confirm(order, '4242424242424242')).json());
    expect(again.status).toBe('succeeded');
    expect(await deliverWebhooks()).toBe(0);
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined'],
    ['4000 0000 0000 9995', 'insufficient_funds'],
    ['4000 0000 0000 0069', 'expired_card'],
  ] as const)('%s is refused with its own message and the buyer may try again', async (number, code) => {
    const { event, pkg } = await paidEvent();
    const order = await createOrder({
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
    });
    const answer = SandboxConfirmResponseSchema.parse((await confirm(order, number)).json());
    expect(answer).toMatchObject({
      status: 'requires_payment_method',
      error: { code, message: CARD_ERROR_MESSAGES[code] },
    });
    const back = await returnAddress(order.order_id);
    expect(back.headers.location).toMatch(new RegExp(`\\?step=3&payment_error=${code}$`));
    expect((await readOrder(t, order)).status).toBe('pending');
    expect(await ticketCount(t.db, order.order_id)).toBe(0);

    const retry = SandboxConfirmResponseSchema.parse((await confirm(order, '4242424242424242')).json());
    expect(retry.status).toBe('succeeded');
    expect((await returnAddress(order.order_id)).headers.location).toContain('?step=4&');
    expect(await ticketCount(t.db, order.order_id)).toBe(1);
  });

  it('4000 0027 6000 3184 needs the 3-D Secure challenge: approve pays, fail is refused', async () => {
    const { event, pkg } = await paidEvent();
    const order = await createOrder({
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
    });
    const answer = SandboxConfirmResponseSchema.parse((await confirm(order, '4000002760003184')).json());
    expect(answer.status).toBe('requires_action');
    const challenge = answer.next_action?.redirect_url ?? '';
    const page = await t.app.inject({ url: challenge });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Approve payment');

    const failed = await submitHostedPage(challenge, 'fail');
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe(answer.return_url);
    expect((await returnAddress(order.order_id)).headers.location).toContain('payment_error=authentication_failed');

    const again = SandboxConfirmResponseSchema.parse((await confirm(order, '4000002760003184')).json());
    await submitHostedPage(again.next_action?.redirect_url ?? '', 'approve');
    expect((await returnAddress(order.order_id)).headers.location).toContain('?step=4&');
    expect((await readOrder(t, order)).status).toBe('complete');
  });

  it('refuses a forged client secret, an unknown intent, a bad card and a real card number', async () => {
    const { event, pkg } = await paidEvent();
    const order = await createOrder({
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
    });
    const forged = await post(`/api/sandbox/payment_intents/${order.payment?.intent_id}/confirm`, {
      client_secret: `${order.payment?.intent_id}_secret_forged_forged`,
      card: { number: '4242424242424242', ...CARD },
    });
    expect(forged.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(forged.json()).message).toBe('Payment not found.');
    const unknown = await post('/api/sandbox/payment_intents/pi_sbx_000000000000000000000000/confirm', {
      client_secret: 'whatever-secret',
      card: { number: '4242424242424242', ...CARD },
    });
    expect(unknown.statusCode).toBe(404);
    const badLuhn = await confirm(order, '4242 4242 4242 4241');
    expect(badLuhn.statusCode).toBe(422);
    expect(ErrorBodySchema.parse(badLuhn.json()).errors?.['card.number']).toEqual([
      CARD_ERROR_MESSAGES.incorrect_number,
    ]);
    const pastExpiry = await confirm(order, '4242424242424242', { exp_year: 2020 });
    expect(pastExpiry.statusCode).toBe(422);
    const realCard = await confirm(order, '5555 5555 5555 4444');
    expect(realCard.statusCode).toBe(422);
    const [intent] = await t.db
      .select({ status: sandboxPaymentIntents.status })
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.reference, order.order_id));
    expect(intent?.status).toBe('requires_payment_method');
  });

  it('a payment whose amount does not match the order completes nothing', async () => {
    const { event, pkg } = await paidEvent();
    const order = await createOrder({
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
    });
    await t.db
      .update(sandboxPaymentIntents)
      .set({ status: 'succeeded', amount: 100 })
      .where(eq(sandboxPaymentIntents.reference, order.order_id));
    const back = await returnAddress(order.order_id);
    expect(back.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(back.json()).message).toBe('The payment does not match the order.');
    expect((await readOrder(t, order)).status).toBe('pending');
    expect(await ticketCount(t.db, order.order_id)).toBe(0);
  });

  it('a payment after the hold was cancelled says the session has expired', async () => {
    const { event, pkg } = await paidEvent();
    const order = await createOrder({
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
    });
    await post(`/api/orders/${order.order_id}/cancel`, {}, { authorization: `Bearer ${order.access_token}` });
    const answer = SandboxConfirmResponseSchema.parse((await confirm(order, '4242424242424242')).json());
    expect(answer).toMatchObject({ status: 'canceled', error: { message: PAYMENT_MESSAGES.sessionExpired } });
    expect((await returnAddress(order.order_id)).headers.location).toContain('payment_error=session_expired');
  });
});

describe('instalments', () => {
  it('the hosted page approves the plan of 3, and the return address completes the order', async () => {
    const { event, pkg } = await paidEvent();
    const order = await createOrder({
      event_id: event.id,
      payment_gateway_id: 2,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }],
    });
    expect(order.payment?.kind).toBe('instalments');
    expect(order.first_instalment).toBe(Math.round(order.total / 3));
    const pageUrl = order.payment?.redirect_url ?? '';
    const page = await t.app.inject({ url: pageUrl });
    expect(page.body).toContain('Approve plan');

    const declined = await submitHostedPage(pageUrl, 'decline');
    expect((await returnAddress(order.order_id)).headers.location).toContain('payment_error=instalments_declined');
    expect(declined.headers.location).toBe(`/api/bookings/status?orderId=${order.order_id}`);

    await submitHostedPage(pageUrl, 'approve');
    expect((await returnAddress(order.order_id)).headers.location).toContain('?step=4&');
    expect(await ticketCount(t.db, order.order_id)).toBe(2);
  });

  it("is completed only on the provider's own answer: a signed webhook claiming success, or a payment of another amount, completes nothing", async () => {
    const { event, pkg } = await paidEvent();
    const order = await createOrder({
      event_id: event.id,
      payment_gateway_id: 2,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
    });
    // A correctly signed event says the plan succeeded; the provider, asked, says it is still open.
    const secret = await createSandboxWebhooks(t.db).secret();
    const body = JSON.stringify({
      id: 'evt_inst_claim',
      type: 'payment_intent.succeeded',
      data: { object: { id: order.payment?.intent_id } },
    });
    const claim = await post('/api/payments/webhooks/sandbox', JSON.parse(body), {
      [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(secret, body),
    });
    expect(claim.statusCode).toBe(200);
    expect((await readOrder(t, order)).status).toBe('pending');
    expect(await ticketCount(t.db, order.order_id)).toBe(0);

    // The provider says succeeded, but for another amount: refused, nothing issued.
    await t.db
      .update(sandboxPaymentIntents)
      .set({ status: 'succeeded', amount: order.total - 1 })
      .where(eq(sandboxPaymentIntents.reference, order.order_id));
    const back = await returnAddress(order.order_id);
    expect(back.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(back.json()).code).toBe('payment_mismatch');
    expect((await readOrder(t, order)).status).toBe('pending');
    expect(await ticketCount(t.db, order.order_id)).toBe(0);
  });
});

describe("test approvals answer only to the client secret the buyer's browser holds", () => {
  const WRONG_SECRETS = (intentId: string): Record<string, string>[] => [
    {},
    { client_secret: '' },
    { client_secret: `${intentId}_secret_${'A'.repeat(32)}` },
    { client_secret: 'x'.repeat(200) },
  ];

  it('3-D Secure: the intent id (or the Booking ID) alone, or a wrong secret, neither shows nor approves the challenge', async () => {
    const { event, pkg } = await paidEvent();
    const order = await createOrder({
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
    });
    const other = await createOrder({
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
    });
    const answer = SandboxConfirmResponseSchema.parse((await confirm(order, '4000002760003184')).json());
    expect(answer.status).toBe('requires_action');
    const intentId = order.payment?.intent_id ?? '';
    const path = `/sandbox/3ds/${intentId}`;
    // The address the buyer is sent to carries the secret, and is answered only to a confirm that gave it.
    expect(answer.next_action?.redirect_url).toBe(
      `${path}?client_secret=${encodeURIComponent(order.payment?.client_secret ?? '')}`,
    );

    const tries: Record<string, string>[] = [
      ...WRONG_SECRETS(intentId),
      { client_secret: other.payment?.client_secret ?? '' },
    ];
    for (const secret of tries) {
      const page = await t.app.inject({ url: `${path}?${new URLSearchParams(secret).toString()}` });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain(order.order_id);
      const approve = await postDecision(path, { decision: 'approve', ...secret });
      expect(approve.statusCode).toBe(404);
      expect(ErrorBodySchema.parse(approve.json())).toEqual({ code: 'not_found', message: 'Payment not found.' });
    }
    // The secret in the address, without it in the form, approves nothing either.
    const inAddressOnly = await postDecision(answer.next_action?.redirect_url ?? '', { decision: 'approve' });
    expect(inAddressOnly.statusCode).toBe(404);
    expect(await intentStatus(order.order_id)).toBe('requires_action');
    expect((await returnAddress(order.order_id)).headers.location).toMatch(/\?step=3$/);
    expect(await ticketCount(t.db, order.order_id)).toBe(0);

    // The buyer's own secret does.
    expect((await submitHostedPage(answer.next_action?.redirect_url ?? '', 'approve')).statusCode).toBe(303);
    expect((await returnAddress(order.order_id)).headers.location).toContain('?step=4&');
  });

  it("instalments: the intent id (or the Booking ID) alone, or a wrong or another order's secret, neither shows nor approves the plan", async () => {
    const { event, pkg } = await paidEvent();
    const instalments = {
      event_id: event.id,
      payment_gateway_id: 2,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
    };
    const order = await createOrder(instalments);
    const other = await createOrder(instalments);
    const card = await createOrder({
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
    });
    const intentId = order.payment?.intent_id ?? '';
    const path = `/sandbox/instalments/${intentId}`;
    const pageUrl = order.payment?.redirect_url ?? '';
    expect(pageUrl).toMatch(new RegExp(`^${path}\\?client_secret=${intentId}_secret_[\\w-]{32}$`));
    const otherSecret = new URL(other.payment?.redirect_url ?? '', 'http://x').searchParams.get('client_secret') ?? '';

    const tries: Record<string, string>[] = [
      ...WRONG_SECRETS(intentId),
      { client_secret: otherSecret },
      { client_secret: card.payment?.client_secret ?? '' },
    ];
    for (const secret of tries) {
      const page = await t.app.inject({ url: `${path}?${new URLSearchParams(secret).toString()}` });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain(order.order_id);
      const approve = await postDecision(path, { decision: 'approve', ...secret });
      expect(approve.statusCode).toBe(404);
      expect(ErrorBodySchema.parse(approve.json())).toEqual({ code: 'not_found', message: 'Payment not found.' });
    }
    const inAddressOnly = await postDecision(pageUrl, { decision: 'approve' });
    expect(inAddressOnly.statusCode).toBe(404);
    expect(await intentStatus(order.order_id)).toBe('requires_payment_method');
    const back = await returnAddress(order.order_id);
    expect(back.headers.location).toMatch(/\?step=3$/);
    expect((await readOrder(t, order)).status).toBe('pending');
    expect(await ticketCount(t.db, order.order_id)).toBe(0);

    // The card intent's page does not open with an instalment intent's secret, nor the reverse.
    const crossed = await t.app.inject({
      url: `/sandbox/3ds/${card.payment?.intent_id}?client_secret=${encodeURIComponent(otherSecret)}`,
    });
    expect(crossed.statusCode).toBe(404);

    // The buyer's browser, sent to the address in its order, approves.
    expect((await submitHostedPage(pageUrl, 'approve')).statusCode).toBe(303);
    expect((await returnAddress(order.order_id)).headers.location).toContain('?step=4&');
    expect(await ticketCount(t.db, order.order_id)).toBe(1);
  });
});

describe('webhooks', () => {
  it('the same webhook three times at once, plus the return address, issue one set of tickets', async () => {
    const { event, pkg } = await paidEvent();
    const order = await createOrder({
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }],
    });
    await confirm(order, '4242424242424242');
    const [delivery] = await t.db
      .select()
      .from(sandboxWebhookDeliveries)
      .where(sql`payload LIKE ${`%${order.payment?.intent_id}%`}`);
    const secret = await createSandboxWebhooks(t.db).secret();
    const send = () =>
      post('/api/payments/webhooks/sandbox', JSON.parse(delivery?.payload ?? '{}'), {
        [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(secret, delivery?.payload ?? ''),
      });
    const answers = await Promise.all([send(), send(), send(), returnAddress(order.order_id)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 303]);
    expect(await ticketCount(t.db, order.order_id)).toBe(2);
    expect(await packageCounts(t.db, pkg.id)).toEqual({ sold: 2, held: 0 });
    expect(await emails(order.order_id)).toEqual([{ kind: 'order_confirmation' }]);
    const later = await send();
    expect(later.json()).toEqual({ received: true, duplicate: true });
  });

  it('a tampered or missing signature is 400 and changes nothing', async () => {
    const { event, pkg } = await paidEvent();
    const order = await createOrder({
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
    });
    await t.db
      .update(sandboxPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPaymentIntents.reference, order.order_id));
    const secret = await createSandboxWebhooks(t.db).secret();
    const body = JSON.stringify({
      id: 'evt_forged_1',
      type: 'payment_intent.succeeded',
      data: { object: { id: order.payment?.intent_id } },
    });
    const signature = signSandboxPayload(secret, body);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      payload: body.replace('evt_forged_1', 'evt_forged_2'),
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
    });
    expect(tampered.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(tampered.json()).message).toBe('The webhook signature does not match.');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      payload: body,
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(secret, body, Math.floor(Date.now() / 1000) - 600),
      },
    });
    expect(old.statusCode).toBe(400);
    const unknownProvider = await post('/api/payments/webhooks/paypal', {});
    expect(unknownProvider.statusCode).toBe(404);
    expect(await ticketCount(t.db, order.order_id)).toBe(0);
    expect((await readOrder(t, order)).status).toBe('pending');
    const recorded = await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_forged_2'));
    expect(recorded).toHaveLength(0);
  });

  it('deliveries that fail are retried later with backoff, and delivered once', async () => {
    const { event, pkg } = await paidEvent();
    const order = await createOrder({
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
    });
    await confirm(order, '4242424242424242');
    const webhooks = createSandboxWebhooks(t.db);
    expect(await webhooks.deliverDue(async () => 503)).toBe(0);
    const [failed] = await t.db
      .select({
        attempts: sandboxWebhookDeliveries.attempts,
        error: sandboxWebhookDeliveries.lastError,
        later: sql<boolean>`next_attempt_at > now()`,
      })
      .from(sandboxWebhookDeliveries)
      .where(sql`payload LIKE ${`%${order.payment?.intent_id}%`}`);
    expect(failed).toEqual({ attempts: 1, error: 'HTTP 503', later: true });
    // Not due yet: nothing is sent.
    expect(await webhooks.deliverDue(async () => 200)).toBe(0);
    await t.db.execute(sql`UPDATE sandbox_webhook_deliveries SET next_attempt_at = now() WHERE delivered_at IS NULL`);
    expect(await deliverWebhooks()).toBeGreaterThanOrEqual(1);
    expect((await readOrder(t, order)).status).toBe('complete');
  });
});

describe('a payment that arrives after the hold ended', () => {
  async function seatedEvent() {
    const venue = await createVenue(t.db, { seatMap: smallSeatMap(1, 3) });
    const event = await createEvent(t.db, { venueId: venue.id });
    const pkg = await createTicketPackage(t.db, {
      eventId: event.id,
      price: 5_000,
      seatingRange: ['A-1-1', 'A-1-2', 'A-1-3'],
    });
    return { event, pkg };
  }

  it('re-takes the same seat when it is still free', async () => {
    const { event, pkg } = await seatedEvent();
    const late = await createOrder({ event_id: event.id, seats: ['A-1-1'] });
    await expireHold(t.db, late.order_id);
    // The sweeper has run: the order is cancelled and the seat released.
    await post(`/api/orders/${late.order_id}/cancel`, {}, { authorization: `Bearer ${late.access_token}` });
    await t.db
      .update(sandboxPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPaymentIntents.reference, late.order_id));
    expect((await returnAddress(late.order_id)).headers.location).toContain('?step=4&');
    const paid = await readOrder(t, late);
    expect(paid.status).toBe('complete');
    expect(paid.tickets.map((ticket) => ticket.seat_id)).toEqual(['A-1-1']);
    expect(await packageCounts(t.db, pkg.id)).toEqual({ sold: 1, held: 0 });
  });

  it('refunds it and fails the order when the seat was sold to someone else: never oversold', async () => {
    const { event, pkg } = await seatedEvent();
    const late = await createOrder({ event_id: event.id, seats: ['A-1-2'] });
    await expireHold(t.db, late.order_id);
    const other = await createOrder({ event_id: event.id, seats: ['A-1-2'] }, OTHER_BUYER);
    await confirm(other, '4242424242424242');
    expect((await returnAddress(other.order_id)).headers.location).toContain('?step=4&');

    // The late buyer's payment succeeds at the provider after all.
    await t.db
      .update(sandboxPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPaymentIntents.reference, late.order_id));
    expect((await returnAddress(late.order_id)).headers.location).toContain('?step=4&');
    const failed = await readOrder(t, late);
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'sold_out', tickets: [] });
    const [intent] = await t.db
      .select({ status: sandboxPaymentIntents.status })
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.reference, late.order_id));
    expect(intent?.status).toBe('refunded');
    expect(await emails(late.order_id)).toEqual([{ kind: 'payment_refunded' }]);
    expect(await packageCounts(t.db, pkg.id)).toEqual({ sold: 1, held: 0 });
    const seatTickets = await t.db.select().from(tickets).where(eq(tickets.seatId, 'A-1-2'));
    expect(seatTickets.filter((ticket) => ticket.eventId === event.id)).toHaveLength(1);
  });

  it('a bucketed package (decisions/018): a paid hold moves out of its bucket; a late payment takes the spare back', async () => {
    // 1,000 tickets, 994 sold: the holds below are counted in buckets, not on the package row.
    const event = await createEvent(t.db, { handlingCost: 10_000 });
    const pkg = await createTicketPackage(t.db, { eventId: event.id, capacity: 1_000, soldCount: 994, price: 5_000 });
    const bucketed = async () => {
      const result = await t.db.execute(sql`
        SELECT (SELECT held_count FROM ticket_packages WHERE id = ${pkg.id})::int AS package_held,
          (SELECT coalesce(sum(allotted), 0) FROM ticket_package_buckets WHERE package_id = ${pkg.id})::int AS allotted,
          (SELECT coalesce(sum(held_count), 0) FROM ticket_package_buckets WHERE package_id = ${pkg.id})::int AS held`);
      return (result as unknown as { rows: { package_held: number; allotted: number; held: number }[] }).rows[0];
    };
    const paid = await createOrder({
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 3 }],
    });
    // The whole remainder (6) was allotted to a bucket; 3 of it are held.
    expect(await bucketed()).toEqual({ package_held: 6, allotted: 6, held: 3 });
    await confirm(paid, '4242424242424242');
    expect((await returnAddress(paid.order_id)).headers.location).toContain('?step=4&');
    expect(await packageCounts(t.db, pkg.id)).toEqual({ sold: 997, held: 3 });
    expect(await bucketed()).toEqual({ package_held: 3, allotted: 3, held: 0 });

    // A late payment: its hold expired and was reclaimed into its bucket's spare; the sale takes it back.
    const late = await createOrder({
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 3 }],
    });
    await expireHold(t.db, late.order_id);
    await t.db.execute(sql`SELECT marquee_reclaim_expired_holds(${pkg.id})`);
    expect(await bucketed()).toEqual({ package_held: 3, allotted: 3, held: 0 });
    await t.db
      .update(sandboxPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPaymentIntents.reference, late.order_id));
    expect((await returnAddress(late.order_id)).headers.location).toContain('?step=4&');
    expect((await readOrder(t, late)).status).toBe('complete');
    expect(await packageCounts(t.db, pkg.id)).toEqual({ sold: 1_000, held: 0 });
    expect(await bucketed()).toEqual({ package_held: 0, allotted: 0, held: 0 });
  });

  it('refunds a counted package that sold out meanwhile', async () => {
    const { event, pkg } = await paidEvent(2);
    const late = await createOrder({
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }],
    });
    await expireHold(t.db, late.order_id);
    const other = await createOrder(
      { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }] },
      OTHER_BUYER,
    );
    await confirm(other, '4242424242424242');
    await returnAddress(other.order_id);
    await t.db
      .update(sandboxPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPaymentIntents.reference, late.order_id));
    await returnAddress(late.order_id);
    expect((await readOrder(t, late)).status).toBe('failed');
    expect(await packageCounts(t.db, pkg.id)).toEqual({ sold: 2, held: 0 });
  });
});

describe('free orders and the return address', () => {
  it('a free order is complete at once, with its tickets', async () => {
    const event = await createEvent(t.db, { freeEvent: true });
    const pkg = await createTicketPackage(t.db, { eventId: event.id, price: 0 });
    const order = await createOrder({
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }],
    });
    expect(order).toMatchObject({ status: 'complete', payment: null, total: 0 });
    expect(order.tickets).toHaveLength(2);
    expect(await packageCounts(t.db, pkg.id)).toEqual({ sold: 2, held: 0 });
  });

  it('answers an unknown or malformed booking id with 404', async () => {
    for (const id of ['MQ0000000000', 'nope', '%27%3B--']) {
      const response = await returnAddress(id);
      expect(response.statusCode).toBe(404);
      expect(ErrorBodySchema.safeParse(response.json()).success).toBe(true);
    }
  });

  it('says which card form to show', async () => {
    const response = await t.app.inject({ url: '/api/payments/config' });
    expect(response.json()).toEqual({ card_provider: 'sandbox', stripe_publishable_key: null, test_mode: true });
  });
});

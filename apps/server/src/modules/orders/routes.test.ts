import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createPromoCode, createTicketPackage, createVenue, smallSeatMap } from '@marquee/db/factories';
import { orders, sandboxPaymentIntents, ticketPackages } from '@marquee/db/schema';
import { BUYER_MESSAGES } from '@marquee/domain/checkout';
import { CreatedOrderSchema, OrderSchema, PromoCheckResponseSchema, SeatStatesSchema } from '@marquee/domain/orders';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { expireHold } from '../../test-support/expire-hold';
import { createOrdersService } from './service';
import { createPaymentGateways } from '../payments/gateways';
import { createSandboxWebhooks } from '../payments/sandbox-webhooks';
import { createOrderCompletion } from './completion';

let t: TestApp;

const BUYER = {
  first_name: 'Nimal',
  last_name: 'Perera',
  email: '  Nimal.Perera@Example.com ',
  phone: '+94 771 234567',
};
/** Other buyers, for the tickets one buyer let go (that buyer waits out the cooldown: decisions/029). */
const OTHER_BUYER = { ...BUYER, first_name: 'Kumari', email: 'kumari.silva@example.com' };
const THIRD_BUYER = { ...BUYER, first_name: 'Ruwan', email: 'ruwan.fernando@example.com' };

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

async function heldCount(packageId: number): Promise<number> {
  const [row] = await t.db
    .select({ held: ticketPackages.heldCount })
    .from(ticketPackages)
    .where(eq(ticketPackages.id, packageId));
  return row?.held ?? -1;
}

async function orderCount(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders);
  return row?.n ?? -1;
}


beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/orders (counted packages)', () => {
  it('saves the order at server prices, holds its tickets for 10 minutes and creates the payment intent', async () => {
    const event = await createEvent(t.db, { handlingCost: 15_000 });
    const pkg = await createTicketPackage(t.db, { eventId: event.id, price: 250_000, capacity: 5 });
    const response = await post('/api/orders', {
      event_id: event.id,
      buyer: BUYER,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 2, package_price: 250_000 }],
      terms_agreed: true,
    });
    expect(response.statusCode).toBe(201);
    const order = CreatedOrderSchema.parse(response.json());
    expect(order.order_id).toMatch(/^MQ[0-9A-Z]{10}$/);
    expect(order.status).toBe('pending');
    expect(order.buyer.email).toBe('nimal.perera@example.com');
    expect(order.buyer.nic).toBe('n/a');
    expect(order).toMatchObject({
      subtotal: 500_000,
      convenience_fee: 15_000,
      discount: 0,
      total: 515_000,
      first_instalment: null,
    });
    expect(order.lines).toEqual([
      { package_id: pkg.id, package_name: pkg.name, unit_price: 250_000, ticket_count: 2, amount: 500_000, seats: [] },
    ]);
    const holdMs = Date.parse(order.hold_expires_at) - Date.parse(order.server_time);
    expect(holdMs).toBeGreaterThan(9.9 * 60_000);
    expect(holdMs).toBeLessThanOrEqual(10 * 60_000);
    expect(order.payment).toMatchObject({ gateway_id: 1, kind: 'card', redirect_url: null });
    expect(order.payment?.client_secret).toMatch(/^pi_sbx_/);
    expect(await heldCount(pkg.id)).toBe(2);

    const detail = await t.app.inject({ url: `/api/events/${event.uid}` });
    expect(detail.json().ticket_packages[0]).toMatchObject({ reserved_seats: 2, available_seats: 3 });
  });

  it('shows the first instalment when the buyer pays with the instalment provider', async () => {
    const event = await createEvent(t.db);
    const pkg = await createTicketPackage(t.db, { eventId: event.id, price: 1_000 });
    const response = await post('/api/orders', {
      event_id: event.id,
      buyer: BUYER,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
      payment_gateway_id: 2,
      terms_agreed: true,
    });
    const order = CreatedOrderSchema.parse(response.json());
    expect(order.first_instalment).toBe(333);
    expect(order.payment).toMatchObject({ kind: 'instalments', client_secret: null });
    expect(order.payment?.redirect_url).toMatch(/^\/sandbox\/instalments\//);
  });

  it('returns the same order for a repeated Idempotency-Key, and refuses the key for another order', async () => {
    const event = await createEvent(t.db);
    const pkg = await createTicketPackage(t.db, { eventId: event.id, capacity: 10 });
    const body = {
      event_id: event.id,
      buyer: BUYER,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 3 }],
      terms_agreed: true,
    };
    const key = `test-${crypto.randomUUID()}`;
    const [first, second] = await Promise.all([
      post('/api/orders', body, { 'idempotency-key': key }),
      post('/api/orders', body, { 'idempotency-key': key }),
    ]);
    const a = CreatedOrderSchema.parse(first.json());
    const b = CreatedOrderSchema.parse(second.json());
    expect(a.order_id).toBe(b.order_id);
    expect(a.access_token).toBe(b.access_token);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(await heldCount(pkg.id)).toBe(3);
    const intents = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.reference, a.order_id));
    expect(intents).toHaveLength(1);

    const other = await post(
      '/api/orders',
      { ...body, ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }] },
      { 'idempotency-key': key },
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toMatch(/Idempotency-Key/);
  });

  it('answers every invalid buyer field with its spec message, and writes nothing', async () => {
    const event = await createEvent(t.db);
    const pkg = await createTicketPackage(t.db, { eventId: event.id });
    const before = await orderCount();
    const response = await post('/api/orders', {
      event_id: event.id,
      buyer: { first_name: 'Al', last_name: 'B0b', email: 'not-an-email', phone: '12345', nic: '!!' },
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
      terms_agreed: false,
    });
    expect(response.statusCode).toBe(422);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.errors).toMatchObject({
      'buyer.first_name': [BUYER_MESSAGES.firstName],
      'buyer.last_name': [BUYER_MESSAGES.lastName],
      'buyer.email': [BUYER_MESSAGES.email],
      'buyer.phone': [BUYER_MESSAGES.phone],
      terms_agreed: [BUYER_MESSAGES.terms],
    });
    expect(await orderCount()).toBe(before);
    expect(await heldCount(pkg.id)).toBe(0);
  });

  it.each([
    [
      'an unknown package',
      (p: number) => ({ ticket_package_details: [{ package_id: p + 100_000, ticket_count: 1 }] }),
      422,
      /not part of this event/,
    ],
    [
      'too many tickets',
      (p: number) => ({ ticket_package_details: [{ package_id: p, ticket_count: 11 }] }),
      422,
      /No more than 10/,
    ],
    ['no tickets', () => ({ ticket_package_details: [] }), 422, /at least one ticket/],
    [
      'a tampered price',
      (p: number) => ({ ticket_package_details: [{ package_id: p, ticket_count: 1, package_price: 1 }] }),
      409,
      /price of/,
    ],
    [
      'a seat not in the event',
      (p: number) => ({ ticket_package_details: [{ package_id: p, ticket_count: 1 }], seats: ['Z-9-9'] }),
      422,
      /Seat Z-9-9 is not part/,
    ],
    [
      'a negative count',
      (p: number) => ({ ticket_package_details: [{ package_id: p, ticket_count: -1 }] }),
      422,
      /at least one/,
    ],
  ])('refuses %s with a clear 4xx and holds nothing', async (_name, tickets, status, message) => {
    const event = await createEvent(t.db);
    const pkg = await createTicketPackage(t.db, { eventId: event.id, maxPerOrder: 20 });
    const before = await orderCount();
    const response = await post('/api/orders', {
      event_id: event.id,
      buyer: BUYER,
      terms_agreed: true,
      ...tickets(pkg.id),
    });
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toMatch(message);
    expect(await orderCount()).toBe(before);
    expect(await heldCount(pkg.id)).toBe(0);
  });

  it('keeps to a package limit per order', async () => {
    const event = await createEvent(t.db);
    const pkg = await createTicketPackage(t.db, { eventId: event.id, maxPerOrder: 2 });
    const response = await post('/api/orders', {
      event_id: event.id,
      buyer: BUYER,
      terms_agreed: true,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 3 }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/No more than 2/);
  });

  it('refuses an event that is not on sale with the spec message', async () => {
    const event = await createEvent(t.db, { status: 'closed' });
    const pkg = await createTicketPackage(t.db, { eventId: event.id });
    const response = await post('/api/orders', {
      event_id: event.id,
      buyer: BUYER,
      terms_agreed: true,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Online Tickets Closed');
  });

  it('sells no more than the capacity, and an expired hold is available again before any sweeper runs', async () => {
    const event = await createEvent(t.db);
    const pkg = await createTicketPackage(t.db, { eventId: event.id, capacity: 3, soldCount: 1 });
    const order = (count: number, buyer: object = BUYER) =>
      post('/api/orders', {
        event_id: event.id,
        buyer,
        terms_agreed: true,
        ticket_package_details: [{ package_id: pkg.id, ticket_count: count }],
      });
    const first = await order(2);
    expect(first.statusCode).toBe(201);
    const refused = await order(1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ sold_out_packages: [pkg.id] });

    await expireHold(t.db, CreatedOrderSchema.parse(first.json()).order_id);
    const detail = await t.app.inject({ url: `/api/events/${event.uid}` });
    expect(detail.json().ticket_packages[0]).toMatchObject({ available_seats: 2 });
    expect((await order(2, OTHER_BUYER)).statusCode).toBe(201);
    expect(await heldCount(pkg.id)).toBe(2);
  });
});

describe('seats', () => {
  async function seatedEvent() {
    const venue = await createVenue(t.db, { seatMap: smallSeatMap(2, 5) });
    const event = await createEvent(t.db, { venueId: venue.id });
    const stalls = await createTicketPackage(t.db, {
      eventId: event.id,
      price: 5_000,
      seatingRange: ['A-1-1', 'A-1-2', 'A-1-3', 'A-2-1'],
    });
    const lawn = await createTicketPackage(t.db, {
      eventId: event.id,
      price: 1_000,
      seatingRange: ['B-1-1', 'B-1-2'],
      freeSeating: true,
      capacity: 2,
    });
    return { event, stalls, lawn };
  }
  const seatOrder = (eventId: number, seats: string[], extra: object = {}, buyer: object = BUYER) =>
    post('/api/orders', { event_id: eventId, buyer, terms_agreed: true, seats, ...extra });

  it('holds chosen seats for one order only, and says which seat went to someone else', async () => {
    const { event, stalls } = await seatedEvent();
    const first = await seatOrder(event.id, ['A-1-1', 'A-1-2']);
    expect(first.statusCode).toBe(201);
    const order = CreatedOrderSchema.parse(first.json());
    expect(order.lines).toEqual([
      {
        package_id: stalls.id,
        package_name: stalls.name,
        unit_price: 5_000,
        ticket_count: 2,
        amount: 10_000,
        seats: ['A-1-1', 'A-1-2'],
      },
    ]);

    const second = await seatOrder(event.id, ['A-1-2', 'A-1-3']);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ taken_seats: ['A-1-2'] });
    expect(second.json().message).toMatch(/Seat A-1-2 was just taken/);
    expect(await heldCount(stalls.id)).toBe(2);

    const states = SeatStatesSchema.parse((await t.app.inject({ url: `/api/events/${event.uid}/seats` })).json());
    expect(states.taken).toEqual(['A-1-1', 'A-1-2']);
  });

  it('answers a repeated seat order (same Idempotency-Key) with its order, not with its own seats taken', async () => {
    const { event, stalls } = await seatedEvent();
    const key = `test-${crypto.randomUUID()}`;
    const first = await post('/api/orders', { event_id: event.id, buyer: BUYER, terms_agreed: true, seats: ['A-1-3'] }, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    const again = await post('/api/orders', { event_id: event.id, buyer: BUYER, terms_agreed: true, seats: ['A-1-3'] }, { 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    expect(CreatedOrderSchema.parse(again.json()).order_id).toBe(CreatedOrderSchema.parse(first.json()).order_id);
    expect(await heldCount(stalls.id)).toBe(1);

    // Another buyer's order for that seat is refused, and nothing of it is kept.
    const before = await orderCount();
    const other = await seatOrder(event.id, ['A-1-3', 'A-2-1']);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ taken_seats: ['A-1-3'] });
    expect(await orderCount()).toBe(before);
    expect(await heldCount(stalls.id)).toBe(1);
  });

  it('frees the seats of an expired hold at once, and of a cancelled order', async () => {
    const { event } = await seatedEvent();
    const first = CreatedOrderSchema.parse((await seatOrder(event.id, ['A-2-1'])).json());
    await expireHold(t.db, first.order_id);
    const states = SeatStatesSchema.parse((await t.app.inject({ url: `/api/events/${event.uid}/seats` })).json());
    expect(states.taken).toEqual([]);
    const second = await seatOrder(event.id, ['A-2-1'], {}, OTHER_BUYER);
    expect(second.statusCode).toBe(201);
    const order = CreatedOrderSchema.parse(second.json());
    const cancelled = await post(
      `/api/orders/${order.order_id}/cancel`,
      {},
      { authorization: `Bearer ${order.access_token}` },
    );
    expect(cancelled.statusCode).toBe(200);
    expect((await seatOrder(event.id, ['A-2-1'], {}, THIRD_BUYER)).statusCode).toBe(201);
  });

  it('counts free-seating packages by the table counter, not by seat', async () => {
    const { event, lawn } = await seatedEvent();
    const bySeat = await seatOrder(event.id, ['B-1-1']);
    expect(bySeat.statusCode).toBe(422);
    expect(bySeat.json().message).toMatch(/not numbered/);
    const byCount = await seatOrder(event.id, [], {
      ticket_package_details: [{ package_id: lawn.id, ticket_count: 2 }],
    });
    expect(byCount.statusCode).toBe(201);
  });

  it('refuses a seated package ordered by count', async () => {
    const { event, stalls } = await seatedEvent();
    const response = await seatOrder(event.id, [], {
      ticket_package_details: [{ package_id: stalls.id, ticket_count: 1 }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/seat map/);
  });

  it('answers 404 for the seats of an unknown event', async () => {
    expect((await t.app.inject({ url: '/api/events/nosuchevent1/seats' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/events/..%2f/seats' })).statusCode).toBe(404);
  });
});

describe('reading and cancelling an order', () => {
  it('needs the access token, and cancelling releases the hold and the intent at once', async () => {
    const event = await createEvent(t.db);
    const pkg = await createTicketPackage(t.db, { eventId: event.id });
    const order = CreatedOrderSchema.parse(
      (
        await post('/api/orders', {
          event_id: event.id,
          buyer: BUYER,
          terms_agreed: true,
          ticket_package_details: [{ package_id: pkg.id, ticket_count: 4 }],
        })
      ).json(),
    );
    expect((await t.app.inject({ url: `/api/orders/${order.order_id}` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/orders/${order.order_id}`, headers: { authorization: 'Bearer wrong' } }))
        .statusCode,
    ).toBe(404);
    const read = await t.app.inject({
      url: `/api/orders/${order.order_id}`,
      headers: { authorization: `Bearer ${order.access_token}` },
    });
    expect(OrderSchema.parse(read.json()).order_id).toBe(order.order_id);

    expect((await post(`/api/orders/${order.order_id}/cancel`, {})).statusCode).toBe(404);
    const cancelled = await post(
      `/api/orders/${order.order_id}/cancel`,
      {},
      { authorization: `Bearer ${order.access_token}` },
    );
    expect(OrderSchema.parse(cancelled.json())).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'cancelled_by_buyer',
    });
    expect(await heldCount(pkg.id)).toBe(0);
    const [intent] = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.reference, order.order_id));
    expect(intent?.status).toBe('canceled');
    // Twice is harmless.
    const again = await post(
      `/api/orders/${order.order_id}/cancel`,
      {},
      { authorization: `Bearer ${order.access_token}` },
    );
    expect(again.statusCode).toBe(200);
    expect(await heldCount(pkg.id)).toBe(0);
  });

  it('reads an order past its hold as expired, and the sweeper ends it and gives the tickets back', async () => {
    const event = await createEvent(t.db);
    const pkg = await createTicketPackage(t.db, { eventId: event.id });
    const order = CreatedOrderSchema.parse(
      (
        await post('/api/orders', {
          event_id: event.id,
          buyer: BUYER,
          terms_agreed: true,
          ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }],
        })
      ).json(),
    );
    await expireHold(t.db, order.order_id);
    const read = await t.app.inject({
      url: `/api/orders/${order.order_id}`,
      headers: { authorization: `Bearer ${order.access_token}` },
    });
    expect(OrderSchema.parse(read.json())).toMatchObject({ status: 'cancelled', cancel_reason: 'expired' });
    expect(await heldCount(pkg.id)).toBe(2);

    const gateways = createPaymentGateways(t.db, { sandboxWebhooks: createSandboxWebhooks(t.db) });
    const service = createOrdersService({ db: t.db, gateways, completion: createOrderCompletion({ db: t.db, gateways }) });
    expect(await service.expireOrders()).toBeGreaterThanOrEqual(1);
    expect(await heldCount(pkg.id)).toBe(0);
    const [row] = await t.db
      .select({ status: orders.status, reason: orders.cancelReason })
      .from(orders)
      .where(eq(orders.orderId, order.order_id));
    expect(row).toEqual({ status: 'cancelled', reason: 'expired' });
    const [intent] = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.reference, order.order_id));
    expect(intent?.status).toBe('canceled');
  });
});

describe('POST /api/promotions/check and promo codes on orders', () => {
  async function promoEvent() {
    const event = await createEvent(t.db, { promo: true, handlingCost: 500 });
    const vip = await createTicketPackage(t.db, { eventId: event.id, price: 10_000 });
    const general = await createTicketPackage(t.db, { eventId: event.id, price: 4_000 });
    return { event, vip, general };
  }

  it('answers total_due and disc_amt for a valid code, whatever its case', async () => {
    const { event, vip } = await promoEvent();
    await createPromoCode(t.db, { eventId: event.id, code: 'SAVE20', kind: 'percent', value: 20 });
    const response = await post('/api/promotions/check', {
      promo_code: 'save20',
      ticket_package_details: [{ package_id: vip.id, ticket_count: 2 }],
      email: 'a@b.co',
      event_id: event.id,
    });
    expect(response.statusCode).toBe(200);
    expect(PromoCheckResponseSchema.parse(response.json()).data).toEqual({
      promo_code: 'SAVE20',
      currency: 'LKR',
      subtotal: 20_000,
      convenience_fee: 500,
      disc_amt: 4_000,
      total_due: 16_500,
    });
  });

  it('refuses an unknown, a not-started, an expired and a used-up code with the same answer: guessing learns nothing', async () => {
    const { event, vip } = await promoEvent();
    const codes: [string, object][] = [
      ['LATER', { validFrom: new Date(Date.now() + 86_400_000) }],
      ['OLD10', { validTo: new Date(Date.now() - 1000) }],
      ['GONE5', { maxUses: 5, usedCount: 5 }],
    ];
    for (const [code, overrides] of codes) await createPromoCode(t.db, { eventId: event.id, code, ...overrides });
    const answers = [];
    for (const code of ['NOPE1', ...codes.map(([code]) => code)]) {
      const response = await post('/api/promotions/check', {
        promo_code: code,
        ticket_package_details: [{ package_id: vip.id, ticket_count: 1 }],
        event_id: event.id,
      });
      expect(response.statusCode).toBe(400);
      answers.push(response.body);
    }
    expect(new Set(answers).size).toBe(1);
    expect(JSON.parse(answers[0] ?? '{}')).toEqual({
      code: 'promo_refused',
      message: 'This promo code is not valid.',
      errors: { promo_code: ['This promo code is not valid.'] },
    });
  });

  it('refuses a code for another package, and tickets from two packages with the spec message', async () => {
    const { event, vip, general } = await promoEvent();
    await createPromoCode(t.db, { eventId: event.id, code: 'VIPONLY', packageIds: [vip.id] });
    const wrongPackage = await post('/api/promotions/check', {
      promo_code: 'VIPONLY',
      ticket_package_details: [{ package_id: general.id, ticket_count: 1 }],
      event_id: event.id,
    });
    expect(wrongPackage.statusCode).toBe(400);
    const twoPackages = await post('/api/promotions/check', {
      promo_code: 'VIPONLY',
      ticket_package_details: [
        { package_id: vip.id, ticket_count: 1 },
        { package_id: general.id, ticket_count: 1 },
      ],
      event_id: event.id,
    });
    expect(twoPackages.statusCode).toBe(422);
    expect(twoPackages.json().errors.promo_code).toEqual([BUYER_MESSAGES.promoOnePackage]);
  });

  it('refuses a code shorter than 3 characters', async () => {
    const { event, vip } = await promoEvent();
    const response = await post('/api/promotions/check', {
      promo_code: 'AB',
      ticket_package_details: [{ package_id: vip.id, ticket_count: 1 }],
      event_id: event.id,
    });
    expect(response.statusCode).toBe(422);
  });

  it('prices an order with the code on the server, and applies the event code automatically', async () => {
    const { event, vip } = await promoEvent();
    await createPromoCode(t.db, { eventId: event.id, code: 'FLAT15', kind: 'fixed', value: 1_500 });
    const explicit = CreatedOrderSchema.parse(
      (
        await post('/api/orders', {
          event_id: event.id,
          buyer: BUYER,
          terms_agreed: true,
          promo_code: 'flat15',
          ticket_package_details: [{ package_id: vip.id, ticket_count: 1 }],
        })
      ).json(),
    );
    expect(explicit).toMatchObject({
      subtotal: 10_000,
      discount: 1_500,
      convenience_fee: 500,
      total: 9_000,
      promo_code: 'FLAT15',
    });

    const auto = await createEvent(t.db, { promo: true, promoAutoApply: true, promoCode: 'AUTO10' });
    const pkg = await createTicketPackage(t.db, { eventId: auto.id, price: 10_000 });
    await createPromoCode(t.db, { eventId: auto.id, code: 'AUTO10', kind: 'percent', value: 10 });
    const applied = CreatedOrderSchema.parse(
      (
        await post('/api/orders', {
          event_id: auto.id,
          buyer: BUYER,
          terms_agreed: true,
          ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
        })
      ).json(),
    );
    expect(applied).toMatchObject({ discount: 1_000, total: 9_000, promo_code: 'AUTO10' });
  });

  it('refuses an order with an invalid code and holds nothing', async () => {
    const { event, vip } = await promoEvent();
    const response = await post('/api/orders', {
      event_id: event.id,
      buyer: BUYER,
      terms_agreed: true,
      promo_code: 'NOSUCH',
      ticket_package_details: [{ package_id: vip.id, ticket_count: 1 }],
    });
    expect(response.statusCode).toBe(400);
    expect(await heldCount(vip.id)).toBe(0);
  });
});

describe('hostile input', () => {
  it.each([
    ['an enormous event id', { event_id: 1e12 }],
    ['a string event id', { event_id: '1; DROP TABLE orders' }],
    ['a NUL in a seat id', { event_id: 1, seats: ['A\u0000'] }],
    ['script in a name', { event_id: 1, buyer: { ...BUYER, first_name: '<script>alert(1)</script>' } }],
    ['a deeply nested body', { event_id: 1, buyer: JSON.parse('{"a":'.repeat(200) + '1' + '}'.repeat(200)) }],
    ['an array body', []],
  ])('answers %s with 422 and writes nothing', async (_name, body) => {
    const before = await orderCount();
    const response = await post(
      '/api/orders',
      Array.isArray(body) ? body : { buyer: BUYER, terms_agreed: true, ...body },
    );
    expect(response.statusCode).toBe(422);
    expect(ErrorBodySchema.safeParse(response.json()).success).toBe(true);
    expect(await orderCount()).toBe(before);
  });

  it('answers malformed order ids like unknown ones', async () => {
    for (const id of ['%00', 'MQ%27--', 'x'.repeat(64)]) {
      const response = await t.app.inject({ url: `/api/orders/${id}`, headers: { authorization: 'Bearer x' } });
      expect(response.statusCode).toBe(404);
    }
  });

  it('refuses malformed JSON and a wrong content type with a 4xx', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: '{"event_id":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
  });
});

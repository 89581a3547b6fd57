import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEvent, createPromoCode, createTicketPackage, createVenue, smallSeatMap } from '@marquee/db/factories';
import type { NewEvent } from '@marquee/db/factories';
import { CreatedOrderSchema, PromoCheckResponseSchema } from '@marquee/domain/orders';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { TEST_BUYER } from '../../test-support/buy-tickets';

/**
 * Selling follows the lifecycle (issue 21): an order, its hold or its seat claims for a draft, cancelled or
 * unpublished event is refused exactly as for an event not on sale (409 not_on_sale), through the API the
 * on-sale rush uses, and nothing is written; sold out is computed, so an event on sale whose packages are
 * all taken is refused by the placement (sold_out) and sells again when tickets come back.
 */

let t: TestApp;

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

const CountsSchema = z.object({
  rows: z.array(z.object({ orders: z.number(), holds: z.number(), claims: z.number(), held: z.number() })).length(1),
});

/** What an order leaves behind, in all: orders, holds, seat claims and the packages' counters. */
async function written(): Promise<{ orders: number; holds: number; claims: number; held: number }> {
  const result = await t.db.execute(sql`
    SELECT (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM holds) AS holds,
      (SELECT count(*)::int FROM seat_claims) AS claims,
      (SELECT coalesce(sum(held_count), 0)::int FROM ticket_packages) AS held`);
  return CountsSchema.parse(result).rows[0] ?? { orders: -1, holds: -1, claims: -1, held: -1 };
}

/** An event with a counted package and a seated one, on a venue with a map. */
async function eventWith(overrides: Partial<NewEvent>) {
  const venue = await createVenue(t.db, { seatMap: smallSeatMap(2, 5) });
  const event = await createEvent(t.db, { venueId: venue.id, promo: true, ...overrides });
  const counted = await createTicketPackage(t.db, { eventId: event.id, price: 2_000, capacity: 10 });
  const seated = await createTicketPackage(t.db, { eventId: event.id, price: 5_000, seatingRange: ['A-1-1', 'A-1-2'] });
  await createPromoCode(t.db, { eventId: event.id, code: 'TENOFF', kind: 'percent', value: 10 });
  return { event, counted, seated };
}

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/orders for an event buyers cannot buy', () => {
  it.each([
    ['a draft', { status: 'draft' }, 'Tickets are not on sale.'],
    ['an unpublished event', { unpublishedAt: new Date(), unpublishedReason: 'A test' }, 'Tickets are not on sale.'],
    ['a cancelled event', { status: 'cancelled' }, 'Online Tickets Closed'],
    ['a closed event', { status: 'closed' }, 'Online Tickets Closed'],
  ] as const)(
    'refuses %s with 409 not_on_sale, by count and by seat, and writes nothing',
    async (_name, overrides, message) => {
      const { event, counted } = await eventWith(overrides);
      const before = await written();
      const byCount = await post('/api/orders', {
        event_id: event.id,
        buyer: TEST_BUYER,
        terms_agreed: true,
        ticket_package_details: [{ package_id: counted.id, ticket_count: 1 }],
      });
      expect(byCount.statusCode).toBe(409);
      expect(ErrorBodySchema.parse(byCount.json())).toEqual({ code: 'not_on_sale', message });
      const bySeat = await post(
        '/api/orders',
        { event_id: event.id, buyer: TEST_BUYER, terms_agreed: true, seats: ['A-1-1'] },
        { 'idempotency-key': `lifecycle-${crypto.randomUUID()}` },
      );
      expect(bySeat.statusCode).toBe(409);
      expect(bySeat.json()).toEqual({ code: 'not_on_sale', message });
      expect(await written()).toEqual(before);
    },
  );

  it('sells the same event once it is on sale (the refusal is the status, nothing else)', async () => {
    const { event, counted } = await eventWith({ status: 'ongoing' });
    const response = await post('/api/orders', {
      event_id: event.id,
      buyer: TEST_BUYER,
      terms_agreed: true,
      ticket_package_details: [{ package_id: counted.id, ticket_count: 1 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(CreatedOrderSchema.parse(response.json()).lines).toHaveLength(1);
  });
});

describe('a presale or pending event opens by itself at its sale start', () => {
  const order = (eventId: number, packageId: number) =>
    post('/api/orders', {
      event_id: eventId,
      buyer: TEST_BUYER,
      terms_agreed: true,
      ticket_package_details: [{ package_id: packageId, ticket_count: 1 }],
    });

  it.each(['presale', 'pending'] as const)(
    'a %s event is refused before its sale start and sells after it; buyers see it on sale',
    async (status) => {
      const waiting = await eventWith({ status, saleStartsAt: new Date(Date.now() + 3_600_000) });
      const early = await order(waiting.event.id, waiting.counted.id);
      expect(early.statusCode).toBe(409);
      expect(ErrorBodySchema.parse(early.json()).code).toBe('not_on_sale');
      expect((await t.app.inject({ url: `/api/events/${waiting.event.uid}` })).json()).toMatchObject({ status });

      const open = await eventWith({ status, saleStartsAt: new Date(Date.now() - 60_000) });
      const response = await order(open.event.id, open.counted.id);
      expect(response.statusCode, response.body).toBe(201);
      expect((await t.app.inject({ url: `/api/events/${open.event.uid}` })).json()).toMatchObject({
        status: 'ongoing',
      });
    },
  );
});

describe('POST /api/promotions/check', () => {
  const check = (eventId: number, packageId: number) =>
    post('/api/promotions/check', {
      event_id: eventId,
      promo_code: 'TENOFF',
      ticket_package_details: [{ package_id: packageId, ticket_count: 1 }],
    });

  it('answers 404 for a draft and an unpublished event, as for an unknown one: their codes are not checked', async () => {
    const unknown = await check(2_000_000_000, 1);
    expect(unknown.statusCode).toBe(404);
    for (const overrides of [{ status: 'draft' }, { unpublishedAt: new Date() }] as const) {
      const { event, counted } = await eventWith(overrides);
      const response = await check(event.id, counted.id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(unknown.json());
    }
  });

  it('still checks a code of a published event', async () => {
    const { event, counted } = await eventWith({ status: 'ongoing' });
    const response = await check(event.id, counted.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(PromoCheckResponseSchema.parse(response.json()).data).toMatchObject({ disc_amt: 200, total_due: 1_800 });
  });
});

describe('an event on sale with every package taken (sold out is computed)', () => {
  it('refuses the order as sold_out in the placement, and sells again when a ticket comes back', async () => {
    const event = await createEvent(t.db);
    const pkg = await createTicketPackage(t.db, { eventId: event.id, capacity: 2, soldCount: 2 });
    const order = () =>
      post('/api/orders', {
        event_id: event.id,
        buyer: TEST_BUYER,
        terms_agreed: true,
        ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
      });
    const refused = await order();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'sold_out', sold_out_packages: [pkg.id] });

    // A refund gives a ticket back (the console's refunds do this in their own transaction).
    await t.db.execute(sql`UPDATE ticket_packages SET sold_count = 1 WHERE id = ${pkg.id}`);
    expect((await order()).statusCode).toBe(201);
  });
});

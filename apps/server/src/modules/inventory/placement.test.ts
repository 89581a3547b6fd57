import { eq, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTicketPackage, createVenue, smallSeatMap } from '@marquee/db/factories';
import { PlaceOrderCallsSchema } from '@marquee/db/functions';
import { orders, seatClaims, ticketPackages } from '@marquee/db/schema';
import { createTestDb, type TestDb } from '@marquee/db/testing';
import { ensureSeatBlocks } from './seat-blocks';
import { createOrderPlacer } from './service';
import { placeOrders, type PlacedOrderRow, type PlacementCall } from './repository';

/**
 * Orders placed many to a call (`marquee_place_orders`, migration 0009; decisions/025): each order is
 * all or nothing on its own, whatever the others in its call do.
 */
let t: TestDb;
let sequence = 0;

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

function orderRow(eventId: number, idempotencyKey: string | null = null): PlacedOrderRow {
  sequence += 1;
  return {
    order_id: `MQTEST${String(sequence).padStart(6, '0')}`,
    event_id: eventId,
    first_name: 'Batch',
    last_name: 'Buyer',
    email: `batch${sequence}@example.com`,
    phone: '0771234567',
    nic: 'n/a',
    currency: 'LKR',
    subtotal: 1000,
    convenience_fee: 0,
    discount: 0,
    total: 1000,
    promo_code_id: null,
    payment_gateway_id: 1,
    payment_intent_id: null,
    payment_client_secret: null,
    payment_redirect_url: null,
    access_token: `token-${sequence}`,
    idempotency_key: idempotencyKey,
    request_hash: 'hash',
  };
}

async function seatedEvent() {
  const venue = await createVenue(t.db, { seatMap: smallSeatMap() });
  const event = await createEvent(t.db, { venueId: venue.id });
  const pkg = await createTicketPackage(t.db, {
    eventId: event.id,
    seatingRange: ['A-1-1', 'A-1-2', 'A-1-3', 'A-1-4', 'A-1-5'],
  });
  return { eventId: event.id, packageId: pkg.id };
}

function seatCall(eventId: number, packageId: number, seats: string[], key: string | null = null): PlacementCall {
  return {
    order: orderRow(eventId, key),
    lines: [{ package_id: packageId, package_name: 'Seats', unit_price: 1000, quantity: seats.length, seats }],
    holdMinutes: 10,
    userId: null,
  };
}

describe('orders placed together in one call', () => {
  it('answers each order on its own: a refused one writes nothing and leaves the others standing', async () => {
    const { eventId, packageId } = await seatedEvent();
    const calls = [
      seatCall(eventId, packageId, ['A-1-1', 'A-1-2']),
      seatCall(eventId, packageId, ['A-1-2', 'A-1-3']),
      seatCall(eventId, packageId, ['A-1-4']),
    ];
    const placements = await placeOrders(t.db, calls);

    expect(placements.map((placement) => placement.kind)).toEqual(['placed', 'seats taken', 'placed']);
    const refused = placements[1];
    expect(refused?.kind === 'seats taken' && refused.seats).toEqual(['A-1-2']);
    const saved = await t.db.select({ orderId: orders.orderId }).from(orders).where(eq(orders.eventId, eventId));
    expect(saved.map((row) => row.orderId).sort()).toEqual([calls[0]?.order.order_id, calls[2]?.order.order_id].sort());
    const claims = await t.db
      .select({ seatId: seatClaims.seatId })
      .from(seatClaims)
      .where(eq(seatClaims.eventId, eventId));
    expect(claims.map((row) => row.seatId).sort()).toEqual(['A-1-1', 'A-1-2', 'A-1-4']);
    const [pkg] = await t.db
      .select({ held: ticketPackages.heldCount })
      .from(ticketPackages)
      .where(eq(ticketPackages.id, packageId));
    expect(pkg?.held).toBe(3);
  });

  it('answers a repeated Idempotency-Key in the same call as an order that exists', async () => {
    const { eventId, packageId } = await seatedEvent();
    const placements = await placeOrders(t.db, [
      seatCall(eventId, packageId, ['A-1-5'], 'batch-key-0001'),
      seatCall(eventId, packageId, ['A-1-5'], 'batch-key-0001'),
    ]);
    expect(placements.map((placement) => placement.kind)).toEqual(['placed', 'exists']);
  });

  it('places the orders that arrive together in one call, each answered with its own outcome', async () => {
    const { eventId, packageId } = await seatedEvent();
    let statements = 0;
    const counted = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
        return (...args: Parameters<typeof target.execute>) => {
          statements += 1;
          return target.execute(...args);
        };
      },
    });
    const placeOrder = createOrderPlacer(counted);
    const names = new Map([[packageId, 'Seats']]);
    const outcomes = await Promise.allSettled(
      ['A-1-1', 'A-1-2', 'A-1-2', 'A-1-3'].map((seat) => {
        return placeOrder(seatCall(eventId, packageId, [seat]), names);
      }),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const rejected = outcomes[2];
    expect(rejected?.status === 'rejected' && String(rejected.reason)).toMatch(/Seat A-1-2 was just taken/);
    expect(statements).toBe(1);
    const held = await t.db
      .select({ seatId: seatClaims.seatId })
      .from(seatClaims)
      .where(eq(seatClaims.eventId, eventId));
    expect(held.map((row) => row.seatId).sort()).toEqual(['A-1-1', 'A-1-2', 'A-1-3']);
  });
});

describe('best-available orders (issue 24)', () => {
  it('are placed in lanes by package: two packages side by side, one package in one statement', async () => {
    const venue = await createVenue(t.db, { seatMap: smallSeatMap() });
    const event = await createEvent(t.db, { venueId: venue.id });
    const ranges = [
      ['A-1-1', 'A-1-2', 'A-1-3', 'A-1-4', 'A-1-5', 'A-2-1', 'A-2-2', 'A-2-3', 'A-2-4', 'A-2-5'],
      ['B-1-1', 'B-1-2', 'B-1-3', 'B-1-4', 'B-1-5', 'B-2-1', 'B-2-2', 'B-2-3', 'B-2-4', 'B-2-5'],
    ];
    const packages = [];
    for (const seatingRange of ranges)
      packages.push(await createTicketPackage(t.db, { eventId: event.id, seatingRange }));
    const [even, odd] = [...packages].sort((a, b) => (a.id % 2) - (b.id % 2));
    if (!even || !odd || even.id % 2 === odd.id % 2) throw new Error('two packages of ids of both parities expected');
    await ensureSeatBlocks(t.db, event.id, 'lanes-test');
    // Every statement: how many were running when it began, and the orders it placed.
    let running = 0;
    const statements: { alongside: number; orders: number }[] = [];
    const watched = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
        return async (...args: Parameters<typeof target.execute>) => {
          const text = new PgDialect().sqlToQuery(args[0] as SQL).params.join(' ');
          statements.push({ alongside: running, orders: (text.match(/"order":/g) ?? []).length });
          running += 1;
          try {
            return await target.execute(...args);
          } finally {
            running -= 1;
          }
        };
      },
    });
    const placeOrder = createOrderPlacer(watched);
    const names = new Map(packages.map((pkg) => [pkg.id, 'Seats']));
    const bestCall = (packageId: number): PlacementCall => ({
      order: orderRow(event.id),
      lines: [
        {
          package_id: packageId,
          package_name: 'Seats',
          unit_price: 1000,
          quantity: 2,
          seats: [],
          best: { section: null, accessible: false },
        },
      ],
      holdMinutes: 10,
      userId: null,
    });
    const placed = await Promise.all([even.id, odd.id, even.id].map((id) => placeOrder(bestCall(id), names)));
    expect(placed.map((order) => order?.picked?.[0]?.length)).toEqual([2, 2, 2]);
    // The even package's two orders in one statement; the odd package's in another, begun while it ran.
    expect(statements.map((statement) => statement.orders).sort()).toEqual([1, 2]);
    expect(statements.map((statement) => statement.alongside)).toEqual([0, 1]);
    const claimed = await t.db
      .select({ seatId: seatClaims.seatId })
      .from(seatClaims)
      .where(eq(seatClaims.eventId, event.id));
    expect(claimed).toHaveLength(6);
  });
});

describe("the buyer's limits in a call (decisions/029)", () => {
  it('counts one e-mail however it is written, and refuses the order past the limit as a row, writing nothing of it', async () => {
    const event = await createEvent(t.db);
    const pkg = await createTicketPackage(t.db, { eventId: event.id, capacity: 100 });
    const countedCall = (email: string, quantity: number): PlacementCall => ({
      order: { ...orderRow(event.id), email },
      lines: [{ package_id: pkg.id, package_name: 'General', unit_price: 1000, quantity, seats: [] }],
      holdMinutes: 10,
      userId: null,
    });
    const calls = [
      countedCall('Same.Buyer@Example.com', 6),
      countedCall('\t same.buyer@example.COM \n', 5),
      countedCall('same.buyer@example.com', 4),
    ];
    const placements = await placeOrders(t.db, calls);
    expect(placements).toMatchObject([
      { kind: 'placed' },
      { kind: 'limit', limit: { limit: 'held', max: 10, current: 6 } },
      { kind: 'placed' },
    ]);
    const saved = await t.db.select({ email: orders.email }).from(orders).where(eq(orders.eventId, event.id));
    expect(saved.map((row) => row.email)).toEqual(['same.buyer@example.com', 'same.buyer@example.com']);
    const [row] = await t.db
      .select({ held: ticketPackages.heldCount })
      .from(ticketPackages)
      .where(eq(ticketPackages.id, pkg.id));
    expect(row?.held).toBe(10);
  });
});

describe('the JSON placeOrders sends', () => {
  it('is what marquee_place_orders reads (PlaceOrderCallsSchema, @marquee/db/functions)', async () => {
    const { eventId, packageId } = await seatedEvent();
    const statements: SQL[] = [];
    const recorded = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
        return (query: SQL) => {
          statements.push(query);
          return target.execute(query);
        };
      },
    });
    const calls = [
      seatCall(eventId, packageId, ['A-1-1']),
      seatCall(eventId, packageId, ['A-1-2', 'A-1-3'], 'json-key-0001'),
    ];
    const placements = await placeOrders(recorded, calls);
    expect(placements.map((placement) => placement.kind)).toEqual(['placed', 'placed']);

    expect(statements).toHaveLength(1);
    const [statement] = statements;
    const { params } = new PgDialect().sqlToQuery(statement as SQL);
    expect(params).toHaveLength(1);
    const sent: unknown = JSON.parse(String(params[0]));
    const parsed = PlaceOrderCallsSchema.safeParse(sent);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toEqual(
      calls.map((call) => ({ order: call.order, lines: call.lines, hold_minutes: call.holdMinutes, user_id: null })),
    );
  });

  it('is refused by the schema when a key the SQL reads is missing or misspelt', () => {
    const { order, lines } = seatCall(1, 1, ['A-1-1']);
    expect(PlaceOrderCallsSchema.safeParse([{ order, lines, hold_minutes: 10 }]).success).toBe(true);
    expect(PlaceOrderCallsSchema.safeParse([{ order, lines, holdMinutes: 10 }]).success).toBe(false);
    const { nic, ...withoutNic } = order;
    expect(nic).toBe('n/a');
    expect(PlaceOrderCallsSchema.safeParse([{ order: withoutNic, lines, hold_minutes: 10 }]).success).toBe(false);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTicketPackage } from '@marquee/db/factories';
import { holds, orders, ticketPackages, userOrders } from '@marquee/db/schema';
import { CreatedOrderSchema, UnavailableBodySchema, type CreatedOrder } from '@marquee/domain/orders';
import { payWith4242 } from '../../test-support/buy-tickets';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { expireHold } from '../../test-support/expire-hold';

/**
 * Fair holds (issue 20; decisions/029): one buyer (an e-mail, and an account when signed in) may hold at
 * most the event's `max_held_per_buyer` tickets at once, may not hold a package again until
 * `hold_cooldown_seconds` after their hold on it ended unpaid, and may book at most `max_free_per_buyer`
 * free tickets. The database counts (marquee_check_buyer_limits.sql); each test attacks one limit through
 * the API. Under concurrency, over two server processes: inventory/concurrency.test.ts.
 */
let t: TestApp;

const PUBLIC_URL = 'http://marquee.test';
const BUYER = { first_name: 'Hoarder', last_name: 'Perera', email: 'hoarder@example.com', phone: '0771234567' };
const OTHER = { ...BUYER, first_name: 'Kumari', email: 'kumari@example.com' };

type Cookies = Record<string, string>;

async function post(url: string, payload: unknown, headers: Record<string, string> = {}, jar?: Cookies) {
  const cookie =
    jar && Object.keys(jar).length > 0
      ? {
          cookie: Object.entries(jar)
            .map(([k, v]) => `${k}=${v}`)
            .join('; '),
        }
      : {};
  const answer = await t.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', origin: PUBLIC_URL, ...cookie, ...headers },
  });
  if (jar) for (const set of answer.cookies) jar[set.name] = set.value;
  return answer;
}

function order(
  eventId: number,
  lines: { package_id: number; ticket_count: number }[],
  buyer: object = BUYER,
  jar?: Cookies,
) {
  return post('/api/orders', { event_id: eventId, buyer, terms_agreed: true, ticket_package_details: lines }, {}, jar);
}

async function placed(answer: Awaited<ReturnType<typeof order>>): Promise<CreatedOrder> {
  expect(answer.statusCode, answer.body).toBe(201);
  return CreatedOrderSchema.parse(answer.json());
}

/** A refusal by one of the buyer's limits: its body, checked to be a 409 `hold_limit_reached` in the shape. */
function limitRefusal(answer: Awaited<ReturnType<typeof order>>) {
  expect(answer.statusCode, answer.body).toBe(409);
  const body = UnavailableBodySchema.parse(answer.json());
  expect(body.code).toBe('hold_limit_reached');
  return body;
}

async function cancel(created: CreatedOrder) {
  const answer = await post(
    `/api/orders/${created.order_id}/cancel`,
    {},
    { authorization: `Bearer ${created.access_token}` },
  );
  expect(answer.statusCode).toBe(200);
}

/** The database clock, moved for one order: its ended holds ended `seconds` earlier than they did. */
async function holdsEndedEarlier(orderId: string, seconds: number): Promise<void> {
  await t.db.execute(sql`
    UPDATE holds SET expires_at = expires_at - make_interval(secs => ${seconds})
    WHERE order_id = (SELECT id FROM orders WHERE order_id = ${orderId})`);
}

async function state(packageId: number) {
  const [row] = await t.db
    .select({ held: ticketPackages.heldCount, sold: ticketPackages.soldCount })
    .from(ticketPackages)
    .where(eq(ticketPackages.id, packageId));
  const [counted] = await t.db.select({ orders: sql<number>`count(*)::int` }).from(orders);
  return { ...row, orders: counted?.orders };
}

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('tickets held at once, per buyer and event', () => {
  it('refuses a buyer past 10 held tickets across orders, the e-mail counted as the checkout writes it', async () => {
    const event = await createEvent(t.db);
    const front = await createTicketPackage(t.db, { eventId: event.id, capacity: 100 });
    const back = await createTicketPackage(t.db, { eventId: event.id, capacity: 100 });

    const first = await placed(
      await order(event.id, [{ package_id: front.id, ticket_count: 6 }], { ...BUYER, email: ' Hoarder@Example.COM ' }),
    );
    const before = await state(back.id);
    const refused = limitRefusal(await order(event.id, [{ package_id: back.id, ticket_count: 6 }]));
    expect(refused).toMatchObject({
      hold_limit: 'held',
      message:
        'You are already holding 6 tickets for this event, and one buyer may hold at most 10 at a time. Please choose no more than 4, or pay for or cancel your other order first.',
    });
    // Nothing of the refused order was written.
    expect(await state(back.id)).toEqual(before);

    await placed(await order(event.id, [{ package_id: back.id, ticket_count: 4 }]));
    expect(limitRefusal(await order(event.id, [{ package_id: front.id, ticket_count: 1 }])).message).toBe(
      'You are already holding 10 tickets for this event, the most one buyer may hold at a time. Please pay for or cancel your other order before you start a new one.',
    );
    // Another buyer is not held back by this one.
    await placed(await order(event.id, [{ package_id: front.id, ticket_count: 10 }], OTHER));

    // Paid tickets are no longer held: the buyer may hold as many again.
    await payWith4242(t, first);
    await placed(await order(event.id, [{ package_id: front.id, ticket_count: 6 }]));
    expect(limitRefusal(await order(event.id, [{ package_id: front.id, ticket_count: 1 }])).hold_limit).toBe('held');
  });

  it("keeps to the event's own limit, also for one order larger than it", async () => {
    const event = await createEvent(t.db, { maxHeldPerBuyer: 4 });
    const pkg = await createTicketPackage(t.db, { eventId: event.id, capacity: 100 });
    expect(limitRefusal(await order(event.id, [{ package_id: pkg.id, ticket_count: 5 }])).message).toBe(
      'One buyer may hold at most 4 tickets for this event at a time. Please choose no more than 4.',
    );
    await placed(await order(event.id, [{ package_id: pkg.id, ticket_count: 4 }]));
    expect(await state(pkg.id)).toMatchObject({ held: 4 });
  });

  it('counts a signed-in buyer by account too, whatever e-mail each order gives, and links the order to it', async () => {
    const jar: Cookies = {};
    const registered = await post('/register', {
      name: 'Hoarding Account',
      email: 'account.hoarder@example.com',
      password: 'correct horse',
      password_confirmation: 'correct horse',
    });
    expect(registered.statusCode).toBe(201);
    expect(
      (
        await post(
          '/api/auth/sign-in/email',
          { email: 'account.hoarder@example.com', password: 'correct horse' },
          {},
          jar,
        )
      ).statusCode,
    ).toBe(200);

    const event = await createEvent(t.db);
    const pkg = await createTicketPackage(t.db, { eventId: event.id, capacity: 100 });
    const lines = [{ package_id: pkg.id, ticket_count: 6 }];
    const mine = await placed(await order(event.id, lines, { ...BUYER, email: 'first.alias@example.com' }, jar));
    const refused = limitRefusal(await order(event.id, lines, { ...BUYER, email: 'second.alias@example.com' }, jar));
    expect(refused.message).toContain('You are already holding 6 tickets for this event');
    // The same e-mail signed out is another buyer (it holds nothing yet).
    await placed(await order(event.id, lines, { ...BUYER, email: 'second.alias@example.com' }));

    const linked = await t.db
      .select({ orderId: orders.orderId })
      .from(userOrders)
      .innerJoin(orders, eq(orders.id, userOrders.orderId))
      .where(eq(orders.eventId, event.id));
    expect(linked.map((row) => row.orderId)).toEqual([mine.order_id]);
  });
});

describe('the cooldown after a hold ends unpaid', () => {
  it('refuses to hold the same package again at once after cancelling; after the cooldown, holds it', async () => {
    const event = await createEvent(t.db);
    const pkg = await createTicketPackage(t.db, { eventId: event.id, capacity: 10 });
    const other = await createTicketPackage(t.db, { eventId: event.id, capacity: 10 });
    const lines = [{ package_id: pkg.id, ticket_count: 10 }];

    const first = await placed(await order(event.id, lines));
    await cancel(first);
    const refused = limitRefusal(await order(event.id, lines));
    expect(refused.hold_limit).toBe('cooldown');
    expect(refused.retry_after_seconds).toBeGreaterThan(170);
    expect(refused.retry_after_seconds).toBeLessThanOrEqual(180);
    expect(refused.message).toBe(
      'You let these tickets go a moment ago. To give other buyers a fair chance, you can hold them again in about 3 minutes.',
    );
    expect(await state(pkg.id)).toMatchObject({ held: 0 });
    // Not the same stock: another package of the event is theirs to hold.
    await placed(await order(event.id, [{ package_id: other.id, ticket_count: 2 }]));

    // The clock moves on: 5 seconds before the end of the cooldown, still refused; after it, held.
    await holdsEndedEarlier(first.order_id, 175);
    const almost = limitRefusal(await order(event.id, lines));
    expect(almost.retry_after_seconds).toBeLessThanOrEqual(5);
    expect(almost.message).toMatch(/hold them again in a minute\.$/);
    await holdsEndedEarlier(first.order_id, 6);
    await placed(await order(event.id, [{ package_id: pkg.id, ticket_count: 8 }]));
  });

  it('starts when a hold expires too, swept or not', async () => {
    const event = await createEvent(t.db);
    const pkg = await createTicketPackage(t.db, { eventId: event.id, capacity: 10 });
    const lines = [{ package_id: pkg.id, ticket_count: 3 }];

    const first = await placed(await order(event.id, lines));
    await expireHold(t.db, first.order_id);
    expect(limitRefusal(await order(event.id, lines)).hold_limit).toBe('cooldown');
    // The sweeper ends the order (cancelled, expired): the cooldown still runs from the hold's end.
    await cancel(first);
    expect(limitRefusal(await order(event.id, lines)).hold_limit).toBe('cooldown');
    // Someone else may have those tickets meanwhile.
    await placed(await order(event.id, lines, OTHER));

    await holdsEndedEarlier(first.order_id, 180);
    await placed(await order(event.id, lines));
  });

  it("keeps to the event's own cooldown (none: ordering again at once is allowed)", async () => {
    const event = await createEvent(t.db, { holdCooldownSeconds: 0 });
    const pkg = await createTicketPackage(t.db, { eventId: event.id, capacity: 10 });
    const lines = [{ package_id: pkg.id, ticket_count: 10 }];
    await cancel(await placed(await order(event.id, lines)));
    await placed(await order(event.id, lines));
    const [ended] = await t.db
      .select({ status: holds.status, ended: sql<boolean>`${holds.expiresAt} <= now()` })
      .from(holds)
      .where(eq(holds.packageId, pkg.id))
      .orderBy(holds.id)
      .limit(1);
    // A cancelled hold's expiry is the moment it ended.
    expect(ended).toEqual({ status: 'released', ended: true });
  });
});

describe('free tickets, per buyer and event', () => {
  async function freeEvent(overrides: { maxFreePerBuyer?: number } = {}) {
    const event = await createEvent(t.db, { freeEvent: true, ...overrides });
    const pkg = await createTicketPackage(t.db, { eventId: event.id, price: 0, capacity: 100 });
    return { event, pkg };
  }

  it('books at most 4 free tickets per e-mail, in one go or over several orders', async () => {
    const { event, pkg } = await freeEvent();
    const lines = (count: number) => [{ package_id: pkg.id, ticket_count: count }];

    expect(limitRefusal(await order(event.id, lines(10))).message).toBe(
      'One buyer may book at most 4 free tickets for this event. Please choose no more than 4.',
    );
    const first = await placed(await order(event.id, lines(3)));
    expect(first.status).toBe('complete');
    const refused = limitRefusal(await order(event.id, lines(2), { ...BUYER, email: 'HOARDER@example.com' }));
    expect(refused).toMatchObject({
      hold_limit: 'free',
      message:
        'One buyer may book at most 4 free tickets for this event, and you already have 3. Please choose no more than 1.',
    });
    await placed(await order(event.id, lines(1)));
    expect(limitRefusal(await order(event.id, lines(1))).message).toBe(
      'One buyer may book at most 4 free tickets for this event, and you already have 4.',
    );
    await placed(await order(event.id, lines(4), OTHER));
    expect(await state(pkg.id)).toMatchObject({ sold: 8, held: 0 });
  });

  it("keeps to the event's own free limit", async () => {
    const { event, pkg } = await freeEvent({ maxFreePerBuyer: 6 });
    await placed(await order(event.id, [{ package_id: pkg.id, ticket_count: 6 }]));
    expect(limitRefusal(await order(event.id, [{ package_id: pkg.id, ticket_count: 1 }])).hold_limit).toBe('free');
  });
});

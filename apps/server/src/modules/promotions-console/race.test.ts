import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  createOrganisation,
  createPromoCode,
  createTicketPackage,
  createVenue,
  type Organisation,
} from '@marquee/db/factories';
import { orders, promoCodes, sandboxPaymentIntents, tickets } from '@marquee/db/schema';
import type { CreatedOrder } from '@marquee/domain/orders';
import { PromoCodeAnswerSchema, PromoListAnswerSchema } from '@marquee/domain/promotions-console';
import { buildApp } from '../../app';
import { buildTestApp, TEST_APP_CONFIG, type TestApp } from '../../test-support/build-test-app';
import { orderTickets, TEST_BUYER } from '../../test-support/buy-tickets';
import { createOrganiserActor, type OrganiserTestActor } from '../../test-support/organiser-actor';

/**
 * An organiser's change of a promo code racing buyers' payments with it (issue 22; decisions/045, 031), over two
 * app instances sharing one database. On PostgreSQL (`DATABASE_URL`, as in CI) the instances' transactions run
 * side by side on the pool's connections; PGlite runs them one after another, interleaved at every await (still
 * a check of the outcome).
 *
 * Each change stops the code for every order still unpaid: a deactivation, a `valid_to` moved before the orders
 * were placed, or `max_uses` lowered to the uses counted so far. The change and the payments all take the code's
 * row lock, so the outcome must be some serial order of them: the payments decided before the change took their
 * uses (the change's answer, read under the lock, counts them), and every payment decided after it was refused
 * and refunded. So: the code's final `used_count` is the change's, each use is one complete order, and every
 * other order failed with `promo_limit`, its payment refunded, no ticket issued.
 */
/** 20 on PostgreSQL (CI); PGlite, one transaction at a time, checks the outcome in fewer. */
const ROUNDS = process.env.DATABASE_URL ? 20 : 6;
const PAYMENTS = 10;
/** Paid before the race starts, so that "lowering max_uses to the uses counted" lowers it below what it was. */
const PAID_BEFORE = 2;
const CHANGES = ['deactivate', 'valid_to_in_the_past', 'max_uses_to_uses'] as const;
type Change = (typeof CHANGES)[number];

let t: TestApp;
let second: FastifyInstance;
let organisation: Organisation;
let owner: OrganiserTestActor;
let eventId: number;
let eventUid: string;
let packageId: number;

beforeAll(async () => {
  t = await buildTestApp();
  second = await buildApp({ db: t.db, config: TEST_APP_CONFIG });
  await second.ready();
  organisation = await createOrganisation(t.db, { name: 'Promo Races' });
  const venue = await createVenue(t.db, { organisationId: organisation.id });
  const event = await createEvent(t.db, {
    organisationId: organisation.id,
    venueId: venue.id,
    promo: true,
    maxHeldPerBuyer: 50,
  });
  eventId = event.id;
  eventUid = event.uid;
  const capacity = ROUNDS * (PAYMENTS + PAID_BEFORE) + 10;
  packageId = (await createTicketPackage(t.db, { eventId, price: 10_000, capacity, freeSeating: true })).id;
  owner = await createOrganiserActor(t, { organisation, role: 'owner', twoFactor: true });
}, 60_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const appOf = (index: number) => (index % 2 === 0 ? t.app : second);
const promotions = () => `/api/organiser/${organisation.slug}/events/${eventUid}/promotions`;

function consoleRequest(app: FastifyInstance, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) {
  return app.inject({
    method,
    url,
    headers: { cookie: owner.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** Pays with the sandbox's 4242 card and comes back, as the buyer's browser does, through the given instance. */
async function pay(app: FastifyInstance, order: CreatedOrder): Promise<void> {
  const confirmed = await app.inject({
    method: 'POST',
    url: `/api/sandbox/payment_intents/${order.payment?.intent_id ?? 'none'}/confirm`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      client_secret: order.payment?.client_secret ?? '',
      card: {
        number: '4242 4242 4242 4242',
        exp_month: 12,
        exp_year: new Date().getFullYear() + 3,
        cvc: '123',
        name: 'N P',
      },
    }),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const back = await app.inject({ url: `/api/bookings/status?orderId=${order.order_id}` });
  expect(back.statusCode, back.body).toBe(303);
}

function placeWithCode(code: string, email: string): Promise<CreatedOrder> {
  return orderTickets(
    t,
    { event_id: eventId, promo_code: code, ticket_package_details: [{ package_id: packageId, ticket_count: 1 }] },
    { ...TEST_BUYER, email },
  );
}

/**
 * The organiser's change, through one instance. Lowering `max_uses` to the uses counted is what an organiser
 * does: read the count, set it; a payment counted in between makes it a 422 (below the uses), and they try again.
 */
async function change(kind: Change, promoId: number, app: FastifyInstance, firstPlaced: Date) {
  const url = `${promotions()}/${promoId}`;
  if (kind === 'deactivate') return consoleRequest(app, 'POST', `${url}/deactivate`);
  if (kind === 'valid_to_in_the_past') {
    return consoleRequest(app, 'PATCH', url, { valid_to: new Date(firstPlaced.getTime() - 1_000).toISOString() });
  }
  for (;;) {
    const list = PromoListAnswerSchema.parse((await consoleRequest(app, 'GET', promotions())).json());
    const uses = list.codes.find((code) => code.id === promoId)?.used_count ?? 0;
    const answer = await consoleRequest(app, 'PATCH', url, { max_uses: uses });
    if (answer.statusCode !== 422) return answer;
  }
}

async function outcome(promoId: number) {
  const [code] = await t.db
    .select({ usedCount: promoCodes.usedCount, maxUses: promoCodes.maxUses })
    .from(promoCodes)
    .where(eq(promoCodes.id, promoId));
  const rows = await t.db
    .select({
      id: orders.id,
      status: orders.status,
      failureReason: orders.failureReason,
      discount: orders.discount,
      intent: sandboxPaymentIntents.status,
      tickets: sql<number>`(SELECT count(*)::int FROM ${tickets} WHERE ${tickets.orderId} = ${orders.id})`,
    })
    .from(orders)
    .innerJoin(sandboxPaymentIntents, eq(sandboxPaymentIntents.reference, orders.orderId))
    .where(and(eq(orders.promoCodeId, promoId), eq(orders.eventId, eventId)));
  return { code, rows };
}

describe('an organiser changing a promo code while buyers pay with it, over two app instances', () => {
  it(`${ROUNDS} rounds × ${PAYMENTS} payments: the outcome is a serial order, no use counted after the change`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const kind = CHANGES[round % CHANGES.length] ?? 'deactivate';
      const code = `RACE${round}`;
      const promo = await createPromoCode(t.db, { eventId, code, kind: 'percent', value: 50 });
      const placed: CreatedOrder[] = [];
      for (let i = 0; i < PAID_BEFORE + PAYMENTS; i += 1) {
        placed.push(await placeWithCode(code.toLowerCase(), `r${round}-buyer${i}@example.com`));
      }
      expect(new Set(placed.map((order) => order.discount))).toEqual(new Set([5_000]));
      const firstPlaced = await t.db
        .select({ at: sql<Date>`min(${orders.createdAt})` })
        .from(orders)
        .where(eq(orders.promoCodeId, promo.id))
        .then((rows) => new Date(rows[0]?.at ?? Date.now()));
      for (const order of placed.slice(0, PAID_BEFORE)) await pay(t.app, order);

      // The race: the change through one instance, the payments through both.
      const racing = placed.slice(PAID_BEFORE);
      const [changed] = await Promise.all([
        change(kind, promo.id, appOf(round), firstPlaced),
        ...racing.map((order, i) => pay(appOf(round + i + 1), order)),
      ]);
      expect(changed.statusCode, `${kind}: ${changed.body}`).toBe(200);
      const usesAtChange = PromoCodeAnswerSchema.parse(changed.json()).used_count;

      const { code: after, rows } = await outcome(promo.id);
      const complete = rows.filter((row) => row.status === 'complete');
      const failed = rows.filter((row) => row.status === 'failed');
      const label = `round ${round} (${kind})`;
      // No use counted after the change committed; each use is one paid order, discounted.
      expect(after?.usedCount, label).toBe(usesAtChange);
      expect(complete, label).toHaveLength(usesAtChange);
      expect(complete.every((row) => row.discount === 5_000 && row.tickets === 1 && row.intent === 'succeeded')).toBe(
        true,
      );
      // Every other payment was decided after the change: refused, refunded, no ticket.
      expect(failed, label).toHaveLength(PAID_BEFORE + PAYMENTS - usesAtChange);
      for (const row of failed) {
        expect(row.failureReason, label).toBe('promo_limit');
        expect(row.intent, label).toBe('refunded');
        expect(row.tickets, label).toBe(0);
      }
      if (after?.maxUses !== null && after?.maxUses !== undefined) {
        expect(after.usedCount, label).toBeLessThanOrEqual(after.maxUses);
      }
    }
  }, 600_000);
});

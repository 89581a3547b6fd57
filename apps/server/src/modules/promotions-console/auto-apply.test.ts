import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createEvent,
  createOrganisation,
  createPromoCode,
  createTicketPackage,
  createVenue,
  type Organisation,
} from '@marquee/db/factories';
import { orders, promoCodes } from '@marquee/db/schema';
import { EventDetailSchema } from '@marquee/domain/catalog';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { CreatedOrderSchema } from '@marquee/domain/orders';
import { can, ORGANISATION_ROLES } from '@marquee/domain/permissions';
import { PromoCodeAnswerSchema } from '@marquee/domain/promotions-console';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { orderTickets, payWith4242, readOrder, TEST_BUYER } from '../../test-support/buy-tickets';
import { createOrganiserActor, type OrganiserTestActor } from '../../test-support/organiser-actor';

/**
 * Auto-apply per code (issue 22; decisions/045): a code marked `auto_apply` is the event's auto-applied code
 * for the buyer's side (the spec's `promo_auto_apply`/`promo_code`), one active per event (a second: 409, nothing
 * written), and a payment completing after the organiser deactivated a code or moved its window is judged by
 * the code as it now is.
 */
let t: TestApp;
let ours: Organisation;
let theirs: Organisation;
let venueId: number;
const byRole = {} as Record<(typeof ORGANISATION_ROLES)[number], OrganiserTestActor>;
let owner: OrganiserTestActor;

beforeAll(async () => {
  t = await buildTestApp();
  ours = await createOrganisation(t.db);
  theirs = await createOrganisation(t.db);
  venueId = (await createVenue(t.db, { organisationId: ours.id })).id;
  for (const role of ORGANISATION_ROLES) {
    byRole[role] = await createOrganiserActor(t, { organisation: ours, role, twoFactor: true });
  }
  owner = byRole.owner;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function promoEvent(overrides: Parameters<typeof createEvent>[1] = {}) {
  const event = await createEvent(t.db, { organisationId: ours.id, venueId, promo: true, ...overrides });
  const pkg = await createTicketPackage(t.db, { eventId: event.id, price: 10_000, capacity: 50 });
  return { event, pkg };
}

const base = (uid: string, org: Organisation = ours) => `/api/organiser/${org.slug}/events/${uid}/promotions`;
const send = (method: 'POST' | 'PATCH', url: string, actor: OrganiserTestActor, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: actor.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
async function made(uid: string, body: Record<string, unknown>) {
  const answer = await send('POST', base(uid), owner, { kind: 'percent', value: 10, ...body });
  expect(answer.statusCode, answer.body).toBe(201);
  return PromoCodeAnswerSchema.parse(answer.json());
}

const DigestSchema = z.object({
  rows: z.array(z.object({ promo: z.string().nullable(), audit: z.string().nullable() })),
});
async function written() {
  const result = await t.db.execute(sql`
    SELECT (SELECT md5(string_agg(p::text, '|' ORDER BY p.id)) FROM promo_codes p) AS promo,
           (SELECT md5(string_agg(a::text, '|' ORDER BY a.id)) FROM audit_log a) AS audit`);
  return DigestSchema.parse(result).rows[0];
}
async function refusedWithNothingWritten(request: () => Promise<{ statusCode: number; body: string }>, status: number) {
  const before = await written();
  const answer = await request();
  expect(answer.statusCode, answer.body).toBe(status);
  expect(await written()).toEqual(before);
  return ErrorBodySchema.parse(JSON.parse(answer.body));
}

/** The event as buyers read it (a fresh event each time: the catalogue caches an answer for seconds). */
async function buyerEvent(uid: string) {
  const answer = await t.app.inject({ url: `/api/events/${uid}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return EventDetailSchema.parse(answer.json());
}

/** An order placed without typing a code. */
function orderWithoutCode(eventId: number, packageId: number, email = TEST_BUYER.email) {
  return orderTickets(
    t,
    { event_id: eventId, ticket_package_details: [{ package_id: packageId, ticket_count: 1 }] },
    { email },
  );
}

describe('who may mark a code auto-apply', () => {
  it('create and change with auto_apply: each role as the permissions table says (promo.write)', async () => {
    for (const role of ORGANISATION_ROLES) {
      const { event } = await promoEvent();
      const createdAnswer = await send('POST', base(event.uid), byRole[role], {
        code: 'AUTO',
        kind: 'percent',
        value: 10,
        auto_apply: true,
      });
      const code = await createPromoCode(t.db, { eventId: event.id, code: 'LATER' });
      const changed = await send('PATCH', `${base(event.uid)}/${code.id}`, byRole[role], { auto_apply: false });
      if (can(role, 'promo.write')) {
        expect(createdAnswer.statusCode, role).toBe(201);
        expect(PromoCodeAnswerSchema.parse(createdAnswer.json()).auto_apply).toBe(true);
        expect(changed.statusCode, role).toBe(200);
      } else {
        expect(createdAnswer.statusCode, role).toBe(403);
        expect(changed.statusCode, role).toBe(403);
      }
    }
  });

  it("another organisation's code cannot be marked: 404, nothing written", async () => {
    const theirEvent = await createEvent(t.db, { organisationId: theirs.id });
    const theirCode = await createPromoCode(t.db, { eventId: theirEvent.id, code: 'THEIRS' });
    const refusal = await refusedWithNothingWritten(
      () => send('PATCH', `${base(theirEvent.uid)}/${theirCode.id}`, owner, { auto_apply: true }),
      404,
    );
    expect(refusal.code).toBe('not_found');
    await refusedWithNothingWritten(
      () => send('PATCH', `${base(theirEvent.uid, theirs)}/${theirCode.id}`, owner, { auto_apply: true }),
      404,
    );
  });
});

describe('one active auto-apply code per event', () => {
  it('a second code marked auto-apply is a 409 naming the first, whether made, changed or reactivated; nothing written', async () => {
    const { event } = await promoEvent();
    const first = await made(event.uid, { code: 'FIRST', auto_apply: true });
    const second = await made(event.uid, { code: 'SECOND' });

    const onCreate = await refusedWithNothingWritten(
      () => send('POST', base(event.uid), owner, { code: 'THIRD', kind: 'fixed', value: 100, auto_apply: true }),
      409,
    );
    expect(onCreate.code).toBe('conflict');
    expect(onCreate.errors?.auto_apply?.[0]).toContain('FIRST');

    const onChange = await refusedWithNothingWritten(
      () => send('PATCH', `${base(event.uid)}/${second.id}`, owner, { auto_apply: true }),
      409,
    );
    expect(onChange.code).toBe('conflict');
    expect(onChange.errors?.auto_apply?.[0]).toContain('FIRST');

    // Deactivated, the first keeps its mark and frees the place; reactivating it while the second has it: 409.
    expect((await send('POST', `${base(event.uid)}/${first.id}/deactivate`, owner)).statusCode).toBe(200);
    expect((await send('PATCH', `${base(event.uid)}/${second.id}`, owner, { auto_apply: true })).statusCode).toBe(200);
    const onReactivate = await refusedWithNothingWritten(
      () => send('PATCH', `${base(event.uid)}/${first.id}`, owner, { active: true }),
      409,
    );
    expect(onReactivate.errors?.auto_apply?.[0]).toContain('SECOND');
    // A code already marked and active may be changed in other ways.
    const kept = await send('PATCH', `${base(event.uid)}/${second.id}`, owner, { max_uses: 50, auto_apply: true });
    expect(kept.statusCode, kept.body).toBe(200);
    // Another event of the organisation has its own.
    const { event: other } = await promoEvent();
    expect((await made(other.uid, { code: 'FIRST', auto_apply: true })).auto_apply).toBe(true);
  });

  it('two requests marking two codes at once: one wins, the other is a 409, never two marked', async () => {
    const { event } = await promoEvent();
    const codes = await Promise.all(['RACE1', 'RACE2', 'RACE3', 'RACE4'].map((code) => made(event.uid, { code })));
    const answers = await Promise.all(
      codes.map((code) => send('PATCH', `${base(event.uid)}/${code.id}`, owner, { auto_apply: true })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const answer of answers.filter((each) => each.statusCode === 409)) {
      expect(ErrorBodySchema.parse(answer.json()).code).toBe('conflict');
    }
    const marked = await t.db
      .select({ id: promoCodes.id })
      .from(promoCodes)
      .where(sql`${promoCodes.eventId} = ${event.id} AND ${promoCodes.autoApply} AND ${promoCodes.active}`);
    expect(marked).toHaveLength(1);
  });

  it('generated codes cannot be auto-apply (422), and the database refuses a site-wide auto-apply code', async () => {
    const { event } = await promoEvent();
    const refusal = await refusedWithNothingWritten(
      () =>
        send('POST', `${base(event.uid)}/generate`, owner, { count: 3, kind: 'percent', value: 5, auto_apply: true }),
      422,
    );
    expect(refusal.code).toBe('validation_failed');
    await expect(createPromoCode(t.db, { eventId: null, code: 'SITEAUTO', autoApply: true })).rejects.toThrow();
    // And the index refuses a second active one whatever the code above it does.
    await createPromoCode(t.db, { eventId: event.id, code: 'DBAUTO1', autoApply: true });
    await expect(createPromoCode(t.db, { eventId: event.id, code: 'DBAUTO2', autoApply: true })).rejects.toThrow();
  });
});

describe("the buyer's checkout applies the auto-apply code without typing", () => {
  it("the event's promo_auto_apply/promo_code name it, and an order placed without a code is discounted", async () => {
    const { event, pkg } = await promoEvent();
    await made(event.uid, { code: 'WELCOME20', value: 20, auto_apply: true });
    expect(await buyerEvent(event.uid)).toMatchObject({ promo_auto_apply: true, promo_code: 'WELCOME20' });

    const order = await orderWithoutCode(event.id, pkg.id);
    expect(order).toMatchObject({ discount: 2_000, promo_code: 'WELCOME20' });
    await payWith4242(t, order);
    expect((await readOrder(t, order)).status).toBe('complete');
  });

  it("the console's code takes the event's own setting's place while it can be used; the event's stands otherwise", async () => {
    const { event, pkg } = await promoEvent({ promoAutoApply: true, promoCode: 'EVENT5' });
    await createPromoCode(t.db, { eventId: event.id, code: 'EVENT5', kind: 'percent', value: 5 });
    const console = await made(event.uid, { code: 'CONSOLE30', value: 30, auto_apply: true, max_uses: 1 });
    expect((await orderWithoutCode(event.id, pkg.id)).promo_code).toBe('CONSOLE30');

    // Used up: the event's own code is applied again.
    await t.db.update(promoCodes).set({ usedCount: 1 }).where(eq(promoCodes.id, console.id));
    expect(await orderWithoutCode(event.id, pkg.id)).toMatchObject({ promo_code: 'EVENT5', discount: 500 });

    // An event with no setting of its own: no auto code once the console's is deactivated.
    const { event: plain, pkg: plainPkg } = await promoEvent();
    const code = await made(plain.uid, { code: 'GONE', auto_apply: true });
    await send('POST', `${base(plain.uid)}/${code.id}/deactivate`, owner);
    expect(await buyerEvent(plain.uid)).toMatchObject({ promo_auto_apply: false, promo_code: null });
    expect(await orderWithoutCode(plain.id, plainPkg.id)).toMatchObject({ promo_code: null, discount: 0 });
  });

  it('a code not started yet is not applied, and the order is placed at full price', async () => {
    const { event, pkg } = await promoEvent();
    await made(event.uid, {
      code: 'SOON',
      auto_apply: true,
      valid_from: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(await buyerEvent(event.uid)).toMatchObject({ promo_auto_apply: false, promo_code: null });
    expect(await orderWithoutCode(event.id, pkg.id)).toMatchObject({ promo_code: null, discount: 0 });
  });
});

describe('a payment is judged by the code as it is when the payment completes (decisions/045)', () => {
  async function placed(value = 10) {
    const { event, pkg } = await promoEvent();
    const code = await made(event.uid, { code: 'PAYLATER', value });
    const order = await orderTickets(t, {
      event_id: event.id,
      promo_code: 'paylater',
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
    });
    return { event, code, order };
  }
  const usedCount = async (id: number) =>
    (await t.db.select({ n: promoCodes.usedCount }).from(promoCodes).where(eq(promoCodes.id, id)))[0]?.n;

  it('deactivated after the order was placed: the payment is refused and refunded, no use counted', async () => {
    const { event, code, order } = await placed();
    expect((await send('POST', `${base(event.uid)}/${code.id}/deactivate`, owner)).statusCode).toBe(200);
    await payWith4242(t, order);
    expect(await readOrder(t, order)).toMatchObject({ status: 'failed', failure_reason: 'promo_limit' });
    expect(await usedCount(code.id)).toBe(0);
  });

  it('its end moved before the order was placed: refused; its end passed after the order was placed: paid', async () => {
    const moved = await placed();
    const [row] = await t.db
      .select({ createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.orderId, moved.order.order_id));
    const placedAt = row?.createdAt ?? new Date();
    const before = new Date(placedAt.getTime() - 60_000).toISOString();
    const patched = await send('PATCH', `${base(moved.event.uid)}/${moved.code.id}`, owner, { valid_to: before });
    expect(patched.statusCode, patched.body).toBe(200);
    await payWith4242(t, moved.order);
    expect(await readOrder(t, moved.order)).toMatchObject({ status: 'failed', failure_reason: 'promo_limit' });

    // The buyer was quoted the price inside the window: a window that ran out since does not refuse it.
    const ranOut = await placed();
    const [placedRow] = await t.db
      .select({ createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.orderId, ranOut.order.order_id));
    await t.db
      .update(promoCodes)
      .set({ validTo: new Date((placedRow?.createdAt ?? new Date()).getTime() + 1) })
      .where(eq(promoCodes.id, ranOut.code.id));
    await payWith4242(t, ranOut.order);
    expect((await readOrder(t, ranOut.order)).status).toBe('complete');
    expect(await usedCount(ranOut.code.id)).toBe(1);
  });

  it('reactivated before the payment: paid with the discount', async () => {
    const { event, code, order } = await placed();
    await send('POST', `${base(event.uid)}/${code.id}/deactivate`, owner);
    const reactivated = await send('PATCH', `${base(event.uid)}/${code.id}`, owner, { active: true });
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    await payWith4242(t, order);
    expect(CreatedOrderSchema.shape.discount.parse(order.discount)).toBe(1_000);
    expect((await readOrder(t, order)).status).toBe('complete');
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createEvent,
  createOrganisation,
  createTicketPackage,
  createVenue,
  type Event,
  type Organisation,
} from '@marquee/db/factories';
import { auditLog, orders, promoCodes } from '@marquee/db/schema';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { can, ORGANISATION_ROLES, type Permission } from '@marquee/domain/permissions';
import {
  PROMO_ALPHABET,
  PROMO_RANDOM_LENGTH,
  PromoCodeAnswerSchema,
  PromoGenerateAnswerSchema,
  PromoListAnswerSchema,
} from '@marquee/domain/promotions-console';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { createOrganiserActor, type OrganiserTestActor } from '../../test-support/organiser-actor';
import { insertDeskTestOrder } from '../desk/desk-test-orders';
import { resolvePromo } from '../promotions/service';

/**
 * The console's promotions (issue 22): per route and role; another organisation's event a 404; bad input a
 * 422 or 409 in the error shape with nothing written; a code's uses guard its kind, value, limit and deletion.
 */
let t: TestApp;
let ours: Organisation;
let theirs: Organisation;
let event: Event;
let otherEvent: Event;
let theirEvent: Event;
let packageId: number;
let otherEventPackageId: number;
let owner: OrganiserTestActor;
let limited: OrganiserTestActor;
let stranger: OrganiserTestActor;
const byRole = {} as Record<(typeof ORGANISATION_ROLES)[number], OrganiserTestActor>;

const base = (uid: string = event.uid, org: Organisation = ours) =>
  `/api/organiser/${org.slug}/events/${uid}/promotions`;
const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, actor: OrganiserTestActor, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: actor.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
/** The buyer's side applying a code to one ticket of the event's package. */
const applies = (code: string) =>
  resolvePromo(t.db, {
    eventId: event.id,
    eventHasPromo: true,
    code,
    lines: [{ packageId, unitPrice: 150_000, quantity: 1 }],
    email: 'buyer@example.com',
  });
const codeOf = (body: unknown) => ErrorBodySchema.parse(body).code;
const errorsOf = (body: unknown) => ErrorBodySchema.parse(body).errors ?? {};

/** The tables of `it.each` are read before `beforeAll`: a package of another event is named, then put in. */
const OTHER_EVENT_PACKAGE = -1;
const withIds = (body: Record<string, unknown>) =>
  Array.isArray(body.package_ids)
    ? { ...body, package_ids: body.package_ids.map((id) => (id === OTHER_EVENT_PACKAGE ? otherEventPackageId : id)) }
    : body;

let made = 0;
const fresh = (prefix = 'CODE') => {
  made += 1;
  return `${prefix}${made}`;
};
const create = (body: Record<string, unknown>, actor = owner, uid = event.uid) =>
  send('POST', base(uid), actor, { kind: 'percent', value: 10, ...body });
async function created(body: Record<string, unknown> = {}) {
  const answer = await create({ code: fresh(), ...body });
  expect(answer.statusCode, answer.body).toBe(201);
  return PromoCodeAnswerSchema.parse(answer.json());
}

const DigestSchema = z.object({
  rows: z.array(z.object({ promo: z.string().nullable(), audit: z.string().nullable() })),
});
/** What the promotions write: the codes and the audit log, row by row. */
async function written() {
  const result = await t.db.execute(sql`
    SELECT (SELECT md5(string_agg(p::text, '|' ORDER BY p.id)) FROM promo_codes p) AS promo,
           (SELECT md5(string_agg(a::text, '|' ORDER BY a.id)) FROM audit_log a) AS audit`);
  return DigestSchema.parse(result).rows[0];
}
async function expectNothingWritten(request: () => Promise<{ statusCode: number; body: string }>, status: number) {
  const before = await written();
  const answer = await request();
  expect(answer.statusCode, answer.body).toBe(status);
  expect(await written()).toEqual(before);
  return JSON.parse(answer.body) as unknown;
}

/** A paid order of `quantity` tickets with the code, a discount given, and its use counted as payment does. */
async function paidWith(promoId: number, quantity: number, discount: number) {
  const order = await insertDeskTestOrder(t.db, { eventId: event.id, packageId, quantity });
  await t.db.update(orders).set({ promoCodeId: promoId, discount }).where(eq(orders.id, order.id));
  await t.db
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
    .where(eq(promoCodes.id, promoId));
  return order;
}

beforeAll(async () => {
  t = await buildTestApp();
  ours = await createOrganisation(t.db);
  theirs = await createOrganisation(t.db);
  const venue = await createVenue(t.db, { organisationId: ours.id });
  event = await createEvent(t.db, { organisationId: ours.id, venueId: venue.id });
  otherEvent = await createEvent(t.db, { organisationId: ours.id, venueId: venue.id });
  theirEvent = await createEvent(t.db, { organisationId: theirs.id });
  packageId = (await createTicketPackage(t.db, { eventId: event.id, price: 150_000 })).id;
  otherEventPackageId = (await createTicketPackage(t.db, { eventId: otherEvent.id })).id;
  await createTicketPackage(t.db, { eventId: theirEvent.id });
  for (const role of ORGANISATION_ROLES) {
    byRole[role] = await createOrganiserActor(t, { organisation: ours, role, twoFactor: true });
  }
  owner = byRole.owner;
  limited = await createOrganiserActor(t, {
    organisation: ours,
    role: 'manager',
    allEvents: false,
    eventIds: [otherEvent.id],
    twoFactor: true,
  });
  stranger = await createOrganiserActor(t, { organisation: theirs, role: 'owner', twoFactor: true });
});
afterAll(async () => {
  await t?.close();
});

describe('who may', () => {
  const routes: { name: string; permission: Permission; run: (actor: OrganiserTestActor) => Promise<number> }[] = [
    { name: 'list', permission: 'promo.read', run: async (a) => (await send('GET', base(), a)).statusCode },
    {
      name: 'export',
      permission: 'promo.read',
      run: async (a) => (await send('GET', `${base()}/export`, a)).statusCode,
    },
    { name: 'create', permission: 'promo.write', run: async (a) => (await create({ code: fresh() }, a)).statusCode },
    {
      name: 'generate',
      permission: 'promo.write',
      run: async (a) =>
        (await send('POST', `${base()}/generate`, a, { prefix: 'R', count: 2, kind: 'fixed', value: 100 })).statusCode,
    },
    {
      name: 'update',
      permission: 'promo.write',
      run: async (a) => (await send('PATCH', `${base()}/${(await created()).id}`, a, { value: 20 })).statusCode,
    },
    {
      name: 'deactivate',
      permission: 'promo.write',
      run: async (a) => (await send('POST', `${base()}/${(await created()).id}/deactivate`, a)).statusCode,
    },
    {
      name: 'delete',
      permission: 'promo.write',
      run: async (a) => (await send('DELETE', `${base()}/${(await created()).id}`, a)).statusCode,
    },
  ];

  it.each(routes)('$name: each role as the permissions table says', async ({ permission, run }) => {
    for (const role of ORGANISATION_ROLES) {
      const status = await run(byRole[role]);
      if (can(role, permission)) expect(status, role).not.toBe(403);
      else expect(status, role).toBe(403);
    }
    expect(can('box_office', permission)).toBe(false);
    expect(can('door', permission)).toBe(false);
  });

  it("another organisation's event, or one outside a limited member's events, is a 404, and nothing is written", async () => {
    const body = { code: fresh(), kind: 'percent', value: 10 };
    const theirs404 = await expectNothingWritten(() => send('POST', base(theirEvent.uid), owner, body), 404);
    expect(codeOf(theirs404)).toBe('not_found');
    await expectNothingWritten(() => send('GET', base(theirEvent.uid), owner), 404);
    await expectNothingWritten(() => send('GET', base(event.uid, theirs), owner), 404);
    await expectNothingWritten(() => send('POST', base(event.uid), stranger, body), 404);
    await expectNothingWritten(() => send('POST', base(event.uid), limited, body), 404);
    expect((await send('GET', base(otherEvent.uid), limited)).statusCode).toBe(200);
  });

  it("a code of another event of the organisation is not found under this one's address", async () => {
    const elsewhere = await create({ code: fresh() }, owner, otherEvent.uid);
    const id = PromoCodeAnswerSchema.parse(elsewhere.json()).id;
    await expectNothingWritten(() => send('PATCH', `${base()}/${id}`, owner, { value: 5 }), 404);
    await expectNothingWritten(() => send('POST', `${base()}/${id}/deactivate`, owner), 404);
    await expectNothingWritten(() => send('DELETE', `${base()}/${id}`, owner), 404);
  });
});

describe('POST …/promotions', () => {
  it('makes a code, upper-cased, with its rule, and records it in the audit log', async () => {
    const code = fresh('summer');
    const answer = await create({
      code: `  ${code} `,
      kind: 'percent',
      value: 15,
      package_ids: [packageId],
      valid_from: '2027-01-01T00:00:00+05:30',
      valid_to: '2027-02-01T00:00:00+05:30',
      max_uses: 100,
      max_uses_per_email: 2,
      active: true,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const body = PromoCodeAnswerSchema.parse(answer.json());
    expect(body).toMatchObject({
      code: code.toUpperCase(),
      kind: 'percent',
      value: 15,
      package_ids: [packageId],
      valid_from: '2026-12-31T18:30:00.000Z',
      max_uses: 100,
      max_uses_per_email: 2,
      used_count: 0,
      usage: { orders: 0, tickets: 0, discount: 0 },
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'promo.create'), eq(auditLog.entityId, String(body.id))));
    expect(audit).toMatchObject({ organisationId: ours.id, eventId: event.id, actorEmail: owner.email });
  });

  it.each([
    ['value 0', { value: 0 }, 'value'],
    ['a percent above 100', { kind: 'percent', value: 101 }, 'value'],
    ['the end before the start', { valid_from: '2027-02-01T00:00:00Z', valid_to: '2027-01-01T00:00:00Z' }, 'valid_to'],
    ['the end at the start', { valid_from: '2027-02-01T00:00:00Z', valid_to: '2027-02-01T00:00:00Z' }, 'valid_to'],
    ['a package of another event', { package_ids: [OTHER_EVENT_PACKAGE] }, 'package_ids'],
    ['a code with spaces', { code: 'TWO WORDS' }, 'code'],
    ['an unknown field', { used_count: 5 }, '_'],
  ])('refuses %s with a 422 and writes nothing', async (_name, change, field) => {
    const body = await expectNothingWritten(() => create({ code: fresh(), ...withIds(change) }), 422);
    expect(codeOf(body)).toBe('validation_failed');
    expect(Object.keys(errorsOf(body))).toContain(field);
  });

  it('refuses a code the event has already, in any case, with a 409; another event may have it', async () => {
    const code = fresh('TWICE');
    await created({ code });
    const body = await expectNothingWritten(() => create({ code: code.toLowerCase() }), 409);
    expect(codeOf(body)).toBe('conflict');
    expect((await create({ code }, owner, otherEvent.uid)).statusCode).toBe(201);
  });

  it('allows a fixed value above 100', async () => {
    expect((await create({ code: fresh(), kind: 'fixed', value: 50_000 })).statusCode).toBe(201);
  });
});

describe('PATCH …/promotions/:promoId', () => {
  it('changes what is sent, and records before and after', async () => {
    const code = await created({ max_uses: 10 });
    const answer = await send('PATCH', `${base()}/${code.id}`, owner, { value: 25, max_uses: null, active: false });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(PromoCodeAnswerSchema.parse(answer.json())).toMatchObject({ value: 25, max_uses: null, active: false });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'promo.update'), eq(auditLog.entityId, String(code.id))));
    expect(audit?.before).toMatchObject({ value: 10, maxUses: 10, active: true });
    expect(audit?.after).toMatchObject({ value: 25, maxUses: null, active: false });
  });

  it('refuses a percent above 100 against the kind it has, and an end before the start it has', async () => {
    const code = await created({ valid_from: '2027-01-01T00:00:00Z' });
    await expectNothingWritten(() => send('PATCH', `${base()}/${code.id}`, owner, { value: 150 }), 422);
    await expectNothingWritten(
      () => send('PATCH', `${base()}/${code.id}`, owner, { valid_to: '2026-12-01T00:00:00Z' }),
      422,
    );
    await expectNothingWritten(
      () => send('PATCH', `${base()}/${code.id}`, owner, { package_ids: [otherEventPackageId] }),
      422,
    );
    await expectNothingWritten(() => send('PATCH', `${base()}/${code.id}`, owner, {}), 422);
  });

  it('once used: kind and value are a 409, max_uses below the uses a 422; other changes go through', async () => {
    const code = await created({ max_uses: 5 });
    await paidWith(code.id, 2, 30_000);
    await paidWith(code.id, 1, 15_000);
    const value = await expectNothingWritten(() => send('PATCH', `${base()}/${code.id}`, owner, { value: 50 }), 409);
    expect(codeOf(value)).toBe('conflict');
    await expectNothingWritten(() => send('PATCH', `${base()}/${code.id}`, owner, { kind: 'fixed' }), 409);
    const limit = await expectNothingWritten(() => send('PATCH', `${base()}/${code.id}`, owner, { max_uses: 1 }), 422);
    expect(Object.keys(errorsOf(limit))).toEqual(['max_uses']);
    const fine = await send('PATCH', `${base()}/${code.id}`, owner, { max_uses: 2, value: 10, max_uses_per_email: 1 });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(PromoCodeAnswerSchema.parse(fine.json())).toMatchObject({ max_uses: 2, used_count: 2 });
  });
});

describe('deactivate and delete', () => {
  it('deactivates: the buyer side no longer finds the code', async () => {
    const code = await created();
    await expect(applies(code.code.toLowerCase())).resolves.toMatchObject({ promoCodeId: code.id });
    const answer = await send('POST', `${base()}/${code.id}/deactivate`, owner);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(PromoCodeAnswerSchema.parse(answer.json()).active).toBe(false);
    await expect(applies(code.code)).rejects.toMatchObject({ code: 'promo_refused' });
    // Again: nothing more to do, nothing written.
    await expectNothingWritten(() => send('POST', `${base()}/${code.id}/deactivate`, owner), 200);
  });

  it('deletes a code never used; refuses one used, or named by an order, with a 409', async () => {
    const unused = await created();
    expect((await send('DELETE', `${base()}/${unused.id}`, owner)).statusCode).toBe(204);
    expect(await t.db.select().from(promoCodes).where(eq(promoCodes.id, unused.id))).toEqual([]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'promo.delete'), eq(auditLog.entityId, String(unused.id))));
    expect(audit).toHaveLength(1);

    const used = await created();
    await paidWith(used.id, 1, 15_000);
    expect(codeOf(await expectNothingWritten(() => send('DELETE', `${base()}/${used.id}`, owner), 409))).toBe(
      'conflict',
    );
    const pending = await created();
    const order = await insertDeskTestOrder(t.db, { eventId: event.id, packageId, status: 'pending' });
    await t.db.update(orders).set({ promoCodeId: pending.id }).where(eq(orders.id, order.id));
    await expectNothingWritten(() => send('DELETE', `${base()}/${pending.id}`, owner), 409);
    await expectNothingWritten(() => send('DELETE', `${base()}/${unused.id}`, owner), 404);
  });
});

describe('POST …/promotions/generate', () => {
  const generate = (body: Record<string, unknown>) =>
    send('POST', `${base()}/generate`, owner, { kind: 'fixed', value: 10_000, ...body });

  it('makes N unique codes of the prefix and unambiguous characters, with one audit row', async () => {
    const answer = await generate({ prefix: 'vip-', count: 1000, max_uses: 1, package_ids: [packageId] });
    expect(answer.statusCode, answer.body).toBe(201);
    const { count, codes } = PromoGenerateAnswerSchema.parse(answer.json());
    expect(count).toBe(1000);
    expect(new Set(codes).size).toBe(1000);
    const pattern = new RegExp(`^VIP-[${PROMO_ALPHABET}]{${PROMO_RANDOM_LENGTH}}$`);
    expect(codes.every((code) => pattern.test(code))).toBe(true);
    const rows = await t.db
      .select({ code: promoCodes.code, maxUses: promoCodes.maxUses, packageIds: promoCodes.packageIds })
      .from(promoCodes)
      .where(and(eq(promoCodes.eventId, event.id), sql`${promoCodes.code} LIKE 'VIP-%'`));
    expect(rows).toHaveLength(1000);
    expect(rows.every((row) => row.maxUses === 1 && row.packageIds[0] === packageId)).toBe(true);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'promo.generate'));
    expect(audit.some((row) => (row.after as { count?: number } | null)?.count === 1000)).toBe(true);
  });

  it.each([
    ['N above 1000', { count: 1001 }, 'count'],
    ['N of 0', { count: 0 }, 'count'],
    ['value 0', { count: 2, value: 0 }, 'value'],
    ['a percent above 100', { count: 2, kind: 'percent', value: 120 }, 'value'],
    [
      'the end before the start',
      { count: 2, valid_from: '2027-02-01T00:00:00Z', valid_to: '2027-01-01T00:00:00Z' },
      'valid_to',
    ],
    ['a package of another event', { count: 2, package_ids: [OTHER_EVENT_PACKAGE] }, 'package_ids'],
    ['a bad prefix', { count: 2, prefix: 'no spaces' }, 'prefix'],
  ])('refuses %s with a 422 and writes nothing', async (_name, body, field) => {
    const answer = await expectNothingWritten(() => generate(withIds(body)), 422);
    expect(Object.keys(errorsOf(answer))).toContain(field);
  });
});

describe('usage, the list and the CSV', () => {
  it('sums the paid orders with each code: orders, tickets and the discount given', async () => {
    const code = await created({ code: fresh('USAGE') });
    await paidWith(code.id, 2, 30_000);
    await paidWith(code.id, 3, 45_000);
    // A pending order with the code is no use yet.
    const pending = await insertDeskTestOrder(t.db, { eventId: event.id, packageId, status: 'pending' });
    await t.db.update(orders).set({ promoCodeId: code.id, discount: 99 }).where(eq(orders.id, pending.id));

    const answer = await send('GET', base(), byRole.manager);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const list = PromoListAnswerSchema.parse(answer.json());
    expect(list.currency).toBe(event.currency);
    expect(list.codes.find((each) => each.id === code.id)).toMatchObject({
      used_count: 2,
      usage: { orders: 2, tickets: 5, discount: 75_000 },
    });
    // Only this event's codes.
    const elsewhere = await t.db
      .select({ id: promoCodes.id })
      .from(promoCodes)
      .where(eq(promoCodes.eventId, otherEvent.id));
    const ids = new Set(list.codes.map((each) => each.id));
    expect(elsewhere.every((row) => !ids.has(row.id))).toBe(true);

    const csv = await send('GET', `${base()}/export`, owner);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="promo-codes-${event.uid}.csv"`);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'code,kind,value,package_ids,valid_from,valid_to,max_uses,max_uses_per_email,active,used_count,orders,tickets,discount,currency',
    );
    expect(lines).toHaveLength(list.codes.length + 1);
    expect(lines).toContain(`${code.code},percent,10,,,,,,true,2,2,5,75000,${event.currency}`);
  });
});

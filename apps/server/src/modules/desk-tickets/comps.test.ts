import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  createOrganisation,
  createTicketPackage,
  createVenue,
  smallSeatMap,
  type Organisation,
} from '@marquee/db/factories';
import { auditLog, orderLines, orders, outbox, seatClaims, ticketPackages, tickets } from '@marquee/db/schema';
import { COMP_MAX_TICKETS, CompAnswerSchema } from '@marquee/domain/comps';
import { DeskOrderAnswerSchema, DeskOrderListAnswerSchema } from '@marquee/domain/desk';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { consoleContentDigest } from '../../test-support/console-fixture';
import { createOrganiserActor, type OrganiserTestActor } from '../../test-support/organiser-actor';

/**
 * Comp tickets (issue 22; decisions/039): free tickets for a named guest, counted against capacity like a sale,
 * once per Idempotency-Key, per role and organisation; bad input writes nothing.
 */
const SEATS = ['A-1-1', 'A-1-2', 'A-1-3'];

let t: TestApp;
let organisation: Organisation;
let eventUid: string;
let otherEventUid: string;
let standingId: number;
let seatedId: number;
let smallId: number;
let owner: OrganiserTestActor;
let manager: OrganiserTestActor;
let boxOffice: OrganiserTestActor;
let door: OrganiserTestActor;
let limited: OrganiserTestActor;
let stranger: OrganiserTestActor;
let strangerSlug: string;
let theirPackageId: number;
let keys = 0;

beforeAll(async () => {
  t = await buildTestApp();
  organisation = await createOrganisation(t.db, { name: 'Comp Promotions' });
  const venue = await createVenue(t.db, { organisationId: organisation.id, seatMap: smallSeatMap(2, 5) });
  const event = await createEvent(t.db, { organisationId: organisation.id, venueId: venue.id });
  const other = await createEvent(t.db, { organisationId: organisation.id, venueId: venue.id });
  eventUid = event.uid;
  otherEventUid = other.uid;
  standingId = (
    await createTicketPackage(t.db, { eventId: event.id, price: 250_000, capacity: 100, freeSeating: true })
  ).id;
  seatedId = (await createTicketPackage(t.db, { eventId: event.id, price: 500_000, seatingRange: SEATS })).id;
  smallId = (await createTicketPackage(t.db, { eventId: event.id, price: 100_000, capacity: 3, freeSeating: true })).id;
  const actor = (role: 'owner' | 'manager' | 'box_office' | 'door') =>
    createOrganiserActor(t, { organisation, role, twoFactor: true });
  owner = await actor('owner');
  manager = await actor('manager');
  boxOffice = await actor('box_office');
  door = await actor('door');
  limited = await createOrganiserActor(t, {
    organisation,
    role: 'manager',
    allEvents: false,
    eventIds: [other.id],
    twoFactor: true,
  });
  const theirs = await createOrganisation(t.db, { name: 'Other Comp Promotions' });
  strangerSlug = theirs.slug;
  stranger = await createOrganiserActor(t, { organisation: theirs, role: 'owner', twoFactor: true });
  const theirVenue = await createVenue(t.db, { organisationId: theirs.id });
  const theirEvent = await createEvent(t.db, { organisationId: theirs.id, venueId: theirVenue.id });
  theirPackageId = (await createTicketPackage(t.db, { eventId: theirEvent.id, capacity: 10, freeSeating: true })).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const guest = {
  first_name: 'Anura',
  last_name: 'Bandara',
  email: 'Anura@Example.com',
  note: 'Sponsor guest, on the promoter’s word',
};

function newKey(): string {
  keys += 1;
  return `comp-test-${keys}-${Date.now()}`;
}

function comp(
  body: unknown,
  options: { actor?: OrganiserTestActor; key?: string | null; slug?: string; uid?: string } = {},
) {
  const key = options.key === undefined ? newKey() : options.key;
  return t.app.inject({
    method: 'POST',
    url: `/api/organiser/${options.slug ?? organisation.slug}/events/${options.uid ?? eventUid}/comps`,
    payload: JSON.stringify(body),
    headers: {
      'content-type': 'application/json',
      cookie: (options.actor ?? boxOffice).cookie,
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
  });
}

async function packageCounts(id: number) {
  const [row] = await t.db.select().from(ticketPackages).where(eq(ticketPackages.id, id));
  return { sold: row?.soldCount, held: row?.heldCount, capacity: row?.capacity };
}

const codeOf = (body: string) => ErrorBodySchema.parse(JSON.parse(body)).code;

describe('POST /api/organiser/{org}/events/{eventUid}/comps', () => {
  it('issues free tickets: a complete comp order of total 0, sold against capacity, tickets, an e-mail, an audit row', async () => {
    const before = await packageCounts(standingId);
    const response = await comp({ ...guest, package_id: standingId, quantity: 3 });
    expect(response.statusCode, response.body).toBe(201);
    const answer = CompAnswerSchema.parse(response.json());
    expect(answer).toMatchObject({
      kind: 'comp',
      guest: { first_name: 'Anura', last_name: 'Bandara' },
      quantity: 3,
      note: guest.note,
      event: { uid: eventUid },
    });
    expect(answer.tickets).toHaveLength(3);

    const [order] = await t.db.select().from(orders).where(eq(orders.orderId, answer.booking_id));
    expect(order).toMatchObject({
      kind: 'comp',
      status: 'complete',
      total: 0,
      subtotal: 0,
      email: 'anura@example.com',
      compNote: guest.note,
    });
    expect(order?.paidAt).not.toBeNull();
    const [line] = await t.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order?.id ?? 0));
    expect(line).toMatchObject({ unitPrice: 0, quantity: 3 });
    expect(
      await t.db
        .select()
        .from(tickets)
        .where(eq(tickets.orderId, order?.id ?? 0)),
    ).toHaveLength(3);
    expect(await packageCounts(standingId)).toEqual({ ...before, sold: (before.sold ?? 0) + 3 });
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.orderId, order?.id ?? 0), eq(outbox.kind, 'order_confirmation'))),
    ).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'order.comp'), eq(auditLog.entityId, answer.booking_id))),
    ).toHaveLength(1);

    // On the desk: listed and shown as a comp.
    const list = await t.app.inject({
      url: `/api/organiser/${organisation.slug}/orders?q=${answer.booking_id}`,
      headers: { cookie: boxOffice.cookie },
    });
    expect(DeskOrderListAnswerSchema.parse(list.json()).orders).toEqual([
      expect.objectContaining({ booking_id: answer.booking_id, kind: 'comp', total: 0 }),
    ]);
    const page = await t.app.inject({
      url: `/api/organiser/${organisation.slug}/orders/${answer.booking_id}`,
      headers: { cookie: boxOffice.cookie },
    });
    expect(DeskOrderAnswerSchema.parse(page.json())).toMatchObject({ kind: 'comp', comp_note: guest.note });
  });

  it('the same Idempotency-Key answers the same order (200), nothing issued twice; another body with it is a 422', async () => {
    const key = newKey();
    const body = { ...guest, package_id: standingId, quantity: 2 };
    const first = await comp(body, { key });
    expect(first.statusCode, first.body).toBe(201);
    const counts = await packageCounts(standingId);
    const again = await comp(body, { key });
    expect(again.statusCode, again.body).toBe(200);
    expect(CompAnswerSchema.parse(again.json()).booking_id).toBe(CompAnswerSchema.parse(first.json()).booking_id);
    expect(await packageCounts(standingId)).toEqual(counts);
    const other = await comp({ ...body, quantity: 1 }, { key });
    expect(other.statusCode).toBe(422);
    expect(codeOf(other.body)).toBe('idempotency_key_reused');
    expect(await packageCounts(standingId)).toEqual(counts);
  });

  it('a seated package needs its own, free seats, one per ticket', async () => {
    const before = await consoleContentDigest(t.db);
    const refusals = [
      { ...guest, package_id: seatedId, quantity: 1 },
      { ...guest, package_id: seatedId, quantity: 2, seat_ids: ['A-1-1'] },
      { ...guest, package_id: seatedId, quantity: 1, seat_ids: ['B-2-5'] },
      { ...guest, package_id: standingId, quantity: 1, seat_ids: ['A-1-1'] },
    ];
    for (const body of refusals) {
      const response = await comp(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(ErrorBodySchema.parse(response.json()).errors).toHaveProperty('seat_ids');
    }
    expect(await consoleContentDigest(t.db)).toEqual(before);

    const response = await comp({ ...guest, package_id: seatedId, quantity: 2, seat_ids: ['A-1-2', 'A-1-1'] });
    expect(response.statusCode, response.body).toBe(201);
    const answer = CompAnswerSchema.parse(response.json());
    expect(answer.tickets.map((ticket) => ticket.seat?.label).sort()).toEqual(
      expect.arrayContaining([expect.stringContaining('1'), expect.stringContaining('2')]),
    );
    const claims = await t.db.select().from(seatClaims).where(eq(seatClaims.packageId, seatedId));
    expect(claims.map((claim) => [claim.seatId, claim.state]).sort()).toEqual([
      ['A-1-1', 'sold'],
      ['A-1-2', 'sold'],
    ]);
    // A seat already given is taken: 409, nothing written.
    const digest = await consoleContentDigest(t.db);
    const taken = await comp({ ...guest, package_id: seatedId, quantity: 1, seat_ids: ['A-1-1'] });
    expect(taken.statusCode).toBe(409);
    expect(codeOf(taken.body)).toBe('seats_taken');
    expect(await consoleContentDigest(t.db)).toEqual(digest);
  });

  it('a comp above what is left is refused (409 sold_out) and writes nothing', async () => {
    const digest = await consoleContentDigest(t.db);
    const above = await comp({ ...guest, package_id: smallId, quantity: 4 });
    expect(above.statusCode).toBe(409);
    expect(codeOf(above.body)).toBe('sold_out');
    expect(await consoleContentDigest(t.db)).toEqual(digest);
    expect((await comp({ ...guest, package_id: smallId, quantity: 3 })).statusCode).toBe(201);
    const none = await comp({ ...guest, package_id: smallId, quantity: 1 });
    expect(none.statusCode).toBe(409);
    expect(codeOf(none.body)).toBe('sold_out');
    expect(await packageCounts(smallId)).toEqual({ sold: 3, held: 0, capacity: 3 });
  });

  it('bad input is a 422 by field and writes nothing', async () => {
    const before = await consoleContentDigest(t.db);
    const bodies = [
      { ...guest, package_id: standingId, quantity: 0 },
      { ...guest, package_id: standingId, quantity: COMP_MAX_TICKETS + 1 },
      { ...guest, package_id: standingId, quantity: 1.5 },
      { ...guest, package_id: standingId, quantity: 1, email: 'not-an-email' },
      { ...guest, package_id: standingId, quantity: 1, first_name: 'Al' },
      { ...guest, package_id: standingId, quantity: 1, note: '   ' },
      { ...guest, package_id: standingId, quantity: 1, phone: '12' },
      { ...guest, package_id: standingId, quantity: 2, seat_ids: ['A-1-1', 'A-1-1'] },
      { ...guest, quantity: 1 },
      // Another organisation's package, named in the body.
      { ...guest, package_id: theirPackageId, quantity: 1 },
      { ...guest, package_id: 2_147_483_647, quantity: 1 },
    ];
    for (const body of bodies) {
      const response = await comp(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(codeOf(response.body)).toBe('validation_failed');
    }
    for (const key of [null, 'short', 'bad key with spaces', 'x'.repeat(101)]) {
      const response = await comp({ ...guest, package_id: standingId, quantity: 1 }, { key });
      expect(response.statusCode, String(key)).toBe(422);
    }
    expect(await consoleContentDigest(t.db)).toEqual(before);
  });

  it('per role and organisation: owner, manager, box office may; door 403; a limited manager, another organisation 404', async () => {
    const body = { ...guest, package_id: standingId, quantity: 1 };
    const before = await consoleContentDigest(t.db);
    for (const { actor, status, slug, uid } of [
      { actor: door, status: 403 },
      { actor: limited, status: 404 },
      { actor: stranger, status: 404, slug: strangerSlug },
      { actor: stranger, status: 404 },
      { actor: boxOffice, status: 404, uid: 'nosuchevent' },
    ]) {
      const response = await comp(body, { actor, ...(slug ? { slug } : {}), ...(uid ? { uid } : {}) });
      expect(response.statusCode, response.body).toBe(status);
    }
    expect(await consoleContentDigest(t.db)).toEqual(before);
    for (const actor of [owner, manager, boxOffice]) expect((await comp(body, { actor })).statusCode).toBe(201);
    // The limited manager may comp on their own event (a package of that event is needed: none, so a 422).
    expect((await comp(body, { actor: limited, uid: otherEventUid })).statusCode).toBe(422);
  });
});

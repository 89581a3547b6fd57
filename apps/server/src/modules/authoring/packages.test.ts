import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLog, events, orders, seatClaims, ticketPackages, tickets, waitlistEntries } from '@marquee/db/schema';
import {
  createEvent,
  createOrganisation,
  createTicketPackage,
  createVenue,
  smallSeatMap,
  type Event,
  type Organisation,
  type TicketPackageRow,
  type Venue,
} from '@marquee/db/factories';
import { ConsolePackageSchema, PackageSeatsConflictBodySchema } from '@marquee/domain/console';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { orderTickets } from '../../test-support/buy-tickets';
import { expireHold } from '../../test-support/expire-hold';
import { createOrganiserActor, type OrganiserTestActor } from '../../test-support/organiser-actor';

/**
 * The console's ticket packages and seat assignment (issue 21): every route's success, its documented
 * refusals, the attacks the tenant walls must stop (another event's package, another organisation's, roles
 * without the permission, a member limited to chosen events), each refusal writing nothing; and two seat
 * assignments racing for one seat, of which exactly one wins.
 */
let t: TestApp;
let ours: Organisation;
let theirs: Organisation;
let owner: OrganiserTestActor;
let manager: OrganiserTestActor;
let boxOffice: OrganiserTestActor;
let door: OrganiserTestActor;
let ownerWithoutCode: OrganiserTestActor;
/** A manager limited to `counted`. */
let limited: OrganiserTestActor;
let colombo: Venue;
let hall: Venue;
let theirVenue: Venue;
/** At a venue without a map. */
let counted: Event;
/** At a venue with the small map (sections A and B, rows 1-2, seats 1-5: `A-1-1` … `B-2-5`). */
let seatedEvent: Event;
let theirEvent: Event;
let theirPackage: TicketPackageRow;

beforeAll(async () => {
  t = await buildTestApp();
  ours = await createOrganisation(t.db, { name: 'Lotus Hall Productions' });
  theirs = await createOrganisation(t.db, { name: 'Another Promoter' });
  colombo = await createVenue(t.db, { organisationId: ours.id });
  hall = await createVenue(t.db, { organisationId: ours.id, seatMap: smallSeatMap() });
  theirVenue = await createVenue(t.db, { organisationId: theirs.id, seatMap: smallSeatMap() });
  counted = await createEvent(t.db, { organisationId: ours.id, venueId: colombo.id });
  seatedEvent = await createEvent(t.db, { organisationId: ours.id, venueId: hall.id, freeSeating: false });
  theirEvent = await createEvent(t.db, { organisationId: theirs.id, venueId: theirVenue.id });
  theirPackage = await createTicketPackage(t.db, { eventId: theirEvent.id, seatingRange: ['A-1-1'] });
  owner = await createOrganiserActor(t, { organisation: ours, role: 'owner', twoFactor: true });
  manager = await createOrganiserActor(t, { organisation: ours, role: 'manager', twoFactor: true });
  boxOffice = await createOrganiserActor(t, { organisation: ours, role: 'box_office' });
  door = await createOrganiserActor(t, { organisation: ours, role: 'door' });
  ownerWithoutCode = await createOrganiserActor(t, { organisation: ours, role: 'owner' });
  limited = await createOrganiserActor(t, {
    organisation: ours,
    role: 'manager',
    allEvents: false,
    eventIds: [counted.id],
    twoFactor: true,
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Method = 'POST' | 'PATCH' | 'PUT' | 'DELETE';
function call(method: Method, url: string, actor: OrganiserTestActor | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: {
      ...(actor ? { cookie: actor.cookie } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}
const packagesUrl = (event: Event, organisation: Organisation = ours) =>
  `/api/organiser/${organisation.slug}/events/${event.uid}/packages`;
const packageUrl = (event: Event, packageId: number, organisation: Organisation = ours) =>
  `${packagesUrl(event, organisation)}/${packageId}`;
const seatsUrl = (event: Event, packageId: number, organisation: Organisation = ours) =>
  `${packageUrl(event, packageId, organisation)}/seats`;
const codeOf = (body: unknown) => ErrorBodySchema.parse(body).code;
const errorsOf = (body: unknown) => ErrorBodySchema.parse(body).errors ?? {};

/** Every row the routes here could write, in a stable order: compared before and after each refusal. */
async function fingerprint() {
  return {
    events: await t.db.select().from(events).orderBy(asc(events.id)),
    packages: await t.db.select().from(ticketPackages).orderBy(asc(ticketPackages.id)),
    audit: await t.db.select().from(auditLog).orderBy(asc(auditLog.id)),
  };
}

async function packageRow(id: number) {
  const [row] = await t.db.select().from(ticketPackages).where(eq(ticketPackages.id, id));
  return row;
}

async function lastAudit(eventId: number) {
  const rows = await t.db.select().from(auditLog).where(eq(auditLog.eventId, eventId)).orderBy(asc(auditLog.id));
  return rows.at(-1);
}

async function newPackage(event: Event, fields: object, actor = owner) {
  const answer = await call('POST', packagesUrl(event), actor, fields);
  expect(answer.statusCode, answer.body).toBe(201);
  return ConsolePackageSchema.parse(answer.json());
}

/** A fresh event of ours, on sale, at the venue with a map: seat tests do not share seats. */
function freshSeatedEvent() {
  return createEvent(t.db, { organisationId: ours.id, venueId: hall.id, freeSeating: false });
}

describe('POST …/events/:eventUid/packages', () => {
  it('adds packages last, each with the next free colour, its sale window on the venue clocks', async () => {
    const event = await createEvent(t.db, { organisationId: ours.id, venueId: colombo.id, status: 'draft' });
    const first = await call('POST', packagesUrl(event), manager, {
      name: 'Early bird',
      price: 2_500,
      capacity: 100,
      sale_start_local: '2030-01-01T09:00',
      sale_end_local: '2030-02-01T09:00',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['cache-control']).toBe('no-store');
    const early = ConsolePackageSchema.parse(first.json());
    expect(early).toMatchObject({
      name: 'Early bird',
      description: '',
      price: 2_500,
      capacity: 100,
      sold: 0,
      held: 0,
      max_per_order: 10,
      sale_start_local: '2030-01-01T09:00',
      sale_end_local: '2030-02-01T09:00',
      active: true,
      inactive_message: null,
      // A venue without a map: every package is counted.
      free_seating: true,
      seat_ids: [],
      color_class: 0,
    });
    const second = await newPackage(event, { name: 'Regular', price: 5_000, capacity: 200 });
    expect(second.color_class).toBe(1);
    const rows = await t.db
      .select()
      .from(ticketPackages)
      .where(eq(ticketPackages.eventId, event.id))
      .orderBy(asc(ticketPackages.id));
    expect(rows.map((row) => row.sortOrder)).toEqual([0, 1]);
    // Colombo is UTC+05:30.
    expect(rows[0]?.saleStartsAt?.toISOString()).toBe('2030-01-01T03:30:00.000Z');
    expect(await lastAudit(event.id)).toMatchObject({
      action: 'package.create',
      entityType: 'ticket_package',
      entityId: String(second.id),
      eventUid: event.uid,
      actorUserId: owner.userId,
    });
    // A freed colour is taken again before the round goes on.
    await t.db.delete(ticketPackages).where(eq(ticketPackages.id, early.id));
    expect((await newPackage(event, { name: 'Late', price: 1, capacity: 1 })).color_class).toBe(0);
  });

  it('needs a capacity without a seat map or for free seating; a seated package counts its seats instead', async () => {
    const before = await fingerprint();
    const noCapacity = await call('POST', packagesUrl(counted), owner, { name: 'General', price: 1_000 });
    expect(noCapacity.statusCode).toBe(422);
    expect(errorsOf(noCapacity.json())).toEqual({
      capacity: ['is required for free seating, and at a venue without a seat map'],
    });
    const freeSeatingWithout = await call('POST', packagesUrl(seatedEvent), owner, {
      name: 'Tables',
      price: 1_000,
      free_seating: true,
    });
    expect(freeSeatingWithout.statusCode).toBe(422);
    const seatedWith = await call('POST', packagesUrl(seatedEvent), owner, {
      name: 'Stalls',
      price: 1_000,
      capacity: 5,
    });
    expect(seatedWith.statusCode).toBe(422);
    expect(errorsOf(seatedWith.json())).toEqual({
      capacity: ['is the number of seats the package owns: assign its seats on the map instead'],
    });
    expect(await fingerprint()).toEqual(before);

    const seated = await newPackage(seatedEvent, { name: 'Stalls', price: 1_000 });
    expect(seated).toMatchObject({ capacity: 0, free_seating: false, seat_ids: [] });
    const tables = await newPackage(seatedEvent, { name: 'Tables', price: 1_000, free_seating: true, capacity: 8 });
    expect(tables).toMatchObject({ capacity: 8, free_seating: true });
  });

  it('refuses a price at a free event, a sale window the clocks skip or that ends first, writing nothing', async () => {
    const free = await createEvent(t.db, { organisationId: ours.id, venueId: colombo.id, freeEvent: true });
    const before = await fingerprint();
    const priced = await call('POST', packagesUrl(free), owner, { name: 'Paid', price: 100, capacity: 5 });
    expect(priced.statusCode).toBe(422);
    expect(errorsOf(priced.json())).toEqual({ price: ['must be 0: the event is free'] });
    const backwards = await call('POST', packagesUrl(counted), owner, {
      name: 'Backwards',
      price: 0,
      capacity: 5,
      sale_start_local: '2030-02-01T09:00',
      sale_end_local: '2030-01-01T09:00',
    });
    expect(backwards.statusCode).toBe(422);
    expect(errorsOf(backwards.json())).toEqual({ sale_end_local: ['must be after the sale start'] });
    const sydney = await createVenue(t.db, {
      organisationId: ours.id,
      city: 'Sydney',
      country: 'AU',
      timeZone: 'Australia/Sydney',
    });
    const sydneyEvent = await createEvent(t.db, { organisationId: ours.id, venueId: sydney.id, currency: 'AUD' });
    const skipped = await call('POST', packagesUrl(sydneyEvent), owner, {
      name: 'Skipped',
      price: 0,
      capacity: 5,
      sale_start_local: '2030-10-06T02:15',
    });
    expect(skipped.statusCode).toBe(422);
    expect(Object.keys(errorsOf(skipped.json()))).toEqual(['sale_start_local']);
    expect((await fingerprint()).packages).toEqual(before.packages);
    expect((await fingerprint()).audit).toEqual(before.audit);
    expect((await newPackage(free, { name: 'Free', price: 0, capacity: 5 })).price).toBe(0);
  });

  it("refuses who may not write, another organisation's event and a cancelled one, writing nothing", async () => {
    const cancelled = await createEvent(t.db, { organisationId: ours.id, venueId: colombo.id, status: 'cancelled' });
    const before = await fingerprint();
    const body = { name: 'Taken over', price: 0, capacity: 1 };
    const refusals: [OrganiserTestActor, string, number, string][] = [
      [boxOffice, packagesUrl(counted), 403, 'forbidden'],
      [door, packagesUrl(counted), 403, 'forbidden'],
      [ownerWithoutCode, packagesUrl(counted), 403, 'two_factor_required'],
      [limited, packagesUrl(seatedEvent), 404, 'not_found'],
      [owner, packagesUrl(theirEvent), 404, 'not_found'],
      [owner, packagesUrl(theirEvent, theirs), 404, 'not_found'],
      [owner, packagesUrl(cancelled), 409, 'conflict'],
    ];
    for (const [actor, url, status, code] of refusals) {
      const answer = await call('POST', url, actor, body);
      expect(answer.statusCode, `${url} ${code}: ${answer.body}`).toBe(status);
      expect(codeOf(answer.json())).toBe(code);
    }
    expect(await fingerprint()).toEqual(before);
    // The limited manager writes their own event's packages.
    expect((await call('POST', packagesUrl(counted), limited, body)).statusCode).toBe(201);
  });
});

describe('PATCH …/packages/:packageId', () => {
  it('changes the fields sent, checks the merged package, and audits only what changed', async () => {
    const pkg = await newPackage(counted, { name: 'Regular', price: 5_000, capacity: 50 });
    const answer = await call('PATCH', packageUrl(counted, pkg.id), manager, {
      price: 6_000,
      capacity: 60,
      name: 'Regular',
      active: false,
      inactive_message: 'Back soon',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(ConsolePackageSchema.parse(answer.json())).toMatchObject({
      id: pkg.id,
      price: 6_000,
      capacity: 60,
      active: false,
      inactive_message: 'Back soon',
    });
    expect(await lastAudit(counted.id)).toMatchObject({
      action: 'package.update',
      entityId: String(pkg.id),
      before: { price: 5_000, capacity: 50, active: true, inactive_message: null },
      after: { price: 6_000, capacity: 60, active: false, inactive_message: 'Back soon' },
    });

    const before = await fingerprint();
    const window = await call('PATCH', packageUrl(counted, pkg.id), manager, { sale_end_local: '2020-01-01T00:00' });
    expect(window.statusCode).toBe(200);
    const backwards = await call('PATCH', packageUrl(counted, pkg.id), manager, {
      sale_start_local: '2030-01-01T00:00',
    });
    expect(backwards.statusCode).toBe(422);
    expect(errorsOf(backwards.json())).toEqual({ sale_end_local: ['must be after the sale start'] });
    expect((await fingerprint()).packages.find((row) => row.id === pkg.id)?.saleStartsAt).toBeNull();
    expect(before.packages.length).toBe((await fingerprint()).packages.length);
  });

  it('refuses a capacity below what is sold and held (409 capacity_below_taken), writing nothing', async () => {
    const event = await createEvent(t.db, { organisationId: ours.id, venueId: colombo.id });
    const pkg = await newPackage(event, { name: 'Regular', price: 1_000, capacity: 10 });
    await t.db.update(ticketPackages).set({ soldCount: 3 }).where(eq(ticketPackages.id, pkg.id));
    // A buyer holds two more through the checkout.
    await orderTickets(t, { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }] });
    const before = await fingerprint();
    const answer = await call('PATCH', packageUrl(event, pkg.id), owner, { capacity: 4 });
    expect(answer.statusCode, answer.body).toBe(409);
    expect(ErrorBodySchema.parse(answer.json())).toMatchObject({
      code: 'capacity_below_taken',
      errors: { capacity: ['must be at least 5: 5 tickets are sold or held'] },
    });
    expect(await fingerprint()).toEqual(before);
    const exact = await call('PATCH', packageUrl(event, pkg.id), owner, { capacity: 5 });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(ConsolePackageSchema.parse(exact.json())).toMatchObject({ capacity: 5, sold: 3, held: 2 });
  });

  it("counts the buyers waiting in the package's waitlist line (issue 23), through the console's own role", async () => {
    const event = await createEvent(t.db, { organisationId: ours.id, venueId: colombo.id });
    const pkg = await newPackage(event, { name: 'Regular', price: 1_000, capacity: 10 });
    const entry = (email: string, status: 'unconfirmed' | 'waiting' | 'left') => ({
      eventId: event.id,
      packageId: pkg.id,
      quantity: 1,
      firstName: 'Wait',
      lastName: 'Listed',
      email,
      phone: '0771234567',
      nic: 'n/a',
      status,
      confirmTokenHash: `hash-${email}`,
    });
    await t.db
      .insert(waitlistEntries)
      .values([
        entry('a@example.com', 'waiting'),
        entry('b@example.com', 'waiting'),
        entry('c@example.com', 'unconfirmed'),
        entry('d@example.com', 'left'),
      ]);
    const answer = await call('PATCH', packageUrl(event, pkg.id), owner, { capacity: 12 });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(ConsolePackageSchema.parse(answer.json())).toMatchObject({ capacity: 12, waiting: 2 });
  });

  it('counts a hold past its time as free: it is ended before the capacity is judged', async () => {
    const event = await createEvent(t.db, { organisationId: ours.id, venueId: colombo.id });
    const pkg = await newPackage(event, { name: 'Regular', price: 1_000, capacity: 10 });
    const order = await orderTickets(t, {
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 4 }],
    });
    await expireHold(t.db, order.order_id);
    const answer = await call('PATCH', packageUrl(event, pkg.id), owner, { capacity: 1 });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(ConsolePackageSchema.parse(answer.json())).toMatchObject({ capacity: 1, sold: 0, held: 0 });
  });

  it('refuses a capacity on a seated package, and free seating while its seats are sold or held', async () => {
    const event = await freshSeatedEvent();
    const pkg = await newPackage(event, { name: 'Stalls', price: 1_000 });
    expect((await call('PUT', seatsUrl(event, pkg.id), owner, { seat_ids: ['A-1-1', 'A-1-2'] })).statusCode).toBe(200);
    await orderTickets(t, { event_id: event.id, seats: ['A-1-1'] });
    const before = await fingerprint();
    const capacity = await call('PATCH', packageUrl(event, pkg.id), owner, { capacity: 10 });
    expect(capacity.statusCode).toBe(422);
    expect(Object.keys(errorsOf(capacity.json()))).toEqual(['capacity']);
    const freeSeating = await call('PATCH', packageUrl(event, pkg.id), owner, { free_seating: true, capacity: 10 });
    expect(freeSeating.statusCode, freeSeating.body).toBe(409);
    expect(codeOf(freeSeating.json())).toBe('seats_locked');
    expect(await fingerprint()).toEqual(before);
  });

  it("answers 404 for a package of another event, of another organisation's event, and refuses roles", async () => {
    const other = await createTicketPackage(t.db, { eventId: seatedEvent.id });
    const ownPackage = await createTicketPackage(t.db, { eventId: counted.id, capacity: 5 });
    const before = await fingerprint();
    const refusals: [OrganiserTestActor, string, number, string][] = [
      // Our event's address with our other event's package, or with another organisation's package.
      [owner, packageUrl(counted, other.id), 404, 'not_found'],
      [owner, packageUrl(counted, theirPackage.id), 404, 'not_found'],
      [owner, packageUrl(theirEvent, theirPackage.id), 404, 'not_found'],
      [owner, packageUrl(theirEvent, theirPackage.id, theirs), 404, 'not_found'],
      [owner, packageUrl(counted, 99_999_999_999), 422, 'validation_failed'],
      [limited, packageUrl(seatedEvent, other.id), 404, 'not_found'],
      [boxOffice, packageUrl(counted, ownPackage.id), 403, 'forbidden'],
      [door, packageUrl(counted, ownPackage.id), 403, 'forbidden'],
      [ownerWithoutCode, packageUrl(counted, ownPackage.id), 403, 'two_factor_required'],
    ];
    for (const [actor, url, status, code] of refusals) {
      const answer = await call('PATCH', url, actor, { price: 1 });
      expect(answer.statusCode, `${url} ${code}: ${answer.body}`).toBe(status);
      expect(codeOf(answer.json())).toBe(code);
    }
    const notAnId = await call('PATCH', packageUrl(counted, 0), owner, { price: 1 });
    expect(notAnId.statusCode).toBe(422);
    expect(await fingerprint()).toEqual(before);
  });
});

describe('DELETE …/packages/:packageId', () => {
  it('deletes a package nothing was sold or held on, and audits what it was', async () => {
    const pkg = await newPackage(counted, { name: 'Mistake', price: 100, capacity: 3 });
    const answer = await call('DELETE', packageUrl(counted, pkg.id), manager);
    expect(answer.statusCode, answer.body).toBe(204);
    expect(answer.body).toBe('');
    expect(await packageRow(pkg.id)).toBeUndefined();
    expect(await lastAudit(counted.id)).toMatchObject({
      action: 'package.delete',
      entityId: String(pkg.id),
      before: { name: 'Mistake', price: 100, capacity: 3 },
      after: null,
    });
  });

  it('refuses a package with tickets sold, held, or ever ordered (409 conflict), writing nothing', async () => {
    const event = await createEvent(t.db, { organisationId: ours.id, venueId: colombo.id });
    const sold = await createTicketPackage(t.db, { eventId: event.id, soldCount: 1 });
    const held = await createTicketPackage(t.db, { eventId: event.id });
    const ordered = await createTicketPackage(t.db, { eventId: event.id });
    await orderTickets(t, { event_id: event.id, ticket_package_details: [{ package_id: held.id, ticket_count: 1 }] });
    const cancelledOrder = await orderTickets(
      t,
      { event_id: event.id, ticket_package_details: [{ package_id: ordered.id, ticket_count: 1 }] },
      { email: 'another@example.com' },
    );
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${cancelledOrder.order_id}/cancel`,
      headers: { authorization: `Bearer ${cancelledOrder.access_token}` },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await packageRow(ordered.id))?.heldCount).toBe(0);

    const before = await fingerprint();
    for (const pkg of [sold, held, ordered]) {
      const answer = await call('DELETE', packageUrl(event, pkg.id), owner);
      expect(answer.statusCode, answer.body).toBe(409);
      expect(codeOf(answer.json())).toBe('conflict');
    }
    expect(await fingerprint()).toEqual(before);
  });

  it('answers 409, never a 500, when a row the checks do not know of still names the package', async () => {
    const event = await createEvent(t.db, { organisationId: ours.id, venueId: colombo.id });
    const pkg = await createTicketPackage(t.db, { eventId: event.id });
    // A ticket without an order line or a hold (a comp written some other way): the foreign key refuses the delete.
    const [order] = await t.db
      .insert(orders)
      .values({
        orderId: `MQTEST${pkg.id}`,
        eventId: event.id,
        status: 'complete',
        firstName: 'Comp',
        lastName: 'Guest',
        email: 'comp@example.com',
        phone: '0770000000',
        nic: '',
        currency: 'LKR',
        subtotal: 0,
        convenienceFee: 0,
        discount: 0,
        total: 0,
        paymentGatewayId: 1,
        accessToken: `token-${pkg.id}`,
        requestHash: 'comp',
        holdExpiresAt: new Date(),
      })
      .returning({ id: orders.id });
    await t.db.insert(tickets).values({
      orderId: order?.id ?? 0,
      eventId: event.id,
      packageId: pkg.id,
      admissionNo: 1,
      code: `comp-${pkg.id}`,
    });
    const before = await fingerprint();
    const answer = await call('DELETE', packageUrl(event, pkg.id), owner);
    expect(answer.statusCode, answer.body).toBe(409);
    expect(codeOf(answer.json())).toBe('conflict');
    expect(await fingerprint()).toEqual(before);
  });

  it("answers 404 for another event's or organisation's package, and refuses roles, writing nothing", async () => {
    const other = await createTicketPackage(t.db, { eventId: seatedEvent.id });
    const ownPackage = await createTicketPackage(t.db, { eventId: counted.id });
    const before = await fingerprint();
    const refusals: [OrganiserTestActor, string, number, string][] = [
      [owner, packageUrl(counted, other.id), 404, 'not_found'],
      [owner, packageUrl(counted, theirPackage.id), 404, 'not_found'],
      [owner, packageUrl(theirEvent, theirPackage.id), 404, 'not_found'],
      [limited, packageUrl(seatedEvent, other.id), 404, 'not_found'],
      [boxOffice, packageUrl(counted, ownPackage.id), 403, 'forbidden'],
      [door, packageUrl(counted, ownPackage.id), 403, 'forbidden'],
    ];
    for (const [actor, url, status, code] of refusals) {
      const answer = await call('DELETE', url, actor);
      expect(answer.statusCode, `${url} ${code}: ${answer.body}`).toBe(status);
      expect(codeOf(answer.json())).toBe(code);
    }
    expect(await fingerprint()).toEqual(before);
  });
});

describe('PUT …/packages/:packageId/seats', () => {
  it("assigns the package's seats in the map's order; its capacity is their count; audited with what changed", async () => {
    const event = await freshSeatedEvent();
    const pkg = await newPackage(event, { name: 'Stalls', price: 1_000 });
    const answer = await call('PUT', seatsUrl(event, pkg.id), manager, { seat_ids: ['A-1-3', 'A-1-1', 'A-1-2'] });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(ConsolePackageSchema.parse(answer.json())).toMatchObject({
      capacity: 3,
      seat_ids: ['A-1-1', 'A-1-2', 'A-1-3'],
    });
    const changed = await call('PUT', seatsUrl(event, pkg.id), manager, { seat_ids: ['A-1-2', 'A-1-3', 'A-2-1'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await lastAudit(event.id)).toMatchObject({
      action: 'package.seats',
      entityId: String(pkg.id),
      before: { seat_count: 3 },
      after: { seat_count: 3, added: ['A-2-1'], removed: ['A-1-1'] },
    });
    const released = await call('PUT', seatsUrl(event, pkg.id), manager, { seat_ids: [] });
    expect(ConsolePackageSchema.parse(released.json())).toMatchObject({ capacity: 0, seat_ids: [] });
  });

  it("refuses seats not on the map (422), another package's seats (409 seats_taken), writing nothing", async () => {
    const event = await freshSeatedEvent();
    const stalls = await newPackage(event, { name: 'Stalls', price: 1_000 });
    const balcony = await newPackage(event, { name: 'Balcony', price: 500 });
    expect((await call('PUT', seatsUrl(event, balcony.id), owner, { seat_ids: ['B-1-1', 'B-1-2'] })).statusCode).toBe(
      200,
    );
    const before = await fingerprint();
    const unknown = await call('PUT', seatsUrl(event, stalls.id), owner, { seat_ids: ['A-1-1', 'Z-9-9', 'A-1-99'] });
    expect(unknown.statusCode).toBe(422);
    expect(errorsOf(unknown.json())).toEqual({ seat_ids: ["are not seats of the venue's map: Z-9-9, A-1-99"] });
    const many = await call('PUT', seatsUrl(event, stalls.id), owner, {
      seat_ids: Array.from({ length: 25 }, (_, i) => `X-${i}`),
    });
    expect(errorsOf(many.json())['seat_ids']?.[0]).toContain('X-19 and 5 more');

    const taken = await call('PUT', seatsUrl(event, stalls.id), owner, { seat_ids: ['A-1-1', 'B-1-2'] });
    expect(taken.statusCode, taken.body).toBe(409);
    const body = PackageSeatsConflictBodySchema.parse(taken.json());
    expect(body).toMatchObject({ code: 'seats_taken', taken_seats: ['B-1-2'] });
    expect(body.message).toContain('Balcony');
    const duplicate = await call('PUT', seatsUrl(event, stalls.id), owner, { seat_ids: ['A-1-1', 'A-1-1'] });
    expect(duplicate.statusCode).toBe(422);
    expect(await fingerprint()).toEqual(before);
  });

  it('refuses releasing a sold or held seat (409 seats_locked), and seats for free seating (409 conflict)', async () => {
    const event = await freshSeatedEvent();
    const stalls = await newPackage(event, { name: 'Stalls', price: 1_000 });
    const tables = await newPackage(event, { name: 'Tables', price: 1_000, free_seating: true, capacity: 4 });
    expect(
      (await call('PUT', seatsUrl(event, stalls.id), owner, { seat_ids: ['A-1-1', 'A-1-2', 'A-1-3'] })).statusCode,
    ).toBe(200);
    // A buyer holds A-1-1 through the checkout; A-1-2 was sold.
    await orderTickets(t, { event_id: event.id, seats: ['A-1-1'] });
    await t.db.insert(seatClaims).values({ eventId: event.id, seatId: 'A-1-2', packageId: stalls.id, state: 'sold' });
    await t.db.update(ticketPackages).set({ soldCount: 1 }).where(eq(ticketPackages.id, stalls.id));

    const before = await fingerprint();
    const locked = await call('PUT', seatsUrl(event, stalls.id), owner, { seat_ids: ['A-1-3'] });
    expect(locked.statusCode, locked.body).toBe(409);
    expect(PackageSeatsConflictBodySchema.parse(locked.json())).toMatchObject({
      code: 'seats_locked',
      errors: { seat_ids: ['Seats A-1-1, A-1-2 are sold or held: they stay in the package.'] },
    });
    const free = await call('PUT', seatsUrl(event, tables.id), owner, { seat_ids: ['B-1-1'] });
    expect(free.statusCode).toBe(409);
    expect(codeOf(free.json())).toBe('conflict');
    expect(await fingerprint()).toEqual(before);
    // Releasing the free seat only is fine.
    const kept = await call('PUT', seatsUrl(event, stalls.id), owner, { seat_ids: ['A-1-1', 'A-1-2'] });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(ConsolePackageSchema.parse(kept.json())).toMatchObject({ capacity: 2, sold: 1, held: 1 });
  });

  it("answers 404 for another event's or organisation's package, and refuses roles, writing nothing", async () => {
    const event = await freshSeatedEvent();
    const ownPackage = await newPackage(event, { name: 'Stalls', price: 1_000 });
    const before = await fingerprint();
    const refusals: [OrganiserTestActor, string, number, string][] = [
      [owner, seatsUrl(counted, ownPackage.id), 404, 'not_found'],
      [owner, seatsUrl(event, theirPackage.id), 404, 'not_found'],
      [owner, seatsUrl(theirEvent, theirPackage.id), 404, 'not_found'],
      [owner, seatsUrl(theirEvent, theirPackage.id, theirs), 404, 'not_found'],
      [limited, seatsUrl(event, ownPackage.id), 404, 'not_found'],
      [boxOffice, seatsUrl(event, ownPackage.id), 403, 'forbidden'],
      [door, seatsUrl(event, ownPackage.id), 403, 'forbidden'],
      [ownerWithoutCode, seatsUrl(event, ownPackage.id), 403, 'two_factor_required'],
    ];
    for (const [actor, url, status, code] of refusals) {
      const answer = await call('PUT', url, actor, { seat_ids: ['A-1-1'] });
      expect(answer.statusCode, `${url} ${code}: ${answer.body}`).toBe(status);
      expect(codeOf(answer.json())).toBe(code);
    }
    expect(await fingerprint()).toEqual(before);
    // Their package's seat is untouched.
    expect((await packageRow(theirPackage.id))?.seatingRange).toEqual(['A-1-1']);
  });

  it("assigns a stadium's worth of seats in one call (20,000 seat ids, past the app's usual body limit)", async () => {
    const stadium = await createVenue(t.db, { organisationId: ours.id, seatMap: smallSeatMap(100, 100) });
    const event = await createEvent(t.db, { organisationId: ours.id, venueId: stadium.id, freeSeating: false });
    const pkg = await newPackage(event, { name: 'Everything', price: 1_000 });
    const seatIds: string[] = [];
    for (const section of ['A', 'B'])
      for (let row = 1; row <= 100; row++)
        for (let seat = 1; seat <= 100; seat++) seatIds.push(`${section}-${row}-${seat}`);
    const answer = await call('PUT', seatsUrl(event, pkg.id), owner, { seat_ids: seatIds });
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    const body = ConsolePackageSchema.parse(answer.json());
    expect(body.capacity).toBe(20_000);
    expect(body.seat_ids).toHaveLength(20_000);
    const audit = await lastAudit(event.id);
    expect(audit?.after).toMatchObject({ seat_count: 20_000, added_count: 20_000, removed: [] });
    expect(z.object({ added: z.array(z.string()) }).parse(audit?.after).added).toHaveLength(100);
  });

  it('lets exactly one of two assignments racing for one seat win; the seat ends in one package', async () => {
    for (let round = 0; round < 3; round++) {
      const event = await freshSeatedEvent();
      const first = await newPackage(event, { name: 'First', price: 1_000 });
      const second = await newPackage(event, { name: 'Second', price: 1_000 });
      const seat = 'B-2-5';
      const answers = await Promise.all([
        call('PUT', seatsUrl(event, first.id), owner, { seat_ids: [seat, 'A-1-1'] }),
        call('PUT', seatsUrl(event, second.id), manager, { seat_ids: [seat, 'A-1-2'] }),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([200, 409]);
      const loser = answers.find((answer) => answer.statusCode === 409);
      expect(PackageSeatsConflictBodySchema.parse(loser?.json())).toMatchObject({
        code: 'seats_taken',
        taken_seats: [seat],
      });
      const owners = (await t.db.select().from(ticketPackages).where(eq(ticketPackages.eventId, event.id))).filter(
        (row) => row.seatingRange.includes(seat),
      );
      expect(owners).toHaveLength(1);
      expect(owners[0]?.capacity).toBe(2);
    }
  });
});

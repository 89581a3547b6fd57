import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  createOrganisation,
  createPromoCode,
  createTicketPackage,
  createVenue,
  type Event,
  type Organisation,
  type TicketPackageRow,
} from '@marquee/db/factories';
import { checkInLists, events, holds, orderLines, orders, ticketPackages, tickets } from '@marquee/db/schema';
import { ErrorBodySchema } from '@marquee/domain/errors';
import type { CreatedOrder } from '@marquee/domain/orders';
import { can, ORGANISATION_ROLES } from '@marquee/domain/permissions';
import { EventReportAnswerSchema, OrganisationReportAnswerSchema } from '@marquee/domain/reports';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { buyTickets, orderTickets } from '../../test-support/buy-tickets';
import { createOrganiserActor, type OrganiserTestActor } from '../../test-support/organiser-actor';
import { insertDeskTestOrder } from '../desk/desk-test-orders';

/**
 * The sales reports (issue 22): every number from orders made in the test through the buyer's checkout and the
 * console's refund (paid, partly refunded, a promo code, a pending hold, an expired hold), a comp written as
 * the comps desk leaves one, check-ins at two overlapping lists; days in the venue's zone; currencies apart;
 * a member limited to one event; another organisation; roles without `report.read`.
 */
let t: TestApp;
let ours: Organisation;
let theirs: Organisation;
/** Colombo, LKR: the event the report is about. */
let festival: Event;
/** Colombo, LKR: an event the limited manager may not see. */
let other: Event;
/** Singapore, SGD. */
let singapore: Event;
let general: TicketPackageRow;
let vip: TicketPackageRow;
let paid: CreatedOrder;
let promoted: CreatedOrder;
let sgdOrder: CreatedOrder;
let refundAmount: number;
let owner: OrganiserTestActor;
let manager: OrganiserTestActor;
let limited: OrganiserTestActor;
let boxOffice: OrganiserTestActor;
let door: OrganiserTestActor;
let stranger: OrganiserTestActor;

const get = (url: string, actor: OrganiserTestActor) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: actor.cookie } });
const eventReport = (event: Event, actor: OrganiserTestActor = owner, org: Organisation = ours) =>
  get(`/api/organiser/${org.slug}/events/${event.uid}/report`, actor);
const organisationReport = (actor: OrganiserTestActor = owner, org: Organisation = ours) =>
  get(`/api/organiser/${org.slug}/report`, actor);
const codeOf = (body: unknown) => ErrorBodySchema.parse(body).code;

async function orderRow(bookingId: string) {
  const [row] = await t.db
    .select({ id: orders.id, total: orders.total, discount: orders.discount })
    .from(orders)
    .where(eq(orders.orderId, bookingId));
  if (!row) throw new Error(`no order ${bookingId}`);
  return row;
}

async function ticketIdsOf(bookingId: string) {
  const { id } = await orderRow(bookingId);
  const rows = await t.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.orderId, id))
    .orderBy(asc(tickets.id));
  return rows.map((row) => row.id);
}

/** Moves an order's payment to an instant (the day it counts on). */
async function paidAt(bookingId: string, instant: string) {
  await t.db
    .update(orders)
    .set({ paidAt: new Date(instant) })
    .where(eq(orders.orderId, bookingId));
}

/** A comp as the comps desk leaves one: a paid order of kind 'comp', total 0, its ticket, counted as sold. */
async function insertComp(event: Event, pkg: TicketPackageRow) {
  const comp = await insertDeskTestOrder(t.db, { eventId: event.id, packageId: pkg.id, firstName: 'Guest' });
  await t.db.update(orders).set({ kind: 'comp', subtotal: 0, total: 0 }).where(eq(orders.id, comp.id));
  await t.db
    .update(ticketPackages)
    .set({ soldCount: sql`${ticketPackages.soldCount} + 1` })
    .where(eq(ticketPackages.id, pkg.id));
  return comp;
}

beforeAll(async () => {
  t = await buildTestApp();
  ours = await createOrganisation(t.db);
  theirs = await createOrganisation(t.db);
  const colombo = await createVenue(t.db, { organisationId: ours.id, timeZone: 'Asia/Colombo' });
  const marinaBay = await createVenue(t.db, {
    organisationId: ours.id,
    city: 'Singapore',
    country: 'SG',
    timeZone: 'Asia/Singapore',
  });
  festival = await createEvent(t.db, { organisationId: ours.id, venueId: colombo.id, promo: true });
  other = await createEvent(t.db, { organisationId: ours.id, venueId: colombo.id });
  singapore = await createEvent(t.db, { organisationId: ours.id, venueId: marinaBay.id, currency: 'SGD' });
  general = await createTicketPackage(t.db, { eventId: festival.id, name: 'General', price: 100_000, sortOrder: 1 });
  vip = await createTicketPackage(t.db, {
    eventId: festival.id,
    name: 'VIP',
    price: 500_000,
    capacity: 10,
    sortOrder: 2,
  });
  const otherPackage = await createTicketPackage(t.db, { eventId: other.id, price: 150_000 });
  const sgdPackage = await createTicketPackage(t.db, { eventId: singapore.id, price: 8_000 });
  await createPromoCode(t.db, { eventId: festival.id, code: 'TENOFF', kind: 'percent', value: 10 });

  owner = await createOrganiserActor(t, { organisation: ours, role: 'owner', twoFactor: true });
  manager = await createOrganiserActor(t, { organisation: ours, role: 'manager', twoFactor: true });
  limited = await createOrganiserActor(t, {
    organisation: ours,
    role: 'manager',
    allEvents: false,
    eventIds: [festival.id],
    twoFactor: true,
  });
  boxOffice = await createOrganiserActor(t, { organisation: ours, role: 'box_office', twoFactor: true });
  door = await createOrganiserActor(t, { organisation: ours, role: 'door', twoFactor: true });
  stranger = await createOrganiserActor(t, { organisation: theirs, role: 'owner', twoFactor: true });

  // Through the buyer's checkout: two General; two VIP with the code (one refunded below); SGD tickets.
  paid = await buyTickets(t, {
    event_id: festival.id,
    ticket_package_details: [{ package_id: general.id, ticket_count: 2 }],
  });
  promoted = await buyTickets(
    t,
    { event_id: festival.id, promo_code: 'tenoff', ticket_package_details: [{ package_id: vip.id, ticket_count: 2 }] },
    { email: 'promoted@example.com' },
  );
  sgdOrder = await buyTickets(
    t,
    { event_id: singapore.id, ticket_package_details: [{ package_id: sgdPackage.id, ticket_count: 3 }] },
    { email: 'sg@example.com' },
  );
  // A buyer at the checkout now (3 held), and one whose hold ran out unswept (held by no one).
  await orderTickets(
    t,
    { event_id: festival.id, ticket_package_details: [{ package_id: general.id, ticket_count: 3 }] },
    { email: 'holding@example.com' },
  );
  const lapsed = await orderTickets(
    t,
    { event_id: festival.id, ticket_package_details: [{ package_id: general.id, ticket_count: 1 }] },
    { email: 'lapsed@example.com' },
  );
  await t.db
    .update(holds)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(holds.orderId, (await orderRow(lapsed.order_id)).id));

  // The console refunds one of the two VIP tickets, for half the order.
  const [refundedTicket] = await ticketIdsOf(promoted.order_id);
  refundAmount = Math.floor((await orderRow(promoted.order_id)).total / 2);
  const refund = await t.app.inject({
    method: 'POST',
    url: `/api/organiser/${ours.slug}/orders/${promoted.order_id}/refunds`,
    headers: { 'content-type': 'application/json', cookie: owner.cookie, 'idempotency-key': `report-${randomUUID()}` },
    payload: JSON.stringify({ ticket_ids: [refundedTicket], amount: refundAmount, reason: 'could not come' }),
  });
  expect(refund.statusCode, refund.body).toBeLessThan(300);

  const comp = await insertComp(festival, vip);
  // Another event's sale (an order written as a sale leaves it) and another organisation's.
  await insertDeskTestOrder(t.db, {
    eventId: other.id,
    packageId: otherPackage.id,
    createdAt: new Date('2025-03-11T20:00:00Z'), // 01:30 on 12 March in Colombo
  });
  const theirEvent = await createEvent(t.db, { organisationId: theirs.id });
  const theirPackage = await createTicketPackage(t.db, { eventId: theirEvent.id });
  await insertDeskTestOrder(t.db, { eventId: theirEvent.id, packageId: theirPackage.id, quantity: 4 });

  // The days: 23:30 on 10 March in Colombo, 00:00 on 11 March in Colombo; 00:30 on 11 March in Singapore.
  await paidAt(paid.order_id, '2025-03-10T18:00:00Z');
  await paidAt(promoted.order_id, '2025-03-10T18:30:00Z');
  await paidAt(sgdOrder.order_id, '2025-03-10T16:30:00Z');
  // The events are over now (sold while on sale): the days stop at each one's end.
  const ends = (event: Event, startsAt: string, endsAt: string) =>
    t.db
      .update(events)
      .set({ startDate: new Date(startsAt), endDate: new Date(endsAt) })
      .where(eq(events.id, event.id));
  await ends(festival, '2025-03-13T13:30:00Z', '2025-03-13T17:00:00Z');
  await ends(other, '2025-03-20T13:30:00Z', '2025-03-20T17:00:00Z');
  await ends(singapore, '2025-03-15T11:00:00Z', '2025-03-15T14:00:00Z');

  // The gate: a VIP gate and one for every package (they overlap); one General ticket, the comp and the
  // refunded VIP ticket (scanned before its refund) were admitted.
  await t.db.insert(checkInLists).values([
    { eventId: festival.id, name: 'VIP gate', packageIds: [vip.id] },
    { eventId: festival.id, name: 'Main gate', packageIds: [general.id, vip.id] },
  ]);
  const admitted = [(await ticketIdsOf(paid.order_id))[0], refundedTicket, (await ticketIdsOf(comp.bookingId))[0]];
  for (const id of admitted) {
    if (id !== undefined) await t.db.update(tickets).set({ usedAt: new Date() }).where(eq(tickets.id, id));
  }
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/organiser/:org/events/:eventUid/report', () => {
  it('counts paid sales net of refunds, comps apart, live holds, promo use and check-ins', async () => {
    const response = await eventReport(festival);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const report = EventReportAnswerSchema.parse(response.json());
    const first = await orderRow(paid.order_id);
    const second = await orderRow(promoted.order_id);
    expect(second.discount).toBeGreaterThan(0);

    expect(report.event).toMatchObject({ uid: festival.uid, currency: 'LKR', time_zone: 'Asia/Colombo' });
    expect(report.totals).toEqual({
      tickets_sold: 3, // 2 General + 1 VIP (the other VIP ticket was refunded); the comp is not sold
      gross: first.total + second.total,
      refunded: refundAmount,
      revenue: first.total + second.total - refundAmount,
      discount_given: second.discount,
      orders: 2,
      comps: 1,
      refunds_count: 1,
    });
    expect(report.packages).toEqual([
      // 3 on a live hold; the lapsed hold holds nothing.
      { id: general.id, name: 'General', capacity: 100, sold: 2, held: 3, left: 95, comps: 0 },
      // 2 sold, 1 given back by the refund, 1 comp.
      { id: vip.id, name: 'VIP', capacity: 10, sold: 2, held: 0, left: 8, comps: 1 },
    ]);
    expect(report.promotions).toEqual([{ code: 'TENOFF', orders: 1, tickets: 2, discount: second.discount }]);
    expect(report.check_in).toEqual({
      checked_in: 2,
      total: 4,
      lists: [
        { id: expect.any(Number), name: 'Main gate', checked_in: 2, total: 4 },
        { id: expect.any(Number), name: 'VIP gate', checked_in: 1, total: 2 },
      ],
    });
  });

  it("puts each sale on its local day in the venue's zone, zero-filled to the event's end, adding up to the totals", async () => {
    const report = EventReportAnswerSchema.parse((await eventReport(festival)).json());
    const first = await orderRow(paid.order_id);
    const second = await orderRow(promoted.order_id);
    expect(report.per_day).toEqual([
      { date: '2025-03-10', tickets: 2, revenue: first.total },
      { date: '2025-03-11', tickets: 1, revenue: second.total - refundAmount },
      { date: '2025-03-12', tickets: 0, revenue: 0 },
      { date: '2025-03-13', tickets: 0, revenue: 0 },
    ]);
    const sum = (key: 'tickets' | 'revenue') => report.per_day.reduce((total, day) => total + day[key], 0);
    expect(sum('tickets')).toBe(report.totals.tickets_sold);
    expect(sum('revenue')).toBe(report.totals.revenue);
  });

  it('answers an event without sales with zeros and no days', async () => {
    // Over before the others' sales (the organisation's days run to the latest event's end or today).
    const quiet = await createEvent(t.db, {
      organisationId: ours.id,
      startDate: new Date('2025-03-01T13:00:00Z'),
      endDate: new Date('2025-03-01T16:00:00Z'),
    });
    await createTicketPackage(t.db, { eventId: quiet.id, capacity: 40 });
    const report = EventReportAnswerSchema.parse((await eventReport(quiet)).json());
    expect(report.totals).toMatchObject({ tickets_sold: 0, revenue: 0, orders: 0, comps: 0 });
    expect(report.per_day).toEqual([]);
    expect(report.packages).toMatchObject([{ capacity: 40, sold: 0, held: 0, left: 40 }]);
    expect(report.promotions).toEqual([]);
    expect(report.check_in).toEqual({ checked_in: 0, total: 0, lists: [] });
  });

  it('is for the roles with report.read only', async () => {
    const actors = { owner, manager, box_office: boxOffice, door };
    for (const role of ORGANISATION_ROLES) {
      const response = await eventReport(festival, actors[role]);
      expect(response.statusCode, role).toBe(can(role, 'report.read') ? 200 : 403);
    }
  });

  it("is a 404 for another organisation's event, and for an event a limited member may not see", async () => {
    const theirEvent = await createEvent(t.db, { organisationId: theirs.id });
    const asOurs = await eventReport(theirEvent);
    expect(asOurs.statusCode).toBe(404);
    expect(codeOf(asOurs.json())).toBe('not_found');
    expect((await eventReport(festival, stranger)).statusCode).toBe(404);
    expect((await eventReport(festival, stranger, theirs)).statusCode).toBe(404);
    expect((await eventReport(other, limited)).statusCode).toBe(404);
    expect((await eventReport(festival, limited)).statusCode).toBe(200);
  });
});

describe('GET /api/organiser/:org/report', () => {
  it('keeps each currency apart, with each order on its own venue’s local day', async () => {
    const response = await organisationReport();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const report = OrganisationReportAnswerSchema.parse(response.json());
    const festivalReport = EventReportAnswerSchema.parse((await eventReport(festival)).json());
    const [otherLine] = await t.db
      .select({ total: orders.total })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(eq(orders.eventId, other.id));
    const sgd = await orderRow(sgdOrder.order_id);

    expect(report.totals.map((totals) => totals.currency)).toEqual(['LKR', 'SGD']);
    expect(report.totals[0]).toEqual({
      ...festivalReport.totals,
      currency: 'LKR',
      tickets_sold: festivalReport.totals.tickets_sold + 1,
      gross: festivalReport.totals.gross + (otherLine?.total ?? NaN),
      revenue: festivalReport.totals.revenue + (otherLine?.total ?? NaN),
      orders: 3,
    });
    expect(report.totals[1]).toEqual({
      currency: 'SGD',
      tickets_sold: 3,
      gross: sgd.total,
      refunded: 0,
      revenue: sgd.total,
      discount_given: 0,
      orders: 1,
      comps: 0,
      refunds_count: 0,
    });

    const lkrDays = report.per_day.find((entry) => entry.currency === 'LKR')?.days ?? [];
    expect(lkrDays.map((day) => day.date)).toEqual([
      '2025-03-10',
      '2025-03-11',
      '2025-03-12',
      ...['13', '14', '15', '16', '17', '18', '19', '20'].map((day) => `2025-03-${day}`),
    ]);
    expect(lkrDays[2]).toEqual({ date: '2025-03-12', tickets: 1, revenue: otherLine?.total });
    // 00:30 on 11 March in Singapore, though 10 March in UTC and in Colombo.
    expect(report.per_day.find((entry) => entry.currency === 'SGD')?.days).toEqual([
      { date: '2025-03-11', tickets: 3, revenue: sgd.total },
      { date: '2025-03-12', tickets: 0, revenue: 0 },
      { date: '2025-03-13', tickets: 0, revenue: 0 },
      { date: '2025-03-14', tickets: 0, revenue: 0 },
      { date: '2025-03-15', tickets: 0, revenue: 0 },
    ]);

    const row = report.events.find((event) => event.uid === festival.uid);
    expect(row).toEqual({
      uid: festival.uid,
      name: festival.name,
      status: 'ongoing',
      starts_at: '2025-03-13T13:30:00.000Z',
      time_zone: 'Asia/Colombo',
      currency: 'LKR',
      tickets_sold: 3,
      comps: 1,
      capacity: 110,
      revenue: festivalReport.totals.revenue,
    });
  });

  it("shows a member limited to one event only that event's sales", async () => {
    const report = OrganisationReportAnswerSchema.parse((await organisationReport(limited)).json());
    const festivalReport = EventReportAnswerSchema.parse((await eventReport(festival)).json());
    expect(report.events.map((event) => event.uid)).toEqual([festival.uid]);
    expect(report.totals).toEqual([{ currency: 'LKR', ...festivalReport.totals }]);
    expect(report.per_day.map((entry) => entry.currency)).toEqual(['LKR']);
  });

  it("never counts another organisation's sales, and is refused to roles without report.read", async () => {
    const theirs_ = OrganisationReportAnswerSchema.parse((await organisationReport(stranger, theirs)).json());
    expect(theirs_.totals).toMatchObject([{ currency: 'LKR', tickets_sold: 4, orders: 1 }]);
    expect(theirs_.events.map((event) => event.uid)).not.toContain(festival.uid);
    expect((await organisationReport(stranger)).statusCode).toBe(404);
    expect((await organisationReport(boxOffice)).statusCode).toBe(403);
    expect((await organisationReport(door)).statusCode).toBe(403);
    expect((await organisationReport(manager)).statusCode).toBe(200);
  });
});

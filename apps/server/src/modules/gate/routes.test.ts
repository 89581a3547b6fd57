import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  createOrganisation,
  createTicketPackage,
  createVenue,
  smallSeatMap,
  type Event,
  type Organisation,
  type TicketPackageRow,
} from '@marquee/db/factories';
import {
  auditLog,
  orders,
  ticketCodeReplacements,
  tickets,
  ticketScans,
  webhookDeliveries,
  webhookEndpoints,
} from '@marquee/db/schema';
import { ErrorBodySchema } from '@marquee/domain/errors';
import {
  CheckInListSchema,
  CheckInListsAnswerSchema,
  GateEventsAnswerSchema,
  GateLookupAnswerSchema,
  GatePackSchema,
  GateScansAnswerSchema,
  type GateScanResult,
} from '@marquee/domain/gate';
import { TicketsPublicKeySchema } from '@marquee/domain/tickets';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { buyTickets } from '../../test-support/buy-tickets';
import { consoleContentDigest } from '../../test-support/console-fixture';
import { insertCheckInList, signedQrOf } from '../../test-support/gate-tickets';
import { insertTestApiKey } from '../../test-support/integration-rows';
import { createOrganiserActor, type OrganiserTestActor } from '../../test-support/organiser-actor';
import { insertDeskTestOrder, type DeskTestOrder } from '../desk/desk-test-orders';

/**
 * The gate's routes (issue 22; decisions/043): lists and their counts when lists overlap, the offline pack (what
 * the door may see), scans decided once and replayed on resync, every refusal, the look-up, and who may do what.
 */
const STAFF_TOKEN = 'gate-routes-staff-token-0123456789';
const SEATS = ['A-1-1', 'A-1-2', 'A-1-3', 'A-1-4'];

let t: TestApp;
let organisation: Organisation;
let event: Event;
let other: Event;
let vip: TicketPackageRow;
let general: TicketPackageRow;
let otherPackage: TicketPackageRow;
let owner: OrganiserTestActor;
let manager: OrganiserTestActor;
let boxOffice: OrganiserTestActor;
let door: OrganiserTestActor;
let limitedDoor: OrganiserTestActor;
let devices = 0;
let scanIds = 0;

beforeAll(async () => {
  t = await buildTestApp({ tickets: { signingKey: null, linkKey: null, staffToken: STAFF_TOKEN } });
  organisation = await createOrganisation(t.db, { name: 'Gate Promotions' });
  const venue = await createVenue(t.db, { organisationId: organisation.id, seatMap: smallSeatMap(2, 5) });
  event = await createEvent(t.db, { organisationId: organisation.id, venueId: venue.id, name: 'Gate Night' });
  other = await createEvent(t.db, { organisationId: organisation.id, venueId: venue.id, name: 'Other Night' });
  vip = await createTicketPackage(t.db, { eventId: event.id, name: 'VIP', price: 500_000, seatingRange: SEATS });
  general = await createTicketPackage(t.db, {
    eventId: event.id,
    name: 'General',
    price: 100_000,
    capacity: 100,
    freeSeating: true,
  });
  otherPackage = await createTicketPackage(t.db, { eventId: other.id, capacity: 10, freeSeating: true });
  const actor = (role: 'owner' | 'manager' | 'box_office' | 'door') =>
    createOrganiserActor(t, { organisation, role, twoFactor: true });
  owner = await actor('owner');
  manager = await actor('manager');
  boxOffice = await actor('box_office');
  door = await actor('door');
  limitedDoor = await createOrganiserActor(t, { organisation, role: 'door', allEvents: false, eventIds: [other.id] });
});
afterAll(async () => {
  await t?.close();
});

const base = (eventUid = event.uid, slug = organisation.slug) =>
  `/api/organiser/${slug}/events/${eventUid}/check-in-lists`;

function send(actor: OrganiserTestActor, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: actor.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

const codeOf = (body: string) => ErrorBodySchema.parse(JSON.parse(body)).code;

interface ScanInput {
  qr?: string;
  ticket_code?: string;
  client_scan_id?: string;
  scanned_at?: string;
  offline?: boolean;
}

function nextScanId(): string {
  scanIds += 1;
  return `scan-${scanIds}`;
}

function nextDevice(): string {
  devices += 1;
  return `device-${devices}`;
}

async function scan(listId: number, scans: ScanInput[], options: { device?: string; actor?: OrganiserTestActor } = {}) {
  const answer = await send(options.actor ?? door, 'POST', `${base()}/${listId}/scans`, {
    device_id: options.device ?? nextDevice(),
    scans: scans.map((each) => ({
      client_scan_id: each.client_scan_id ?? nextScanId(),
      scanned_at: each.scanned_at ?? new Date().toISOString(),
      ...each,
    })),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return GateScansAnswerSchema.parse(answer.json()).results;
}

async function scanOne(listId: number, input: ScanInput, options: { device?: string } = {}): Promise<GateScanResult> {
  const [result] = await scan(listId, [input], options);
  if (!result) throw new Error('no result');
  return result;
}

/** A paid order of the event written straight into the tables, with its tickets' signed QR texts. */
async function paidOrder(
  pkg: TicketPackageRow,
  options: { firstName?: string; lastName?: string; quantity?: number; seats?: string[]; eventUid?: string } = {},
) {
  const order = await insertDeskTestOrder(t.db, {
    eventId: pkg.eventId,
    packageId: pkg.id,
    firstName: options.firstName ?? 'Nimal',
    lastName: options.lastName ?? 'Perera',
    ...(options.quantity === undefined ? {} : { quantity: options.quantity }),
    ...(options.seats === undefined ? {} : { seats: options.seats }),
  });
  const qrs = await Promise.all(
    order.ticketCodes.map((code, index) =>
      signedQrOf(t.db, {
        c: code,
        o: order.bookingId,
        e: options.eventUid ?? event.uid,
        s: options.seats?.[index] ?? null,
      }),
    ),
  );
  return { ...order, qrs };
}

async function scanCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(ticketScans);
  return row?.n ?? 0;
}

describe('GET /api/organiser/:org/gate/events', () => {
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;
  /** A zone where it is about noon now, so that "an hour ago" is today and "in a day" is not, whenever this runs. */
  function zoneAtNoon(): string {
    const offset = 12 - new Date().getUTCHours();
    return offset >= 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
  }

  it("lists the events a member may scan at: today's and upcoming first, soonest first, then past ones; no drafts", async () => {
    const ours = await createOrganisation(t.db, { name: 'Gate Events Promotions' });
    const theirs = await createOrganisation(t.db, { name: 'Other Gate Events' });
    const venue = await createVenue(t.db, { organisationId: ours.id, name: 'Noon Hall', timeZone: zoneAtNoon() });
    const theirVenue = await createVenue(t.db, { organisationId: theirs.id });
    const at = (ms: number, name: string, status: Event['status'] = 'ongoing') =>
      createEvent(t.db, {
        organisationId: ours.id,
        venueId: venue.id,
        name,
        status,
        startDate: new Date(Date.now() + ms),
      });
    const older = await at(-30 * DAY, 'Older', 'closed');
    const later = await at(10 * DAY, 'Later');
    const today = await at(-HOUR, 'Today');
    const recent = await at(-3 * DAY, 'Recent');
    const soon = await at(DAY, 'Soon', 'postponed');
    await at(2 * DAY, 'Draft', 'draft');
    await createEvent(t.db, { organisationId: theirs.id, venueId: theirVenue.id, name: 'Theirs' });
    const ourDoor = await createOrganiserActor(t, { organisation: ours, role: 'door' });
    const ourLimitedDoor = await createOrganiserActor(t, {
      organisation: ours,
      role: 'door',
      allEvents: false,
      eventIds: [soon.id],
    });
    const url = (slug = ours.slug) => `/api/organiser/${slug}/gate/events`;

    const answer = await send(ourDoor, 'GET', url());
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const listed = GateEventsAnswerSchema.parse(answer.json()).events;
    expect(listed.map((each) => each.name)).toEqual(['Today', 'Soon', 'Later', 'Recent', 'Older']);
    expect(listed.map((each) => each.uid)).toEqual([today.uid, soon.uid, later.uid, recent.uid, older.uid]);
    expect(listed[1]).toEqual({
      uid: soon.uid,
      name: 'Soon',
      starts_at: soon.startDate.toISOString(),
      time_zone: zoneAtNoon(),
      status: 'postponed',
      venue_name: 'Noon Hall',
    });

    // A door limited to chosen events sees only those.
    const limited = await send(ourLimitedDoor, 'GET', url());
    expect(limited.statusCode, limited.body).toBe(200);
    expect(GateEventsAnswerSchema.parse(limited.json()).events.map((each) => each.uid)).toEqual([soon.uid]);

    // Another organisation does not exist for our door (and theirs never shows in ours).
    const other = await send(ourDoor, 'GET', url(theirs.slug));
    expect(other.statusCode).toBe(404);
    expect(codeOf(other.body)).toBe('not_found');

    // An API key with checkin.scan lists the same; limited to an event, only that one; without the scope, 403.
    const ourOwner = await createOrganiserActor(t, { organisation: ours, role: 'owner', twoFactor: true });
    const byKey = async (scopes: string[], eventIds: number[] | null = null) => {
      const key = await insertTestApiKey(t.db, {
        organisationId: ours.id,
        createdBy: ourOwner.userId,
        scopes,
        eventIds,
      });
      return t.app.inject({ method: 'GET', url: url(), headers: { authorization: `Bearer ${key.secret}` } });
    };
    const keyed = await byKey(['checkin.scan']);
    expect(keyed.statusCode, keyed.body).toBe(200);
    expect(GateEventsAnswerSchema.parse(keyed.json()).events).toEqual(listed);
    const keyedToOne = await byKey(['checkin.scan'], [later.id]);
    expect(GateEventsAnswerSchema.parse(keyedToOne.json()).events.map((each) => each.uid)).toEqual([later.uid]);
    const unscoped = await byKey(['order.read']);
    expect(unscoped.statusCode).toBe(403);
    expect(codeOf(unscoped.body)).toBe('forbidden');
  });
});

describe('check-in lists', () => {
  it('are made, renamed and deleted by checkin.manage, with their audit rows; names are unique per event', async () => {
    const made = await send(manager, 'POST', base(), { name: ' Side gate ', package_ids: [general.id, general.id] });
    expect(made.statusCode, made.body).toBe(201);
    const list = CheckInListSchema.parse(made.json());
    expect(list).toMatchObject({
      name: 'Side gate',
      package_ids: [general.id],
      packages: [{ id: general.id, name: 'General' }],
    });

    const twice = await send(owner, 'POST', base(), { name: 'Side gate', package_ids: [vip.id] });
    expect(twice.statusCode).toBe(409);
    expect(codeOf(twice.body)).toBe('check_in_list_name_taken');

    const renamed = await send(manager, 'PATCH', `${base()}/${list.id}`, { name: 'North gate', package_ids: [vip.id] });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(CheckInListSchema.parse(renamed.json())).toMatchObject({ name: 'North gate', package_ids: [vip.id] });

    const removed = await send(manager, 'DELETE', `${base()}/${list.id}`);
    expect(removed.statusCode).toBe(204);
    const again = await send(manager, 'DELETE', `${base()}/${list.id}`);
    expect(again.statusCode).toBe(404);

    const audit = await t.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'check_in_list'), eq(auditLog.entityId, String(list.id))))
      .orderBy(auditLog.id);
    expect(audit.map((row) => row.action)).toEqual([
      'check_in_list.create',
      'check_in_list.update',
      'check_in_list.delete',
    ]);
    expect(audit[1]).toMatchObject({
      before: { name: 'Side gate', package_ids: [general.id] },
      after: { name: 'North gate', package_ids: [vip.id] },
    });
  });

  it('refuse bad input with a 422 and write nothing: no packages, another event’s package, a long name', async () => {
    const before = await consoleContentDigest(t.db);
    for (const body of [
      { name: 'Gate', package_ids: [] },
      { name: 'Gate', package_ids: [otherPackage.id] },
      { name: 'x'.repeat(61), package_ids: [vip.id] },
      { name: '   ', package_ids: [vip.id] },
      { name: 'Gate\u0000', package_ids: [vip.id] },
    ]) {
      const answer = await send(owner, 'POST', base(), body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await consoleContentDigest(t.db)).toEqual(before);
  });

  it("are another event's or organisation's list: 404 on every list route", async () => {
    const otherList = await insertCheckInList(t.db, { eventId: other.id, packageIds: [otherPackage.id] });
    for (const [method, suffix] of [
      ['PATCH', ''],
      ['DELETE', ''],
      ['GET', '/tickets'],
      ['GET', '/lookup?q=nimal'],
    ] as const) {
      const answer = await send(
        owner,
        method,
        `${base()}/${otherList}${suffix}`,
        method === 'PATCH' ? { name: 'X' } : undefined,
      );
      expect(answer.statusCode, `${method} ${suffix}`).toBe(404);
    }
    const scans = await send(door, 'POST', `${base()}/${otherList}/scans`, {
      device_id: 'd',
      scans: [{ client_scan_id: 's', scanned_at: new Date().toISOString(), ticket_code: 'T0' }],
    });
    expect(scans.statusCode).toBe(404);
  });
});

describe('who may use the gate', () => {
  it('door and box office scan and look up but do not manage lists; managers and owners do', async () => {
    const listId = await insertCheckInList(t.db, { eventId: event.id, packageIds: [general.id] });
    for (const actor of [door, boxOffice]) {
      expect((await send(actor, 'GET', base())).statusCode).toBe(200);
      expect((await send(actor, 'GET', `${base()}/${listId}/tickets`)).statusCode).toBe(200);
      expect((await send(actor, 'GET', `${base()}/${listId}/lookup?q=nimal`)).statusCode).toBe(200);
      const made = await send(actor, 'POST', base(), { name: `Not mine ${listId}`, package_ids: [general.id] });
      expect(made.statusCode).toBe(403);
      expect((await send(actor, 'PATCH', `${base()}/${listId}`, { name: 'Mine' })).statusCode).toBe(403);
      expect((await send(actor, 'DELETE', `${base()}/${listId}`)).statusCode).toBe(403);
    }
    expect((await send(manager, 'GET', base())).statusCode).toBe(200);
  });

  it("a door member limited to another event cannot use this event's gates (404), and can use their own", async () => {
    const listId = await insertCheckInList(t.db, { eventId: event.id, packageIds: [general.id] });
    const order = await paidOrder(general);
    const before = await consoleContentDigest(t.db);
    for (const [method, url, body] of [
      ['GET', base(), undefined],
      ['GET', `${base()}/${listId}/tickets`, undefined],
      ['GET', `${base()}/${listId}/lookup?q=nimal`, undefined],
      [
        'POST',
        `${base()}/${listId}/scans`,
        {
          device_id: 'limited',
          scans: [{ client_scan_id: 'x', scanned_at: new Date().toISOString(), qr: order.qrs[0] }],
        },
      ],
    ] as const) {
      const answer = await send(limitedDoor, method, url, body);
      expect(answer.statusCode, url).toBe(404);
      expect(codeOf(answer.body)).toBe('not_found');
    }
    expect(await consoleContentDigest(t.db)).toEqual(before);
    expect((await send(limitedDoor, 'GET', base(other.uid))).statusCode).toBe(200);
  });
});

describe('counts', () => {
  it('stay right when lists overlap: per list, and each ticket once for the event', async () => {
    const countEvent = await createEvent(t.db, { organisationId: organisation.id, name: 'Count Night' });
    const a = await createTicketPackage(t.db, { eventId: countEvent.id, name: 'A', capacity: 20, freeSeating: true });
    const b = await createTicketPackage(t.db, { eventId: countEvent.id, name: 'B', capacity: 20, freeSeating: true });
    const url = base(countEvent.uid);
    const made = async (name: string, packageIds: number[]) => {
      const answer = await send(owner, 'POST', url, { name, package_ids: packageIds });
      expect(answer.statusCode, answer.body).toBe(201);
      return CheckInListSchema.parse(answer.json()).id;
    };
    const gateA = await made('Gate A', [a.id]);
    const gateB = await made('Gate B', [b.id]);
    const both = await made('Both', [a.id, b.id]);
    const ofA = await insertDeskTestOrder(t.db, { eventId: countEvent.id, packageId: a.id, quantity: 2 });
    const ofB = await insertDeskTestOrder(t.db, { eventId: countEvent.id, packageId: b.id, quantity: 3 });
    // Not standing: a cancelled booking's ticket, and a pending (unpaid) order's (none issued).
    const cancelled = await insertDeskTestOrder(t.db, { eventId: countEvent.id, packageId: b.id });
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.id));
    await insertDeskTestOrder(t.db, { eventId: countEvent.id, packageId: a.id, status: 'pending' });

    const scanAt = async (listId: number, code: string) => {
      const answer = await send(door, 'POST', `${url}/${listId}/scans`, {
        device_id: 'count-device',
        scans: [{ client_scan_id: `count-${code}`, scanned_at: new Date().toISOString(), ticket_code: code }],
      });
      return GateScansAnswerSchema.parse(answer.json()).results[0];
    };
    expect((await scanAt(gateA, ofA.ticketCodes[0]!))?.result).toBe('admitted');
    expect((await scanAt(both, ofB.ticketCodes[0]!))?.result).toBe('admitted');
    // Admitted at "Both": refused at Gate B, and counted once.
    expect((await scanAt(gateB, ofB.ticketCodes[0]!))?.reason).toBe('already_used');

    const answer = await send(door, 'GET', url);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const lists = CheckInListsAnswerSchema.parse(answer.json());
    const byName = Object.fromEntries(
      lists.lists.map((list) => [list.name, { checked_in: list.checked_in, total: list.total }]),
    );
    expect(byName).toEqual({
      'Gate A': { checked_in: 1, total: 2 },
      'Gate B': { checked_in: 1, total: 3 },
      Both: { checked_in: 2, total: 5 },
    });
    expect(lists.totals).toEqual({ checked_in: 2, total: 5 });
    expect(lists.event).toMatchObject({ uid: countEvent.uid, name: 'Count Night' });
  });
});

describe('the offline pack', () => {
  it("holds every ticket of the list's packages with its state, the public key, and nothing the door may not see", async () => {
    const packEvent = await createEvent(t.db, {
      organisationId: organisation.id,
      venueId: (await createVenue(t.db, { organisationId: organisation.id, seatMap: smallSeatMap(1, 4) })).id,
    });
    const seated = await createTicketPackage(t.db, {
      eventId: packEvent.id,
      name: 'Seated',
      seatingRange: ['A-1-1', 'A-1-2'],
    });
    const standing = await createTicketPackage(t.db, {
      eventId: packEvent.id,
      name: 'Standing',
      capacity: 9,
      freeSeating: true,
    });
    const listId = await insertCheckInList(t.db, {
      eventId: packEvent.id,
      packageIds: [seated.id],
      name: 'Seats gate',
    });
    const zara = await insertDeskTestOrder(t.db, {
      eventId: packEvent.id,
      packageId: seated.id,
      firstName: 'Zara',
      lastName: 'Silva',
      seats: ['A-1-1'],
    });
    const amal = await insertDeskTestOrder(t.db, {
      eventId: packEvent.id,
      packageId: seated.id,
      firstName: 'Amal',
      lastName: 'Fernando',
      seats: ['A-1-2'],
    });
    await insertDeskTestOrder(t.db, {
      eventId: packEvent.id,
      packageId: standing.id,
      firstName: 'Not',
      lastName: 'Listed',
    });
    const admitted = await send(door, 'POST', `${base(packEvent.uid)}/${listId}/scans`, {
      device_id: 'pack-device',
      scans: [{ client_scan_id: 'p1', scanned_at: new Date().toISOString(), ticket_code: zara.ticketCodes[0] }],
    });
    expect(GateScansAnswerSchema.parse(admitted.json()).results[0]?.result).toBe('admitted');

    const answer = await send(door, 'GET', `${base(packEvent.uid)}/${listId}/tickets`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const pack = GatePackSchema.parse(answer.json());
    const key = TicketsPublicKeySchema.parse((await t.app.inject({ url: '/api/tickets/public-key' })).json());
    expect(pack.public_key).toBe(key.jwk.x);
    expect(Buffer.from(pack.public_key, 'base64url')).toHaveLength(32);
    expect(pack.key_id).toBe(key.key_id);
    expect(pack.list).toEqual({ id: listId, name: 'Seats gate', package_ids: [seated.id] });
    expect(pack.tickets).toEqual([
      {
        code: amal.ticketCodes[0],
        booking_id: amal.bookingId,
        holder_name: 'Amal Fernando',
        package_name: 'General',
        seat: 'Section A · Row 1 · Seat 2',
        state: 'valid',
        used_at: null,
        used_list_name: null,
      },
      {
        code: zara.ticketCodes[0],
        booking_id: zara.bookingId,
        holder_name: 'Zara Silva',
        package_name: 'General',
        seat: 'Section A · Row 1 · Seat 1',
        state: 'used',
        used_at: expect.any(String),
        used_list_name: 'Seats gate',
      },
    ]);
    // The door sees no contact details and no prices, whatever the keys are called.
    expect(answer.body).not.toMatch(/nimal@example\.com|0771234567|199012345678|price|email|phone|nic/i);
  });
});

describe('scans', () => {
  let listId: number;
  beforeAll(async () => {
    listId = await insertCheckInList(t.db, { eventId: event.id, packageIds: [general.id, vip.id], name: 'Main gate' });
  });

  it('admit once; a resync of the same scan gets the same answer and writes nothing; another device is refused', async () => {
    const order = await paidOrder(general, { firstName: 'Kamala', lastName: 'Dias' });
    const device = nextDevice();
    const first = await scanOne(listId, { qr: order.qrs[0], client_scan_id: 'resync-1' }, { device });
    expect(first).toMatchObject({
      client_scan_id: 'resync-1',
      result: 'admitted',
      reason: null,
      ticket: {
        code: order.ticketCodes[0],
        booking_id: order.bookingId,
        holder_name: 'Kamala Dias',
        package_name: 'General',
        seat: null,
      },
      first_list_name: 'Main gate',
    });
    expect(first.message).toContain('Kamala Dias');

    const rows = await scanCount();
    const again = await scanOne(listId, { qr: order.qrs[0], client_scan_id: 'resync-1', offline: true }, { device });
    expect(again).toEqual(first);
    expect(await scanCount()).toBe(rows);

    const elsewhere = await scanOne(listId, { qr: order.qrs[0] });
    expect(elsewhere).toMatchObject({
      result: 'refused',
      reason: 'already_used',
      first_scanned_at: first.first_scanned_at,
      first_list_name: 'Main gate',
    });
    expect(elsewhere.message).toMatch(/^Already scanned at \d{1,2}:\d{2} [AP]M at Main gate\.$/);
  });

  it('the same scan twice in one request is one scan', async () => {
    const order = await paidOrder(general);
    const results = await scan(listId, [
      { qr: order.qrs[0], client_scan_id: 'twice' },
      { qr: order.qrs[0], client_scan_id: 'twice' },
    ]);
    expect(results[0]?.result).toBe('admitted');
    expect(results[1]).toEqual(results[0]);
  });

  it('refuses a package the list does not admit, and records the scan', async () => {
    const vipOnly = await insertCheckInList(t.db, { eventId: event.id, packageIds: [vip.id], name: 'VIP gate' });
    const order = await paidOrder(general);
    const result = await scanOne(vipOnly, { qr: order.qrs[0], offline: true });
    expect(result).toMatchObject({ result: 'refused', reason: 'not_on_list', ticket: { code: order.ticketCodes[0] } });
    expect(result.message).toContain('VIP gate');
    const [row] = await t.db.select().from(ticketScans).where(eq(ticketScans.clientScanId, result.client_scan_id));
    expect(row).toMatchObject({ result: 'refused', reason: 'not_on_list', offline: true, checkInListId: vipOnly });
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.code, order.ticketCodes[0]!));
    expect(ticket?.usedAt).toBeNull();
  });

  it('refuses a forged code, another event’s ticket, an unknown ticket and a booking no longer valid', async () => {
    const order = await paidOrder(general);
    const qr = order.qrs[0]!;
    const forged = `${qr.slice(0, -2)}${qr.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await scanOne(listId, { qr: forged })).reason).toBe('bad_signature');
    expect((await scanOne(listId, { qr: 'https://example.com/not-a-ticket' })).reason).toBe('bad_signature');

    const ofOther = await paidOrder(otherPackage, { eventUid: other.uid });
    expect(await scanOne(listId, { qr: ofOther.qrs[0] })).toMatchObject({ reason: 'other_event', ticket: null });

    const unknown = await signedQrOf(t.db, {
      c: 'T0000000000000000'.slice(0, 16),
      o: order.bookingId,
      e: event.uid,
      s: null,
    });
    expect((await scanOne(listId, { qr: unknown })).reason).toBe('unknown_ticket');
    expect((await scanOne(listId, { ticket_code: 'TNOSUCHTICKET000' })).reason).toBe('unknown_ticket');

    const cancelled = await paidOrder(general);
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.id));
    expect((await scanOne(listId, { qr: cancelled.qrs[0] })).reason).toBe('booking_not_valid');
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.code, cancelled.ticketCodes[0]!));
    expect(ticket?.usedAt).toBeNull();
  });

  it('refuses a ticket voided by a refund as voided, and still admits the booking’s other ticket', async () => {
    const bought = await buyTickets(t, {
      event_id: event.id,
      ticket_package_details: [{ package_id: general.id, ticket_count: 2 }],
    });
    const [orderRow] = await t.db.select().from(orders).where(eq(orders.orderId, bought.order_id));
    const rows = await t.db.select().from(tickets).where(eq(tickets.orderId, orderRow!.id)).orderBy(tickets.id);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/organiser/${organisation.slug}/orders/${bought.order_id}/refunds`,
      payload: JSON.stringify({ ticket_ids: [rows[0]!.id], amount: 100_000, reason: 'Cannot come' }),
      headers: {
        'content-type': 'application/json',
        cookie: owner.cookie,
        'idempotency-key': `gate-refund-${Date.now()}`,
      },
    });
    expect(refund.statusCode, refund.body).toBeLessThan(300);
    const qr = (row: (typeof rows)[number]) =>
      signedQrOf(t.db, { c: row.code, o: bought.order_id, e: event.uid, s: null });

    const voided = await scanOne(listId, { qr: await qr(rows[0]!), offline: true });
    expect(voided).toMatchObject({ result: 'refused', reason: 'voided', ticket: { code: rows[0]!.code } });
    expect((await scanOne(listId, { qr: await qr(rows[1]!) })).result).toBe('admitted');

    const pack = GatePackSchema.parse((await send(door, 'GET', `${base()}/${listId}/tickets`)).json());
    expect(pack.tickets.find((each) => each.code === rows[0]!.code)?.state).toBe('voided');
  });

  it('admits by a ticket code from the look-up, and a ticket checked in by the staff token is already used', async () => {
    const order = await paidOrder(general, { quantity: 2 });
    expect((await scanOne(listId, { ticket_code: order.ticketCodes[0]!.toLowerCase() })).result).toBe('admitted');
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/check-in',
      payload: JSON.stringify({ code: order.qrs[1], event_uid: event.uid }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${STAFF_TOKEN}` },
    });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(await scanOne(listId, { qr: order.qrs[1] })).toMatchObject({
      reason: 'already_used',
      first_list_name: null,
      first_scanned_at: expect.any(String),
    });
    // And the staff token refuses what a gate admitted.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/check-in',
      payload: JSON.stringify({ code: order.qrs[0] }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${STAFF_TOKEN}` },
    });
    expect(refused.statusCode).toBe(409);
  });

  it('a name correction: the door sees the new name, and the old code is refused as re-issued', async () => {
    const order = await paidOrder(general, { firstName: 'Old', lastName: 'Name' });
    const [row] = await t.db.select().from(tickets).where(eq(tickets.code, order.ticketCodes[0]!));
    const newCode = 'TNEWC0DE00000000'.replace('O', '0');
    await t.db
      .update(tickets)
      .set({ code: newCode, holderFirstName: 'New', holderLastName: 'Holder' })
      .where(eq(tickets.id, row!.id));
    await t.db.insert(ticketCodeReplacements).values({
      ticketId: row!.id,
      orderId: order.id,
      eventId: event.id,
      oldCode: order.ticketCodes[0]!,
      newCode,
    });
    const old = await scanOne(listId, { qr: order.qrs[0] });
    expect(old).toMatchObject({ result: 'refused', reason: 'unknown_ticket' });
    expect(old.message).toContain('re-issued');
    const found = GateLookupAnswerSchema.parse(
      (await send(door, 'GET', `${base()}/${listId}/lookup?q=new%20hol`)).json(),
    );
    expect(found.tickets.map((each) => [each.code, each.holder_name])).toEqual([[newCode, 'New Holder']]);
    const fresh = await signedQrOf(t.db, { c: newCode, o: order.bookingId, e: event.uid, s: null });
    expect(await scanOne(listId, { qr: fresh })).toMatchObject({
      result: 'admitted',
      ticket: { holder_name: 'New Holder' },
    });
  });

  it("announces an admission to the organisation's webhooks once, however often it is scanned", async () => {
    await t.db.insert(webhookEndpoints).values({
      organisationId: organisation.id,
      url: 'https://hooks.example.com/marquee',
      secret: 'whsec_gate_test',
      events: ['ticket.checked_in'],
    });
    const order = await paidOrder(general);
    const device = nextDevice();
    const first = await scanOne(listId, { qr: order.qrs[0], client_scan_id: 'hook-1' }, { device });
    expect(first.result).toBe('admitted');
    await scanOne(listId, { qr: order.qrs[0], client_scan_id: 'hook-1' }, { device });
    expect(await scanOne(listId, { qr: order.qrs[0] })).toMatchObject({ result: 'refused', reason: 'already_used' });
    // A seated ticket, admitted by its code typed in: its seat is in the payload.
    const seated = await paidOrder(vip, { seats: ['A-1-4'] });
    const typed = await scanOne(listId, { ticket_code: seated.ticketCodes[0] });
    expect(typed.result).toBe('admitted');
    const deliveries = await t.db
      .select({ payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventType, 'ticket.checked_in'));
    const payloadsOf = (code: string) =>
      deliveries.map((each) => each.payload).filter((payload) => JSON.stringify(payload).includes(code));
    const mine = payloadsOf(order.ticketCodes[0]!);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      type: 'ticket.checked_in',
      data: {
        ticket_code: order.ticketCodes[0],
        booking_id: order.bookingId,
        event_uid: event.uid,
        seat_id: null,
        scanned_at: first.first_scanned_at,
      },
    });
    expect(payloadsOf(seated.ticketCodes[0]!)).toEqual([
      expect.objectContaining({
        data: {
          ticket_code: seated.ticketCodes[0],
          booking_id: seated.bookingId,
          event_uid: event.uid,
          seat_id: 'A-1-4',
          scanned_at: typed.first_scanned_at,
        },
      }),
    ]);
  });

  it('refuses a batch with a scan in the future, without both qr and ticket_code, or of 501 scans: 422, nothing written', async () => {
    const order = await paidOrder(general);
    const before = await consoleContentDigest(t.db);
    const now = new Date().toISOString();
    for (const scans of [
      [{ client_scan_id: 'f', scanned_at: new Date(Date.now() + 10 * 60_000).toISOString(), qr: order.qrs[0] }],
      [{ client_scan_id: 'n', scanned_at: now }],
      [{ client_scan_id: 'b', scanned_at: now, qr: order.qrs[0], ticket_code: order.ticketCodes[0] }],
      Array.from({ length: 501 }, (_, i) => ({ client_scan_id: `m${i}`, scanned_at: now, ticket_code: 'T1' })),
      [],
    ]) {
      const answer = await send(door, 'POST', `${base()}/${listId}/scans`, { device_id: 'bad', scans });
      expect(answer.statusCode, answer.body.slice(0, 200)).toBe(422);
    }
    expect(await consoleContentDigest(t.db)).toEqual(before);
  });
});

describe('the look-up', () => {
  it("finds the list's tickets by part of the name or by Booking ID, in any case, at most 20", async () => {
    const lookupEvent = await createEvent(t.db, { organisationId: organisation.id });
    const pkg = await createTicketPackage(t.db, {
      eventId: lookupEvent.id,
      name: 'Entry',
      capacity: 50,
      freeSeating: true,
    });
    const hidden = await createTicketPackage(t.db, {
      eventId: lookupEvent.id,
      name: 'Hidden',
      capacity: 5,
      freeSeating: true,
    });
    const listId = await insertCheckInList(t.db, { eventId: lookupEvent.id, packageIds: [pkg.id] });
    const ruwan: DeskTestOrder = await insertDeskTestOrder(t.db, {
      eventId: lookupEvent.id,
      packageId: pkg.id,
      firstName: 'Ruwan',
      lastName: 'De_Silva%',
    });
    await insertDeskTestOrder(t.db, {
      eventId: lookupEvent.id,
      packageId: hidden.id,
      firstName: 'Ruwan',
      lastName: 'Hidden',
    });
    await insertDeskTestOrder(t.db, {
      eventId: lookupEvent.id,
      packageId: pkg.id,
      firstName: 'Many',
      lastName: 'Guests',
      quantity: 25,
    });
    const lookup = async (q: string) => {
      const answer = await send(door, 'GET', `${base(lookupEvent.uid)}/${listId}/lookup?q=${encodeURIComponent(q)}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return GateLookupAnswerSchema.parse(answer.json()).tickets;
    };
    expect((await lookup('ruwan')).map((each) => each.holder_name)).toEqual(['Ruwan De_Silva%']);
    expect(await lookup('_silva%')).toHaveLength(1);
    expect(await lookup('a%')).toHaveLength(1);
    expect((await lookup(ruwan.bookingId.toLowerCase())).map((each) => each.code)).toEqual(ruwan.ticketCodes);
    expect(await lookup('guests')).toHaveLength(20);
    expect(await lookup('nobody here')).toEqual([]);
    expect((await send(door, 'GET', `${base(lookupEvent.uid)}/${listId}/lookup?q=r`)).statusCode).toBe(422);
    expect((await send(door, 'GET', `${base(lookupEvent.uid)}/${listId}/lookup`)).statusCode).toBe(422);
  });
});

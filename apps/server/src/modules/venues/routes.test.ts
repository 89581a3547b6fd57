import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLog, events, platformOperators, ticketPackages, venues } from '@marquee/db/schema';
import {
  createEvent,
  createOrganisation,
  createTicketPackage,
  createVenue,
  smallSeatMap,
  type Organisation,
  type Venue,
} from '@marquee/db/factories';
import { GenericLayoutSpecSchema, buildGenericSeatMap, type GenericLayoutSpecInput } from '@marquee/domain/authoring';
import { VenueAnswerSchema, VenueListAnswerSchema, type VenueAnswer } from '@marquee/domain/console';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { LotusSeatMapSchema, SeatMapSchema } from '@marquee/domain/seat-map';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { createOrganiserActor, type OrganiserTestActor } from '../../test-support/organiser-actor';
import { FIELD_MESSAGES } from '@marquee/domain/authoring';

const UNSTORABLE_TEXT_MESSAGE = FIELD_MESSAGES.unstorableText;

/**
 * The console's venues (issue 21): every route's success, its refusals with their codes, and the attacks
 * the tenant walls must stop (another organisation's ids, roles without the permission, a member limited to
 * chosen events), each refusal writing nothing.
 */
let t: TestApp;
let ours: Organisation;
let theirs: Organisation;
let owner: OrganiserTestActor;
let manager: OrganiserTestActor;
let boxOffice: OrganiserTestActor;
let door: OrganiserTestActor;
let stranger: OrganiserTestActor;
/** A venue of the other organisation, with a map: what every attack aims at. */
let theirVenue: Venue;

beforeAll(async () => {
  t = await buildTestApp();
  ours = await createOrganisation(t.db, { name: 'Lotus Hall Productions' });
  theirs = await createOrganisation(t.db, { name: 'Another Promoter' });
  owner = await createOrganiserActor(t, { organisation: ours, role: 'owner', twoFactor: true });
  manager = await createOrganiserActor(t, { organisation: ours, role: 'manager', twoFactor: true });
  boxOffice = await createOrganiserActor(t, { organisation: ours, role: 'box_office' });
  door = await createOrganiserActor(t, { organisation: ours, role: 'door' });
  stranger = await createOrganiserActor(t, { organisation: theirs, role: 'owner', twoFactor: true });
  theirVenue = await createVenue(t.db, { organisationId: theirs.id, name: 'Their Hall', seatMap: smallSeatMap() });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
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
const base = (organisation: Organisation = ours) => `/api/organiser/${organisation.slug}/venues`;
const codeOf = (body: unknown) => ErrorBodySchema.parse(body).code;
const errorsOf = (body: unknown) => ErrorBodySchema.parse(body).errors ?? {};

const FIELDS = {
  name: 'Nelum Pokuna',
  address: '110 Ananda Coomaraswamy Mawatha',
  city: 'Colombo',
  country: 'LK',
  time_zone: 'Asia/Colombo',
};

/** A layout of two sections: A (2 rows of 5) and B (1 row of 4); seat ids `A-A-1` … `B-A-4`. */
const TWO_SECTIONS: GenericLayoutSpecInput = {
  stage_label: 'Stage',
  sections: [
    { id: 'A', name: 'Stalls', rows: [{ seats: 5 }, { seats: 5 }] },
    { id: 'B', name: 'Balcony', rows: [{ seats: 4 }] },
  ],
};
const ONLY_A: GenericLayoutSpecInput = { sections: [{ id: 'A', name: 'Stalls', rows: [{ seats: 5 }, { seats: 5 }] }] };

const LOTUS = LotusSeatMapSchema.parse({
  type: 'lotus',
  width: 400,
  height: 400,
  center: { x: 200, y: 200 },
  stage: { radius: 40, label: 'Stage' },
  sections: [
    {
      id: 'N',
      name: 'North',
      rows: [{ label: 'A', count: 12, firstNumber: 1, radius: 90, startAngle: 200, endAngle: 340 }],
    },
  ],
});

async function newVenue(overrides: Partial<typeof venues.$inferInsert> = {}): Promise<Venue> {
  return createVenue(t.db, { organisationId: ours.id, ...overrides });
}

/** A venue's row as stored (compared before and after a refusal). */
async function venueRow(id: number) {
  const [row] = await t.db.select().from(venues).where(eq(venues.id, id));
  return row;
}

async function packageRows(eventId: number) {
  return t.db
    .select({ id: ticketPackages.id, seatingRange: ticketPackages.seatingRange, capacity: ticketPackages.capacity })
    .from(ticketPackages)
    .where(eq(ticketPackages.eventId, eventId))
    .orderBy(asc(ticketPackages.id));
}

/** Every audit row about this venue. */
async function auditOf(venueId: number) {
  return t.db
    .select({
      organisationId: auditLog.organisationId,
      action: auditLog.action,
      actorEmail: auditLog.actorEmail,
      actorRole: auditLog.actorRole,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'venue'), eq(auditLog.entityId, String(venueId))))
    .orderBy(asc(auditLog.id));
}

async function auditCount(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(auditLog);
  return row?.n ?? 0;
}

async function venueCount(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(venues);
  return row?.n ?? 0;
}

function answerOf(body: unknown): VenueAnswer {
  return VenueAnswerSchema.parse(body);
}

describe('GET /api/organiser/:org/venues', () => {
  it("lists the organisation's venues only, with their layout, lock and events, never cached", async () => {
    const plain = await newVenue({ name: 'Aaa Plain Hall' });
    const seated = await newVenue({ name: 'Aab Seated Hall', seatMap: smallSeatMap() });
    await createEvent(t.db, { venueId: seated.id, status: 'draft' });
    await createEvent(t.db, { venueId: seated.id, status: 'ongoing' });

    const answer = await call('GET', base(), owner);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const listed = VenueListAnswerSchema.parse(answer.json()).venues;
    expect(listed.some((venue) => venue.id === theirVenue.id)).toBe(false);
    expect(listed.find((venue) => venue.id === plain.id)).toEqual({
      id: plain.id,
      name: 'Aaa Plain Hall',
      address: plain.address,
      city: 'Colombo',
      country: 'LK',
      time_zone: 'Asia/Colombo',
      layout: { kind: 'none' },
      layout_locked: false,
      event_count: 0,
    });
    expect(listed.find((venue) => venue.id === seated.id)).toMatchObject({
      // smallSeatMap has no layout spec: a special layout, as far as the console is concerned.
      layout: { kind: 'special', type: 'generic', seat_count: 20 },
      layout_locked: true,
      event_count: 2,
    });
    // By name.
    expect(listed.findIndex((venue) => venue.id === plain.id)).toBeLessThan(
      listed.findIndex((venue) => venue.id === seated.id),
    );
  });
});

describe('POST /api/organiser/:org/venues', () => {
  it('adds a venue without a layout, and its audit row', async () => {
    const answer = await call('POST', base(), manager, FIELDS);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.headers['cache-control']).toBe('no-store');
    const venue = answerOf(answer.json());
    expect(venue).toEqual({ id: venue.id, ...FIELDS, layout: { kind: 'none' }, layout_locked: false, event_count: 0 });
    expect(await venueRow(venue.id)).toMatchObject({ organisationId: ours.id, seatMap: null, layoutSpec: null });
    expect(await auditOf(venue.id)).toEqual([
      {
        organisationId: ours.id,
        action: 'venue.create',
        actorEmail: manager.email,
        actorRole: 'manager',
        before: null,
        after: { ...FIELDS, layout: 'none' },
      },
    ]);
  });

  it('trims the fields and defaults the address', async () => {
    const answer = await call('POST', base(), owner, {
      name: '  Trimmed Hall ',
      city: ' Kandy ',
      country: 'LK',
      time_zone: ' Asia/Colombo ',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answerOf(answer.json())).toMatchObject({
      name: 'Trimmed Hall',
      city: 'Kandy',
      address: '',
      time_zone: 'Asia/Colombo',
    });
  });

  it('refuses a name and city the organisation already has (409 conflict), writing nothing; another organisation may have it', async () => {
    const fields = { ...FIELDS, name: 'Twice Hall' };
    expect((await call('POST', base(), owner, fields)).statusCode).toBe(201);
    const [venues0, audits0] = [await venueCount(), await auditCount()];
    const again = await call('POST', base(), owner, fields);
    expect(again.statusCode, again.body).toBe(409);
    expect(codeOf(again.json())).toBe('conflict');
    expect([await venueCount(), await auditCount()]).toEqual([venues0, audits0]);
    // The same name in another city, or in another organisation, is another venue.
    expect((await call('POST', base(), owner, { ...fields, city: 'Galle' })).statusCode).toBe(201);
    expect((await call('POST', base(theirs), stranger, fields)).statusCode).toBe(201);
  });

  it('refuses bad fields with 422 and a message per field, writing nothing', async () => {
    const [venues0, audits0] = [await venueCount(), await auditCount()];
    const cases: [unknown, Record<string, string[]>][] = [
      [{ ...FIELDS, time_zone: 'Mars/Olympus' }, { time_zone: ['must be an IANA time zone such as Asia/Colombo'] }],
      [{ ...FIELDS, country: 'IN' }, { country: ['must be one of LK, SG, AU'] }],
      [{ ...FIELDS, name: '   ' }, { name: ['must not be empty'] }],
      [{ ...FIELDS, name: '' }, { name: ['must not be empty'] }],
      // What PostgreSQL text cannot hold is refused, never a 500.
      [
        { ...FIELDS, name: 'a\u0000b', address: '\uD800' },
        { name: [UNSTORABLE_TEXT_MESSAGE], address: [UNSTORABLE_TEXT_MESSAGE] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const answer = await call('POST', base(), owner, payload);
      expect(answer.statusCode, answer.body).toBe(422);
      expect(codeOf(answer.json())).toBe('validation_failed');
      expect(errorsOf(answer.json())).toEqual(errors);
    }
    const unknownField = await call('POST', base(), owner, { ...FIELDS, organisation_id: theirs.id });
    expect(unknownField.statusCode).toBe(422);
    expect([await venueCount(), await auditCount()]).toEqual([venues0, audits0]);
  });
});

describe('GET /api/organiser/:org/venues/:venueId', () => {
  it('answers a venue of the organisation', async () => {
    const venue = await newVenue({ name: 'One Hall', city: 'Singapore', country: 'SG', timeZone: 'Asia/Singapore' });
    const answer = await call('GET', `${base()}/${venue.id}`, boxOffice);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answerOf(answer.json())).toMatchObject({
      id: venue.id,
      name: 'One Hall',
      country: 'SG',
      time_zone: 'Asia/Singapore',
    });
  });

  it('answers 404 for a venue that does not exist, and 422 for what is not an id', async () => {
    for (const id of ['999999', '2147483647']) {
      const answer = await call('GET', `${base()}/${id}`, owner);
      expect(answer.statusCode, id).toBe(404);
      expect(codeOf(answer.json())).toBe('not_found');
    }
    // Past PostgreSQL's integer is not an id either.
    for (const id of ['abc', '0', '-1', '1.5', '2147483648', '99999999999']) {
      expect((await call('GET', `${base()}/${id}`, owner)).statusCode, id).toBe(422);
    }
  });
});

describe('PATCH /api/organiser/:org/venues/:venueId', () => {
  it('changes the fields given, and audits only what changed', async () => {
    const venue = await newVenue({ name: 'Old Name Hall' });
    const answer = await call('PATCH', `${base()}/${venue.id}`, owner, {
      name: 'New Name Hall',
      city: venue.city,
      address: ' ',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answerOf(answer.json())).toMatchObject({ name: 'New Name Hall', city: venue.city, address: '' });
    expect(await auditOf(venue.id)).toEqual([
      expect.objectContaining({
        action: 'venue.update',
        before: { name: 'Old Name Hall', address: venue.address },
        after: { name: 'New Name Hall', address: '' },
      }),
    ]);
    // Nothing changes: no audit row.
    expect((await call('PATCH', `${base()}/${venue.id}`, owner, { name: 'New Name Hall' })).statusCode).toBe(200);
    expect(await auditOf(venue.id)).toHaveLength(1);
  });

  it('moves a venue without events to another country and zone', async () => {
    const venue = await newVenue();
    const answer = await call('PATCH', `${base()}/${venue.id}`, manager, {
      country: 'AU',
      time_zone: 'Australia/Sydney',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answerOf(answer.json())).toMatchObject({ country: 'AU', time_zone: 'Australia/Sydney' });
  });

  it('refuses to change the country or time zone of a venue with events (409 conflict), writing nothing', async () => {
    const venue = await newVenue();
    await createEvent(t.db, { venueId: venue.id, status: 'draft' });
    const before = await venueRow(venue.id);
    const audits0 = await auditCount();
    for (const patch of [{ country: 'SG' }, { time_zone: 'Asia/Kolkata' }, { name: 'Renamed', time_zone: 'UTC' }]) {
      const answer = await call('PATCH', `${base()}/${venue.id}`, owner, patch);
      expect(answer.statusCode, answer.body).toBe(409);
      expect(codeOf(answer.json())).toBe('conflict');
      expect(ErrorBodySchema.parse(answer.json()).message).toMatch(/currency and times/);
    }
    expect(await venueRow(venue.id)).toEqual(before);
    expect(await auditCount()).toBe(audits0);
    // The same country and zone, or its other fields, still change.
    const same = await call('PATCH', `${base()}/${venue.id}`, owner, {
      country: 'LK',
      time_zone: 'Asia/Colombo',
      name: 'Renamed Hall',
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  it("refuses another venue's name and city (409 conflict) and bad fields (422)", async () => {
    const first = await newVenue({ name: 'Taken Hall', city: 'Colombo' });
    const second = await newVenue({ name: 'Free Hall', city: 'Colombo' });
    const before = await venueRow(second.id);
    const answer = await call('PATCH', `${base()}/${second.id}`, owner, { name: first.name });
    expect(answer.statusCode, answer.body).toBe(409);
    expect(codeOf(answer.json())).toBe('conflict');
    for (const patch of [
      { time_zone: 'Mars/Olympus' },
      { country: 'US' },
      { name: '' },
      { seat_map: null },
      { city: 'x\u0000' },
    ]) {
      const refused = await call('PATCH', `${base()}/${second.id}`, owner, patch);
      expect(refused.statusCode, JSON.stringify(patch)).toBe(422);
    }
    expect(await venueRow(second.id)).toEqual(before);
    expect(await auditOf(second.id)).toEqual([]);
  });
});

describe('PUT /api/organiser/:org/venues/:venueId/layout', () => {
  const layoutUrl = (venueId: number) => `${base()}/${venueId}/layout`;

  it('builds a generic layout from its spec, serves its seat map, and audits the kind and size', async () => {
    const venue = await newVenue();
    const answer = await call('PUT', layoutUrl(venue.id), owner, { kind: 'generic', spec: TWO_SECTIONS });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const spec = GenericLayoutSpecSchema.parse(TWO_SECTIONS);
    expect(answerOf(answer.json()).layout).toEqual({ kind: 'generic', spec, seat_count: 14 });
    const stored = await venueRow(venue.id);
    expect(stored?.layoutSpec).toEqual(spec);
    expect(stored?.seatMap).toEqual(buildGenericSeatMap(spec));

    const map = await call('GET', `${base()}/${venue.id}/seat-map`, boxOffice);
    expect(map.statusCode, map.body).toBe(200);
    expect(map.headers['cache-control']).toBe('no-store');
    expect(SeatMapSchema.parse(map.json())).toEqual(buildGenericSeatMap(spec));

    expect(await auditOf(venue.id)).toEqual([
      expect.objectContaining({
        action: 'venue.layout',
        before: { layout: 'none', seat_count: 0 },
        after: { layout: 'generic', seat_count: 14 },
      }),
    ]);
  });

  it('serves the map exactly as the buyer side does', async () => {
    const venue = await newVenue({ seatMap: smallSeatMap() });
    const event = await createEvent(t.db, { venueId: venue.id });
    const buyer = await t.app.inject({ method: 'GET', url: `/api/events/${event.uid}/seat-map` });
    expect(buyer.statusCode, buyer.body).toBe(200);
    const fromConsole = await call('GET', `${base()}/${venue.id}/seat-map`, owner);
    expect(fromConsole.statusCode, fromConsole.body).toBe(200);
    expect(fromConsole.json()).toEqual(z.object({ seat_map: z.unknown() }).parse(buyer.json()).seat_map);
  });

  it('clears the layout with kind none (and the seat map is then a 404)', async () => {
    const venue = await newVenue();
    expect((await call('PUT', layoutUrl(venue.id), owner, { kind: 'generic', spec: ONLY_A })).statusCode).toBe(200);
    const answer = await call('PUT', layoutUrl(venue.id), owner, { kind: 'none' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answerOf(answer.json()).layout).toEqual({ kind: 'none' });
    expect(await venueRow(venue.id)).toMatchObject({ seatMap: null, layoutSpec: null });
    const map = await call('GET', `${base()}/${venue.id}/seat-map`, owner);
    expect(map.statusCode).toBe(404);
    expect(codeOf(map.json())).toBe('not_found');
    expect((await auditOf(venue.id)).at(-1)).toMatchObject({
      action: 'venue.layout',
      before: { layout: 'generic', seat_count: 10 },
      after: { layout: 'none', seat_count: 0 },
    });
  });

  it('refuses a spec with two sections of one id (422), writing nothing', async () => {
    const venue = await newVenue();
    const spec = {
      sections: [
        { id: 'A', name: 'Left', rows: [{ seats: 4 }] },
        { id: 'a', name: 'Right', rows: [{ seats: 4 }] },
      ],
    };
    const answer = await call('PUT', layoutUrl(venue.id), owner, { kind: 'generic', spec });
    expect(answer.statusCode, answer.body).toBe(422);
    expect(codeOf(answer.json())).toBe('validation_failed');
    expect(errorsOf(answer.json())).toEqual({ 'spec.sections.1.id': ['is already the id of section 1 ("Left")'] });
    for (const body of [{ kind: 'lotus' }, { kind: 'generic' }, { kind: 'none', spec }, {}]) {
      expect((await call('PUT', layoutUrl(venue.id), owner, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    const unstorable = await call('PUT', layoutUrl(venue.id), owner, {
      kind: 'generic',
      spec: { stage_label: '\uDFFF', sections: [{ id: 'A', name: 'Stalls\u0000', rows: [{ seats: 4 }] }] },
    });
    expect(unstorable.statusCode, unstorable.body).toBe(422);
    expect(errorsOf(unstorable.json())).toEqual({
      'spec.stage_label': [UNSTORABLE_TEXT_MESSAGE],
      'spec.sections.0.name': [UNSTORABLE_TEXT_MESSAGE],
    });
    expect(await venueRow(venue.id)).toMatchObject({ seatMap: null, layoutSpec: null });
    expect(await auditOf(venue.id)).toEqual([]);
  });

  it('locks the layout once an event at the venue is published (409 layout_locked), writing nothing', async () => {
    const venue = await newVenue();
    expect((await call('PUT', layoutUrl(venue.id), owner, { kind: 'generic', spec: TWO_SECTIONS })).statusCode).toBe(
      200,
    );
    const event = await createEvent(t.db, { venueId: venue.id, status: 'draft' });
    await createTicketPackage(t.db, { eventId: event.id, seatingRange: ['B-A-1', 'B-A-2'] });
    // Published: any status but draft (set directly, as publishing is another module's).
    await t.db.update(events).set({ status: 'ongoing' }).where(eq(events.id, event.id));

    const before = await venueRow(venue.id);
    const packagesBefore = await packageRows(event.id);
    const audits0 = await auditCount();
    for (const body of [{ kind: 'generic', spec: ONLY_A }, { kind: 'none' }]) {
      const answer = await call('PUT', layoutUrl(venue.id), owner, body);
      expect(answer.statusCode, answer.body).toBe(409);
      expect(codeOf(answer.json())).toBe('layout_locked');
    }
    expect(await venueRow(venue.id)).toEqual(before);
    expect(await packageRows(event.id)).toEqual(packagesBefore);
    expect(await auditCount()).toBe(audits0);
    expect(answerOf((await call('GET', `${base()}/${venue.id}`, owner)).json()).layout_locked).toBe(true);
  });

  it('locks the layout of a venue whose draft event has a held ticket (409 layout_locked)', async () => {
    const venue = await newVenue();
    expect((await call('PUT', layoutUrl(venue.id), owner, { kind: 'generic', spec: TWO_SECTIONS })).statusCode).toBe(
      200,
    );
    const event = await createEvent(t.db, { venueId: venue.id, status: 'draft' });
    await createTicketPackage(t.db, { eventId: event.id, seatingRange: ['B-A-1', 'B-A-2'], heldCount: 1 });
    const before = await venueRow(venue.id);
    const answer = await call('PUT', layoutUrl(venue.id), owner, { kind: 'generic', spec: ONLY_A });
    expect(answer.statusCode, answer.body).toBe(409);
    expect(codeOf(answer.json())).toBe('layout_locked');
    expect(await venueRow(venue.id)).toEqual(before);
    expect(answerOf((await call('GET', `${base()}/${venue.id}`, owner)).json())).toMatchObject({
      layout_locked: true,
      event_count: 1,
    });
  });

  it("lets the layout of a venue with draft events change, pruning their packages' seats that no longer exist", async () => {
    const venue = await newVenue();
    expect((await call('PUT', layoutUrl(venue.id), owner, { kind: 'generic', spec: TWO_SECTIONS })).statusCode).toBe(
      200,
    );
    const event = await createEvent(t.db, { venueId: venue.id, status: 'draft' });
    const seated = await createTicketPackage(t.db, {
      eventId: event.id,
      seatingRange: ['A-A-1', 'A-B-5', 'B-A-1', 'B-A-2'],
    });
    const balcony = await createTicketPackage(t.db, { eventId: event.id, seatingRange: ['B-A-3', 'B-A-4'] });
    const standing = await createTicketPackage(t.db, { eventId: event.id, capacity: 100 });
    expect(answerOf((await call('GET', `${base()}/${venue.id}`, owner)).json()).layout_locked).toBe(false);

    const answer = await call('PUT', layoutUrl(venue.id), manager, { kind: 'generic', spec: ONLY_A });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answerOf(answer.json())).toMatchObject({
      layout: { kind: 'generic', seat_count: 10 },
      layout_locked: false,
      event_count: 1,
    });
    expect(await packageRows(event.id)).toEqual([
      { id: seated.id, seatingRange: ['A-A-1', 'A-B-5'], capacity: 2 },
      { id: balcony.id, seatingRange: [], capacity: 0 },
      { id: standing.id, seatingRange: [], capacity: 100 },
    ]);
    expect((await auditOf(venue.id)).at(-1)).toMatchObject({
      action: 'venue.layout',
      actorRole: 'manager',
      before: {
        layout: 'generic',
        seat_count: 14,
        packages: [
          { id: seated.id, event_uid: event.uid, seat_count: 4, capacity: 4 },
          { id: balcony.id, event_uid: event.uid, seat_count: 2, capacity: 2 },
        ],
      },
      after: {
        layout: 'generic',
        seat_count: 10,
        packages: [
          { id: seated.id, event_uid: event.uid, seat_count: 2, capacity: 2, seats_removed: 2 },
          { id: balcony.id, event_uid: event.uid, seat_count: 0, capacity: 0, seats_removed: 2 },
        ],
      },
    });
  });

  it('replaces a special layout only while it is unlocked', async () => {
    const open = await newVenue({ seatMap: LOTUS });
    expect(answerOf((await call('GET', `${base()}/${open.id}`, owner)).json()).layout).toEqual({
      kind: 'special',
      type: 'lotus',
      seat_count: 12,
    });
    const replaced = await call('PUT', layoutUrl(open.id), owner, { kind: 'generic', spec: ONLY_A });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await auditOf(open.id)).at(-1)).toMatchObject({
      before: { layout: 'special', seat_count: 12 },
      after: { layout: 'generic', seat_count: 10 },
    });

    const locked = await newVenue({ seatMap: LOTUS });
    await createEvent(t.db, { venueId: locked.id, status: 'presale' });
    const refused = await call('PUT', layoutUrl(locked.id), owner, { kind: 'none' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(codeOf(refused.json())).toBe('layout_locked');
    expect((await venueRow(locked.id))?.seatMap).toEqual(LOTUS);
  });
});

describe("another organisation's venue", () => {
  it('is a 404 for every read and write, as one that does not exist, and nothing of it changes', async () => {
    await createEvent(t.db, { venueId: theirVenue.id, status: 'draft' });
    const before = await venueRow(theirVenue.id);
    const audits0 = await auditCount();
    const attempts: [Method, string, unknown?][] = [
      ['GET', `${base()}/${theirVenue.id}`],
      ['GET', `${base()}/${theirVenue.id}/seat-map`],
      ['PATCH', `${base()}/${theirVenue.id}`, { name: 'Hijacked' }],
      ['PATCH', `${base()}/${theirVenue.id}`, { time_zone: 'UTC' }],
      ['PUT', `${base()}/${theirVenue.id}/layout`, { kind: 'none' }],
      ['PUT', `${base()}/${theirVenue.id}/layout`, { kind: 'generic', spec: ONLY_A }],
    ];
    for (const [method, url, payload] of attempts) {
      const answer = await call(method, url, owner, payload);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(codeOf(answer.json())).toBe('not_found');
      expect(ErrorBodySchema.parse(answer.json()).message).toBe('No such venue.');
    }
    expect(await venueRow(theirVenue.id)).toEqual(before);
    expect(await auditCount()).toBe(audits0);
    // The list of ours never shows it; its own organisation still sees it.
    const listed = VenueListAnswerSchema.parse((await call('GET', base(), owner)).json()).venues;
    expect(listed.map((venue) => venue.id)).not.toContain(theirVenue.id);
    expect((await call('GET', `${base(theirs)}/${theirVenue.id}`, stranger)).statusCode).toBe(200);
  });

  it("is not reached through their organisation's address by one of ours", async () => {
    const answer = await call('GET', `${base(theirs)}/${theirVenue.id}`, owner);
    expect(answer.statusCode).toBe(404);
    const created = await call('POST', base(theirs), owner, { ...FIELDS, name: 'Planted Hall' });
    expect(created.statusCode).toBe(404);
  });
});

describe('who may', () => {
  it('lets box office read venues but not write them (403 forbidden), writing nothing', async () => {
    const venue = await newVenue();
    expect((await call('GET', base(), boxOffice)).statusCode).toBe(200);
    expect((await call('GET', `${base()}/${venue.id}`, boxOffice)).statusCode).toBe(200);
    const before = await venueRow(venue.id);
    const [venues0, audits0] = [await venueCount(), await auditCount()];
    const writes: [Method, string, unknown][] = [
      ['POST', base(), { ...FIELDS, name: 'Box Office Hall' }],
      ['PATCH', `${base()}/${venue.id}`, { name: 'Box Office Hall' }],
      ['PUT', `${base()}/${venue.id}/layout`, { kind: 'generic', spec: ONLY_A }],
    ];
    for (const [method, url, payload] of writes) {
      const answer = await call(method, url, boxOffice, payload);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(codeOf(answer.json())).toBe('forbidden');
    }
    expect(await venueRow(venue.id)).toEqual(before);
    expect([await venueCount(), await auditCount()]).toEqual([venues0, audits0]);
  });

  it('refuses door members even a read (403 forbidden)', async () => {
    const venue = await newVenue({ seatMap: smallSeatMap() });
    for (const url of [base(), `${base()}/${venue.id}`, `${base()}/${venue.id}/seat-map`]) {
      const answer = await call('GET', url, door);
      expect(answer.statusCode, url).toBe(403);
      expect(codeOf(answer.json())).toBe('forbidden');
    }
  });

  it('shows a manager limited to chosen events only the venues of their events, and lets them write none', async () => {
    const mine = await newVenue({ name: 'Limited Mine Hall', seatMap: smallSeatMap() });
    const other = await newVenue({ name: 'Limited Other Hall' });
    const myEvent = await createEvent(t.db, { venueId: mine.id, status: 'draft' });
    await createEvent(t.db, { venueId: mine.id, status: 'draft' });
    await createEvent(t.db, { venueId: other.id, status: 'draft' });
    const limited = await createOrganiserActor(t, {
      organisation: ours,
      role: 'manager',
      allEvents: false,
      eventIds: [myEvent.id],
      twoFactor: true,
    });

    const listed = VenueListAnswerSchema.parse((await call('GET', base(), limited)).json()).venues;
    // Only their event's venue, counting only their event.
    expect(listed.map((venue) => [venue.id, venue.event_count])).toEqual([[mine.id, 1]]);
    expect((await call('GET', `${base()}/${mine.id}`, limited)).statusCode).toBe(200);
    expect((await call('GET', `${base()}/${mine.id}/seat-map`, limited)).statusCode).toBe(200);
    for (const url of [`${base()}/${other.id}`, `${base()}/${other.id}/seat-map`]) {
      const answer = await call('GET', url, limited);
      expect(answer.statusCode, url).toBe(404);
      expect(codeOf(answer.json())).toBe('not_found');
    }

    const [venues0, audits0] = [await venueCount(), await auditCount()];
    const writes: [Method, string, unknown][] = [
      ['POST', base(), { ...FIELDS, name: 'Limited Hall' }],
      ['PATCH', `${base()}/${mine.id}`, { name: 'Limited Hall' }],
      ['PUT', `${base()}/${mine.id}/layout`, { kind: 'none' }],
    ];
    for (const [method, url, payload] of writes) {
      const answer = await call(method, url, limited, payload);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(codeOf(answer.json())).toBe('forbidden');
    }
    expect([await venueCount(), await auditCount()]).toEqual([venues0, audits0]);

    // Limited to no events at all: no venue.
    const nothing = await createOrganiserActor(t, { organisation: ours, role: 'box_office', allEvents: false });
    expect(VenueListAnswerSchema.parse((await call('GET', base(), nothing)).json()).venues).toEqual([]);
  });

  it('asks a manager whose session has no second factor for one (403 two_factor_required)', async () => {
    const venue = await newVenue();
    const noCode = await createOrganiserActor(t, {
      organisation: ours,
      role: 'manager',
      twoFactor: { enabled: true, session: false },
    });
    const [venues0, audits0] = [await venueCount(), await auditCount()];
    const attempts: [Method, string, unknown?][] = [
      ['GET', base()],
      ['POST', base(), { ...FIELDS, name: 'Step-up Hall' }],
      ['PATCH', `${base()}/${venue.id}`, { name: 'Step-up Hall' }],
      ['PUT', `${base()}/${venue.id}/layout`, { kind: 'none' }],
    ];
    for (const [method, url, payload] of attempts) {
      const answer = await call(method, url, noCode, payload);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(codeOf(answer.json())).toBe('two_factor_required');
    }
    expect([await venueCount(), await auditCount()]).toEqual([venues0, audits0]);
  });

  it('asks an anonymous caller to sign in', async () => {
    const answer = await call('POST', base(), null, FIELDS);
    expect(answer.statusCode).toBe(401);
    expect(codeOf(answer.json())).toBe('sign_in_required');
  });

  it('lets a platform operator read any organisation’s venues, never write them', async () => {
    const operator = await createOrganiserActor(t, { organisation: ours, role: null, twoFactor: true });
    await t.db.insert(platformOperators).values({ userId: operator.userId });
    expect((await call('GET', `${base(theirs)}/${theirVenue.id}`, operator)).statusCode).toBe(200);
    const refused = await call('PATCH', `${base(theirs)}/${theirVenue.id}`, operator, { name: 'Operator Hall' });
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused.json())).toBe('forbidden');
  });
});

describe('the layout lock against a concurrent change', () => {
  /** Backends of this database waiting on a lock (PostgreSQL; PGlite runs one transaction at a time). */
  async function lockWaiters(): Promise<number> {
    const result = await t.db.execute(
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    return z.object({ rows: z.array(z.object({ n: z.coerce.number() })) }).parse(result).rows[0]?.n ?? 0;
  }

  /**
   * Holds a transaction open that has changed `change` (as a sale or a publish would, uncommitted) until the
   * layout change waits for it, then commits it: the layout change must then see it and refuse.
   */
  async function whileUncommitted(
    change: (tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0]) => Promise<unknown>,
    venueId: number,
  ) {
    const started: { answer?: ReturnType<typeof call> } = {};
    await t.db.transaction(async (tx) => {
      await change(tx);
      started.answer = call('PUT', `${base()}/${venueId}/layout`, owner, { kind: 'generic', spec: ONLY_A });
      if (t.handle.kind === 'postgres') {
        await expect.poll(lockWaiters, { timeout: 15_000, interval: 20 }).toBeGreaterThanOrEqual(1);
      }
    });
    if (!started.answer) throw new Error('the layout change did not start');
    return started.answer;
  }

  it('waits for a sale in progress on a draft event and then refuses (409 layout_locked)', async () => {
    const venue = await newVenue();
    expect(
      (await call('PUT', `${base()}/${venue.id}/layout`, owner, { kind: 'generic', spec: TWO_SECTIONS })).statusCode,
    ).toBe(200);
    const event = await createEvent(t.db, { venueId: venue.id, status: 'draft' });
    const pkg = await createTicketPackage(t.db, { eventId: event.id, seatingRange: ['B-A-1', 'B-A-2'] });
    const answer = await whileUncommitted(
      (tx) => tx.update(ticketPackages).set({ heldCount: 1 }).where(eq(ticketPackages.id, pkg.id)),
      venue.id,
    );
    expect(answer.statusCode, answer.body).toBe(409);
    expect(codeOf(answer.json())).toBe('layout_locked');
    expect(await packageRows(event.id)).toEqual([{ id: pkg.id, seatingRange: ['B-A-1', 'B-A-2'], capacity: 2 }]);
  });

  it('waits for an event being published and then refuses (409 layout_locked)', async () => {
    const venue = await newVenue();
    const event = await createEvent(t.db, { venueId: venue.id, status: 'draft' });
    const answer = await whileUncommitted(
      (tx) => tx.update(events).set({ status: 'ongoing' }).where(eq(events.id, event.id)),
      venue.id,
    );
    expect(answer.statusCode, answer.body).toBe(409);
    expect(codeOf(answer.json())).toBe('layout_locked');
    expect(await venueRow(venue.id)).toMatchObject({ seatMap: null, layoutSpec: null });
  });
});

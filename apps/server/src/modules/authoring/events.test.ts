import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, events, organisations, platformOperators, ticketPackages } from '@marquee/db/schema';
import {
  createEvent,
  createOrganisation,
  createTicketPackage,
  createVenue,
  smallSeatMap,
  type Event,
  type Organisation,
  type Venue,
} from '@marquee/db/factories';
import { ensurePaymentGateways } from '@marquee/db/payment-gateways';
import { NotPublishableBodySchema } from '@marquee/domain/authoring';
import {
  ConsoleEventAnswerSchema,
  ConsoleEventListAnswerSchema,
  type ConsoleEventAnswer,
} from '@marquee/domain/console';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { createOrganiserActor, type OrganiserTestActor } from '../../test-support/organiser-actor';

/**
 * The console's events and their publishing (issue 21): every route's success, its documented refusals, and
 * the attacks the tenant walls must stop (another organisation's ids, roles without the permission, a member
 * limited to chosen events, an owner without a second factor), each refusal writing nothing.
 */
let t: TestApp;
let ours: Organisation;
let theirs: Organisation;
let owner: OrganiserTestActor;
let manager: OrganiserTestActor;
let boxOffice: OrganiserTestActor;
let door: OrganiserTestActor;
let ownerWithoutCode: OrganiserTestActor;
let stranger: OrganiserTestActor;
/** A manager limited to `eventA`. */
let limited: OrganiserTestActor;
let colombo: Venue;
let seated: Venue;
let sydney: Venue;
let singapore: Venue;
let theirVenue: Venue;
let eventA: Event;
let eventB: Event;
let theirEvent: Event;

beforeAll(async () => {
  t = await buildTestApp();
  await ensurePaymentGateways(t.db);
  ours = await createOrganisation(t.db, { name: 'Lotus Hall Productions' });
  theirs = await createOrganisation(t.db, { name: 'Another Promoter' });
  colombo = await createVenue(t.db, { organisationId: ours.id, name: 'Nelum Pokuna' });
  seated = await createVenue(t.db, { organisationId: ours.id, name: 'Lionel Wendt', seatMap: smallSeatMap() });
  sydney = await createVenue(t.db, {
    organisationId: ours.id,
    name: 'City Recital Hall',
    city: 'Sydney',
    country: 'AU',
    timeZone: 'Australia/Sydney',
  });
  singapore = await createVenue(t.db, {
    organisationId: ours.id,
    name: 'Esplanade',
    city: 'Singapore',
    country: 'SG',
    timeZone: 'Asia/Singapore',
  });
  theirVenue = await createVenue(t.db, { organisationId: theirs.id, name: 'Their Hall' });
  eventA = await createEvent(t.db, { organisationId: ours.id, venueId: colombo.id, name: 'Event A' });
  eventB = await createEvent(t.db, { organisationId: ours.id, venueId: colombo.id, name: 'Event B' });
  theirEvent = await createEvent(t.db, { organisationId: theirs.id, venueId: theirVenue.id, name: 'Their Event' });
  owner = await createOrganiserActor(t, { organisation: ours, role: 'owner', twoFactor: true });
  manager = await createOrganiserActor(t, { organisation: ours, role: 'manager', twoFactor: true });
  boxOffice = await createOrganiserActor(t, { organisation: ours, role: 'box_office' });
  door = await createOrganiserActor(t, { organisation: ours, role: 'door' });
  ownerWithoutCode = await createOrganiserActor(t, { organisation: ours, role: 'owner' });
  stranger = await createOrganiserActor(t, { organisation: theirs, role: 'owner', twoFactor: true });
  limited = await createOrganiserActor(t, {
    organisation: ours,
    role: 'manager',
    allEvents: false,
    eventIds: [eventA.id],
    twoFactor: true,
  });
}, 120_000);
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
const eventsUrl = (organisation: Organisation = ours) => `/api/organiser/${organisation.slug}/events`;
const eventUrl = (uid: string, organisation: Organisation = ours) => `${eventsUrl(organisation)}/${uid}`;
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

async function auditOf(eventId: number) {
  return t.db.select().from(auditLog).where(eq(auditLog.eventId, eventId)).orderBy(asc(auditLog.id));
}

const FIELDS = {
  name: 'Jazz by the Lake',
  type: 'concerts',
  description: 'An evening of jazz.',
  artists: ['The Lake Quartet'],
  start_local: '2030-12-31T19:30',
  end_local: '2030-12-31T22:00',
  handling_cost: 15_000,
  payment_gateway_ids: [1],
};

async function createDraft(fields: object = {}, actor = owner): Promise<ConsoleEventAnswer> {
  const answer = await call('POST', eventsUrl(), actor, { ...FIELDS, venue_id: colombo.id, ...fields });
  expect(answer.statusCode, answer.body).toBe(201);
  return ConsoleEventAnswerSchema.parse(answer.json());
}

/** A draft with everything the checklist asks for: images, an active package, a way to pay. */
async function completeDraft(fields: object = {}): Promise<ConsoleEventAnswer> {
  const draft = await createDraft(fields);
  await t.db
    .update(events)
    .set({ bannerImg: '/media/banner.webp', thumbnailImg: '/media/thumb.webp' })
    .where(eq(events.uid, draft.uid));
  const pkg = await call('POST', `${eventUrl(draft.uid)}/packages`, owner, {
    name: 'General',
    price: 5_000,
    capacity: 100,
  });
  expect(pkg.statusCode, pkg.body).toBe(201);
  return draft;
}

describe('POST /api/organiser/:org/events', () => {
  it('creates a draft at the venue: currency of its country, times in its zone, no images, a fresh uid', async () => {
    const answer = await call('POST', eventsUrl(), manager, { ...FIELDS, venue_id: colombo.id });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.headers['cache-control']).toBe('no-store');
    const event = ConsoleEventAnswerSchema.parse(answer.json());
    expect(event.uid).toMatch(/^[0-9a-z]{8}$/);
    expect(event).toMatchObject({
      name: 'Jazz by the Lake',
      type: 'concerts',
      status: 'draft',
      sold_out: false,
      unpublished: false,
      // Colombo is UTC+05:30 all year.
      starts_at: '2030-12-31T14:00:00.000Z',
      start_local: '2030-12-31T19:30',
      end_local: '2030-12-31T22:00',
      currency: 'LKR',
      sold: 0,
      capacity: 0,
      thumbnail_url: null,
      banner_url: null,
      published_at: null,
      sale_start_local: null,
      handling_cost: 15_000,
      payment_gateway_ids: [1],
      featured: false,
      free_event: false,
      packages: [],
      venue: {
        id: colombo.id,
        name: colombo.name,
        city: 'Colombo',
        country: 'LK',
        time_zone: 'Asia/Colombo',
        has_seat_map: false,
      },
      buyer_path: `/concerts/jazz-by-the-lake/${event.uid}`,
    });
    expect(event.checklist.map((item) => item.id)).toEqual(['no_banner', 'no_thumbnail', 'no_active_package']);

    const [row] = await t.db.select().from(events).where(eq(events.uid, event.uid));
    expect(row).toMatchObject({
      organisationId: ours.id,
      status: 'draft',
      bannerImg: '',
      thumbnailImg: '',
      createdBy: manager.userId,
      freeSeating: true,
    });
    // The importer's writer filled its search vector (the same trigger).
    expect(row?.searchVector).toContain('jazz');
    const audit = await auditOf(row?.id ?? 0);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'event.create',
      entityType: 'event',
      entityId: event.uid,
      eventUid: event.uid,
      actorUserId: manager.userId,
      actorRole: 'manager',
      organisationId: ours.id,
    });
  });

  it("reads the times on the venue's clocks (Sydney, AUD), and refuses a time its clocks skip", async () => {
    const event = await createDraft({ venue_id: sydney.id, start_local: '2030-07-01T20:00', end_local: null });
    // Sydney is UTC+10 in July (no daylight saving).
    expect(event).toMatchObject({ currency: 'AUD', starts_at: '2030-07-01T10:00:00.000Z', end_local: null });

    const before = await fingerprint();
    // Daylight saving starts on the first Sunday of October: 02:00 becomes 03:00.
    const skipped = await call('POST', eventsUrl(), owner, {
      ...FIELDS,
      venue_id: sydney.id,
      start_local: '2030-10-06T02:30',
      end_local: null,
    });
    expect(skipped.statusCode, skipped.body).toBe(422);
    expect(codeOf(skipped.json())).toBe('validation_failed');
    expect(errorsOf(skipped.json())['start_local']?.[0]).toContain('does not exist in Australia/Sydney');
    expect(await fingerprint()).toEqual(before);
  });

  it("refuses another organisation's venue as one that does not exist (422 on venue_id), writing nothing", async () => {
    const before = await fingerprint();
    const answers = [];
    for (const venueId of [theirVenue.id, 999_999]) {
      const answer = await call('POST', eventsUrl(), owner, { ...FIELDS, venue_id: venueId });
      expect(answer.statusCode, answer.body).toBe(422);
      expect(codeOf(answer.json())).toBe('validation_failed');
      answers.push(errorsOf(answer.json()));
    }
    expect(answers[0]).toEqual({ venue_id: ['names no venue of this organisation'] });
    expect(answers[1]).toEqual(answers[0]);
    expect(await fingerprint()).toEqual(before);
  });

  it('refuses payment gateways that do not exist, and invalid fields, writing nothing', async () => {
    const before = await fingerprint();
    const unknownGateway = await call('POST', eventsUrl(), owner, {
      ...FIELDS,
      venue_id: colombo.id,
      payment_gateway_ids: [1, 77],
    });
    expect(unknownGateway.statusCode).toBe(422);
    expect(errorsOf(unknownGateway.json())).toEqual({ payment_gateway_ids: ['names no payment gateway: 77'] });

    const invalid = await call('POST', eventsUrl(), owner, {
      ...FIELDS,
      venue_id: colombo.id,
      name: '  ',
      end_local: '2030-12-31T18:00',
      status: 'ongoing',
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(errorsOf(invalid.json())).sort()).toEqual(expect.arrayContaining(['name']));
    expect(await fingerprint()).toEqual(before);
  });

  it('refuses who may not create events, writing nothing', async () => {
    const before = await fingerprint();
    const body = { ...FIELDS, venue_id: colombo.id };
    const refusals: [OrganiserTestActor | null, number, string][] = [
      [null, 401, 'sign_in_required'],
      [limited, 403, 'forbidden'],
      [boxOffice, 403, 'forbidden'],
      [door, 403, 'forbidden'],
      [ownerWithoutCode, 403, 'two_factor_required'],
    ];
    for (const [actor, status, code] of refusals) {
      const answer = await call('POST', eventsUrl(), actor, body);
      expect(answer.statusCode, `${code}: ${answer.body}`).toBe(status);
      expect(codeOf(answer.json())).toBe(code);
    }
    // Another organisation's member, even with a venue of theirs: our organisation does not exist for them.
    const strangers = await call('POST', eventsUrl(), stranger, { ...FIELDS, venue_id: theirVenue.id });
    expect(strangers.statusCode).toBe(404);
    expect(await fingerprint()).toEqual(before);
  });
});

describe('GET /api/organiser/:org/events', () => {
  it("lists the organisation's events newest first, with totals and sold out, and none of another's", async () => {
    const org = await createOrganisation(t.db);
    const venue = await createVenue(t.db, { organisationId: org.id });
    const orgOwner = await createOrganiserActor(t, { organisation: org, role: 'owner', twoFactor: true });
    const soon = await createEvent(t.db, {
      organisationId: org.id,
      venueId: venue.id,
      startDate: new Date('2030-03-01T10:00:00Z'),
    });
    const later = await createEvent(t.db, {
      organisationId: org.id,
      venueId: venue.id,
      startDate: new Date('2030-05-01T10:00:00Z'),
      thumbnailImg: '',
    });
    await createTicketPackage(t.db, { eventId: soon.id, capacity: 10, soldCount: 10 });
    await createTicketPackage(t.db, { eventId: soon.id, capacity: 5, soldCount: 2, heldCount: 3 });
    // An inactive package does not keep an event from being sold out, nor makes it so.
    await createTicketPackage(t.db, { eventId: soon.id, capacity: 50, active: false });
    await createTicketPackage(t.db, { eventId: later.id, capacity: 20, soldCount: 4 });

    const answer = await call('GET', eventsUrl(org), orgOwner);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const list = ConsoleEventListAnswerSchema.parse(answer.json());
    expect(list.events.map((event) => event.uid)).toEqual([later.uid, soon.uid]);
    expect(list.events[0]).toMatchObject({ sold: 4, capacity: 20, sold_out: false, thumbnail_url: null });
    expect(list.events[1]).toMatchObject({
      sold: 12,
      capacity: 65,
      sold_out: true,
      status: 'ongoing',
      start_local: '2030-03-01T15:30',
      venue: { id: venue.id, name: venue.name, city: venue.city },
      thumbnail_url: soon.thumbnailImg,
    });

    // Ours does not show theirs, and theirs does not show ours.
    const ourList = ConsoleEventListAnswerSchema.parse((await call('GET', eventsUrl(), boxOffice)).json());
    const ourUids = ourList.events.map((event) => event.uid);
    expect(ourUids).toEqual(expect.arrayContaining([eventA.uid, eventB.uid]));
    expect(ourUids).not.toContain(theirEvent.uid);
    expect(ourUids).not.toContain(soon.uid);
  });

  it('shows a member limited to chosen events only theirs; refuses the door and strangers', async () => {
    const answer = await call('GET', eventsUrl(), limited);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(ConsoleEventListAnswerSchema.parse(answer.json()).events.map((event) => event.uid)).toEqual([eventA.uid]);
    const refused = await call('GET', eventsUrl(), door);
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused.json())).toBe('forbidden');
    expect((await call('GET', eventsUrl(), stranger)).statusCode).toBe(404);
    expect((await call('GET', eventsUrl(), ownerWithoutCode)).statusCode).toBe(403);
  });
});

describe('a platform operator', () => {
  it("reads every organisation's events but changes none of them", async () => {
    const operator = await createOrganiserActor(t, { organisation: ours, role: null, twoFactor: true });
    await t.db.insert(platformOperators).values({ userId: operator.userId });
    expect((await call('GET', eventsUrl(theirs), operator)).statusCode).toBe(200);
    expect((await call('GET', eventUrl(theirEvent.uid, theirs), operator)).statusCode).toBe(200);
    const before = await fingerprint();
    for (const [method, url, body] of [
      ['POST', eventsUrl(theirs), { ...FIELDS, venue_id: theirVenue.id }],
      ['PATCH', eventUrl(theirEvent.uid, theirs), { name: 'Operated' }],
      ['POST', `${eventUrl(theirEvent.uid, theirs)}/status`, { to: 'cancelled' }],
      ['POST', `${eventUrl(theirEvent.uid, theirs)}/packages`, { name: 'Comp', price: 0, capacity: 1 }],
    ] as const) {
      const answer = await call(method, url, operator, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(codeOf(answer.json())).toBe('forbidden');
    }
    expect(await fingerprint()).toEqual(before);
  });
});

describe('GET /api/organiser/:org/events/:eventUid', () => {
  it('answers the event with its packages in their order and its checklist; box office may read', async () => {
    const event = await createEvent(t.db, { organisationId: ours.id, venueId: seated.id, paymentGatewayIds: [] });
    const second = await createTicketPackage(t.db, { eventId: event.id, sortOrder: 1, name: 'Balcony' });
    const first = await createTicketPackage(t.db, {
      eventId: event.id,
      sortOrder: 0,
      name: 'Stalls',
      seatingRange: ['A-1-1', 'A-1-2'],
    });
    const answer = await call('GET', eventUrl(event.uid), boxOffice);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const body = ConsoleEventAnswerSchema.parse(answer.json());
    expect(body.packages.map((pkg) => pkg.id)).toEqual([first.id, second.id]);
    expect(body.packages[0]).toMatchObject({ name: 'Stalls', capacity: 2, seat_ids: ['A-1-1', 'A-1-2'] });
    expect(body.venue.has_seat_map).toBe(true);
    expect(body.checklist).toEqual([
      {
        id: 'seated_package_without_seats',
        message: 'Package "Balcony": assign it seats on the map, or make it free seating.',
        package_index: 1,
      },
      { id: 'no_payment_option', message: 'Choose at least one way to pay that Marquee can take now.' },
    ]);
  });

  it("answers 404 for another organisation's event, and for an event outside a limited member's", async () => {
    for (const [actor, uid] of [
      [owner, theirEvent.uid],
      [owner, 'nosuchev'],
      [limited, eventB.uid],
    ] as const) {
      const answer = await call('GET', eventUrl(uid), actor);
      expect(answer.statusCode, `${uid}: ${answer.body}`).toBe(404);
      expect(codeOf(answer.json())).toBe('not_found');
    }
    // Through their own organisation's address, the stranger sees theirs, never ours.
    expect((await call('GET', eventUrl(eventA.uid, theirs), stranger)).statusCode).toBe(404);
    expect((await call('GET', eventUrl(theirEvent.uid, theirs), stranger)).statusCode).toBe(200);
    expect((await call('GET', eventUrl(eventA.uid), limited)).statusCode).toBe(200);
    expect((await call('GET', eventUrl(eventA.uid), door)).statusCode).toBe(403);
  });
});

describe('PATCH /api/organiser/:org/events/:eventUid', () => {
  it('merges the change, checks the whole event again, and audits only the changed fields', async () => {
    const draft = await createDraft();
    const answer = await call('PATCH', eventUrl(draft.uid), manager, {
      name: 'Jazz by the Lake II',
      start_local: '2030-12-31T20:00',
      // Sent, but the same: not in the audit row.
      handling_cost: 15_000,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const event = ConsoleEventAnswerSchema.parse(answer.json());
    expect(event).toMatchObject({
      name: 'Jazz by the Lake II',
      start_local: '2030-12-31T20:00',
      starts_at: '2030-12-31T14:30:00.000Z',
      end_local: '2030-12-31T22:00',
      buyer_path: `/concerts/jazz-by-the-lake-ii/${draft.uid}`,
    });
    const [row] = await t.db.select({ id: events.id }).from(events).where(eq(events.uid, draft.uid));
    const audit = await auditOf(row?.id ?? 0);
    expect(audit.map((entry) => entry.action)).toEqual(['event.create', 'event.update']);
    expect(audit[1]).toMatchObject({
      before: { name: 'Jazz by the Lake', start_local: '2030-12-31T19:30' },
      after: { name: 'Jazz by the Lake II', start_local: '2030-12-31T20:00' },
    });

    // The merged event must hold: an end before the stored start is refused on end_local.
    const before = await fingerprint();
    const refused = await call('PATCH', eventUrl(draft.uid), manager, { end_local: '2030-12-31T18:00' });
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused.json())).toEqual({ end_local: ['must be after the start'] });
    const unknownField = await call('PATCH', eventUrl(draft.uid), manager, { status: 'ongoing' });
    expect(unknownField.statusCode).toBe(422);
    expect(await fingerprint()).toEqual(before);
  });

  it('moves a draft to another venue: its currency and zone follow, the wall clock stays, seats are released', async () => {
    const draft = await createDraft({ venue_id: seated.id });
    const pkg = await call('POST', `${eventUrl(draft.uid)}/packages`, owner, { name: 'Stalls', price: 5_000 });
    const pkgId = Number(pkg.json().id);
    const seats = await call('PUT', `${eventUrl(draft.uid)}/packages/${pkgId}/seats`, owner, {
      seat_ids: ['A-1-1', 'A-1-2'],
    });
    expect(seats.statusCode, seats.body).toBe(200);

    const answer = await call('PATCH', eventUrl(draft.uid), owner, { venue_id: sydney.id });
    expect(answer.statusCode, answer.body).toBe(200);
    const event = ConsoleEventAnswerSchema.parse(answer.json());
    expect(event).toMatchObject({
      currency: 'AUD',
      start_local: '2030-12-31T19:30',
      // Sydney is UTC+11 in December (daylight saving).
      starts_at: '2030-12-31T08:30:00.000Z',
      venue: { id: sydney.id, has_seat_map: false },
    });
    // Sydney has no map: the package is counted now, its two seats become two tickets.
    expect(event.packages[0]).toMatchObject({ seat_ids: [], free_seating: true, capacity: 2 });
    const [row] = await t.db.select().from(events).where(eq(events.uid, draft.uid));
    const audit = await auditOf(row?.id ?? 0);
    expect(audit.at(-1)).toMatchObject({
      action: 'event.update',
      before: { venue_id: seated.id, currency: 'LKR' },
      after: { venue_id: sydney.id, currency: 'AUD', seats_released_from_packages: [pkgId] },
    });
  });

  it("refuses another organisation's venue, a move once tickets are sold or held, and a published move abroad", async () => {
    const event = await createEvent(t.db, { organisationId: ours.id, venueId: colombo.id, status: 'draft' });
    const pkg = await createTicketPackage(t.db, { eventId: event.id, capacity: 10 });
    const before = await fingerprint();
    const theirsRefused = await call('PATCH', eventUrl(event.uid), owner, { venue_id: theirVenue.id });
    expect(theirsRefused.statusCode).toBe(422);
    expect(errorsOf(theirsRefused.json())).toEqual({ venue_id: ['names no venue of this organisation'] });
    expect(await fingerprint()).toEqual(before);

    await t.db.update(ticketPackages).set({ heldCount: 1 }).where(eq(ticketPackages.id, pkg.id));
    const held = await fingerprint();
    const taken = await call('PATCH', eventUrl(event.uid), owner, { venue_id: singapore.id });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(codeOf(taken.json())).toBe('conflict');
    expect(await fingerprint()).toEqual(held);

    await t.db.update(ticketPackages).set({ heldCount: 0 }).where(eq(ticketPackages.id, pkg.id));
    await t.db
      .update(events)
      .set({ status: 'ongoing', publishedAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(events.id, event.id));
    const published = await fingerprint();
    const abroad = await call('PATCH', eventUrl(event.uid), owner, { venue_id: singapore.id });
    expect(abroad.statusCode, abroad.body).toBe(409);
    expect(codeOf(abroad.json())).toBe('conflict');
    expect(ErrorBodySchema.parse(abroad.json()).message).toContain('another country');
    expect(await fingerprint()).toEqual(published);
    // Within the country it may still move (nothing sold or held).
    const home = await call('PATCH', eventUrl(event.uid), owner, { venue_id: seated.id });
    expect(home.statusCode, home.body).toBe(200);
  });

  it('refuses making an event free while a package has a price, and any change to a cancelled event', async () => {
    const event = await createEvent(t.db, { organisationId: ours.id, venueId: colombo.id, status: 'draft' });
    await createTicketPackage(t.db, { eventId: event.id, name: 'Paid', price: 1_000 });
    const before = await fingerprint();
    const free = await call('PATCH', eventUrl(event.uid), owner, { free_event: true });
    expect(free.statusCode).toBe(422);
    expect(errorsOf(free.json())).toEqual({ free_event: ['every package must be free (price 0) first: Paid'] });

    await t.db.update(events).set({ status: 'cancelled' }).where(eq(events.id, event.id));
    const cancelled = await fingerprint();
    const edit = await call('PATCH', eventUrl(event.uid), owner, { name: 'Renamed' });
    expect(edit.statusCode).toBe(409);
    expect(codeOf(edit.json())).toBe('conflict');
    expect(await fingerprint()).toEqual(cancelled);
    expect(before.events.length).toBe(cancelled.events.length);
  });

  it("refuses who may not write, and another organisation's event, writing nothing", async () => {
    const before = await fingerprint();
    const refusals: [OrganiserTestActor, string, number, string][] = [
      [boxOffice, eventA.uid, 403, 'forbidden'],
      [door, eventA.uid, 403, 'forbidden'],
      [ownerWithoutCode, eventA.uid, 403, 'two_factor_required'],
      [limited, eventB.uid, 404, 'not_found'],
      [owner, theirEvent.uid, 404, 'not_found'],
    ];
    for (const [actor, uid, status, code] of refusals) {
      const answer = await call('PATCH', eventUrl(uid), actor, { name: 'Taken over' });
      expect(answer.statusCode, `${code}: ${answer.body}`).toBe(status);
      expect(codeOf(answer.json())).toBe(code);
    }
    expect((await call('PATCH', eventUrl(theirEvent.uid, theirs), owner, { name: 'Taken over' })).statusCode).toBe(404);
    expect(await fingerprint()).toEqual(before);
    // The limited manager may change their own event.
    const own = await call('PATCH', eventUrl(eventA.uid), limited, { featured: true });
    expect(own.statusCode, own.body).toBe(200);
  });
});

describe('POST /api/organiser/:org/events/:eventUid/status', () => {
  const statusUrl = (uid: string, organisation: Organisation = ours) => `${eventUrl(uid, organisation)}/status`;

  it('refuses to publish an incomplete draft with exactly what is missing, writing nothing', async () => {
    const draft = await createDraft({ payment_gateway_ids: [] });
    const before = await fingerprint();
    const answer = await call('POST', statusUrl(draft.uid), owner, { to: 'ongoing' });
    expect(answer.statusCode, answer.body).toBe(409);
    const body = NotPublishableBodySchema.parse(answer.json());
    expect(body.problems).toEqual([
      { id: 'no_banner', message: 'Upload a banner image.' },
      { id: 'no_thumbnail', message: 'Upload a thumbnail image.' },
      { id: 'no_active_package', message: 'Add a ticket package, or make one active: buyers have nothing to buy.' },
      { id: 'no_payment_option', message: 'Choose at least one way to pay that Marquee can take now.' },
    ]);
    expect(await fingerprint()).toEqual(before);
  });

  it('publishes a complete draft: on sale, published_at set, audited', async () => {
    const draft = await completeDraft();
    const answer = await call('POST', statusUrl(draft.uid), manager, { to: 'ongoing' });
    expect(answer.statusCode, answer.body).toBe(200);
    const event = ConsoleEventAnswerSchema.parse(answer.json());
    expect(event.status).toBe('ongoing');
    expect(event.published_at).not.toBeNull();
    expect(event.checklist).toEqual([]);
    const [row] = await t.db.select().from(events).where(eq(events.uid, draft.uid));
    expect(row?.publishedAt).toBeInstanceOf(Date);
    const audit = await auditOf(row?.id ?? 0);
    expect(audit.at(-1)).toMatchObject({
      action: 'event.status',
      before: { status: 'draft' },
      after: { status: 'ongoing', first_publication: true },
    });

    // Closing and bringing it back keeps the first publication's time.
    expect((await call('POST', statusUrl(draft.uid), manager, { to: 'closed' })).statusCode).toBe(200);
    const back = await call('POST', statusUrl(draft.uid), manager, { to: 'ongoing' });
    expect(back.statusCode, back.body).toBe(200);
    expect(ConsoleEventAnswerSchema.parse(back.json()).published_at).toBe(event.published_at);
  });

  it('publishes as presale with a future sale start in the venue zone; refuses one without, or one the clocks skip', async () => {
    const draft = await completeDraft({ venue_id: sydney.id });
    const before = await fingerprint();
    const without = await call('POST', statusUrl(draft.uid), owner, { to: 'presale' });
    expect(without.statusCode).toBe(409);
    expect(NotPublishableBodySchema.parse(without.json()).problems.map((problem) => problem.id)).toEqual([
      'no_future_sale_start',
    ]);
    const skipped = await call('POST', statusUrl(draft.uid), owner, {
      to: 'presale',
      sale_start_local: '2030-10-06T02:30',
    });
    expect(skipped.statusCode).toBe(422);
    expect(Object.keys(errorsOf(skipped.json()))).toEqual(['sale_start_local']);
    const notForOngoing = await call('POST', statusUrl(draft.uid), owner, {
      to: 'ongoing',
      sale_start_local: '2030-10-01T10:00',
    });
    expect(notForOngoing.statusCode).toBe(422);
    expect(await fingerprint()).toEqual(before);

    const answer = await call('POST', statusUrl(draft.uid), owner, {
      to: 'presale',
      sale_start_local: '2030-11-01T10:00',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(ConsoleEventAnswerSchema.parse(answer.json())).toMatchObject({
      status: 'presale',
      sale_start_local: '2030-11-01T10:00',
    });
    const [row] = await t.db.select().from(events).where(eq(events.uid, draft.uid));
    // Sydney is UTC+11 in November.
    expect(row?.saleStartsAt?.toISOString()).toBe('2030-10-31T23:00:00.000Z');
  });

  it("names the organisation's approval when it is pending", async () => {
    const pending = await createOrganisation(t.db, { status: 'pending', approvedAt: null });
    const venue = await createVenue(t.db, { organisationId: pending.id });
    const pendingOwner = await createOrganiserActor(t, { organisation: pending, role: 'owner', twoFactor: true });
    const event = await createEvent(t.db, { organisationId: pending.id, venueId: venue.id, status: 'draft' });
    await createTicketPackage(t.db, { eventId: event.id });
    const answer = await call('POST', statusUrl(event.uid, pending), pendingOwner, { to: 'ongoing' });
    expect(answer.statusCode, answer.body).toBe(409);
    expect(NotPublishableBodySchema.parse(answer.json()).problems.map((problem) => problem.id)).toEqual([
      'organisation_not_approved',
    ]);
    await t.db.update(organisations).set({ status: 'approved' }).where(eq(organisations.id, pending.id));
    expect((await call('POST', statusUrl(event.uid, pending), pendingOwner, { to: 'ongoing' })).statusCode).toBe(200);
  });

  it('refuses a transition the lifecycle does not have, naming both ends', async () => {
    const draft = await createDraft();
    const before = await fingerprint();
    const closed = await call('POST', statusUrl(draft.uid), owner, { to: 'closed' });
    expect(closed.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(closed.json())).toMatchObject({
      code: 'conflict',
      message: 'An event cannot go from draft to closed.',
    });
    const unknown = await call('POST', statusUrl(draft.uid), owner, { to: 'soldout' });
    expect(unknown.statusCode).toBe(422);
    expect(await fingerprint()).toEqual(before);

    const cancelled = await createEvent(t.db, { organisationId: ours.id, venueId: colombo.id, status: 'cancelled' });
    const again = await call('POST', statusUrl(cancelled.uid), owner, { to: 'ongoing' });
    expect(again.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(again.json()).message).toBe('An event cannot go from cancelled to ongoing.');
  });

  it('does not cancel or postpone: it points to the cancellation and postponement, writing nothing', async () => {
    const event = await createEvent(t.db, { organisationId: ours.id, venueId: colombo.id, status: 'ongoing' });
    const before = await fingerprint();
    for (const [to, action] of [
      ['cancelled', 'POST …/cancellation'],
      ['postponed', 'POST …/postponement'],
    ] as const) {
      const answer = await call('POST', statusUrl(event.uid), owner, { to });
      expect(answer.statusCode, answer.body).toBe(409);
      const body = ErrorBodySchema.parse(answer.json());
      expect(body.code).toBe('event_change_required');
      expect(body.message).toContain(action);
    }
    expect(await fingerprint()).toEqual(before);
    const [row] = await t.db.select().from(events).where(eq(events.id, event.id));
    expect(row?.status).toBe('ongoing');
    expect(await auditOf(event.id)).toEqual([]);
  });

  it("refuses who may not publish, and another organisation's event, writing nothing", async () => {
    const before = await fingerprint();
    const refusals: [OrganiserTestActor, string, number, string][] = [
      [boxOffice, eventA.uid, 403, 'forbidden'],
      [door, eventA.uid, 403, 'forbidden'],
      [ownerWithoutCode, eventA.uid, 403, 'two_factor_required'],
      [limited, eventB.uid, 404, 'not_found'],
      [owner, theirEvent.uid, 404, 'not_found'],
      [stranger, eventA.uid, 404, 'not_found'],
    ];
    for (const [actor, uid, status, code] of refusals) {
      const answer = await call('POST', statusUrl(uid), actor, { to: 'cancelled' });
      expect(answer.statusCode, `${code}: ${answer.body}`).toBe(status);
      expect(codeOf(answer.json())).toBe(code);
    }
    expect(await fingerprint()).toEqual(before);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, events, organisations, platformOperators } from '@marquee/db/schema';
import { createEvent, createOrganisation, createTicketPackage, type Organisation } from '@marquee/db/factories';
import { OperatorOrganisationListSchema } from '@marquee/domain/console';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { createOrganiserActor, type OrganiserTestActor } from '../../test-support/organiser-actor';

/**
 * Marquee's operators (issue 21): approve and suspend organisations, take events off the site and put them
 * back. Nobody else may, and to anyone else the routes do not exist; every action is in the organisation's
 * audit log with the operator as its actor.
 */
let t: TestApp;
let home: Organisation;
let operator: OrganiserTestActor;

async function makeOperator(twoFactor: boolean): Promise<OrganiserTestActor> {
  const actor = await createOrganiserActor(t, { organisation: home, role: null, twoFactor });
  await t.db.insert(platformOperators).values({ userId: actor.userId });
  return actor;
}

function send(method: 'GET' | 'POST', url: string, cookie: string | undefined, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}
const codeOf = (answer: { json(): unknown }) => ErrorBodySchema.parse(answer.json()).code;
const statusOf = async (id: number) =>
  (await t.db.select({ status: organisations.status }).from(organisations).where(eq(organisations.id, id)))[0]?.status;
const eventRow = async (id: number) => (await t.db.select().from(events).where(eq(events.id, id)))[0];
const auditOf = (organisationId: number) =>
  t.db.select().from(auditLog).where(eq(auditLog.organisationId, organisationId)).orderBy(auditLog.id);

beforeAll(async () => {
  t = await buildTestApp();
  home = await createOrganisation(t.db);
  operator = await makeOperator(true);
});
afterAll(async () => {
  await t?.close();
});

describe('who may use the operator routes', () => {
  it('answers 404 to a member, even an owner with a second factor, as if the routes did not exist', async () => {
    const owner = await createOrganiserActor(t, { organisation: home, role: 'owner', twoFactor: true });
    const pending = await createOrganisation(t.db, { status: 'pending', approvedAt: null });
    for (const [method, url, body] of [
      ['GET', '/api/operator/organisations', undefined],
      ['POST', `/api/operator/organisations/${pending.slug}/status`, { to: 'approved' }],
    ] as const) {
      const answer = await send(method, url, owner.cookie, body);
      expect(answer.statusCode, url).toBe(404);
      expect(codeOf(answer)).toBe('not_found');
    }
    expect(await statusOf(pending.id)).toBe('pending');
  });

  it('asks an anonymous caller to sign in, and an operator without a second-factor session for a code', async () => {
    expect((await send('GET', '/api/operator/organisations', undefined)).statusCode).toBe(401);
    const withoutCode = await makeOperator(false);
    const answer = await send('GET', '/api/operator/organisations', withoutCode.cookie);
    expect(answer.statusCode).toBe(403);
    expect(codeOf(answer)).toBe('two_factor_required');
  });
});

describe('GET /api/operator/organisations', () => {
  it('lists every organisation, those waiting for approval first, with owners and event counts', async () => {
    const waiting = await createOrganisation(t.db, {
      name: 'AAA Waiting Society',
      status: 'pending',
      approvedAt: null,
    });
    const owner = await createOrganiserActor(t, { organisation: waiting, role: 'owner' });
    await createEvent(t.db, { organisationId: waiting.id });
    const answer = await send('GET', '/api/operator/organisations', operator.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const { organisations: list } = OperatorOrganisationListSchema.parse(answer.json());
    const statuses = list.map((each) => each.status);
    expect(statuses.indexOf('approved')).toBeGreaterThan(statuses.lastIndexOf('pending'));
    expect(list.find((each) => each.slug === waiting.slug)).toMatchObject({
      status: 'pending',
      event_count: 1,
      owners: [owner.email],
    });
  });
});

describe('POST /api/operator/organisations/:org/status', () => {
  it('approves a pending organisation, with an audit row naming the operator', async () => {
    const pending = await createOrganisation(t.db, { status: 'pending', approvedAt: null });
    const answer = await send('POST', `/api/operator/organisations/${pending.slug}/status`, operator.cookie, {
      to: 'approved',
    });
    expect(answer.statusCode, answer.body).toBe(204);
    expect(await statusOf(pending.id)).toBe('approved');
    const [row] = await auditOf(pending.id);
    expect(row).toMatchObject({
      action: 'organisation.approve',
      actorKind: 'operator',
      actorUserId: operator.userId,
      actorEmail: operator.email,
      before: { status: 'pending' },
      after: { status: 'approved', republished: 0 },
    });
  });

  it("suspends with a reason, taking the organisation's events off the site; approving again puts back only those", async () => {
    const organisation = await createOrganisation(t.db);
    const onSale = await createEvent(t.db, { organisationId: organisation.id });
    const offAlready = await createEvent(t.db, { organisationId: organisation.id });
    await t.db
      .update(events)
      .set({ unpublishedAt: new Date(), unpublishedReason: 'misleading listing' })
      .where(eq(events.id, offAlready.id));

    const noReason = await send('POST', `/api/operator/organisations/${organisation.slug}/status`, operator.cookie, {
      to: 'suspended',
    });
    expect(noReason.statusCode).toBe(422);
    expect(await statusOf(organisation.id)).toBe('approved');

    const suspended = await send('POST', `/api/operator/organisations/${organisation.slug}/status`, operator.cookie, {
      to: 'suspended',
      reason: 'unpaid chargebacks',
    });
    expect(suspended.statusCode, suspended.body).toBe(204);
    expect(await statusOf(organisation.id)).toBe('suspended');
    expect((await eventRow(onSale.id))?.unpublishedReason).toBe('organisation suspended: unpaid chargebacks');
    expect((await eventRow(offAlready.id))?.unpublishedReason).toBe('misleading listing');

    const again = await send('POST', `/api/operator/organisations/${organisation.slug}/status`, operator.cookie, {
      to: 'suspended',
      reason: 'twice',
    });
    expect(again.statusCode).toBe(409);

    const approved = await send('POST', `/api/operator/organisations/${organisation.slug}/status`, operator.cookie, {
      to: 'approved',
    });
    expect(approved.statusCode).toBe(204);
    expect((await eventRow(onSale.id))?.unpublishedAt).toBeNull();
    expect((await eventRow(offAlready.id))?.unpublishedReason).toBe('misleading listing');
    expect((await auditOf(organisation.id)).map((row) => row.action)).toEqual([
      'organisation.suspend',
      'organisation.approve',
    ]);
  });

  it('answers 404 for an organisation that does not exist, and 422 for a status it cannot set', async () => {
    const missing = await send('POST', '/api/operator/organisations/no-such-org/status', operator.cookie, {
      to: 'approved',
    });
    expect(missing.statusCode).toBe(404);
    const bad = await send('POST', `/api/operator/organisations/${home.slug}/status`, operator.cookie, {
      to: 'pending',
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('POST /api/operator/events/:eventUid/unpublish and /republish', () => {
  it('takes an event off the site with a reason, then puts it back, each audited in its organisation', async () => {
    const organisation = await createOrganisation(t.db);
    const event = await createEvent(t.db, { organisationId: organisation.id });
    const off = await send('POST', `/api/operator/events/${event.uid}/unpublish`, operator.cookie, {
      reason: 'tickets resold above face value',
    });
    expect(off.statusCode, off.body).toBe(204);
    expect(await eventRow(event.id)).toMatchObject({
      unpublishedBy: operator.userId,
      unpublishedReason: 'tickets resold above face value',
    });
    expect(
      (await send('POST', `/api/operator/events/${event.uid}/unpublish`, operator.cookie, { reason: 'again' }))
        .statusCode,
    ).toBe(409);
    const back = await send('POST', `/api/operator/events/${event.uid}/republish`, operator.cookie);
    expect(back.statusCode, back.body).toBe(204);
    expect((await eventRow(event.id))?.unpublishedAt).toBeNull();
    const rows = await auditOf(organisation.id);
    expect(rows.map((row) => [row.action, row.eventUid])).toEqual([
      ['event.unpublish', event.uid],
      ['event.republish', event.uid],
    ]);
  });

  it('refuses an unknown event (404), a missing reason (422), and a member of the organisation (404)', async () => {
    const event = await createEvent(t.db, { organisationId: home.id });
    expect(
      (await send('POST', '/api/operator/events/nosuchevent/unpublish', operator.cookie, { reason: 'abc' })).statusCode,
    ).toBe(404);
    expect((await send('POST', `/api/operator/events/${event.uid}/unpublish`, operator.cookie, {})).statusCode).toBe(
      422,
    );
    const owner = await createOrganiserActor(t, { organisation: home, role: 'owner', twoFactor: true });
    expect(
      (await send('POST', `/api/operator/events/${event.uid}/unpublish`, owner.cookie, { reason: 'abc' })).statusCode,
    ).toBe(404);
    expect((await eventRow(event.id))?.unpublishedAt).toBeNull();
  });
});

describe('POST /api/operator/events/:eventUid/waiting-room', () => {
  it("puts an on-sale event behind its waiting room in a rush: buyers' orders then need an admission; audited; off again", async () => {
    const organisation = await createOrganisation(t.db);
    const event = await createEvent(t.db, { organisationId: organisation.id });
    const pkg = await createTicketPackage(t.db, { eventId: event.id, capacity: 50 });
    const order = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: {
          event_id: event.id,
          buyer: { first_name: 'Nimal', last_name: 'Perera', email: 'rush@example.com', phone: '0771234567' },
          ticket_package_details: [{ package_id: pkg.id, ticket_count: 1 }],
          terms_agreed: true,
        },
      });
    const on = await send('POST', `/api/operator/events/${event.uid}/waiting-room`, operator.cookie, {
      enabled: true,
      admit_per_minute: 120,
    });
    expect(on.statusCode, on.body).toBe(204);
    expect(await eventRow(event.id)).toMatchObject({ waitingRoom: true, admitPerMinute: 120 });
    const refused = await order();
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('queue_required');

    const off = await send('POST', `/api/operator/events/${event.uid}/waiting-room`, operator.cookie, { enabled: false });
    expect(off.statusCode).toBe(204);
    expect(await eventRow(event.id)).toMatchObject({ waitingRoom: false, admitPerMinute: 120 });
    expect((await order()).statusCode).toBe(201);
    const rows = await auditOf(organisation.id);
    expect(rows.map((row) => [row.action, row.after])).toEqual([
      ['event.waiting_room', { waiting_room: true, admit_per_minute: 120 }],
      ['event.waiting_room', { waiting_room: false, admit_per_minute: 120 }],
    ]);
  });

  it('refuses a bad rate (422), an unknown event (404) and the organisation\'s own owner (404), writing nothing', async () => {
    const event = await createEvent(t.db, { organisationId: home.id });
    const owner = await createOrganiserActor(t, { organisation: home, role: 'owner', twoFactor: true });
    for (const [cookie, url, body, status] of [
      [operator.cookie, `/api/operator/events/${event.uid}/waiting-room`, { enabled: true, admit_per_minute: 5 }, 422],
      [operator.cookie, `/api/operator/events/${event.uid}/waiting-room`, { enabled: 'yes' }, 422],
      [operator.cookie, '/api/operator/events/nosuchevent/waiting-room', { enabled: true }, 404],
      [owner.cookie, `/api/operator/events/${event.uid}/waiting-room`, { enabled: true }, 404],
    ] as const) {
      const answer = await send('POST', url, cookie, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(status);
    }
    expect(await eventRow(event.id)).toMatchObject({ waitingRoom: false });
    expect((await auditOf(home.id)).filter((row) => row.action === 'event.waiting_room')).toEqual([]);
  });
});

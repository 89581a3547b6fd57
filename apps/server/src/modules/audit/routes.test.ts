import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createOrganisation, type Event, type Organisation } from '@marquee/db/factories';
import { appendAudit, withOrganiserScope } from '@marquee/db/tenancy';
import { AuditAnswerSchema } from '@marquee/domain/console';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { createOrganiserActor } from '../../test-support/organiser-actor';

/**
 * The audit log as the console reads it (issue 21): an organisation's own rows only, newest first, a page at a
 * time; a member limited to chosen events sees only those events' rows; roles without `audit.read` are refused.
 */
let t: TestApp;
let ours: Organisation;
let theirs: Organisation;
let first: Event;
let second: Event;
let theirEvent: Event;

const ACTOR = { kind: 'member', userId: null, email: 'someone@example.com', role: 'manager' } as const;

async function audit(organisation: Organisation, action: string, event?: Event) {
  await withOrganiserScope(t.db, { organisationId: organisation.id, eventIds: 'all', actor: ACTOR }, (tx) =>
    appendAudit(tx, {
      action,
      entityType: event ? 'event' : 'organisation',
      entityId: event?.id ?? organisation.id,
      eventId: event?.id ?? null,
      eventUid: event?.uid ?? null,
      before: { name: 'Before' },
      after: { name: 'After' },
    }),
  );
}

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const actionsOf = (body: unknown) => AuditAnswerSchema.parse(body).entries.map((entry) => entry.action);

beforeAll(async () => {
  t = await buildTestApp();
  ours = await createOrganisation(t.db);
  theirs = await createOrganisation(t.db);
  first = await createEvent(t.db, { organisationId: ours.id });
  second = await createEvent(t.db, { organisationId: ours.id });
  theirEvent = await createEvent(t.db, { organisationId: theirs.id });
  await audit(ours, 'organisation.update');
  await audit(ours, 'event.update.1', first);
  await audit(ours, 'event.update.2', second);
  await audit(ours, 'event.update.3', first);
  await audit(theirs, 'their.secret', theirEvent);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/organiser/:org/audit', () => {
  it("answers the organisation's own rows, newest first, with who and what changed", async () => {
    const owner = await createOrganiserActor(t, { organisation: ours, role: 'owner', twoFactor: true });
    const answer = await get(`/api/organiser/${ours.slug}/audit`, owner.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = AuditAnswerSchema.parse(answer.json());
    expect(body.entries.map((entry) => entry.action)).toEqual([
      'event.update.3',
      'event.update.2',
      'event.update.1',
      'organisation.update',
    ]);
    expect(body.entries[0]).toMatchObject({
      actor: { kind: 'member', email: 'someone@example.com', role: 'manager' },
      event_uid: first.uid,
      before: { name: 'Before' },
      after: { name: 'After' },
    });
    expect(body.next_before).toBeNull();
  });

  it('pages: `limit` rows, and `next_before` for the rest', async () => {
    const owner = await createOrganiserActor(t, { organisation: ours, role: 'owner', twoFactor: true });
    const page1 = AuditAnswerSchema.parse(
      (await get(`/api/organiser/${ours.slug}/audit?limit=3`, owner.cookie)).json(),
    );
    expect(page1.entries).toHaveLength(3);
    expect(page1.next_before).toBe(page1.entries[2]?.id);
    const page2 = await get(`/api/organiser/${ours.slug}/audit?limit=3&before=${page1.next_before}`, owner.cookie);
    expect(actionsOf(page2.json())).toEqual(['organisation.update']);
    expect((await get(`/api/organiser/${ours.slug}/audit?limit=0`, owner.cookie)).statusCode).toBe(422);
  });

  it('shows a member limited to one event only that event’s rows', async () => {
    const limited = await createOrganiserActor(t, {
      organisation: ours,
      role: 'manager',
      allEvents: false,
      eventIds: [second.id],
      twoFactor: true,
    });
    const answer = await get(`/api/organiser/${ours.slug}/audit`, limited.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(actionsOf(answer.json())).toEqual(['event.update.2']);
  });

  it('refuses roles without audit.read, and gives another organisation 404', async () => {
    for (const role of ['box_office', 'door'] as const) {
      const member = await createOrganiserActor(t, { organisation: ours, role });
      const answer = await get(`/api/organiser/${ours.slug}/audit`, member.cookie);
      expect(answer.statusCode, role).toBe(403);
      expect(ErrorBodySchema.parse(answer.json()).code).toBe('forbidden');
    }
    const stranger = await createOrganiserActor(t, { organisation: theirs, role: 'owner', twoFactor: true });
    expect((await get(`/api/organiser/${ours.slug}/audit`, stranger.cookie)).statusCode).toBe(404);
    expect(actionsOf((await get(`/api/organiser/${theirs.slug}/audit`, stranger.cookie)).json())).toEqual([
      'their.secret',
    ]);
  });
});

describe('GET /api/organiser/:org/events/:eventUid/audit', () => {
  it("answers one event's rows; another organisation's event uid is a 404", async () => {
    const owner = await createOrganiserActor(t, { organisation: ours, role: 'owner', twoFactor: true });
    const answer = await get(`/api/organiser/${ours.slug}/events/${first.uid}/audit`, owner.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(actionsOf(answer.json())).toEqual(['event.update.3', 'event.update.1']);
    const foreign = await get(`/api/organiser/${ours.slug}/events/${theirEvent.uid}/audit`, owner.cookie);
    expect(foreign.statusCode).toBe(404);
  });

  it('gives a member limited to another event 404', async () => {
    const limited = await createOrganiserActor(t, {
      organisation: ours,
      role: 'manager',
      allEvents: false,
      eventIds: [second.id],
      twoFactor: true,
    });
    expect((await get(`/api/organiser/${ours.slug}/events/${first.uid}/audit`, limited.cookie)).statusCode).toBe(404);
  });
});

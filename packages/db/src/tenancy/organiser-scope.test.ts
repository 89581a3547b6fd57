import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, events, venues } from '../schema';
import {
  createEvent,
  createOrganisation,
  createVenue,
  type Event,
  type Organisation,
  type Venue,
} from '../testing/factories';
import { createTestDb, type TestDb } from '../testing/test-db';
import {
  appendAudit,
  inScope,
  scopeOf,
  withOrganiserScope,
  type OrganiserScope,
  type ScopedTx,
} from './organiser-scope';

/**
 * Wall 1 of tenant isolation: a scoped transaction sees only its organisation's rows (and a limited
 * member's only their events and those events' venues), and its audit rows carry the scope's actor.
 */
let t: TestDb;
let ours: Organisation;
let theirs: Organisation;
let ourVenues: Venue[];
let ourEvents: Event[];
let theirEvent: Event;

const OWNER = { kind: 'member', userId: 'user-owner', email: 'owner@example.com', role: 'owner' } as const;

function scope(organisation: Organisation, eventIds: OrganiserScope['eventIds'] = 'all'): OrganiserScope {
  return { organisationId: organisation.id, eventIds, actor: OWNER };
}

const venueIds = (tx: ScopedTx) =>
  tx
    .select({ id: venues.id })
    .from(venues)
    .where(inScope.venues(tx))
    .then((rows) => rows.map((row) => row.id).sort((a, b) => a - b));
const eventIds = (tx: ScopedTx) =>
  tx
    .select({ id: events.id })
    .from(events)
    .where(inScope.events(tx))
    .then((rows) => rows.map((row) => row.id).sort((a, b) => a - b));
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestDb();
  ours = await createOrganisation(t.db);
  theirs = await createOrganisation(t.db);
  ourVenues = [
    await createVenue(t.db, { organisationId: ours.id }),
    await createVenue(t.db, { organisationId: ours.id }),
  ];
  ourEvents = [
    await createEvent(t.db, { organisationId: ours.id, venueId: ourVenues[0]!.id }),
    await createEvent(t.db, { organisationId: ours.id, venueId: ourVenues[1]!.id }),
  ];
  theirEvent = await createEvent(t.db, { organisationId: theirs.id });
});
afterAll(async () => {
  await t.close();
});

describe('withOrganiserScope', () => {
  it("sees only its organisation's venues and events", async () => {
    const seen = await withOrganiserScope(t.db, scope(ours), async (tx) => ({
      venues: await venueIds(tx),
      events: await eventIds(tx),
    }));
    expect(seen).toEqual({ venues: sorted(ourVenues.map((v) => v.id)), events: sorted(ourEvents.map((e) => e.id)) });

    const theirsSeen = await withOrganiserScope(t.db, scope(theirs), eventIds);
    expect(theirsSeen).toEqual([theirEvent.id]);
  });

  it("sees only a limited member's events, and only their venues", async () => {
    const limited = scope(ours, [ourEvents[1]!.id]);
    const seen = await withOrganiserScope(t.db, limited, async (tx) => ({
      venues: await venueIds(tx),
      events: await eventIds(tx),
    }));
    expect(seen).toEqual({ venues: [ourVenues[1]!.id], events: [ourEvents[1]!.id] });
  });

  it("gives a limited member another organisation's event id nothing, and no events nothing", async () => {
    expect(await withOrganiserScope(t.db, scope(ours, [theirEvent.id]), eventIds)).toEqual([]);
    expect(await withOrganiserScope(t.db, scope(ours, []), venueIds)).toEqual([]);
    expect(await withOrganiserScope(t.db, scope(ours, []), eventIds)).toEqual([]);
  });

  it('hands the scope to the code it runs, and rolls everything back when that code throws', async () => {
    const failing = withOrganiserScope(t.db, scope(ours), async (tx) => {
      expect(scopeOf(tx)).toMatchObject({ organisationId: ours.id, eventIds: 'all', actor: OWNER });
      await appendAudit(tx, { action: 'venue.update', entityType: 'venue', entityId: ourVenues[0]!.id });
      throw new Error('the use case failed');
    });
    await expect(failing).rejects.toThrow('the use case failed');
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'venue.update'));
    expect(rows).toEqual([]);
  });
});

describe('appendAudit', () => {
  it("writes the row with the scope's organisation and actor, in the change's transaction", async () => {
    const actor = { ...OWNER, requestId: 'req-1', ip: '192.0.2.7' };
    await withOrganiserScope(t.db, { organisationId: ours.id, eventIds: 'all', actor }, (tx) =>
      appendAudit(tx, {
        action: 'event.update',
        entityType: 'event',
        entityId: ourEvents[0]!.id,
        eventId: ourEvents[0]!.id,
        eventUid: ourEvents[0]!.uid,
        before: { name: 'Old' },
        after: { name: 'New' },
      }),
    );
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'event.update'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      organisationId: ours.id,
      actorKind: 'member',
      actorUserId: 'user-owner',
      actorEmail: 'owner@example.com',
      actorRole: 'owner',
      requestId: 'req-1',
      ip: '192.0.2.7',
      entityType: 'event',
      entityId: String(ourEvents[0]!.id),
      eventId: ourEvents[0]!.id,
      eventUid: ourEvents[0]!.uid,
      before: { name: 'Old' },
      after: { name: 'New' },
    });
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLog, events, organisations, ticketPackages, venues } from '../schema';
import {
  createEvent,
  createOrganisation,
  createTicketPackage,
  createVenue,
  type Event,
  type Organisation,
  type Venue,
} from '../testing/factories';
import { createTestDb, type TestDb } from '../testing/test-db';
import { CONSOLE_ROLE, withOrganiserScope, type OrganiserScope } from './organiser-scope';

/**
 * Wall 2 of tenant isolation (migration 0015; decisions/034): a console transaction that forgets the tenant
 * predicate still sees, changes and makes only its own organisation's rows, because the database says so.
 * The queries below deliberately leave `inScope` out: they are the repository bug the wall exists for.
 */
let t: TestDb;
let ours: Organisation;
let theirs: Organisation;
let theirVenue: Venue;
let theirEvent: Event;
let ourEvent: Event;

const ACTOR = { kind: 'member', userId: null, email: 'owner@example.com', role: 'owner' } as const;
const scope = (organisation: Organisation): OrganiserScope => ({
  organisationId: organisation.id,
  eventIds: 'all',
  actor: ACTOR,
});

beforeAll(async () => {
  t = await createTestDb();
  ours = await createOrganisation(t.db);
  theirs = await createOrganisation(t.db);
  await createVenue(t.db, { organisationId: ours.id });
  theirVenue = await createVenue(t.db, { organisationId: theirs.id });
  ourEvent = await createEvent(t.db, { organisationId: ours.id });
  theirEvent = await createEvent(t.db, { organisationId: theirs.id, venueId: theirVenue.id });
  await createTicketPackage(t.db, { eventId: ourEvent.id });
  await createTicketPackage(t.db, { eventId: theirEvent.id });
});
afterAll(async () => {
  await t.close();
});

describe('a console transaction that forgets the scope', () => {
  it("reads only its organisation's rows, from every table that has them", async () => {
    const seen = await withOrganiserScope(t.db, scope(ours), async (tx) => ({
      organisations: (await tx.select({ id: organisations.id }).from(organisations)).map((row) => row.id),
      venueOrganisations: new Set((await tx.select().from(venues)).map((row) => row.organisationId)),
      events: (await tx.select({ id: events.id }).from(events)).map((row) => row.id),
      packageEvents: new Set((await tx.select().from(ticketPackages)).map((row) => row.eventId)),
    }));
    expect(seen.organisations).toEqual([ours.id]);
    expect([...seen.venueOrganisations]).toEqual([ours.id]);
    expect(seen.events).toEqual([ourEvent.id]);
    expect([...seen.packageEvents]).toEqual([ourEvent.id]);
  });

  it("changes none of another organisation's rows, and cannot move a row into it", async () => {
    const changed = await withOrganiserScope(t.db, scope(ours), async (tx) =>
      tx.update(venues).set({ name: 'Taken over' }).where(eq(venues.id, theirVenue.id)).returning(),
    );
    expect(changed).toEqual([]);
    const [venue] = await t.db.select().from(venues).where(eq(venues.id, theirVenue.id));
    expect(venue?.name).not.toBe('Taken over');

    const moving = withOrganiserScope(t.db, scope(ours), (tx) =>
      tx.update(events).set({ organisationId: theirs.id }).where(eq(events.id, ourEvent.id)),
    );
    await expect(moving).rejects.toThrow();
  });

  it('refuses to write a row for another organisation', async () => {
    const writing = withOrganiserScope(t.db, scope(ours), (tx) =>
      tx.insert(venues).values({
        organisationId: theirs.id,
        name: 'Planted',
        city: 'Colombo',
        country: 'LK',
        timeZone: 'Asia/Colombo',
      }),
    );
    await expect(writing).rejects.toThrow();
    expect(await t.db.select().from(venues).where(eq(venues.name, 'Planted'))).toEqual([]);
  });

  it('cannot read the secrets of accounts at all', async () => {
    for (const table of ['sessions', 'accounts', 'two_factors', 'verifications', 'app_secrets']) {
      const reading = withOrganiserScope(t.db, scope(ours), (tx) =>
        tx.execute(sql`SELECT 1 FROM ${sql.identifier(table)}`),
      );
      await expect(reading, table).rejects.toThrow();
    }
  });

  it('cannot change or delete the audit log, even its own rows', async () => {
    await withOrganiserScope(t.db, scope(ours), (tx) =>
      tx
        .insert(auditLog)
        .values({ organisationId: ours.id, actorKind: 'member', action: 'test.row', entityType: 'test' }),
    );
    const editing = withOrganiserScope(t.db, scope(ours), (tx) =>
      tx.update(auditLog).set({ action: 'edited' }).where(eq(auditLog.action, 'test.row')),
    );
    await expect(editing).rejects.toThrow();
  });

  it('leaves the buyer side (the connecting role) seeing every organisation', async () => {
    const rows = await t.db.select({ id: events.id }).from(events);
    expect(rows.map((row) => row.id)).toEqual(expect.arrayContaining([ourEvent.id, theirEvent.id]));
  });

  it('gives the outer transaction its own role back after a scope nested in it', async () => {
    const RoleSchema = z.object({ rows: z.array(z.object({ role: z.string() })) });
    const roles = await t.db.transaction(async (tx) => {
      const inside = await withOrganiserScope(
        tx,
        scope(ours),
        async (scoped) => RoleSchema.parse(await scoped.execute(sql`SELECT current_user AS role`)).rows[0]?.role,
      );
      const after = RoleSchema.parse(await tx.execute(sql`SELECT current_user AS role`)).rows[0]?.role;
      return { inside, after };
    });
    expect(roles.inside).toBe(CONSOLE_ROLE);
    expect(roles.after).not.toBe(CONSOLE_ROLE);
  });
});

describe('coverage', () => {
  const RowsSchema = z.object({ rows: z.array(z.object({ name: z.string() })) });

  it('has row-level security and a policy on every table that belongs to an organisation', async () => {
    // A table belongs to an organisation when it carries one, or hangs off an event or a package.
    const owned = RowsSchema.parse(
      await t.db.execute(sql`
        SELECT DISTINCT c.table_name AS name
        FROM information_schema.columns c
        WHERE c.table_schema = 'public'
          AND (c.column_name = 'organisation_id'
            OR (c.column_name IN ('event_id', 'package_id') AND EXISTS (
              SELECT 1 FROM information_schema.table_constraints tc
              JOIN information_schema.key_column_usage k ON k.constraint_name = tc.constraint_name
              WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_name = c.table_name AND k.column_name = c.column_name)))`),
    ).rows.map((row) => row.name);
    const protectedTables = RowsSchema.parse(
      await t.db.execute(sql`
        SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relrowsecurity
          AND EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid)`),
    ).rows.map((row) => row.name);
    expect(owned.length).toBeGreaterThan(10);
    for (const table of [...owned, 'organisations']) expect(protectedTables, table).toContain(table);
  });
});

import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '@marquee/db/client';
import {
  events,
  memberEvents,
  organisationMembers,
  organisations,
  platformOperators,
  sessions,
  users,
} from '@marquee/db/schema';
import { scopeOf, type ScopedTx } from '@marquee/db/tenancy';

/*
 * The organisations module's queries. The guard's reads (who may enter an organisation) take `Db`: they
 * decide the scope, so they cannot run inside one. What a member reads once inside takes a `ScopedTx`.
 */

/** An organisation by slug, and the user's membership of it (null: not a member). */
export async function findOrganisationAndMembership(db: Db, slug: string, userId: string) {
  const [row] = await db
    .select({
      organisationId: organisations.id,
      slug: organisations.slug,
      memberId: organisationMembers.id,
      role: organisationMembers.role,
      allEvents: organisationMembers.allEvents,
    })
    .from(organisations)
    .leftJoin(
      organisationMembers,
      and(eq(organisationMembers.organisationId, organisations.id), eq(organisationMembers.userId, userId)),
    )
    .where(eq(organisations.slug, slug));
  if (!row) return null;
  const { memberId, role, allEvents } = row;
  return {
    organisationId: row.organisationId,
    slug: row.slug,
    membership: memberId !== null && role !== null && allEvents !== null ? { memberId, role, allEvents } : null,
  };
}

/** What the guard needs to know of the signed-in user and this session; null: no such session of theirs. */
export async function findSignedInFacts(db: Db, userId: string, sessionId: string) {
  const [row] = await db
    .select({
      email: users.email,
      twoFactorEnabled: users.twoFactorEnabled,
      secondFactor: sessions.secondFactor,
      operatorUserId: platformOperators.userId,
    })
    .from(users)
    .innerJoin(sessions, and(eq(sessions.userId, users.id), eq(sessions.id, sessionId)))
    .leftJoin(platformOperators, eq(platformOperators.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  const { operatorUserId, ...facts } = row;
  return { ...facts, isOperator: operatorUserId !== null };
}

/** The events a member limited to chosen events may act on (both in the member's organisation). */
export async function findMemberEventIds(db: Db, organisationId: number, memberId: number): Promise<number[]> {
  const rows = await db
    .select({ eventId: memberEvents.eventId })
    .from(memberEvents)
    .where(and(eq(memberEvents.organisationId, organisationId), eq(memberEvents.memberId, memberId)));
  return rows.map((row) => row.eventId);
}

/** An event by uid, found only inside the organisation. */
export async function findEventOfOrganisation(db: Db, organisationId: number, uid: string) {
  const [row] = await db
    .select({ id: events.id, uid: events.uid })
    .from(events)
    .where(and(eq(events.organisationId, organisationId), eq(events.uid, uid)));
  return row ?? null;
}

/** The user's memberships, by organisation name. */
export function findMemberships(db: Db, userId: string) {
  return db
    .select({
      slug: organisations.slug,
      name: organisations.name,
      status: organisations.status,
      role: organisationMembers.role,
      allEvents: organisationMembers.allEvents,
    })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(eq(organisationMembers.userId, userId))
    .orderBy(asc(organisations.name), asc(organisations.id));
}

/** The scope's own organisation. */
export async function findScopedOrganisation(tx: ScopedTx) {
  const [row] = await tx
    .select({
      slug: organisations.slug,
      name: organisations.name,
      country: organisations.country,
      status: organisations.status,
      contactEmail: organisations.contactEmail,
    })
    .from(organisations)
    .where(eq(organisations.id, scopeOf(tx).organisationId));
  return row ?? null;
}

/** The demo seed's memberships and operator (demo-accounts.ts): written once, left as they are on a restart. */
export async function ensureDemoMembership(
  db: Db,
  slug: string,
  userId: string,
  role: 'owner' | 'manager' | 'box_office' | 'door',
): Promise<boolean> {
  const [organisation] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.slug, slug));
  if (!organisation) return false;
  await db
    .insert(organisationMembers)
    .values({ organisationId: organisation.id, userId, role })
    .onConflictDoNothing({ target: [organisationMembers.organisationId, organisationMembers.userId] });
  return true;
}

export async function ensurePlatformOperator(db: Db, userId: string): Promise<void> {
  await db.insert(platformOperators).values({ userId }).onConflictDoNothing();
}

/**
 * Organisations the user made that wait for approval (the limit on new ones), counted under a lock of the
 * user's row, so that requests sent at once are counted one after another.
 */
export async function countPendingOrganisationsOf(tx: Tx, userId: string): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const rows = await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.createdBy, userId), eq(organisations.status, 'pending')));
  return rows.length;
}

/** A new organisation, pending, and its maker as its owner. */
export async function insertOrganisationWithOwner(
  tx: Tx,
  values: { slug: string; name: string; country: 'LK' | 'SG' | 'AU'; contactEmail: string; userId: string },
) {
  const [organisation] = await tx
    .insert(organisations)
    .values({
      slug: values.slug,
      name: values.name,
      country: values.country,
      contactEmail: values.contactEmail,
      status: 'pending',
      createdBy: values.userId,
    })
    .returning();
  if (!organisation) throw new Error('the organisation was not inserted');
  await tx
    .insert(organisationMembers)
    .values({ organisationId: organisation.id, userId: values.userId, role: 'owner' });
  return organisation;
}

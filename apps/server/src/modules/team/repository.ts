import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
import {
  events,
  memberEvents,
  organisationInvitations,
  organisationMembers,
  organisations,
  users,
} from '@marquee/db/schema';
import { inScope, scopeOf, type ScopedTx } from '@marquee/db/tenancy';
import type { OrganisationRole } from '@marquee/domain/permissions';

/*
 * The team's queries (issue 21). Everything a member does runs in a scoped transaction: a member, an
 * invitation and an event are found through the scope's organisation (`scopeOf(tx).organisationId`,
 * `inScope.events`), never by id alone. The one read outside a scope is the invitation by its token's hash,
 * which says which organisation's scope accepting it opens.
 */

export type MemberRow = {
  id: number;
  userId: string;
  role: OrganisationRole;
  allEvents: boolean;
  createdAt: Date;
};

const memberColumns = {
  id: organisationMembers.id,
  userId: organisationMembers.userId,
  role: organisationMembers.role,
  allEvents: organisationMembers.allEvents,
  createdAt: organisationMembers.createdAt,
};

/** The organisation's members with their accounts, oldest first. */
export function findMembers(tx: ScopedTx) {
  return tx
    .select({
      ...memberColumns,
      name: users.name,
      email: users.email,
      twoFactor: users.twoFactorEnabled,
    })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(eq(organisationMembers.organisationId, scopeOf(tx).organisationId))
    .orderBy(asc(organisationMembers.createdAt), asc(organisationMembers.id));
}

/** One member with their account, found in the scope's organisation. */
export async function findMember(tx: ScopedTx, memberId: number) {
  const [row] = await tx
    .select({ ...memberColumns, name: users.name, email: users.email, twoFactor: users.twoFactorEnabled })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(
      and(eq(organisationMembers.organisationId, scopeOf(tx).organisationId), eq(organisationMembers.id, memberId)),
    );
  return row ?? null;
}

/**
 * Locks the organisation's owner rows, lowest id first, and answers them. Every change that could take away
 * an owner (a role change, a removal) takes these locks before it reads the member it changes, so two owners
 * demoting each other at once run one after the other, and the second sees the first's change: PostgreSQL
 * re-reads a row locked FOR UPDATE once the other transaction commits, and a row no longer 'owner' drops out.
 */
export async function lockOwners(tx: ScopedTx): Promise<{ id: number; userId: string }[]> {
  return tx
    .select({ id: organisationMembers.id, userId: organisationMembers.userId })
    .from(organisationMembers)
    .where(
      and(eq(organisationMembers.organisationId, scopeOf(tx).organisationId), eq(organisationMembers.role, 'owner')),
    )
    .orderBy(asc(organisationMembers.id))
    .for('update');
}

/** The member row, locked, in the scope's organisation (after `lockOwners`). */
export async function lockMember(tx: ScopedTx, memberId: number): Promise<MemberRow | null> {
  const [row] = await tx
    .select(memberColumns)
    .from(organisationMembers)
    .where(
      and(eq(organisationMembers.organisationId, scopeOf(tx).organisationId), eq(organisationMembers.id, memberId)),
    )
    .for('update');
  return row ?? null;
}

/** The actor's own membership now (it may have changed since the guard read it). */
export async function findMembershipOf(tx: ScopedTx, userId: string) {
  const [row] = await tx
    .select({ id: organisationMembers.id, role: organisationMembers.role })
    .from(organisationMembers)
    .where(
      and(eq(organisationMembers.organisationId, scopeOf(tx).organisationId), eq(organisationMembers.userId, userId)),
    );
  return row ?? null;
}

export async function updateMember(
  tx: ScopedTx,
  memberId: number,
  values: { role: OrganisationRole; allEvents: boolean },
): Promise<void> {
  await tx
    .update(organisationMembers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(eq(organisationMembers.organisationId, scopeOf(tx).organisationId), eq(organisationMembers.id, memberId)),
    );
}

export async function deleteMember(tx: ScopedTx, memberId: number): Promise<void> {
  // member_events go with it (ON DELETE CASCADE).
  await tx
    .delete(organisationMembers)
    .where(
      and(eq(organisationMembers.organisationId, scopeOf(tx).organisationId), eq(organisationMembers.id, memberId)),
    );
}

/** Replaces a member's events (ids the caller found in the scope). */
export async function replaceMemberEvents(tx: ScopedTx, memberId: number, eventIds: readonly number[]): Promise<void> {
  const { organisationId } = scopeOf(tx);
  await tx
    .delete(memberEvents)
    .where(and(eq(memberEvents.organisationId, organisationId), eq(memberEvents.memberId, memberId)));
  if (eventIds.length === 0) return;
  await tx
    .insert(memberEvents)
    .values(eventIds.map((eventId) => ({ organisationId, memberId, eventId })))
    .onConflictDoNothing();
}

/** The members' events that the reader may see (`inScope.events`), earliest first. */
export async function findMemberEvents(tx: ScopedTx, memberIds: readonly number[]) {
  if (memberIds.length === 0) return [];
  return tx
    .select({ memberId: memberEvents.memberId, id: events.id, uid: events.uid })
    .from(memberEvents)
    .innerJoin(events, and(eq(events.id, memberEvents.eventId), eq(events.organisationId, memberEvents.organisationId)))
    .where(
      and(
        eq(memberEvents.organisationId, scopeOf(tx).organisationId),
        inArray(memberEvents.memberId, [...memberIds]),
        inScope.events(tx),
      ),
    )
    .orderBy(asc(events.startDate), asc(events.id));
}

/** The scope's events among these uids (an unknown uid, or another organisation's, is simply not there). */
export function findEventsByUid(tx: ScopedTx, uids: readonly string[]) {
  if (uids.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: events.id, uid: events.uid })
    .from(events)
    .where(and(inScope.events(tx), inArray(events.uid, [...uids])));
}

/** The scope's events among these ids, as uids (an invitation keeps ids; a deleted draft drops out). */
export function findEventsById(tx: ScopedTx, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: events.id, uid: events.uid })
    .from(events)
    .where(and(inScope.events(tx), inArray(events.id, [...ids])))
    .orderBy(asc(events.startDate), asc(events.id));
}

/** Whether an account with this e-mail (any case) is a member of the scope's organisation. */
export async function isMemberByEmail(tx: ScopedTx, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: organisationMembers.id })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(
      and(eq(organisationMembers.organisationId, scopeOf(tx).organisationId), sql`lower(${users.email}) = ${email}`),
    );
  return row !== undefined;
}

/** Whether the user is a member of the scope's organisation. */
export async function isMember(tx: ScopedTx, userId: string): Promise<boolean> {
  return (await findMembershipOf(tx, userId)) !== null;
}

/**
 * Locks the scope's organisation row so that its invitations are made one at a time (the limit of pending
 * invitations is counted under it). FOR NO KEY UPDATE: rows that only reference the organisation (a venue,
 * an event, an audit row) take a KEY SHARE lock on it and are not held up.
 */
export async function lockOrganisation(tx: ScopedTx) {
  const [row] = await tx
    .select({ id: organisations.id, name: organisations.name, slug: organisations.slug })
    .from(organisations)
    .where(eq(organisations.id, scopeOf(tx).organisationId))
    .for('no key update');
  return row ?? null;
}

/** Pending invitations past their expiry become 'expired' (they no longer hold the address's place). */
export async function expireInvitations(tx: ScopedTx): Promise<void> {
  await tx
    .update(organisationInvitations)
    .set({ status: 'expired' })
    .where(
      and(
        eq(organisationInvitations.organisationId, scopeOf(tx).organisationId),
        eq(organisationInvitations.status, 'pending'),
        sql`${organisationInvitations.expiresAt} <= now()`,
      ),
    );
}

export async function countPendingInvitations(tx: ScopedTx): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(organisationInvitations)
    .where(
      and(
        eq(organisationInvitations.organisationId, scopeOf(tx).organisationId),
        eq(organisationInvitations.status, 'pending'),
      ),
    );
  return row?.count ?? 0;
}

export async function hasPendingInvitation(tx: ScopedTx, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: organisationInvitations.id })
    .from(organisationInvitations)
    .where(
      and(
        eq(organisationInvitations.organisationId, scopeOf(tx).organisationId),
        eq(organisationInvitations.status, 'pending'),
        eq(organisationInvitations.email, email),
      ),
    );
  return row !== undefined;
}

const invitationColumns = {
  id: organisationInvitations.id,
  email: organisationInvitations.email,
  role: organisationInvitations.role,
  allEvents: organisationInvitations.allEvents,
  eventIds: organisationInvitations.eventIds,
  expiresAt: organisationInvitations.expiresAt,
  invitedBy: users.name,
};

/** A new pending invitation, valid for `validDays` by the database's clock. */
export async function insertInvitation(
  tx: ScopedTx,
  values: {
    email: string;
    role: OrganisationRole;
    allEvents: boolean;
    eventIds: number[];
    tokenHash: string;
    invitedBy: string;
    validDays: number;
  },
) {
  const { validDays, ...rest } = values;
  const [row] = await tx
    .insert(organisationInvitations)
    .values({
      ...rest,
      organisationId: scopeOf(tx).organisationId,
      expiresAt: sql`now() + make_interval(days => ${validDays})`,
    })
    .returning({ id: organisationInvitations.id, expiresAt: organisationInvitations.expiresAt });
  if (!row) throw new Error('the invitation was not inserted');
  return row;
}

/** The organisation's pending, unexpired invitations, with who sent each. */
export function findPendingInvitations(tx: ScopedTx) {
  return tx
    .select(invitationColumns)
    .from(organisationInvitations)
    .leftJoin(users, eq(users.id, organisationInvitations.invitedBy))
    .where(
      and(
        eq(organisationInvitations.organisationId, scopeOf(tx).organisationId),
        eq(organisationInvitations.status, 'pending'),
        gt(organisationInvitations.expiresAt, sql`now()`),
      ),
    )
    .orderBy(asc(organisationInvitations.createdAt), asc(organisationInvitations.id));
}

/** One invitation of the scope's organisation, locked. */
export async function lockInvitation(tx: ScopedTx, invitationId: number) {
  const [row] = await tx
    .select({ id: organisationInvitations.id, status: organisationInvitations.status })
    .from(organisationInvitations)
    .where(
      and(
        eq(organisationInvitations.organisationId, scopeOf(tx).organisationId),
        eq(organisationInvitations.id, invitationId),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function setInvitationStatus(
  tx: ScopedTx,
  invitationId: number,
  status: 'revoked' | 'expired',
): Promise<void> {
  await tx
    .update(organisationInvitations)
    .set({ status })
    .where(
      and(
        eq(organisationInvitations.organisationId, scopeOf(tx).organisationId),
        eq(organisationInvitations.id, invitationId),
      ),
    );
}

/** Which organisation an invitation token belongs to (its sha256): the scope accepting it opens. */
export async function findInvitationOrganisation(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: organisationInvitations.id,
      organisationId: organisationInvitations.organisationId,
      role: organisationInvitations.role,
    })
    .from(organisationInvitations)
    .where(eq(organisationInvitations.tokenHash, tokenHash));
  return row ?? null;
}

/** An account's name (the actor's own, for the invitation's answer). */
export async function findUserName(tx: ScopedTx, userId: string): Promise<string | null> {
  const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

/** The signed-in account's e-mail. */
export async function findUserEmail(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** The invitation with this token, in the scope's organisation, locked: a token is accepted once. */
export async function lockInvitationByToken(tx: ScopedTx, tokenHash: string) {
  const [row] = await tx
    .select({
      id: organisationInvitations.id,
      email: organisationInvitations.email,
      role: organisationInvitations.role,
      allEvents: organisationInvitations.allEvents,
      eventIds: organisationInvitations.eventIds,
      status: organisationInvitations.status,
      isExpired: sql<boolean>`${organisationInvitations.expiresAt} <= now()`,
    })
    .from(organisationInvitations)
    .where(
      and(
        eq(organisationInvitations.organisationId, scopeOf(tx).organisationId),
        eq(organisationInvitations.tokenHash, tokenHash),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function markInvitationAccepted(tx: ScopedTx, invitationId: number, userId: string): Promise<void> {
  await tx
    .update(organisationInvitations)
    .set({ status: 'accepted', acceptedBy: userId, acceptedAt: sql`now()` })
    .where(
      and(
        eq(organisationInvitations.organisationId, scopeOf(tx).organisationId),
        eq(organisationInvitations.id, invitationId),
      ),
    );
}

export async function insertMember(
  tx: ScopedTx,
  values: { userId: string; role: OrganisationRole; allEvents: boolean },
): Promise<number> {
  const [row] = await tx
    .insert(organisationMembers)
    .values({ ...values, organisationId: scopeOf(tx).organisationId })
    .returning({ id: organisationMembers.id });
  if (!row) throw new Error('the member was not inserted');
  return row.id;
}

/** The scope's organisation's slug. */
export async function findOrganisationSlug(tx: ScopedTx): Promise<string | null> {
  const [row] = await tx
    .select({ slug: organisations.slug })
    .from(organisations)
    .where(eq(organisations.id, scopeOf(tx).organisationId));
  return row?.slug ?? null;
}

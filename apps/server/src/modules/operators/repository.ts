import { and, asc, count, eq, isNull, like, sql } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
import { events, organisationMembers, organisations, users } from '@marquee/db/schema';
import { scopeOf, type ScopedTx } from '@marquee/db/tenancy';

/*
 * What Marquee's operators read and change across organisations. Every change runs in the scope of the
 * organisation it touches (withOrganiserScope with the operator as actor), so its audit row is that
 * organisation's, and it reads its rows through that scope like any console use case.
 */

/** Every organisation, pending first, with its event count and owners' e-mails. */
export async function listOrganisations(db: Db) {
  const eventCounts = db
    .select({ organisationId: events.organisationId, n: count().as('n') })
    .from(events)
    .groupBy(events.organisationId)
    .as('event_counts');
  const owners = db
    .select({
      organisationId: organisationMembers.organisationId,
      emails: sql<string[]>`array_agg(${users.email} ORDER BY ${users.email})`.as('emails'),
    })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(eq(organisationMembers.role, 'owner'))
    .groupBy(organisationMembers.organisationId)
    .as('owners');
  return db
    .select({
      slug: organisations.slug,
      name: organisations.name,
      country: organisations.country,
      status: organisations.status,
      contactEmail: organisations.contactEmail,
      createdAt: organisations.createdAt,
      approvedAt: organisations.approvedAt,
      eventCount: sql<number>`coalesce(${eventCounts.n}, 0)::int`,
      owners: sql<string[]>`coalesce(${owners.emails}, '{}'::text[])`,
    })
    .from(organisations)
    .leftJoin(eventCounts, eq(eventCounts.organisationId, organisations.id))
    .leftJoin(owners, eq(owners.organisationId, organisations.id))
    .orderBy(sql`${organisations.status} = 'pending' DESC`, asc(organisations.name));
}

/** An organisation's id and status by slug (what the operator's scope is opened on). */
export async function findOrganisationBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({ id: organisations.id, status: organisations.status })
    .from(organisations)
    .where(eq(organisations.slug, slug));
  return row ?? null;
}

/** An event's id, uid and organisation by uid. */
export async function findEventByUid(db: Db, uid: string) {
  const [row] = await db
    .select({ id: events.id, uid: events.uid, organisationId: events.organisationId })
    .from(events)
    .where(eq(events.uid, uid));
  return row ?? null;
}

/** The operator's e-mail, for the audit row. */
export async function findUserEmail(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** The scope's organisation, locked for its status change. */
export async function lockScopedOrganisation(tx: ScopedTx) {
  const [row] = await tx
    .select({ id: organisations.id, status: organisations.status })
    .from(organisations)
    .where(eq(organisations.id, scopeOf(tx).organisationId))
    .for('update');
  return row ?? null;
}

export async function setScopedOrganisationStatus(
  tx: ScopedTx,
  status: 'approved' | 'suspended',
  operatorUserId: string,
): Promise<void> {
  await tx
    .update(organisations)
    .set(
      status === 'approved'
        ? { status, approvedAt: sql`coalesce(${organisations.approvedAt}, now())`, approvedBy: operatorUserId }
        : { status },
    )
    .where(eq(organisations.id, scopeOf(tx).organisationId));
}

/** What a suspension writes on the events it takes off the site, so that approving again puts back only those. */
export const SUSPENSION_REASON_PREFIX = 'organisation suspended: ';

/** Takes every event of the scope's organisation off the site (those not already off). Returns how many. */
export async function unpublishScopedEventsForSuspension(
  tx: ScopedTx,
  operatorUserId: string,
  reason: string,
): Promise<number> {
  const rows = await tx
    .update(events)
    .set({
      unpublishedAt: sql`now()`,
      unpublishedBy: operatorUserId,
      unpublishedReason: `${SUSPENSION_REASON_PREFIX}${reason}`,
    })
    .where(and(eq(events.organisationId, scopeOf(tx).organisationId), isNull(events.unpublishedAt)))
    .returning({ id: events.id });
  return rows.length;
}

/** Puts back the events a suspension took off (not those an operator unpublished one by one). */
export async function republishScopedEventsAfterSuspension(tx: ScopedTx): Promise<number> {
  const rows = await tx
    .update(events)
    .set({ unpublishedAt: null, unpublishedBy: null, unpublishedReason: null })
    .where(
      and(
        eq(events.organisationId, scopeOf(tx).organisationId),
        like(events.unpublishedReason, `${SUSPENSION_REASON_PREFIX}%`),
      ),
    )
    .returning({ id: events.id });
  return rows.length;
}

/** One event of the scope, locked, with whether it is off the site. */
export async function lockScopedEvent(tx: ScopedTx, eventId: number) {
  const [row] = await tx
    .select({ id: events.id, uid: events.uid, unpublishedAt: events.unpublishedAt, reason: events.unpublishedReason })
    .from(events)
    .where(and(eq(events.organisationId, scopeOf(tx).organisationId), eq(events.id, eventId)))
    .for('update');
  return row ?? null;
}

/** Switches the event's waiting room (and sets its rate, when given); answers what it was before. */
export async function setScopedEventWaitingRoom(
  tx: ScopedTx,
  eventId: number,
  value: { enabled: boolean; admitPerMinute: number | undefined },
): Promise<{ waitingRoom: boolean; admitPerMinute: number } | null> {
  const [before] = await tx
    .select({ waitingRoom: events.waitingRoom, admitPerMinute: events.admitPerMinute })
    .from(events)
    .where(and(eq(events.organisationId, scopeOf(tx).organisationId), eq(events.id, eventId)));
  if (!before) return null;
  await tx
    .update(events)
    .set({
      waitingRoom: value.enabled,
      ...(value.admitPerMinute === undefined ? {} : { admitPerMinute: value.admitPerMinute }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(events.organisationId, scopeOf(tx).organisationId), eq(events.id, eventId)));
  return before;
}

export async function setScopedEventUnpublished(
  tx: ScopedTx,
  eventId: number,
  value: { by: string; reason: string } | null,
): Promise<void> {
  await tx
    .update(events)
    .set(
      value
        ? { unpublishedAt: sql`now()`, unpublishedBy: value.by, unpublishedReason: value.reason }
        : { unpublishedAt: null, unpublishedBy: null, unpublishedReason: null },
    )
    .where(and(eq(events.organisationId, scopeOf(tx).organisationId), eq(events.id, eventId)));
}

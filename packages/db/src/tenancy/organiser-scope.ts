import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../client';
import { auditLog, events, venues } from '../schema';

/**
 * Tenant isolation, wall 1 (issue 21; docs/decisions/032): every console use case runs in one scoped
 * transaction, and the tenant predicate is written here once (`inScope`), so a repository cannot forget
 * it by writing its own. The change and its audit row commit together.
 *
 * Wall 2, row-level security under a `marquee_console` role, arrives in step 1c: it is added inside
 * `withOrganiserScope` (a `set_config` of the organisation and `SET LOCAL ROLE`), and nothing calling it
 * changes.
 */

/** Who acts, as the audit log records them. */
export interface AuditActor {
  /** 'api_key': a request with an organisation's API key (userId: the key's maker; role: `api_key:{prefix}`). */
  kind: 'member' | 'operator' | 'system' | 'api_key';
  userId: string | null;
  email: string | null;
  /** The member's role, 'operator', or null for the system. */
  role: string | null;
  requestId?: string | null;
  ip?: string | null;
}

export interface OrganiserScope {
  organisationId: number;
  /** 'all': the whole organisation; else the only events a limited member acts on (member_events). */
  eventIds: 'all' | readonly number[];
  actor: AuditActor;
}

const SCOPE = Symbol('organiser scope');

/** A transaction known to be scoped to one organisation: only `withOrganiserScope` makes one. */
export type ScopedTx = Tx & { readonly [SCOPE]: OrganiserScope };

const RoleRowsSchema = z.object({ rows: z.array(z.object({ role: z.string() })) });

/** The role row-level security scopes to one organisation (migration 0015). */
export const CONSOLE_ROLE = 'marquee_console';

/**
 * Runs `run` in one transaction scoped to `scope`; it commits when `run` resolves and rolls back when it throws.
 * The transaction runs as the console role with the scope's organisation set (wall 2): the database shows it
 * only that organisation's rows, whatever a query forgets. Given a transaction rather than the database (a use
 * case that makes the organisation first), the scope is a savepoint inside it, and the transaction goes back to
 * its own role afterwards, so that what follows is not scoped by accident.
 */
export function withOrganiserScope<T>(
  db: Db | Tx,
  scope: OrganiserScope,
  run: (tx: ScopedTx) => Promise<T>,
): Promise<T> {
  const frozen: OrganiserScope = Object.freeze({
    ...scope,
    eventIds: scope.eventIds === 'all' ? 'all' : Object.freeze([...scope.eventIds]),
    actor: Object.freeze({ ...scope.actor }),
  });
  const isNested = 'rollback' in db;
  return db.transaction(async (tx) => {
    const entered = await tx.execute(sql`
      SELECT current_setting('role') AS role,
             set_config('marquee.organisation_id', ${String(frozen.organisationId)}, true),
             set_config('role', ${CONSOLE_ROLE}, true)`);
    const previous = RoleRowsSchema.parse(entered).rows[0];
    const result = await run(Object.assign(tx, { [SCOPE]: frozen } as const));
    if (isNested) {
      await tx.execute(sql`
        SELECT set_config('role', ${previous?.role ?? 'none'}, true), set_config('marquee.organisation_id', '', true)`);
    }
    return result;
  });
}

/** The scope a transaction was opened with. */
export function scopeOf(tx: ScopedTx): OrganiserScope {
  const scope = tx[SCOPE];
  // The type says it is there; a cast around the type must still not reach data unscoped.
  if (!scope) throw new Error('not a scoped transaction: open it with withOrganiserScope');
  return scope;
}

/** `column IN (ids)`, false for no ids (a limited member without events sees nothing). */
function oneOf(column: typeof events.id, ids: readonly number[]): SQL {
  return ids.length === 0 ? sql`false` : inArray(column, [...ids]);
}

/** The tenant predicates: the only place they are written. Use them in every console query's WHERE. */
export const inScope = {
  /**
   * The organisation's venues; for a member limited to some events, only the venues of those events (they
   * may read where their events happen, nothing else of the organisation).
   */
  venues(tx: ScopedTx): SQL {
    const { organisationId, eventIds } = scopeOf(tx);
    const ofOrganisation = eq(venues.organisationId, organisationId);
    if (eventIds === 'all') return ofOrganisation;
    if (eventIds.length === 0) return sql`false`;
    const venuesOfEvents = tx
      .select({ venueId: events.venueId })
      .from(events)
      .where(and(eq(events.organisationId, organisationId), oneOf(events.id, eventIds)));
    return and(ofOrganisation, inArray(venues.id, venuesOfEvents)) ?? sql`false`;
  },
  /** The organisation's events; for a member limited to some events, only those. */
  events(tx: ScopedTx): SQL {
    const { organisationId, eventIds } = scopeOf(tx);
    const ofOrganisation = eq(events.organisationId, organisationId);
    if (eventIds === 'all') return ofOrganisation;
    return and(ofOrganisation, oneOf(events.id, eventIds)) ?? sql`false`;
  },
  /** The organisation's audit log; for a member limited to some events, only the rows about those events. */
  auditLog(tx: ScopedTx): SQL {
    const { organisationId, eventIds } = scopeOf(tx);
    const ofOrganisation = eq(auditLog.organisationId, organisationId);
    if (eventIds === 'all') return ofOrganisation;
    if (eventIds.length === 0) return sql`false`;
    return and(ofOrganisation, inArray(auditLog.eventId, [...eventIds])) ?? sql`false`;
  },
};

/** One audit row: what was done to what. Only the changed fields in before/after; never secrets or tokens. */
export interface AuditEntry {
  /** 'event.update', 'member.invite', … */
  action: string;
  entityType: string;
  entityId?: string | number | null;
  eventId?: number | null;
  eventUid?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Appends the audit row of a change, in the change's transaction, with the scope's organisation and actor. */
export async function appendAudit(tx: ScopedTx, entry: AuditEntry): Promise<void> {
  const { organisationId, actor } = scopeOf(tx);
  await tx.insert(auditLog).values({
    organisationId,
    actorKind: actor.kind,
    actorUserId: actor.userId,
    actorEmail: actor.email,
    actorRole: actor.role,
    requestId: actor.requestId ?? null,
    ip: actor.ip ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    eventId: entry.eventId ?? null,
    eventUid: entry.eventUid ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

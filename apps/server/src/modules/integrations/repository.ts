import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
import {
  apiKeys,
  events,
  organisationMembers,
  organisations,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '@marquee/db/schema';
import { inScope, scopeOf, type ScopedTx } from '@marquee/db/tenancy';
import { isOrganisationRole, type OrganisationRole } from '@marquee/domain/permissions';

/**
 * Integrations' rows (decisions/044). The console's queries run in the scoped transaction (row-level security
 * shows it only its organisation's rows, 0021) and never name a key's hash or an endpoint's secret: the console
 * role may not read them. The guard's key lookup and the worker run as the connecting role.
 */

const ofOrganisation = {
  keys: (tx: ScopedTx) => eq(apiKeys.organisationId, scopeOf(tx).organisationId),
  endpoints: (tx: ScopedTx) => eq(webhookEndpoints.organisationId, scopeOf(tx).organisationId),
};

const keyColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  eventIds: apiKeys.eventIds,
  createdAt: apiKeys.createdAt,
  createdBy: users.email,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};
export type ApiKeyRow = Awaited<ReturnType<typeof findKeys>>[number];

/** The organisation's keys, newest first. */
export function findKeys(tx: ScopedTx) {
  return tx
    .select(keyColumns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(ofOrganisation.keys(tx))
    .orderBy(desc(apiKeys.id));
}

export async function findKey(tx: ScopedTx, id: number): Promise<ApiKeyRow | null> {
  const [row] = await tx
    .select(keyColumns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(ofOrganisation.keys(tx), eq(apiKeys.id, id)));
  return row ?? null;
}

export async function countActiveKeys(tx: ScopedTx): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(apiKeys)
    .where(and(ofOrganisation.keys(tx), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function insertKey(
  tx: ScopedTx,
  values: {
    name: string;
    prefix: string;
    tokenHash: string;
    scopes: string[];
    eventIds: number[] | null;
    createdBy: string;
  },
): Promise<number> {
  const [row] = await tx
    .insert(apiKeys)
    .values({ ...values, organisationId: scopeOf(tx).organisationId })
    .returning({ id: apiKeys.id });
  if (!row) throw new Error('no api_keys row');
  return row.id;
}

/** Revokes a key not yet revoked; answers whether this call did. */
export async function revokeKey(tx: ScopedTx, id: number, userId: string): Promise<boolean> {
  const rows = await tx
    .update(apiKeys)
    .set({ revokedAt: sql`now()`, revokedBy: userId })
    .where(and(ofOrganisation.keys(tx), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** The events of the scope with these uids. */
export function findScopedEvents(tx: ScopedTx, uids: readonly string[]) {
  return tx
    .select({ id: events.id, uid: events.uid })
    .from(events)
    .where(and(inScope.events(tx), inArray(events.uid, [...uids])));
}

export function findEventUids(tx: ScopedTx, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: events.id, uid: events.uid })
    .from(events)
    .where(and(inScope.events(tx), inArray(events.id, [...ids])));
}

/* ------------------------------------------------------------------------------------ the guard's lookup */

export interface KeyPrincipalRow {
  id: number;
  name: string;
  prefix: string;
  organisationId: number;
  slug: string;
  scopes: string[];
  eventIds: number[] | null;
  revokedAt: Date | null;
  creatorId: string | null;
  creatorEmail: string | null;
  creatorRole: OrganisationRole | null;
  creatorAllEvents: boolean | null;
}

/** A key by the hash of its secret, with its organisation and its maker's membership now. */
export async function findKeyByHash(db: Db, tokenHash: string): Promise<KeyPrincipalRow | null> {
  const [row] = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      organisationId: apiKeys.organisationId,
      slug: organisations.slug,
      scopes: apiKeys.scopes,
      eventIds: apiKeys.eventIds,
      revokedAt: apiKeys.revokedAt,
      creatorId: apiKeys.createdBy,
      creatorEmail: users.email,
      creatorRole: organisationMembers.role,
      creatorAllEvents: organisationMembers.allEvents,
    })
    .from(apiKeys)
    .innerJoin(organisations, eq(organisations.id, apiKeys.organisationId))
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .leftJoin(
      organisationMembers,
      and(
        eq(organisationMembers.organisationId, apiKeys.organisationId),
        eq(organisationMembers.userId, apiKeys.createdBy),
      ),
    )
    .where(eq(apiKeys.tokenHash, tokenHash));
  if (!row) return null;
  return { ...row, creatorRole: isOrganisationRole(row.creatorRole) ? row.creatorRole : null };
}

/** Marks a key used, at most once a minute (a busy key does not write on every request). */
export async function markKeyUsed(db: Db, id: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`))),
    );
}

/* ------------------------------------------------------------------------------------------ endpoints */

const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  events: webhookEndpoints.events,
  active: webhookEndpoints.active,
  createdAt: webhookEndpoints.createdAt,
};
export type EndpointRow = Awaited<ReturnType<typeof findEndpoints>>[number];

export function findEndpoints(tx: ScopedTx) {
  return tx
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(ofOrganisation.endpoints(tx))
    .orderBy(webhookEndpoints.id);
}

export async function findEndpoint(tx: ScopedTx, id: number): Promise<EndpointRow | null> {
  const [row] = await tx
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(and(ofOrganisation.endpoints(tx), eq(webhookEndpoints.id, id)));
  return row ?? null;
}

export async function countEndpoints(tx: ScopedTx): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(webhookEndpoints).where(ofOrganisation.endpoints(tx));
  return row?.n ?? 0;
}

export async function insertEndpoint(
  tx: ScopedTx,
  values: { url: string; description: string | null; secret: string; events: string[]; createdBy: string },
): Promise<EndpointRow> {
  const [row] = await tx
    .insert(webhookEndpoints)
    .values({ ...values, organisationId: scopeOf(tx).organisationId })
    .returning(endpointColumns);
  if (!row) throw new Error('no webhook_endpoints row');
  return row;
}

export async function updateEndpoint(
  tx: ScopedTx,
  id: number,
  changes: { active?: boolean; events?: string[] },
): Promise<EndpointRow | null> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(ofOrganisation.endpoints(tx), eq(webhookEndpoints.id, id)))
    .returning(endpointColumns);
  return row ?? null;
}

export async function deleteEndpoint(tx: ScopedTx, id: number): Promise<boolean> {
  const rows = await tx
    .delete(webhookEndpoints)
    .where(and(ofOrganisation.endpoints(tx), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/* ------------------------------------------------------------------------------------------ deliveries */

const deliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  eventType: webhookDeliveries.eventType,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  lastError: webhookDeliveries.lastError,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  createdAt: webhookDeliveries.createdAt,
};
export type DeliveryRow = Awaited<ReturnType<typeof findDeliveries>>[number];

/** An endpoint's newest deliveries. */
export function findDeliveries(tx: ScopedTx, endpointId: number, limit: number) {
  return tx
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.organisationId, scopeOf(tx).organisationId),
        eq(webhookDeliveries.endpointId, endpointId),
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
}

export async function insertDelivery(
  tx: ScopedTx,
  values: { endpointId: number; eventId: string; eventType: string; payload: unknown },
): Promise<DeliveryRow> {
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({ ...values, organisationId: scopeOf(tx).organisationId })
    .returning(deliveryColumns);
  if (!row) throw new Error('no webhook_deliveries row');
  return row;
}

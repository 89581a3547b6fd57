import type { Db } from '@marquee/db/client';
import { withOrganiserScope } from '@marquee/db/tenancy';
import type { AuditAnswer } from '@marquee/domain/console';
import { organiserScopeOf, type OrganiserActor } from '../../plugins/organiser-access';
import { findAuditPage } from './repository';

export type AuditService = ReturnType<typeof createAuditService>;

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * The audit log as the console shows it (issue 21): the organisation's, or one event's, newest first, a page
 * at a time. Reading it is all this module does: rows are appended by each use case (`appendAudit`), and the
 * database refuses any change to them.
 */
export function createAuditService(deps: { db: Db }) {
  const { db } = deps;
  return {
    page(
      actor: OrganiserActor,
      query: { eventId?: number | undefined; before?: number | undefined; limit: number },
    ): Promise<AuditAnswer> {
      return withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        const rows = await findAuditPage(tx, query);
        const page = rows.slice(0, query.limit);
        return {
          entries: page.map((row) => ({
            id: row.id,
            at: row.at.toISOString(),
            actor: { kind: row.actorKind, email: row.actorEmail, role: row.actorRole },
            action: row.action,
            entity_type: row.entityType,
            entity_id: row.entityId,
            event_uid: row.eventUid,
            before: asRecord(row.before),
            after: asRecord(row.after),
          })),
          next_before: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
        };
      });
    },
  };
}

import { and, desc, eq, lt } from 'drizzle-orm';
import { auditLog } from '@marquee/db/schema';
import { inScope, type ScopedTx } from '@marquee/db/tenancy';

/** A page of the scope's audit log, newest first: rows older than `before` (an id), about one event or all. */
export function findAuditPage(
  tx: ScopedTx,
  query: { eventId?: number | undefined; before?: number | undefined; limit: number },
) {
  return tx
    .select({
      id: auditLog.id,
      at: auditLog.occurredAt,
      actorKind: auditLog.actorKind,
      actorEmail: auditLog.actorEmail,
      actorRole: auditLog.actorRole,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      eventUid: auditLog.eventUid,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(
      and(
        inScope.auditLog(tx),
        query.eventId === undefined ? undefined : eq(auditLog.eventId, query.eventId),
        query.before === undefined ? undefined : lt(auditLog.id, query.before),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
}

import type { Db } from '@marquee/db/client';
import { appendAudit, withOrganiserScope, type AuditActor, type ScopedTx } from '@marquee/db/tenancy';
import type { z } from 'zod';
import type { OperatorOrganisationListSchema } from '@marquee/domain/console';
import { AppError, invalidField, notFound } from '../../plugins/app-error';
import type { SignedIn } from '../../plugins/organiser-access';
import {
  findEventByUid,
  findOrganisationBySlug,
  findUserEmail,
  listOrganisations,
  lockScopedEvent,
  lockScopedOrganisation,
  republishScopedEventsAfterSuspension,
  setScopedEventUnpublished,
  setScopedEventWaitingRoom,
  setScopedOrganisationStatus,
  unpublishScopedEventsForSuspension,
} from './repository';

export type OperatorsService = ReturnType<typeof createOperatorsService>;

interface RequestFacts {
  id: string;
  ip: string;
}

/**
 * Marquee's operators (issue 21): they approve and suspend organisations and take events off the site. Each
 * change runs in the scope of the organisation it touches, with the operator as the audit row's actor.
 * Suspending takes the organisation's events off the site (buyers see none of them); approving again puts
 * back those the suspension took, not those an operator took off one by one.
 */
export function createOperatorsService(deps: { db: Db }) {
  const { db } = deps;

  async function inOrganisation<T>(
    signedIn: SignedIn,
    request: RequestFacts,
    organisationId: number,
    run: (tx: ScopedTx) => Promise<T>,
  ): Promise<T> {
    const actor: AuditActor = {
      kind: 'operator',
      userId: signedIn.userId,
      email: await findUserEmail(db, signedIn.userId),
      role: 'operator',
      requestId: request.id,
      ip: request.ip,
    };
    return withOrganiserScope(db, { organisationId, eventIds: 'all', actor }, run);
  }

  return {
    async organisations(): Promise<z.infer<typeof OperatorOrganisationListSchema>> {
      const rows = await listOrganisations(db);
      return {
        organisations: rows.map((row) => ({
          slug: row.slug,
          name: row.name,
          country: row.country,
          status: row.status,
          contact_email: row.contactEmail,
          created_at: row.createdAt.toISOString(),
          approved_at: row.approvedAt?.toISOString() ?? null,
          event_count: row.eventCount,
          owners: row.owners,
        })),
      };
    },

    async setOrganisationStatus(
      signedIn: SignedIn,
      request: RequestFacts,
      slug: string,
      change: { to: 'approved' | 'suspended'; reason?: string | undefined },
    ): Promise<void> {
      if (change.to === 'suspended' && !change.reason)
        throw invalidField('reason', 'must say why the organisation is suspended');
      const found = await findOrganisationBySlug(db, slug);
      if (!found) throw notFound('No such organisation.');
      await inOrganisation(signedIn, request, found.id, async (tx) => {
        const organisation = await lockScopedOrganisation(tx);
        if (!organisation) throw notFound('No such organisation.');
        if (organisation.status === change.to) {
          throw new AppError('conflict', `The organisation is ${change.to} already.`);
        }
        await setScopedOrganisationStatus(tx, change.to, signedIn.userId);
        const events =
          change.to === 'suspended'
            ? { unpublished: await unpublishScopedEventsForSuspension(tx, signedIn.userId, change.reason ?? '') }
            : { republished: await republishScopedEventsAfterSuspension(tx) };
        await appendAudit(tx, {
          action: change.to === 'approved' ? 'organisation.approve' : 'organisation.suspend',
          entityType: 'organisation',
          entityId: organisation.id,
          before: { status: organisation.status },
          after: { status: change.to, ...(change.reason ? { reason: change.reason } : {}), ...events },
        });
      });
    },

    /**
     * Puts an event behind its waiting room or takes it out (issue 23): an operator's switch for a rush the
     * organiser did not foresee. Buyers meet it within a second (the checkout's and the room's caches).
     */
    async setEventWaitingRoom(
      signedIn: SignedIn,
      request: RequestFacts,
      uid: string,
      change: { enabled: boolean; admit_per_minute?: number | undefined },
    ): Promise<void> {
      const found = await findEventByUid(db, uid);
      if (!found) throw notFound('No such event.');
      await inOrganisation(signedIn, request, found.organisationId, async (tx) => {
        const event = await lockScopedEvent(tx, found.id);
        if (!event) throw notFound('No such event.');
        const before = await setScopedEventWaitingRoom(tx, event.id, {
          enabled: change.enabled,
          admitPerMinute: change.admit_per_minute,
        });
        if (!before) throw notFound('No such event.');
        await appendAudit(tx, {
          action: 'event.waiting_room',
          entityType: 'event',
          entityId: event.id,
          eventId: event.id,
          eventUid: event.uid,
          before: { waiting_room: before.waitingRoom, admit_per_minute: before.admitPerMinute },
          after: {
            waiting_room: change.enabled,
            admit_per_minute: change.admit_per_minute ?? before.admitPerMinute,
          },
        });
      });
    },

    /** Takes an event off the site (`reason` given), or puts it back (`reason` null). */
    async setEventUnpublished(
      signedIn: SignedIn,
      request: RequestFacts,
      uid: string,
      reason: string | null,
    ): Promise<void> {
      const found = await findEventByUid(db, uid);
      if (!found) throw notFound('No such event.');
      await inOrganisation(signedIn, request, found.organisationId, async (tx) => {
        const event = await lockScopedEvent(tx, found.id);
        if (!event) throw notFound('No such event.');
        const isOff = event.unpublishedAt !== null;
        if (reason !== null && isOff) throw new AppError('conflict', 'The event is off the site already.');
        if (reason === null && !isOff) throw new AppError('conflict', 'The event is on the site already.');
        await setScopedEventUnpublished(tx, event.id, reason === null ? null : { by: signedIn.userId, reason });
        await appendAudit(tx, {
          action: reason === null ? 'event.republish' : 'event.unpublish',
          entityType: 'event',
          entityId: event.id,
          eventId: event.id,
          eventUid: event.uid,
          before: { unpublished: isOff, ...(event.reason ? { reason: event.reason } : {}) },
          after: { unpublished: reason !== null, ...(reason ? { reason } : {}) },
        });
      });
    },
  };
}

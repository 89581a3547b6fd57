import { createHash } from 'node:crypto';
import type { Db } from '@marquee/db/client';
import { appendAudit, withOrganiserScope, type ScopedTx } from '@marquee/db/tenancy';
import { canTransition, resolveWallClock, endsAfterStart } from '@marquee/domain/authoring';
import type {
  EventCancellation,
  EventCancellationRequest,
  EventCancellationState,
  EventPostponementAnswer,
  EventPostponementRequest,
} from '@marquee/domain/event-changes';
import { EVENT_CHANGE_MESSAGES } from '@marquee/domain/event-changes';
import { AppError, invalidField, notFound } from '../../plugins/app-error';
import { actorCan, organiserScopeOf, type OrganiserActor } from '../../plugins/organiser-access';
import * as repository from './repository';
import type { EventChangeRow } from './repository';

export type EventChangesService = ReturnType<typeof createEventChangesService>;

const MESSAGES = {
  noEvent: 'No such event.',
  alreadyCancelled: 'This event is cancelled already: its cancellation and its refunds are under way or done.',
  keyReused: 'This Idempotency-Key was sent before with another body. Use a new key for a new request.',
  cannotCancel: (from: string) => `An event that is ${from} cannot be cancelled.`,
  cannotPostpone: (from: string) => `An event that is ${from} cannot be postponed.`,
  refundForbidden:
    'Your role does not allow refunds: cancel without refunds (refund: false), or ask an owner or manager.',
} as const;

/** The failures a cancellation's progress lists. */
const FAILURES_LISTED = 50;

function requestHash(request: EventCancellationRequest): string {
  return createHash('sha256')
    .update(JSON.stringify({ reason: request.reason, refund: request.refund }))
    .digest('hex');
}

function eventIdOf(actor: OrganiserActor): number {
  if (!actor.event) throw new Error('an event route without the guard’s event (is its scope "event"?)');
  return actor.event.id;
}

/**
 * Cancelling or postponing a whole event from the console (issue 22; docs/decisions/040).
 * - Cancel: in one transaction, the event's status becomes cancelled (off sale at once: orders for it are refused),
 *   the job's row and, with refunds, one row per refundable order are written, every paid order's buyer gets one
 *   e-mail queued, and the audit row. The refunds are the worker's (`cancellation-worker.ts`).
 * - Postpone: the status (and the new dates, when given) and one e-mail per paid order, in one transaction.
 * Nothing is written on a refusal.
 */
export function createEventChangesService(deps: { db: Db }) {
  const { db } = deps;

  async function cancellationOf(tx: ScopedTx, change: EventChangeRow): Promise<EventCancellation> {
    const progress = await repository.countProgress(tx, change.id);
    const failures = await repository.findFailures(tx, change.id, FAILURES_LISTED);
    return {
      id: change.id,
      status: change.status,
      refund: change.refund,
      reason: change.message,
      total: progress.total,
      refunded: progress.refunded,
      failed: progress.failed,
      pending: Math.max(0, progress.total - progress.refunded - progress.failed),
      started_at: change.startedAt.toISOString(),
      finished_at: change.finishedAt ? change.finishedAt.toISOString() : null,
      started_by: change.startedByEmail,
      failures: failures.map((failure) =>
        failure.state === 'failed'
          ? { booking_id: failure.bookingId, kind: 'refused' as const, error: failure.orderError ?? 'Refused.' }
          : {
              booking_id: failure.bookingId,
              kind: 'provider' as const,
              error: failure.refundError ?? 'Not confirmed.',
            },
      ),
    };
  }

  return {
    /** GET …/cancellation: how many orders a cancellation touches, and its progress once it exists. */
    readCancellation(actor: OrganiserActor): Promise<EventCancellationState> {
      return withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        const eventId = eventIdOf(actor);
        const counts = await repository.countOrders(tx, eventId);
        const change = await repository.findCancellation(tx, eventId);
        return {
          paid_orders: counts.paid,
          refundable_orders: counts.refundable,
          cancellation: change ? await cancellationOf(tx, change) : null,
        };
      });
    },

    /**
     * POST …/cancellation. Answers the job and whether it is a replay (same key, same body). A second cancellation
     * (another key) is 409 `event_already_cancelled`. An event cancelled earlier through the lifecycle (status
     * only) may still be cancelled here once, so that its buyers are told and refunded.
     */
    async cancel(
      actor: OrganiserActor,
      request: EventCancellationRequest,
      idempotencyKey: string,
    ): Promise<{ cancellation: EventCancellation; isReplay: boolean }> {
      if (request.refund && !actorCan(actor, 'order.refund')) {
        throw new AppError('forbidden', MESSAGES.refundForbidden);
      }
      const hash = requestHash(request);
      return db.transaction(async (outer) => {
        const decided = await withOrganiserScope(outer, organiserScopeOf(actor), async (tx) => {
          const event = await repository.lockEventInScope(tx, eventIdOf(actor));
          if (!event) throw notFound(MESSAGES.noEvent);
          const existing = await repository.findCancellation(tx, event.id);
          if (existing) {
            if (existing.idempotencyKey !== idempotencyKey) {
              throw new AppError('event_already_cancelled', MESSAGES.alreadyCancelled);
            }
            if (existing.requestHash !== hash) {
              throw new AppError('idempotency_key_reused', MESSAGES.keyReused, {
                'Idempotency-Key': [MESSAGES.keyReused],
              });
            }
            return { event, existing };
          }
          if (event.status !== 'cancelled' && !canTransition(event.status, 'cancelled')) {
            throw new AppError('conflict', MESSAGES.cannotCancel(event.status));
          }
          const counts = await repository.countOrders(tx, event.id);
          if (event.status !== 'cancelled') await repository.setEventStatus(tx, event.id, { status: 'cancelled' });
          await appendAudit(tx, {
            action: 'event.cancel',
            entityType: 'event',
            entityId: event.uid,
            eventId: event.id,
            eventUid: event.uid,
            before: { status: event.status },
            after: {
              status: 'cancelled',
              reason: request.reason,
              refund: request.refund,
              paid_orders: counts.paid,
              refundable_orders: request.refund ? counts.refundable : 0,
            },
          });
          return { event, existing: null };
        });
        // The connecting role, in the same transaction: the job, its orders, the buyers' e-mails.
        let change = decided.existing;
        if (!change) {
          change = await repository.insertChange(outer, {
            eventId: decided.event.id,
            kind: 'cancel',
            refund: request.refund,
            message: request.reason,
            idempotencyKey,
            requestHash: hash,
            startedBy: actor.userId,
            startedByEmail: actor.email,
            startedByRole: actor.role,
            // Without refunds there is nothing to run: the e-mails are the outbox's.
            ...(request.refund ? {} : { status: 'done' as const, finishedAt: new Date() }),
          });
          if (request.refund) await repository.listRefundableOrders(outer, change.id, decided.event.id);
          await repository.queueBuyerMails(outer, { id: change.id, kind: 'cancel' }, decided.event.id);
        }
        const found = change;
        const cancellation = await withOrganiserScope(outer, organiserScopeOf(actor), (tx) =>
          cancellationOf(tx, found),
        );
        return { cancellation, isReplay: decided.existing !== null };
      });
    },

    /** POST …/postponement: the status, the new dates when given, and one e-mail per paid order. */
    postpone(actor: OrganiserActor, request: EventPostponementRequest): Promise<EventPostponementAnswer> {
      return db.transaction(async (outer) => {
        const decided = await withOrganiserScope(outer, organiserScopeOf(actor), async (tx) => {
          const event = await repository.lockEventInScope(tx, eventIdOf(actor));
          if (!event) throw notFound(MESSAGES.noEvent);
          // A postponed event may be postponed again: to give its new date once it is known.
          if (event.status !== 'postponed' && !canTransition(event.status, 'postponed')) {
            throw new AppError('conflict', MESSAGES.cannotPostpone(event.status));
          }
          let startDate = event.startDate;
          let endDate = event.endDate;
          if (request.new_start_local !== undefined) {
            const start = resolveWallClock(request.new_start_local, event.timeZone);
            if (!start.ok) throw invalidField('new_start_local', start.message);
            startDate = start.instant;
            endDate = null;
          }
          if (request.new_end_local !== undefined) {
            const end = resolveWallClock(request.new_end_local, event.timeZone);
            if (!end.ok) throw invalidField('new_end_local', end.message);
            if (!endsAfterStart(startDate, end.instant)) {
              throw invalidField('new_end_local', EVENT_CHANGE_MESSAGES.endAfterStart);
            }
            endDate = end.instant;
          }
          await repository.setEventStatus(tx, event.id, { status: 'postponed', startDate, endDate });
          const counts = await repository.countOrders(tx, event.id);
          await appendAudit(tx, {
            action: 'event.postpone',
            entityType: 'event',
            entityId: event.uid,
            eventId: event.id,
            eventUid: event.uid,
            before: {
              status: event.status,
              starts_at: event.startDate.toISOString(),
              ends_at: event.endDate?.toISOString() ?? null,
            },
            after: {
              status: 'postponed',
              message: request.message,
              starts_at: startDate.toISOString(),
              ends_at: endDate?.toISOString() ?? null,
              paid_orders: counts.paid,
            },
          });
          return { event, startDate, endDate };
        });
        const hasNewDate = request.new_start_local !== undefined || request.new_end_local !== undefined;
        const change = await repository.insertChange(outer, {
          eventId: decided.event.id,
          kind: 'postpone',
          status: 'done',
          finishedAt: new Date(),
          message: request.message,
          newStartsAt: hasNewDate ? decided.startDate : null,
          newEndsAt: hasNewDate ? decided.endDate : null,
          startedBy: actor.userId,
          startedByEmail: actor.email,
          startedByRole: actor.role,
        });
        const emailed = await repository.queueBuyerMails(outer, { id: change.id, kind: 'postpone' }, decided.event.id);
        return {
          id: change.id,
          status: 'postponed' as const,
          message: change.message,
          starts_at: decided.startDate.toISOString(),
          ends_at: decided.endDate ? decided.endDate.toISOString() : null,
          buyers_emailed: emailed,
        };
      });
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@marquee/db/client';
import { isOrganisationRole } from '@marquee/domain/permissions';
import { AppError } from '../../plugins/app-error';
import type { OrganiserActor } from '../../plugins/organiser-access';
import type { RefundsService } from '../refunds/service';
import * as repository from './repository';

export interface CancellationWorkerOptions {
  /** Orders refunded per run: the pace of the work towards the payment provider (its rate limits). */
  batchSize: number;
  /** How long a claimed order is left to the process that claimed it: far longer than a batch takes. */
  leaseSeconds: number;
}

export const CANCELLATION_DEFAULTS: CancellationWorkerOptions = { batchSize: 25, leaseSeconds: 120 };

/** The refund key of an order in a cancellation: the refunds table makes one refund per key, whatever retries. */
export function cancellationRefundKey(changeId: number, orderId: number): string {
  return `event-cancel:${changeId}:${orderId}`;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The bulk refunds of cancelled events (issue 22; docs/decisions/040), run by a periodic worker in every server
 * process. All of its state is in PostgreSQL: a run claims a batch of undecided orders under a lease
 * (`FOR UPDATE SKIP LOCKED`), refunds each in full through the refunds service (the console's own path: the
 * order's lock, its tickets voided, the gateway called after the commit with the refund's key) with the order's
 * own Idempotency-Key, and records the refund on the order's row. A process killed at any point leaves either
 * nothing (rolled back), or a refund whose key a later claim finds and replays (the refunds service then only
 * finishes its gateway call), so no order is refunded twice and none is forgotten. Then each running cancellation
 * with nothing left is finished.
 */
export function createCancellationWorker(deps: {
  db: Db;
  refunds: RefundsService;
  options?: Partial<CancellationWorkerOptions>;
  log?: FastifyBaseLogger;
}) {
  const { db, refunds } = deps;
  const options = { ...CANCELLATION_DEFAULTS, ...deps.options };

  async function refundOne(changeId: number, orderId: number): Promise<void> {
    const context = await repository.findClaimContext(db, changeId, orderId);
    if (!context) {
      await repository.settleOrder(db, changeId, orderId, { state: 'failed', error: 'The order is not of the event.' });
      return;
    }
    const { change, event, order } = context;
    const key = cancellationRefundKey(changeId, orderId);
    const made = await repository.findRefundByKey(db, orderId, key);
    // A replay must be the same request (the refunds service compares its hash); a new one refunds what is left.
    const request = made
      ? { amount: made.amount, reason: made.reason }
      : { amount: order.total - order.refundedAmount, reason: `Event cancelled: ${change.message}` };
    if (!made && request.amount <= 0) {
      await repository.settleOrder(db, changeId, orderId, { state: 'skipped' });
      return;
    }
    // The refund acts as the member who started the cancellation; the audit row names the job in its request id.
    const actor: OrganiserActor = {
      userId: change.startedBy ?? 'system',
      email: change.startedByEmail ?? '',
      kind: 'member',
      organisationId: event.organisationId,
      slug: context.slug,
      role: isOrganisationRole(change.startedByRole) ? change.startedByRole : 'owner',
      eventIds: [event.id],
      event: { id: event.id, uid: event.uid },
      requestId: `event-cancel:${changeId}`,
      ip: '',
    };
    try {
      const { answer } = await refunds.refund(actor, order.bookingId, request, key, { notifyBuyer: false });
      await repository.settleOrder(db, changeId, orderId, { state: 'refunded', refundId: answer.refund.id });
    } catch (error) {
      if (error instanceof AppError) {
        // Refused by the refunds path (nothing written): the organiser sees it and settles the order on the desk.
        await repository.settleOrder(db, changeId, orderId, { state: 'failed', error: error.message });
        return;
      }
      throw error;
    }
  }

  return {
    options,
    /** One run: a batch of orders, then the cancellations that have nothing left. Answers how many were worked. */
    async runOnce(): Promise<number> {
      const claimed = await repository.claimOrders(db, options.batchSize, options.leaseSeconds);
      for (const { changeId, orderId } of claimed) {
        try {
          await refundOne(changeId, orderId);
        } catch (error) {
          // The database or the provider went away: the lease brings the order back to a later run.
          deps.log?.warn({ changeId, orderId, err: error }, 'event cancellation: an order was not refunded this time');
          await repository.noteAttemptError(db, changeId, orderId, describeError(error)).catch(() => undefined);
        }
      }
      for (const changeId of await repository.findRunningChangeIds(db)) {
        await repository.finishIfDone(db, changeId);
      }
      return claimed.length;
    },
  };
}

export type CancellationWorker = ReturnType<typeof createCancellationWorker>;

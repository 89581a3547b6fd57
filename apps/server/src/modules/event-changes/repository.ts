import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '@marquee/db/client';
import {
  eventChangeOrders,
  eventChanges,
  events,
  orders,
  organisations,
  outbox,
  refunds,
  venues,
} from '@marquee/db/schema';
import { inScope, type ScopedTx } from '@marquee/db/tenancy';

/*
 * Cancelling or postponing a whole event (issue 22; docs/decisions/040). The status change reads and writes
 * through the scope (the event is found only inside the organisation, row-level security under it); the job's
 * rows, its orders and the buyers' e-mails are written by the connecting role in the same outer transaction,
 * keyed by the event the scope found (the console role has no grant on the outbox's updates), and by the worker.
 */

export type EventChangeRow = typeof eventChanges.$inferSelect;

/** Paid statuses (`isPaidStatus`): the orders whose buyers are told, and refunded. */
const PAID = sql`${orders.status} IN ('complete', 'verified')`;
/** A paid order with money left to give back through its gateway (free and comp orders have none). */
const REFUNDABLE = sql`${PAID} AND ${orders.total} > ${orders.refundedAmount} AND ${orders.paymentIntentId} IS NOT NULL`;

/** The event of the scope, locked for the change (as the lifecycle's own status change locks it). */
export async function lockEventInScope(tx: ScopedTx, eventId: number) {
  const [row] = await tx
    .select({
      id: events.id,
      uid: events.uid,
      name: events.name,
      status: events.status,
      startDate: events.startDate,
      endDate: events.endDate,
      timeZone: venues.timeZone,
    })
    .from(events)
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(and(inScope.events(tx), eq(events.id, eventId)))
    .for('no key update', { of: events });
  return row ?? null;
}

export async function setEventStatus(
  tx: ScopedTx,
  eventId: number,
  values: { status: 'cancelled' | 'postponed'; startDate?: Date; endDate?: Date | null },
) {
  await tx
    .update(events)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(inScope.events(tx), eq(events.id, eventId)));
}

export async function findCancellation(tx: Tx | Db, eventId: number): Promise<EventChangeRow | null> {
  const [row] = await tx
    .select()
    .from(eventChanges)
    .where(and(eq(eventChanges.eventId, eventId), eq(eventChanges.kind, 'cancel')));
  return row ?? null;
}

export async function insertChange(tx: Tx, values: typeof eventChanges.$inferInsert): Promise<EventChangeRow> {
  const [row] = await tx.insert(eventChanges).values(values).returning();
  if (!row) throw new Error('the event change was not stored');
  return row;
}

/** How many buyers a change tells (paid orders) and how many a cancellation refunds. */
export async function countOrders(tx: Tx | Db, eventId: number) {
  const [row] = await tx
    .select({
      paid: sql<number>`count(*) FILTER (WHERE ${PAID})`.mapWith(Number),
      refundable: sql<number>`count(*) FILTER (WHERE ${REFUNDABLE})`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.eventId, eventId));
  return { paid: row?.paid ?? 0, refundable: row?.refundable ?? 0 };
}

/**
 * Lists the event's refundable orders under the cancellation (those not listed yet: the worker calls it again
 * for orders paid after the cancellation began). Answers how many were added.
 */
export async function listRefundableOrders(tx: Tx | Db, changeId: number, eventId: number): Promise<number> {
  const rows = await tx.execute(sql`
    INSERT INTO ${eventChangeOrders} (change_id, order_id, event_id)
    SELECT ${changeId}, ${orders.id}, ${orders.eventId} FROM ${orders}
    WHERE ${orders.eventId} = ${eventId} AND ${REFUNDABLE}
    ON CONFLICT DO NOTHING
    RETURNING order_id`);
  return RowsSchema.parse(rows).rows.length;
}

const RowsSchema = z.object({ rows: z.array(z.unknown()) });

/**
 * Queues one e-mail per paid order of the event telling of the change. A cancellation's e-mail is once per order
 * for ever (`outbox_kind_order_key`; cancelled is final); a later postponement queues the order's postponement
 * e-mail again, naming the new change (a message of its own: mail/service.ts). Answers how many were queued.
 */
export async function queueBuyerMails(
  tx: Tx | Db,
  change: { id: number; kind: 'cancel' | 'postpone' },
  eventId: number,
) {
  const kind = change.kind === 'cancel' ? 'event_cancelled' : 'event_postponed';
  const onConflict =
    change.kind === 'cancel'
      ? sql`DO NOTHING`
      : sql`DO UPDATE SET event_change_id = excluded.event_change_id, status = 'pending', attempts = 0,
            next_attempt_at = now(), last_error = NULL, sent_at = NULL, resend_count = ${outbox}.resend_count + 1`;
  const rows = await tx.execute(sql`
    INSERT INTO ${outbox} (kind, order_id, event_change_id)
    SELECT ${kind}, ${orders.id}, ${change.id} FROM ${orders}
    WHERE ${orders.eventId} = ${eventId} AND ${PAID}
    ON CONFLICT (kind, order_id) ${onConflict}
    RETURNING id`);
  return RowsSchema.parse(rows).rows.length;
}

/* ---------------------------------------------------------------- the worker (connecting role) */

const ClaimedSchema = z.object({ rows: z.array(z.object({ change_id: z.number(), order_id: z.number() })) });

/**
 * Claims up to `limit` undecided orders of running cancellations for this process: `SKIP LOCKED` keeps two
 * processes off the same rows, and the lease (`claimed_until`) keeps a claimed order from being taken again
 * while it is worked on, and brings it back once it runs out (its process died).
 */
export async function claimOrders(db: Db, limit: number, leaseSeconds: number) {
  const result = await db.execute(sql`
    UPDATE ${eventChangeOrders} AS w
    SET claimed_until = now() + make_interval(secs => ${leaseSeconds}), attempts = w.attempts + 1, updated_at = now()
    FROM (
      SELECT o.change_id, o.order_id FROM ${eventChangeOrders} o
      JOIN ${eventChanges} c ON c.id = o.change_id AND c.status = 'running'
      WHERE o.state = 'pending' AND (o.claimed_until IS NULL OR o.claimed_until < now())
      ORDER BY o.change_id, o.order_id
      LIMIT ${limit}
      FOR UPDATE OF o SKIP LOCKED
    ) AS picked
    WHERE w.change_id = picked.change_id AND w.order_id = picked.order_id
    RETURNING w.change_id, w.order_id`);
  return ClaimedSchema.parse(result)
    .rows.map((row) => ({ changeId: row.change_id, orderId: row.order_id }))
    .sort((a, b) => a.changeId - b.changeId || a.orderId - b.orderId);
}

/** What the worker needs to refund a claimed order: the job's starter (the refund acts as them), the order. */
export async function findClaimContext(db: Db, changeId: number, orderId: number) {
  const [row] = await db
    .select({
      change: {
        id: eventChanges.id,
        message: eventChanges.message,
        startedBy: eventChanges.startedBy,
        startedByEmail: eventChanges.startedByEmail,
        startedByRole: eventChanges.startedByRole,
      },
      event: { id: events.id, uid: events.uid, organisationId: events.organisationId },
      slug: organisations.slug,
      order: {
        bookingId: orders.orderId,
        total: orders.total,
        refundedAmount: orders.refundedAmount,
      },
    })
    .from(eventChanges)
    .innerJoin(events, eq(events.id, eventChanges.eventId))
    .innerJoin(organisations, eq(organisations.id, events.organisationId))
    .innerJoin(orders, and(eq(orders.id, orderId), eq(orders.eventId, events.id)))
    .where(eq(eventChanges.id, changeId));
  return row ?? null;
}

/** The refund an order's key made before (a crash after it was decided): replayed with the same request. */
export async function findRefundByKey(db: Db, orderId: number, idempotencyKey: string) {
  const [row] = await db
    .select({ id: refunds.id, amount: refunds.amount, reason: refunds.reason })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

/** Settles a claimed order (only while still undecided: a slower claimant of an expired lease changes nothing). */
export async function settleOrder(
  db: Db,
  changeId: number,
  orderId: number,
  outcome: { state: 'refunded'; refundId: number } | { state: 'skipped' } | { state: 'failed'; error: string },
) {
  await db
    .update(eventChangeOrders)
    .set({
      state: outcome.state,
      refundId: outcome.state === 'refunded' ? outcome.refundId : null,
      lastError: outcome.state === 'failed' ? Array.from(outcome.error).slice(0, 500).join('') : null,
      claimedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(eventChangeOrders.changeId, changeId),
        eq(eventChangeOrders.orderId, orderId),
        eq(eventChangeOrders.state, 'pending'),
      ),
    );
}

/** A failure that is not a refusal (the database went away): noted; the lease brings the order back. */
export async function noteAttemptError(db: Db, changeId: number, orderId: number, error: string) {
  await db
    .update(eventChangeOrders)
    .set({ lastError: Array.from(error).slice(0, 500).join(''), updatedAt: sql`now()` })
    .where(and(eq(eventChangeOrders.changeId, changeId), eq(eventChangeOrders.orderId, orderId)));
}

export async function findRunningChangeIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: eventChanges.id })
    .from(eventChanges)
    .where(eq(eventChanges.status, 'running'))
    .orderBy(asc(eventChanges.id));
  return rows.map((row) => row.id);
}

/**
 * Finishes a running cancellation when nothing is left for it, in one transaction under the change's row lock:
 * orders paid since it began are listed (and their buyers' e-mails queued) first; then it stays running while an
 * order is undecided, a refund it made is not confirmed by the provider, or an order of the event is still
 * unpaid (a payment under way may complete it). Answers whether it finished.
 */
export async function finishIfDone(db: Db, changeId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [change] = await tx
      .select()
      .from(eventChanges)
      .where(and(eq(eventChanges.id, changeId), eq(eventChanges.status, 'running')))
      .for('update');
    if (!change) return false;
    if (change.refund) {
      if ((await listRefundableOrders(tx, change.id, change.eventId)) > 0) {
        await queueBuyerMails(tx, { id: change.id, kind: 'cancel' }, change.eventId);
        return false;
      }
    }
    const [left] = await tx
      .select({
        undecided: sql<number>`count(*) FILTER (WHERE ${eventChangeOrders.state} = 'pending')`.mapWith(Number),
        unconfirmed: sql<number>`count(*) FILTER (WHERE ${refunds.status} = 'pending')`.mapWith(Number),
        refused: sql<number>`count(*) FILTER (WHERE ${eventChangeOrders.state} = 'failed')`.mapWith(Number),
      })
      .from(eventChangeOrders)
      .leftJoin(refunds, eq(refunds.id, eventChangeOrders.refundId))
      .where(eq(eventChangeOrders.changeId, change.id));
    const [unpaid] = await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(and(eq(orders.eventId, change.eventId), eq(orders.status, 'pending')));
    if ((left?.undecided ?? 0) > 0 || (left?.unconfirmed ?? 0) > 0 || (unpaid?.count ?? 0) > 0) return false;
    await tx
      .update(eventChanges)
      .set({ status: (left?.refused ?? 0) > 0 ? 'failed' : 'done', finishedAt: sql`now()` })
      .where(eq(eventChanges.id, change.id));
    return true;
  });
}

/* ---------------------------------------------------------------- progress (scoped reads) */

/** The cancellation's progress, counted from its orders and their refunds (never a counter that could drift). */
export async function countProgress(tx: ScopedTx, changeId: number) {
  const [row] = await tx
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      refunded:
        sql<number>`count(*) FILTER (WHERE ${eventChangeOrders.state} = 'skipped' OR ${refunds.status} = 'succeeded')`.mapWith(
          Number,
        ),
      failed:
        sql<number>`count(*) FILTER (WHERE ${eventChangeOrders.state} = 'failed' OR (${refunds.status} = 'pending' AND ${refunds.lastError} IS NOT NULL))`.mapWith(
          Number,
        ),
    })
    .from(eventChangeOrders)
    .leftJoin(refunds, eq(refunds.id, eventChangeOrders.refundId))
    .where(eq(eventChangeOrders.changeId, changeId));
  return { total: row?.total ?? 0, refunded: row?.refunded ?? 0, failed: row?.failed ?? 0 };
}

/** The first failed orders: refused by the refunds path, or refused by the provider so far. */
export async function findFailures(tx: ScopedTx, changeId: number, limit: number) {
  return tx
    .select({
      bookingId: orders.orderId,
      state: eventChangeOrders.state,
      orderError: eventChangeOrders.lastError,
      refundError: refunds.lastError,
    })
    .from(eventChangeOrders)
    .innerJoin(orders, eq(orders.id, eventChangeOrders.orderId))
    .leftJoin(refunds, eq(refunds.id, eventChangeOrders.refundId))
    .where(
      and(
        eq(eventChangeOrders.changeId, changeId),
        or(eq(eventChangeOrders.state, 'failed'), and(eq(refunds.status, 'pending'), isNotNull(refunds.lastError))),
      ),
    )
    .orderBy(asc(eventChangeOrders.orderId))
    .limit(limit);
}

import { and, asc, desc, eq, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '@marquee/db/client';
import {
  auditLog,
  events,
  mailMessages,
  orderLines,
  orders,
  outbox,
  paymentEvents,
  paymentGateways,
  promoCodes,
  refunds,
  sandboxPaymentIntents,
  tickets,
  venues,
} from '@marquee/db/schema';
import { inScope, type ScopedTx } from '@marquee/db/tenancy';
import type { OrderStatus } from '@marquee/domain/orders';

/** The audit action of a confirmation resent from the desk: what the resend limit counts. */
export const RESEND_ACTION = 'order.confirmation.resend';

export interface OrderFilter {
  /** A normalised Booking ID: that order only. */
  bookingId?: string | undefined;
  /** Part of the name (and, with `withContact`, of the e-mail or phone), already stripped of spaces at its ends. */
  text?: string | undefined;
  /** Search e-mail and phone too (the role has `order.contact.read`). */
  withContact: boolean;
  eventUid?: string | undefined;
  status?: OrderStatus | undefined;
  /** Days, YYYY-MM-DD, of the order's creation (UTC), both included. */
  from?: string | undefined;
  to?: string | undefined;
}

/** `text` as a LIKE pattern matching it anywhere: its own %, _ and \ are matched as themselves. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function searchOf(filter: OrderFilter): SQL | undefined {
  if (filter.bookingId !== undefined) return eq(orders.orderId, filter.bookingId);
  if (!filter.text) return undefined;
  const pattern = containing(filter.text);
  const name = sql`(${orders.firstName} || ' ' || ${orders.lastName}) ILIKE ${pattern}`;
  if (!filter.withContact) return name;
  const digits = filter.text.replace(/\D/g, '');
  // A phone number typed with other spacing or punctuation than the buyer's ("077 123 4567", "+94771234567").
  const phoneDigits =
    digits.length >= 3 && /^[\d\s+()./-]+$/.test(filter.text)
      ? sql`regexp_replace(${orders.phone}, '\\D', '', 'g') LIKE ${containing(digits)}`
      : undefined;
  return or(name, ilike(orders.email, pattern), ilike(orders.phone, pattern), phoneDigits);
}

function whereOf(tx: ScopedTx, filter: OrderFilter): SQL | undefined {
  return and(
    inScope.events(tx),
    filter.eventUid === undefined ? undefined : eq(events.uid, filter.eventUid),
    filter.status === undefined ? undefined : eq(orders.status, filter.status),
    // Days of UTC: `date AT TIME ZONE 'UTC'` is that day's midnight in UTC, whatever the session's zone.
    filter.from === undefined ? undefined : gte(orders.createdAt, sql`(${filter.from}::date AT TIME ZONE 'UTC')`),
    filter.to === undefined ? undefined : sql`${orders.createdAt} < ((${filter.to}::date + 1) AT TIME ZONE 'UTC')`,
    searchOf(filter),
  );
}

/** A page of the scope's orders, newest first, and how many match in all. */
export async function findOrderPage(tx: ScopedTx, filter: OrderFilter, page: { limit: number; offset: number }) {
  const where = whereOf(tx, filter);
  const rows = await tx
    .select({
      bookingId: orders.orderId,
      eventUid: events.uid,
      eventName: events.name,
      eventStartsAt: events.startDate,
      firstName: orders.firstName,
      lastName: orders.lastName,
      email: orders.email,
      phone: orders.phone,
      status: orders.status,
      kind: orders.kind,
      currency: orders.currency,
      total: orders.total,
      tickets: sql<number>`(SELECT coalesce(sum(${orderLines.quantity}), 0)::int FROM ${orderLines} WHERE ${orderLines.orderId} = ${orders.id})`,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** The scope's order with this Booking ID (its event inside the scope), with its event, venue map and gateway. */
export async function findScopedOrder(tx: ScopedTx, bookingId: string) {
  const [row] = await tx
    .select({
      id: orders.id,
      bookingId: orders.orderId,
      status: orders.status,
      kind: orders.kind,
      compNote: orders.compNote,
      cancelReason: orders.cancelReason,
      failureReason: orders.failureReason,
      lastPaymentError: orders.lastPaymentError,
      firstName: orders.firstName,
      lastName: orders.lastName,
      email: orders.email,
      phone: orders.phone,
      nic: orders.nic,
      currency: orders.currency,
      subtotal: orders.subtotal,
      convenienceFee: orders.convenienceFee,
      discount: orders.discount,
      total: orders.total,
      refundedAmount: orders.refundedAmount,
      promoCode: promoCodes.code,
      gateway: paymentGateways.name,
      intentId: orders.paymentIntentId,
      holdExpiresAt: orders.holdExpiresAt,
      paidAt: orders.paidAt,
      createdAt: orders.createdAt,
      event: { id: events.id, uid: events.uid, name: events.name, startsAt: events.startDate },
      seatMap: venues.seatMap,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .innerJoin(paymentGateways, eq(paymentGateways.id, orders.paymentGatewayId))
    .leftJoin(promoCodes, eq(promoCodes.id, orders.promoCodeId))
    .where(and(inScope.events(tx), eq(orders.orderId, bookingId)));
  return row ?? null;
}
export type ScopedOrder = NonNullable<Awaited<ReturnType<typeof findScopedOrder>>>;

/** An order's lines, in the order they were bought (the order was found in scope first). */
export function findOrderLines(tx: ScopedTx, orderRowId: number) {
  return tx
    .select({
      packageName: orderLines.packageName,
      unitPrice: orderLines.unitPrice,
      quantity: orderLines.quantity,
      seats: orderLines.seats,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderRowId))
    .orderBy(asc(orderLines.id));
}

/** An order's tickets with their package's name; the code is cut to its end by the service. */
export function findOrderTickets(tx: ScopedTx, orderRowId: number) {
  return tx
    .select({
      id: tickets.id,
      code: tickets.code,
      packageName: orderLines.packageName,
      seatId: tickets.seatId,
      usedAt: tickets.usedAt,
      voidedAt: tickets.voidedAt,
      holderFirstName: tickets.holderFirstName,
      holderLastName: tickets.holderLastName,
      // The last name correction (decisions/039); the console role reads replacements under row-level security.
      reissuedAt:
        sql<Date | null>`(SELECT max(r.replaced_at) FROM ticket_code_replacements r WHERE r.ticket_id = ${tickets.id})`.mapWith(
          (value: string | Date | null) => (value === null ? null : new Date(value)),
        ),
    })
    .from(tickets)
    .innerJoin(orderLines, and(eq(orderLines.orderId, tickets.orderId), eq(orderLines.packageId, tickets.packageId)))
    .where(eq(tickets.orderId, orderRowId))
    .orderBy(asc(tickets.packageId), asc(tickets.admissionNo));
}

/**
 * The confirmations resent from the desk for an order, newest first (the scope's audit log); `lastHour`:
 * only those of the last hour by the database's clock, the one that stamped them.
 */
export function findResends(tx: ScopedTx, bookingId: string, options: { lastHour?: boolean } = {}) {
  return tx
    .select({ at: auditLog.occurredAt, by: auditLog.actorEmail })
    .from(auditLog)
    .where(
      and(
        inScope.auditLog(tx),
        eq(auditLog.action, RESEND_ACTION),
        eq(auditLog.entityType, 'order'),
        eq(auditLog.entityId, bookingId),
        options.lastHour ? gte(auditLog.occurredAt, sql`now() - interval '1 hour'`) : undefined,
      ),
    )
    .orderBy(desc(auditLog.occurredAt), desc(auditLog.id));
}

/** An order's refunds, oldest first (the scope's: refunds have row-level security by event). */
export function findOrderRefunds(tx: ScopedTx, orderRowId: number) {
  return tx
    .select({
      id: refunds.id,
      status: refunds.status,
      amount: refunds.amount,
      ticketIds: refunds.ticketIds,
      reason: refunds.reason,
      createdAt: refunds.createdAt,
      succeededAt: refunds.succeededAt,
    })
    .from(refunds)
    .where(eq(refunds.orderId, orderRowId))
    .orderBy(asc(refunds.id));
}

/**
 * One resend of an order at a time, to the end of the transaction: the count of recent resends and the
 * outbox change are then decided together (a second press waits, then counts the first).
 */
export async function lockOrderResends(tx: ScopedTx, orderRowId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${RESEND_ACTION}), ${orderRowId})`);
}

/*
 * What follows reads and writes tables the console's role has no grant on (payment_events, the outbox,
 * the viewer's kept mail, the sandbox's intents: decisions/034). They run with the connecting role, in the
 * outer transaction, and only for an order the scoped transaction found first: every query is keyed by that
 * order's own row id, Booking ID or payment intent, so no other organisation's row can be named.
 */

/** The provider's webhooks received for a payment intent, oldest first. */
export function findPaymentEvents(tx: Tx, intentId: string) {
  return tx
    .select({
      provider: paymentEvents.provider,
      type: paymentEvents.type,
      receivedAt: paymentEvents.receivedAt,
    })
    .from(paymentEvents)
    .where(eq(paymentEvents.intentId, intentId))
    .orderBy(asc(paymentEvents.receivedAt), asc(paymentEvents.eventId));
}

/** The sandbox provider's status of the order's intent (its reference is the Booking ID), if it has one. */
export async function findSandboxIntentStatus(tx: Tx, bookingId: string): Promise<string | null> {
  const [row] = await tx
    .select({ status: sandboxPaymentIntents.status })
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.reference, bookingId));
  return row?.status ?? null;
}

/** The e-mails queued for an order (never their content: the outbox row has none; the worker renders it). */
export function findOrderEmails(tx: Tx, orderRowId: number) {
  return (
    tx
      .select({
        kind: outbox.kind,
        status: outbox.status,
        attempts: outbox.attempts,
        createdAt: outbox.createdAt,
        sentAt: outbox.sentAt,
        lastError: outbox.lastError,
      })
      .from(outbox)
      // A refund's e-mail names its refund, not the order (one per refund: docs/decisions/037).
      .where(
        or(
          eq(outbox.orderId, orderRowId),
          inArray(outbox.refundId, tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.orderId, orderRowId))),
        ),
      )
      .orderBy(asc(outbox.id))
  );
}

/**
 * The viewer's kept copies of an order's e-mails, found by the Booking ID in their Message-ID (mail/service.ts).
 * Subject and time only.
 */
export function findKeptEmails(tx: Tx, bookingId: string) {
  return (
    tx
      .select({ messageId: mailMessages.messageId, subject: mailMessages.subject, createdAt: mailMessages.createdAt })
      .from(mailMessages)
      // `<kind.{id}@…>`, a resend's `<kind.{id}.resend-{n}@…>` and a refund's `<order-refunded.{id}.{refund}@…>`.
      .where(
        or(
          sql`${mailMessages.messageId} LIKE ${`<%.${bookingId}@%`}`,
          sql`${mailMessages.messageId} LIKE ${`<%.${bookingId}.%@%`}`,
        ),
      )
      .orderBy(asc(mailMessages.id))
  );
}

/**
 * Queues the order's confirmation again: its one outbox row (unique per kind and order) goes back to pending
 * with fresh attempts, so the worker sends it once more. A row already pending is left alone: that send is
 * still to come, and a second press must not be swallowed by it unseen. Answers the row's status before, or
 * null when nothing was queued (already pending).
 */
export async function requeueConfirmation(tx: Tx, orderRowId: number): Promise<{ before: string } | null> {
  const [existing] = await tx
    .select({ id: outbox.id, status: outbox.status })
    .from(outbox)
    .where(and(eq(outbox.kind, 'order_confirmation'), eq(outbox.orderId, orderRowId)))
    .for('update');
  if (existing) {
    if (existing.status === 'pending') return null;
    await tx
      .update(outbox)
      .set({
        status: 'pending',
        attempts: 0,
        nextAttemptAt: sql`now()`,
        lastError: null,
        resendCount: sql`${outbox.resendCount} + 1`,
      })
      .where(eq(outbox.id, existing.id));
    return { before: existing.status };
  }
  // A paid order without a confirmation row (written before the outbox, or by hand): queue its first.
  const [inserted] = await tx
    .insert(outbox)
    .values({ kind: 'order_confirmation', orderId: orderRowId })
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  return inserted ? { before: 'none' } : null;
}

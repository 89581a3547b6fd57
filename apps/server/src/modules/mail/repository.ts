import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '@marquee/db/client';
import {
  eventChangeOrders,
  eventChanges,
  events,
  mailAttachments,
  mailMessages,
  notifyMeSubscriptions,
  orderLines,
  organisationInvitations,
  organisations,
  orders,
  outbox,
  promoCodes,
  refunds,
  ticketPackages,
  users,
  venues,
  waitlistEntries,
} from '@marquee/db/schema';

/** An outbox row claimed for one attempt. `attempts` already counts this one. */
export type ClaimedOutboxRow =
  | {
      id: number;
      kind: 'order_confirmation' | 'payment_refunded' | 'tickets_reissued';
      orderId: number;
      attempts: number;
      /** Resends from the orders desk so far: the Message-ID of this send (mail/service.ts). */
      resendCount: number;
    }
  | { id: number; kind: 'password_reset'; userId: string; url: string; attempts: number }
  | { id: number; kind: 'organisation_invitation'; url: string; attempts: number }
  | { id: number; kind: 'order_refunded'; refundId: number; attempts: number }
  /** Notify Me (issue 23; decisions/047): its subscription, and the confirmation link. */
  | { id: number; kind: 'notify_me_confirm'; subscriptionId: number; url: string; attempts: number }
  /** The same, with the "on sale now" e-mail's unsubscribe link. */
  | { id: number; kind: 'notify_me_on_sale'; subscriptionId: number; url: string; attempts: number }
  /** The waitlist (issue 23; decisions/049): its entry, and the confirmation or the offer's link. */
  | { id: number; kind: 'waitlist_confirm'; entryId: number; url: string; attempts: number }
  | { id: number; kind: 'waitlist_offer'; entryId: number; url: string; attempts: number }
  | {
      id: number;
      kind: 'event_cancelled' | 'event_postponed';
      orderId: number;
      /** The cancellation or postponement told (decisions/040). */
      eventChangeId: number;
      attempts: number;
      /** Postponements of the order's event before this one: each is a message of its own. */
      resendCount: number;
    };

const ClaimedRowsSchema = z.object({
  rows: z.array(
    z.object({
      id: z.number(),
      kind: z.enum([
        'order_confirmation',
        'payment_refunded',
        'password_reset',
        'organisation_invitation',
        'order_refunded',
        'tickets_reissued',
        'event_cancelled',
        'event_postponed',
        'notify_me_confirm',
        'notify_me_on_sale',
        'waitlist_confirm',
        'waitlist_offer',
      ]),
      order_id: z.number().nullable(),
      notify_me_subscription_id: z.number().nullable(),
      waitlist_entry_id: z.number().nullable(),
      refund_id: z.number().nullable(),
      event_change_id: z.number().nullable(),
      user_id: z.string().nullable(),
      payload: z.object({ url: z.string() }).nullable(),
      attempts: z.number(),
      resend_count: z.number(),
    }),
  ),
});

function toClaimedRow(row: z.infer<typeof ClaimedRowsSchema>['rows'][number]): ClaimedOutboxRow {
  // The table's check constraint guarantees each kind's subject.
  if (row.kind === 'password_reset') {
    return {
      id: row.id,
      kind: row.kind,
      userId: row.user_id ?? '',
      url: row.payload?.url ?? '',
      attempts: row.attempts,
    };
  }
  if (row.kind === 'organisation_invitation') {
    return { id: row.id, kind: row.kind, url: row.payload?.url ?? '', attempts: row.attempts };
  }
  if (row.kind === 'order_refunded') {
    return { id: row.id, kind: row.kind, refundId: row.refund_id ?? 0, attempts: row.attempts };
  }
  if (row.kind === 'notify_me_confirm' || row.kind === 'notify_me_on_sale') {
    return {
      id: row.id,
      kind: row.kind,
      subscriptionId: row.notify_me_subscription_id ?? 0,
      url: row.payload?.url ?? '',
      attempts: row.attempts,
    };
  }
  if (row.kind === 'waitlist_confirm' || row.kind === 'waitlist_offer') {
    return {
      id: row.id,
      kind: row.kind,
      entryId: row.waitlist_entry_id ?? 0,
      url: row.payload?.url ?? '',
      attempts: row.attempts,
    };
  }
  if (row.kind === 'event_cancelled' || row.kind === 'event_postponed') {
    return {
      id: row.id,
      kind: row.kind,
      orderId: row.order_id ?? 0,
      eventChangeId: row.event_change_id ?? 0,
      attempts: row.attempts,
      resendCount: row.resend_count,
    };
  }
  return {
    id: row.id,
    kind: row.kind,
    orderId: row.order_id ?? 0,
    attempts: row.attempts,
    resendCount: row.resend_count,
  };
}

/** Queues the password reset e-mail of an account (sent by the same worker, with the same retries). */
export async function enqueuePasswordReset(db: Db, userId: string, url: string): Promise<void> {
  await db.insert(outbox).values({ kind: 'password_reset', userId, payload: { url } });
}

/**
 * Queues an invitation e-mail in the transaction that made the invitation (the team module's), so that
 * both commit or neither. The link carries the token; the worker finds the rest through its hash.
 */
export async function enqueueOrganisationInvitation(
  tx: Tx,
  mail: { email: string; url: string; organisation: string },
): Promise<void> {
  await tx.insert(outbox).values({ kind: 'organisation_invitation', payload: mail });
}

/**
 * The invitation an e-mail is about, by its token's sha256: the organisation's name, the role, who invited
 * and whether it still stands (a revoked invitation's e-mail is not sent).
 */
export async function findInvitationForMail(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      email: organisationInvitations.email,
      role: organisationInvitations.role,
      status: organisationInvitations.status,
      expiresAt: organisationInvitations.expiresAt,
      isExpired: sql<boolean>`${organisationInvitations.expiresAt} <= now()`,
      organisation: organisations.name,
      inviterName: users.name,
      inviterEmail: users.email,
    })
    .from(organisationInvitations)
    .innerJoin(organisations, eq(organisations.id, organisationInvitations.organisationId))
    .leftJoin(users, eq(users.id, organisationInvitations.invitedBy))
    .where(eq(organisationInvitations.tokenHash, tokenHash));
  return row ?? null;
}

/** A console refund an e-mail is about (issue 22): its order, amount and how many tickets it voided. */
export async function findRefundForMail(db: Db, refundId: number) {
  const [row] = await db
    .select({
      orderId: refunds.orderId,
      amount: refunds.amount,
      ticketCount: sql<number>`cardinality(${refunds.ticketIds})`.mapWith(Number),
      isRefunded: sql<boolean>`${orders.refundedAt} IS NOT NULL`,
      refundedAmount: orders.refundedAmount,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(refunds.id, refundId));
  return row ?? null;
}

/**
 * An event's cancellation or postponement an e-mail tells (issue 22; decisions/040), and for a cancellation with
 * refunds what this order gets back: the refund the cancellation made for it, else (not made yet) what is left.
 */
export async function findEventChangeForMail(db: Db, changeId: number, orderRowId: number) {
  const [row] = await db
    .select({
      kind: eventChanges.kind,
      message: eventChanges.message,
      refund: eventChanges.refund,
      newStartsAt: eventChanges.newStartsAt,
      // Written with aliases: a single-table select leaves column names unqualified, and these are subqueries.
      refundAmount: sql<number>`coalesce(
        (SELECT r.amount FROM ${eventChangeOrders} w JOIN ${refunds} r ON r.id = w.refund_id
          WHERE w.change_id = ${changeId} AND w.order_id = ${orderRowId}),
        (SELECT o.total - o.refunded_amount FROM ${orders} o WHERE o.id = ${orderRowId}))`.mapWith(Number),
    })
    .from(eventChanges)
    .where(eq(eventChanges.id, changeId));
  return row ?? null;
}

export async function findUserForMail(db: Db, userId: string) {
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/**
 * Claims up to `limit` due e-mails for one attempt each: counts the attempt and pushes the row's next
 * attempt `leaseSeconds` into the future before anything is sent. `SKIP LOCKED` keeps two processes
 * off the same row; the lease keeps a row that is being sent from being claimed again, and brings back
 * one whose process died mid-send once it runs out. All of it is in the table, so a restart loses nothing.
 */
export async function claimDueOutbox(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedOutboxRow[]> {
  const result = await db.execute(sql`
    UPDATE ${outbox}
    SET attempts = attempts + 1,
        next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
    WHERE id IN (
      SELECT id FROM ${outbox}
      WHERE status = 'pending' AND next_attempt_at <= now()
      ORDER BY next_attempt_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, kind, order_id, user_id, refund_id, event_change_id, notify_me_subscription_id, waitlist_entry_id, payload, attempts, resend_count`);
  return ClaimedRowsSchema.parse(result)
    .rows.map(toClaimedRow)
    .sort((a, b) => a.id - b.id);
}

/** Sent: never claimed again. Only a pending row changes (an operator may have failed it meanwhile). */
export async function markOutboxSent(db: Db, id: number): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
}

/** Not sent this time: tried again after `delaySeconds`. */
export async function scheduleOutboxRetry(db: Db, id: number, error: string, delaySeconds: number): Promise<void> {
  await db
    .update(outbox)
    .set({ lastError: error, nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})` })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
}

/** Given up: left as 'failed' with its last error for an operator to see (and re-queue if they wish). */
export async function markOutboxFailed(db: Db, id: number, error: string): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'failed', lastError: error })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
}

/** What an e-mail about an order says: the buyer, the event and venue, the money, the lines. */
export async function findOrderForMail(db: Db, orderRowId: number) {
  const [order] = await db
    .select({
      bookingId: orders.orderId,
      firstName: orders.firstName,
      lastName: orders.lastName,
      email: orders.email,
      currency: orders.currency,
      subtotal: orders.subtotal,
      convenienceFee: orders.convenienceFee,
      discount: orders.discount,
      total: orders.total,
      failureReason: orders.failureReason,
      promoCode: promoCodes.code,
      event: {
        uid: events.uid,
        name: events.name,
        type: events.type,
        startDate: events.startDate,
      },
      venue: { name: venues.name, city: venues.city, timeZone: venues.timeZone, seatMap: venues.seatMap },
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .leftJoin(promoCodes, eq(promoCodes.id, orders.promoCodeId))
    .where(eq(orders.id, orderRowId));
  if (!order) return null;
  const lines = await db
    .select({
      packageName: orderLines.packageName,
      unitPrice: orderLines.unitPrice,
      quantity: orderLines.quantity,
      seats: orderLines.seats,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderRowId))
    .orderBy(asc(orderLines.id));
  return { ...order, lines };
}
export type OrderForMail = NonNullable<Awaited<ReturnType<typeof findOrderForMail>>>;

/** A Notify Me subscription's address and status, and its event as the e-mail names it (issue 23). */
export async function findNotifyMeForMail(db: Db, subscriptionId: number) {
  const [row] = await db
    .select({
      email: notifyMeSubscriptions.email,
      status: notifyMeSubscriptions.status,
      event: { uid: events.uid, name: events.name, type: events.type, startDate: events.startDate },
      venue: { name: venues.name, city: venues.city, timeZone: venues.timeZone },
    })
    .from(notifyMeSubscriptions)
    .innerJoin(events, eq(events.id, notifyMeSubscriptions.eventId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(eq(notifyMeSubscriptions.id, subscriptionId));
  return row ?? null;
}

/** A waitlist entry as its e-mails name it: the address, the package, the event, and an offer's hold. */
export async function findWaitlistEntryForMail(db: Db, entryId: number) {
  const [row] = await db
    .select({
      email: waitlistEntries.email,
      firstName: waitlistEntries.firstName,
      status: waitlistEntries.status,
      quantity: waitlistEntries.quantity,
      packageName: ticketPackages.name,
      holdExpiresAt: orders.holdExpiresAt,
      event: { uid: events.uid, name: events.name, type: events.type, startDate: events.startDate },
      venue: { name: venues.name, city: venues.city, timeZone: venues.timeZone },
    })
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.eventId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .innerJoin(ticketPackages, eq(ticketPackages.id, waitlistEntries.packageId))
    .leftJoin(orders, eq(orders.id, waitlistEntries.orderId))
    .where(eq(waitlistEntries.id, entryId));
  return row ?? null;
}

export interface KeptMail {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: readonly { filename: string; contentType: string; content: Buffer }[];
}

/**
 * Keeps a message for the outbox viewer, once per Message-ID: a send retried after a crash between
 * keeping it and marking its outbox row stores nothing new.
 */
export async function insertKeptMail(db: Db, mail: KeptMail): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mailMessages)
      .values({
        messageId: mail.messageId,
        fromAddress: mail.from,
        toAddress: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      })
      .onConflictDoNothing({ target: mailMessages.messageId })
      .returning({ id: mailMessages.id });
    if (!row || mail.attachments.length === 0) return;
    await tx.insert(mailAttachments).values(
      mail.attachments.map((attachment) => ({
        mailMessageId: row.id,
        filename: attachment.filename,
        contentType: attachment.contentType,
        size: attachment.content.length,
        content: attachment.content,
      })),
    );
  });
}

/** The newest kept messages first, without their bodies. */
export async function listKeptMail(db: Db, limit: number) {
  return db
    .select({
      id: mailMessages.id,
      to: mailMessages.toAddress,
      subject: mailMessages.subject,
      createdAt: mailMessages.createdAt,
      attachments: sql<number>`(SELECT count(*)::int FROM ${mailAttachments} WHERE ${mailAttachments.mailMessageId} = ${mailMessages.id})`,
    })
    .from(mailMessages)
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(limit);
}

export async function findKeptMail(db: Db, id: number) {
  const [message] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
  if (!message) return null;
  const attachments = await db
    .select({
      id: mailAttachments.id,
      filename: mailAttachments.filename,
      contentType: mailAttachments.contentType,
      size: mailAttachments.size,
    })
    .from(mailAttachments)
    .where(eq(mailAttachments.mailMessageId, id))
    .orderBy(asc(mailAttachments.id));
  return { ...message, attachments };
}

export async function findKeptAttachment(db: Db, messageRowId: number, attachmentId: number) {
  const [attachment] = await db
    .select({
      filename: mailAttachments.filename,
      contentType: mailAttachments.contentType,
      content: mailAttachments.content,
    })
    .from(mailAttachments)
    .where(and(eq(mailAttachments.id, attachmentId), eq(mailAttachments.mailMessageId, messageRowId)));
  return attachment ?? null;
}

/**
 * Queues the e-mail of an order's re-issued tickets (a name corrected at the desk; decisions/039) in the caller's
 * transaction: one row per order, queued again by a later correction as a new message (`resend_count`, as the
 * desk's resends), left as it is while it is still waiting to be sent (it will carry every correction, as the PDF
 * is rendered when it is sent). Answers whether a send is now queued.
 */
export async function enqueueTicketsReissued(tx: Tx, orderRowId: number): Promise<boolean> {
  const [row] = await tx
    .insert(outbox)
    .values({ kind: 'tickets_reissued', orderId: orderRowId })
    .onConflictDoUpdate({
      target: [outbox.kind, outbox.orderId],
      set: {
        status: 'pending',
        attempts: 0,
        nextAttemptAt: sql`now()`,
        lastError: null,
        sentAt: null,
        resendCount: sql`${outbox.resendCount} + 1`,
      },
      setWhere: sql`${outbox.status} <> 'pending'`,
    })
    .returning({ id: outbox.id });
  return row !== undefined || (await isQueued(tx, orderRowId));
}

async function isQueued(tx: Tx, orderRowId: number): Promise<boolean> {
  const [row] = await tx
    .select({ status: outbox.status })
    .from(outbox)
    .where(and(eq(outbox.kind, 'tickets_reissued'), eq(outbox.orderId, orderRowId)));
  return row?.status === 'pending';
}

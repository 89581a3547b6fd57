import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '@marquee/db/client';
import { events, notifyMeSubscriptions, outbox } from '@marquee/db/schema';

/** Stored statuses whose event buyers see and that have not opened their sale by status alone. */
const WAITING_STATUSES = ['presale', 'pending'] as const;

/**
 * Whether an event's sale is open for buyers now (domain/catalog `buyerStatusOf`): ongoing, or presale / pending
 * whose sale start has passed (database clock), and not taken off the site.
 */
const isSaleOpen = sql<boolean>`(${events.unpublishedAt} IS NULL AND (${events.status} = 'ongoing' OR (${events.status} IN ('presale', 'pending') AND coalesce(${events.saleStartsAt} <= now(), false))))`;

/** An event as Notify Me needs it, by its public uid; null when buyers cannot see it (unknown, draft, unpublished). */
export async function findEventByUid(db: Db, uid: string) {
  const [row] = await db
    .select({
      id: events.id,
      status: events.status,
      isSaleOpen,
    })
    .from(events)
    .where(and(eq(events.uid, uid), sql`${events.status} <> 'draft'`, sql`${events.unpublishedAt} IS NULL`));
  if (!row) return null;
  const isWaiting = (WAITING_STATUSES as readonly string[]).includes(row.status) && !row.isSaleOpen;
  return { id: row.id, isWaiting };
}

/**
 * Serialises the requests for one address (a transaction-scoped advisory lock): the daily count of confirmation
 * e-mails and the row of (event, address) are then read and written by one request at a time.
 */
export async function lockAddress(tx: Tx, email: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'notify-me ' + email}))`);
}

export async function findSubscription(tx: Tx, eventId: number, email: string) {
  const [row] = await tx
    .select({ id: notifyMeSubscriptions.id, status: notifyMeSubscriptions.status })
    .from(notifyMeSubscriptions)
    .where(and(eq(notifyMeSubscriptions.eventId, eventId), eq(notifyMeSubscriptions.email, email)));
  return row ?? null;
}

/** A new pending row, or an existing pending or unsubscribed one made pending with a new confirmation token. */
export async function savePending(
  tx: Tx,
  input: { eventId: number; email: string; userId: string | null; tokenHash: string; existingId: number | null },
): Promise<number> {
  if (input.existingId !== null) {
    await tx
      .update(notifyMeSubscriptions)
      .set({
        status: 'pending',
        confirmTokenHash: input.tokenHash,
        confirmRequestedAt: sql`now()`,
        unsubscribedAt: null,
        ...(input.userId ? { userId: input.userId } : {}),
      })
      .where(eq(notifyMeSubscriptions.id, input.existingId));
    return input.existingId;
  }
  const [row] = await tx
    .insert(notifyMeSubscriptions)
    .values({ eventId: input.eventId, email: input.email, userId: input.userId, confirmTokenHash: input.tokenHash })
    .returning({ id: notifyMeSubscriptions.id });
  if (!row) throw new Error('The subscription was not saved.');
  return row.id;
}

const CountSchema = z.object({ rows: z.array(z.object({ n: z.coerce.number() })) });

/** Confirmation e-mails queued to this address in the last 24 hours, whatever the event. */
export async function countConfirmMailsToday(tx: Tx, email: string): Promise<number> {
  const result = await tx.execute(sql`
    SELECT count(*) AS n FROM ${outbox} o
    JOIN ${notifyMeSubscriptions} s ON s.id = o.notify_me_subscription_id
    WHERE o.kind = 'notify_me_confirm' AND s.email = ${email} AND o.created_at > now() - interval '1 day'`);
  return CountSchema.parse(result).rows[0]?.n ?? 0;
}

export async function queueMail(
  tx: Tx,
  mail: { kind: 'notify_me_confirm' | 'notify_me_on_sale'; subscriptionId: number; url: string },
): Promise<void> {
  await tx
    .insert(outbox)
    .values({ kind: mail.kind, notifyMeSubscriptionId: mail.subscriptionId, payload: { url: mail.url } })
    // The on-sale e-mail is unique per subscription (outbox_notify_me_on_sale_key): a second is never queued.
    .onConflictDoNothing();
}

const linkedEvent = {
  name: events.name,
  type: events.type,
  uid: events.uid,
  isSaleOpen,
};

/** The subscription a confirmation token's hash names, with whether its link is still within its validity. */
export async function findByConfirmHash(db: Db, tokenHash: string, validDays: number) {
  const [row] = await db
    .select({
      id: notifyMeSubscriptions.id,
      status: notifyMeSubscriptions.status,
      isExpired: sql<boolean>`${notifyMeSubscriptions.confirmRequestedAt} <= now() - make_interval(days => ${validDays})`,
      event: linkedEvent,
    })
    .from(notifyMeSubscriptions)
    .innerJoin(events, eq(events.id, notifyMeSubscriptions.eventId))
    .where(eq(notifyMeSubscriptions.confirmTokenHash, tokenHash));
  return row ?? null;
}

/** Pending → confirmed (a confirmed row stays as it is: using the link again changes nothing). */
export async function markConfirmed(db: Db, id: number): Promise<void> {
  await db
    .update(notifyMeSubscriptions)
    .set({ status: 'confirmed', confirmedAt: sql`coalesce(${notifyMeSubscriptions.confirmedAt}, now())` })
    .where(and(eq(notifyMeSubscriptions.id, id), inArray(notifyMeSubscriptions.status, ['pending', 'confirmed'])));
}

/**
 * Unsubscribes (again, harmlessly) and drops the subscription's e-mails not sent yet; the confirmation link stops
 * working. Answers the event, or null when the subscription is gone (its event deleted).
 */
export async function unsubscribe(db: Db, id: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(notifyMeSubscriptions)
      .set({
        status: 'unsubscribed',
        confirmTokenHash: null,
        unsubscribedAt: sql`coalesce(${notifyMeSubscriptions.unsubscribedAt}, now())`,
      })
      .where(eq(notifyMeSubscriptions.id, id))
      .returning({ eventId: notifyMeSubscriptions.eventId });
    if (!row) return null;
    await tx.delete(outbox).where(and(eq(outbox.notifyMeSubscriptionId, id), eq(outbox.status, 'pending')));
    const [event] = await tx.select(linkedEvent).from(events).where(eq(events.id, row.eventId));
    return event ?? null;
  });
}

const DueSchema = z.object({ rows: z.array(z.object({ id: z.number() })) });

/**
 * Claims up to `limit` confirmed subscriptions not yet told, of events whose sale is open, and marks them told;
 * `queue` writes their e-mails in the same transaction. Rows another process holds are skipped (SKIP LOCKED), and
 * a row it has told is no longer due once its transaction commits, so each subscriber is told once.
 */
export async function claimDue(
  db: Db,
  limit: number,
  queue: (tx: Tx, subscriptionIds: number[]) => Promise<void>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = DueSchema.parse(
      await tx.execute(sql`
        SELECT s.id FROM ${notifyMeSubscriptions} s
        JOIN ${events} ON ${events.id} = s.event_id
        WHERE s.status = 'confirmed' AND s.notified_at IS NULL AND ${isSaleOpen}
        ORDER BY s.id
        LIMIT ${limit}
        FOR UPDATE OF s SKIP LOCKED`),
    ).rows.map((row) => row.id);
    if (due.length === 0) return 0;
    await tx
      .update(notifyMeSubscriptions)
      .set({ notifiedAt: sql`now()` })
      .where(inArray(notifyMeSubscriptions.id, due));
    await queue(tx, due);
    return due.length;
  });
}

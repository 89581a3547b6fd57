import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '@marquee/db/client';
import { events, orders, outbox, ticketPackages, waitlistEntries, waitlistLeases } from '@marquee/db/schema';

/** The event and package a join names, as the waitlist checks them; null when buyers cannot see the event. */
export async function findJoinTarget(db: Db, uid: string, packageId: number) {
  const [event] = await db
    .select({
      id: events.id,
      status: events.status,
      isSaleOpen: sql<boolean>`coalesce(${events.saleStartsAt} <= now(), false)`,
      paymentGatewayIds: events.paymentGatewayIds,
    })
    .from(events)
    .where(and(eq(events.uid, uid), sql`${events.status} <> 'draft'`, sql`${events.unpublishedAt} IS NULL`));
  if (!event) return null;
  const [pkg] = await db
    .select({
      id: ticketPackages.id,
      active: ticketPackages.active,
      maxPerOrder: ticketPackages.maxPerOrder,
      isInSaleWindow: sql<boolean>`(coalesce(${ticketPackages.saleStartsAt} <= now(), true) AND coalesce(${ticketPackages.saleEndsAt} > now(), true))`,
    })
    .from(ticketPackages)
    .where(and(eq(ticketPackages.id, packageId), eq(ticketPackages.eventId, event.id)));
  return { event, pkg: pkg ?? null };
}

/**
 * Serialises the joins of one address (a transaction-scoped advisory lock): its live entry for the package and
 * its confirmation e-mails of the day are then read and written by one request at a time.
 */
export async function lockAddress(tx: Tx, email: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'waitlist ' + email}))`);
}

/** The address's live entry (unconfirmed, waiting or offered) for the package, if any. */
export async function findLiveEntry(tx: Tx, packageId: number, email: string) {
  const [row] = await tx
    .select({ id: waitlistEntries.id, status: waitlistEntries.status })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.packageId, packageId),
        eq(waitlistEntries.email, email),
        inArray(waitlistEntries.status, ['unconfirmed', 'waiting', 'offered']),
      ),
    );
  return row ?? null;
}

const CountSchema = z.object({ rows: z.array(z.object({ n: z.coerce.number() })) });

/** Waitlist confirmation e-mails queued to this address in the last 24 hours, whatever the package. */
export async function countConfirmMailsToday(tx: Tx, email: string): Promise<number> {
  const result = await tx.execute(sql`
    SELECT count(*) AS n FROM ${outbox} o
    JOIN ${waitlistEntries} w ON w.id = o.waitlist_entry_id
    WHERE o.kind = 'waitlist_confirm' AND w.email = ${email} AND o.created_at > now() - interval '1 day'`);
  return CountSchema.parse(result).rows[0]?.n ?? 0;
}

export type NewEntry = Pick<
  typeof waitlistEntries.$inferInsert,
  | 'eventId'
  | 'packageId'
  | 'quantity'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'nic'
  | 'paymentGatewayId'
  | 'userId'
  | 'confirmTokenHash'
>;

/** A new unconfirmed entry, or the address's unconfirmed one with the new details and a new confirmation link. */
export async function saveUnconfirmed(tx: Tx, entry: NewEntry, existingId: number | null): Promise<number> {
  if (existingId !== null) {
    await tx
      .update(waitlistEntries)
      .set({ ...entry, confirmRequestedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(waitlistEntries.id, existingId), eq(waitlistEntries.status, 'unconfirmed')));
    return existingId;
  }
  const [row] = await tx.insert(waitlistEntries).values(entry).returning({ id: waitlistEntries.id });
  if (!row) throw new Error('The waitlist entry was not saved.');
  return row.id;
}

export async function queueMail(
  tx: Tx | Db,
  mail: { kind: 'waitlist_confirm' | 'waitlist_offer'; entryId: number; url: string; orderId?: number },
): Promise<void> {
  await tx
    .insert(outbox)
    .values({
      kind: mail.kind,
      waitlistEntryId: mail.entryId,
      orderId: mail.orderId ?? null,
      payload: { url: mail.url },
    })
    // An offer's e-mail is unique per order (outbox_kind_order_key): a second is never queued.
    .onConflictDoNothing();
}

/** An entry as its owner's pages show it, found by the sha256 of a link's token (`which` link). */
export async function findByTokenHash(db: Db, which: 'confirm' | 'offer', tokenHash: string) {
  const column = which === 'confirm' ? waitlistEntries.confirmTokenHash : waitlistEntries.offerTokenHash;
  const [row] = await db
    .select({
      id: waitlistEntries.id,
      status: waitlistEntries.status,
      packageId: waitlistEntries.packageId,
      quantity: waitlistEntries.quantity,
      confirmedAt: waitlistEntries.confirmedAt,
      isConfirmExpired: sql<boolean>`${waitlistEntries.confirmRequestedAt} <= now() - interval '7 days'`,
      packageName: ticketPackages.name,
      event: { uid: events.uid, name: events.name, type: events.type },
      order: {
        id: orders.id,
        bookingId: orders.orderId,
        accessToken: orders.accessToken,
        status: orders.status,
        holdExpiresAt: orders.holdExpiresAt,
        isHoldOver: sql<boolean>`${orders.holdExpiresAt} <= now()`,
      },
    })
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.eventId))
    .innerJoin(ticketPackages, eq(ticketPackages.id, waitlistEntries.packageId))
    .leftJoin(orders, eq(orders.id, waitlistEntries.orderId))
    .where(eq(column, tokenHash));
  return row ?? null;
}

/** Unconfirmed → waiting: in line from now. A waiting (or later) entry stays as it is. */
export async function markConfirmed(db: Db, id: number): Promise<void> {
  await db
    .update(waitlistEntries)
    .set({ status: 'waiting', confirmedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.status, 'unconfirmed')));
}

/** Out of the line (unconfirmed or waiting → left); an offer already made stays the buyer's to pay or let go. */
export async function markLeft(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(waitlistEntries)
      .set({ status: 'left', updatedAt: sql`now()` })
      .where(and(eq(waitlistEntries.id, id), inArray(waitlistEntries.status, ['unconfirmed', 'waiting'])));
    await tx
      .delete(outbox)
      .where(and(eq(outbox.waitlistEntryId, id), eq(outbox.kind, 'waitlist_confirm'), eq(outbox.status, 'pending')));
  });
}

/** 1 for the next in line: waiting entries of the package confirmed before this one, plus one. */
export async function positionOf(db: Db, entry: { id: number; packageId: number; confirmedAt: Date }): Promise<number> {
  const result = await db.execute(sql`
    SELECT count(*) + 1 AS n FROM ${waitlistEntries}
    WHERE package_id = ${entry.packageId} AND status = 'waiting'
      AND (confirmed_at, id) < (${entry.confirmedAt.toISOString()}::timestamptz, ${entry.id})`);
  return CountSchema.parse(result).rows[0]?.n ?? 1;
}

/**
 * Offers made earlier whose order has ended: paid → bought; cancelled, failed or expired → lapsed (the tickets
 * went back, and on to the next in line).
 */
export async function settleOffers(db: Db): Promise<number> {
  const result = await db.execute(sql`
    UPDATE ${waitlistEntries} w
    SET status = CASE WHEN o.status IN ('complete', 'verified') THEN 'bought' ELSE 'lapsed' END,
        lapse_reason = CASE WHEN o.status IN ('complete', 'verified') THEN NULL ELSE 'offer_expired' END,
        updated_at = now()
    FROM ${orders} o
    WHERE w.status = 'offered' AND o.id = w.order_id AND o.status <> 'pending'
    RETURNING w.id`);
  return z.object({ rows: z.array(z.unknown()) }).parse(result).rows.length;
}

/** Packages with buyers waiting in line (at most `limit`). */
export async function findPackagesWithLine(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ packageId: waitlistEntries.packageId })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.status, 'waiting'))
    .limit(limit);
  return rows.map((row) => row.packageId);
}

/**
 * The package's offers are this process's to make for `seconds` (null: another process is making them). A lease,
 * not a lock held open: nothing waits on it, and a process that dies mid-way frees it when it runs out.
 */
export async function takeLease(db: Db, packageId: number, seconds: number): Promise<boolean> {
  const rows = await db
    .insert(waitlistLeases)
    .values({ packageId, leasedUntil: sql`now() + make_interval(secs => ${seconds})` })
    .onConflictDoUpdate({
      target: waitlistLeases.packageId,
      set: { leasedUntil: sql`now() + make_interval(secs => ${seconds})` },
      setWhere: sql`${waitlistLeases.leasedUntil} <= now()`,
    })
    .returning({ packageId: waitlistLeases.packageId });
  return rows.length > 0;
}

export async function releaseLease(db: Db, packageId: number): Promise<void> {
  await db
    .update(waitlistLeases)
    .set({ leasedUntil: sql`now()` })
    .where(eq(waitlistLeases.packageId, packageId));
}

/** The head of a package's line, in order, with what its offer's order needs. */
export async function findLineHead(db: Db, packageId: number, limit: number) {
  return db
    .select({
      id: waitlistEntries.id,
      eventId: waitlistEntries.eventId,
      packageId: waitlistEntries.packageId,
      quantity: waitlistEntries.quantity,
      firstName: waitlistEntries.firstName,
      lastName: waitlistEntries.lastName,
      email: waitlistEntries.email,
      phone: waitlistEntries.phone,
      nic: waitlistEntries.nic,
      paymentGatewayId: waitlistEntries.paymentGatewayId,
      userId: waitlistEntries.userId,
      isSeated: sql<boolean>`cardinality(${ticketPackages.seatingRange}) > 0 AND NOT ${ticketPackages.freeSeating}`,
    })
    .from(waitlistEntries)
    .innerJoin(ticketPackages, eq(ticketPackages.id, waitlistEntries.packageId))
    .where(and(eq(waitlistEntries.packageId, packageId), eq(waitlistEntries.status, 'waiting')))
    .orderBy(asc(waitlistEntries.confirmedAt), asc(waitlistEntries.id))
    .limit(limit);
}

/**
 * Waiting → offered with its order and the offer link's hash, and the offer's e-mail, in one transaction; false
 * when the entry is no longer waiting (its owner left meanwhile): the caller lets the order go.
 */
export async function markOffered(
  db: Db,
  input: { entryId: number; orderId: number; offerTokenHash: string; url: string; isPaid: boolean },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(waitlistEntries)
      .set({
        status: input.isPaid ? 'bought' : 'offered',
        orderId: input.orderId,
        offerTokenHash: input.offerTokenHash,
        offeredAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(waitlistEntries.id, input.entryId), eq(waitlistEntries.status, 'waiting')))
      .returning({ id: waitlistEntries.id });
    if (!row) return false;
    // A free order is complete at once: its confirmation e-mail has the tickets, no offer to pay.
    if (!input.isPaid)
      await queueMail(tx, { kind: 'waitlist_offer', entryId: input.entryId, url: input.url, orderId: input.orderId });
    return true;
  });
}

/** Out of the line for good, with the reason (no order can be placed for it). */
export async function markLapsed(db: Db, ids: number[], reason: 'buyer_limit' | 'sale_ended'): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(waitlistEntries)
    .set({ status: 'lapsed', lapseReason: reason, updatedAt: sql`now()` })
    .where(and(inArray(waitlistEntries.id, ids), eq(waitlistEntries.status, 'waiting')));
}

export async function findOrderPk(db: Db, bookingId: string): Promise<{ id: number; status: string } | null> {
  const [row] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.orderId, bookingId));
  return row ?? null;
}

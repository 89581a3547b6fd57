import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { events, orderLines, orders, promoCodes, ticketPackages } from '@marquee/db/schema';
import { inScope, type ScopedTx } from '@marquee/db/tenancy';
import { PAID_ORDER_STATUSES } from '@marquee/domain/orders';
import type { PromoKind } from '@marquee/domain/promotions-console';

/**
 * The console's promo codes (issue 22). Every query runs in the scoped transaction: a code is found through its
 * event, inside the scope (`inScope.events`), and row-level security shows the console role only its
 * organisation's codes (0015; site-wide codes, with no event, never).
 */

const columns = {
  id: promoCodes.id,
  code: promoCodes.code,
  kind: promoCodes.kind,
  value: promoCodes.value,
  packageIds: promoCodes.packageIds,
  validFrom: promoCodes.validFrom,
  validTo: promoCodes.validTo,
  maxUses: promoCodes.maxUses,
  maxUsesPerEmail: promoCodes.maxUsesPerEmail,
  usedCount: promoCodes.usedCount,
  active: promoCodes.active,
  autoApply: promoCodes.autoApply,
  createdAt: promoCodes.createdAt,
};

/** The event in scope, with its currency; null when it is not. */
export async function findScopedEvent(tx: ScopedTx, eventId: number) {
  const [row] = await tx
    .select({ id: events.id, uid: events.uid, currency: events.currency })
    .from(events)
    .where(and(inScope.events(tx), eq(events.id, eventId)));
  return row ?? null;
}

/** Paid orders with a code: how many, their tickets, and the discount they were given. */
const usageOf = {
  orders: sql<number>`(SELECT count(*)::int FROM ${orders} o WHERE o.promo_code_id = ${promoCodes.id}
    AND o.status IN (${sql.join(
      PAID_ORDER_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    )}))`,
  tickets: sql<number>`(SELECT coalesce(sum(l.quantity), 0)::int FROM ${orders} o JOIN ${orderLines} l ON l.order_id = o.id
    WHERE o.promo_code_id = ${promoCodes.id} AND o.status IN (${sql.join(
      PAID_ORDER_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    )}))`,
  discount:
    sql<number>`(SELECT coalesce(sum(o.discount), 0)::bigint FROM ${orders} o WHERE o.promo_code_id = ${promoCodes.id}
    AND o.status IN (${sql.join(
      PAID_ORDER_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    )}))`.mapWith(Number),
};

/** The event's codes with their usage, in the order they were made. */
export function findEventCodes(tx: ScopedTx, eventId: number) {
  return tx
    .select({ ...columns, usage: usageOf })
    .from(promoCodes)
    .innerJoin(events, eq(events.id, promoCodes.eventId))
    .where(and(inScope.events(tx), eq(promoCodes.eventId, eventId)))
    .orderBy(asc(promoCodes.id));
}
export type PromoCodeRow = Awaited<ReturnType<typeof findEventCodes>>[number];

/** One code of the event with its usage (after a change). */
export async function findEventCode(tx: ScopedTx, eventId: number, promoId: number): Promise<PromoCodeRow | null> {
  const [row] = await tx
    .select({ ...columns, usage: usageOf })
    .from(promoCodes)
    .innerJoin(events, eq(events.id, promoCodes.eventId))
    .where(and(inScope.events(tx), eq(promoCodes.eventId, eventId), eq(promoCodes.id, promoId)));
  return row ?? null;
}

/**
 * Locks a code of the event until the transaction ends: the lock a payment takes to count a use
 * (promotions/repository.ts lockPromoCode), so a change is decided against its uses as they stand.
 */
export async function lockEventCode(tx: ScopedTx, eventId: number, promoId: number) {
  const [row] = await tx
    .select(columns)
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.eventId, eventId),
        eq(promoCodes.id, promoId),
        inArray(promoCodes.eventId, tx.select({ id: events.id }).from(events).where(inScope.events(tx))),
      ),
    )
    .for('update');
  return row ?? null;
}
export type LockedCode = NonNullable<Awaited<ReturnType<typeof lockEventCode>>>;

/** Which of `ids` are not packages of the event. */
export async function foreignPackageIds(tx: ScopedTx, eventId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await tx
    .select({ id: ticketPackages.id })
    .from(ticketPackages)
    .where(and(eq(ticketPackages.eventId, eventId), inArray(ticketPackages.id, [...ids])));
  const own = new Set(found.map((row) => row.id));
  return [...new Set(ids)].filter((id) => !own.has(id));
}

/** Which of `codes` the event has already. */
export async function existingCodes(tx: ScopedTx, eventId: number, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await tx
    .select({ code: promoCodes.code })
    .from(promoCodes)
    .where(and(eq(promoCodes.eventId, eventId), inArray(promoCodes.code, [...codes])));
  return rows.map((row) => row.code);
}

export interface PromoRule {
  kind: PromoKind;
  value: number;
  packageIds: number[];
  validFrom: Date | null;
  validTo: Date | null;
  maxUses: number | null;
  maxUsesPerEmail: number | null;
  active: boolean;
  autoApply: boolean;
}

/**
 * Inserts the codes in one statement; a code the event has meanwhile is skipped (ON CONFLICT), so the caller
 * compares what came back with what it asked for.
 */
export function insertCodes(tx: ScopedTx, eventId: number, codes: readonly string[], rule: PromoRule) {
  return tx
    .insert(promoCodes)
    .values(codes.map((code) => ({ code, eventId, ...rule })))
    .onConflictDoNothing({ target: [promoCodes.eventId, promoCodes.code] })
    .returning({ id: promoCodes.id, code: promoCodes.code });
}

export async function updateCode(tx: ScopedTx, promoId: number, change: Partial<PromoRule>): Promise<void> {
  await tx
    .update(promoCodes)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(promoCodes.id, promoId));
}

/**
 * The event's active auto-apply code other than `exceptId`, if any (promo_codes_one_auto_apply_per_event
 * allows one; this names it in the refusal, the index decides a race).
 */
export async function findOtherAutoApplyCode(
  tx: ScopedTx,
  eventId: number,
  exceptId: number | null,
): Promise<string | null> {
  const [row] = await tx
    .select({ code: promoCodes.code })
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.eventId, eventId),
        eq(promoCodes.autoApply, true),
        eq(promoCodes.active, true),
        exceptId === null ? undefined : ne(promoCodes.id, exceptId),
      ),
    )
    .limit(1);
  return row?.code ?? null;
}

/** Whether any order (paid or not) names the code: such a code is kept (orders point at it). */
export async function isNamedByOrders(tx: ScopedTx, promoId: number): Promise<boolean> {
  const [row] = await tx
    .select({ found: sql<number>`1` })
    .from(orders)
    .where(eq(orders.promoCodeId, promoId))
    .limit(1);
  return row !== undefined;
}

export async function deleteCode(tx: ScopedTx, promoId: number): Promise<void> {
  await tx.delete(promoCodes).where(eq(promoCodes.id, promoId));
}

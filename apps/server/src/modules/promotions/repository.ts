import { and, count, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@marquee/db/client';
import { orders, promoCodes } from '@marquee/db/schema';

export interface PromoRow {
  id: number;
  code: string;
  eventId: number | null;
  kind: 'percent' | 'fixed';
  value: number;
  packageIds: number[];
  maxUses: number | null;
  maxUsesPerEmail: number | null;
  usedCount: number;
  /** Compared with the database clock. */
  hasStarted: boolean;
  hasEnded: boolean;
}

/** The active promo code for the event (an event's own code first, then a site-wide one), case-insensitively. */
export async function findPromoCode(db: Db, eventId: number, code: string): Promise<PromoRow | null> {
  const rows = await db
    .select({
      id: promoCodes.id,
      code: promoCodes.code,
      eventId: promoCodes.eventId,
      kind: promoCodes.kind,
      value: promoCodes.value,
      packageIds: promoCodes.packageIds,
      maxUses: promoCodes.maxUses,
      maxUsesPerEmail: promoCodes.maxUsesPerEmail,
      usedCount: promoCodes.usedCount,
      hasStarted: sql<boolean>`coalesce(${promoCodes.validFrom} <= now(), true)`,
      hasEnded: sql<boolean>`coalesce(${promoCodes.validTo} <= now(), false)`,
    })
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.code, code.toUpperCase()),
        eq(promoCodes.active, true),
        or(eq(promoCodes.eventId, eventId), isNull(promoCodes.eventId)),
      ),
    )
    .orderBy(sql`${promoCodes.eventId} IS NULL`)
    .limit(1);
  return rows[0] ?? null;
}

/**
 * An address as promo limits count it: the checkout stores it lower-cased; a `+tag` in its local part
 * (nimal+2@example.com) is the same mailbox, so it is the same buyer (decisions/031).
 */
const promoEmailKey = (email: SQL | string) => sql`regexp_replace(${email}, '[+][^@]*@', '@')`;

/** Paid orders of this e-mail address (and its +tagged forms) with this promo code; `exceptOrderId` not counted. */
export async function countPaidUsesByEmail(
  db: Db | Tx,
  promoCodeId: number,
  email: string,
  exceptOrderId: number | null = null,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.promoCodeId, promoCodeId),
        sql`${promoEmailKey(sql`${orders.email}`)} = ${promoEmailKey(email)}`,
        inArray(orders.status, ['complete', 'verified']),
        exceptOrderId === null ? undefined : ne(orders.id, exceptOrderId),
      ),
    );
  return row?.n ?? 0;
}

export interface PromoLimits {
  maxUses: number | null;
  maxUsesPerEmail: number | null;
  usedCount: number;
  /**
   * The code is active and the order was placed inside its validity window as the code now has it
   * (decisions/045): an organiser's deactivation, or a window moved, binds every payment decided after it.
   */
  appliesToOrder: boolean;
}

/**
 * Locks the promo code's row until the transaction ends: every payment with the code takes its use under it,
 * and the console's changes of the code take the same lock (promotions-console/repository.ts lockEventCode).
 */
export async function lockPromoCode(tx: Tx, promoCodeId: number, orderId: number): Promise<PromoLimits | null> {
  const placedAt = sql`(SELECT ${orders.createdAt} FROM ${orders} WHERE ${orders.id} = ${orderId})`;
  const rows = await tx
    .select({
      maxUses: promoCodes.maxUses,
      maxUsesPerEmail: promoCodes.maxUsesPerEmail,
      usedCount: promoCodes.usedCount,
      appliesToOrder: sql<boolean>`${promoCodes.active}
        AND coalesce(${promoCodes.validFrom} <= ${placedAt}, true)
        AND coalesce(${promoCodes.validTo} > ${placedAt}, true)`,
    })
    .from(promoCodes)
    .where(eq(promoCodes.id, promoCodeId))
    .for('update');
  return rows[0] ?? null;
}

/** One more paid use of the code (promo_codes_uses_within_limit refuses one over max_uses). */
export async function countPromoUse(tx: Tx, promoCodeId: number): Promise<void> {
  await tx
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
    .where(eq(promoCodes.id, promoCodeId));
}

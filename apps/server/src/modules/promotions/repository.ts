import { and, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
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

/** Paid orders of this e-mail address with this promo code (usage is counted when an order is paid). */
export async function countPaidUsesByEmail(db: Db, promoCodeId: number, email: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.promoCodeId, promoCodeId),
        eq(orders.email, email),
        inArray(orders.status, ['complete', 'verified']),
      ),
    );
  return row?.n ?? 0;
}

import { sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { events, promoCodes } from '@marquee/db/schema';

/**
 * The event's auto-applied promo code as the buyer's side reads it (decisions/045). One mechanism, the spec's
 * `promo_auto_apply` and `promo_code` of the event: the checkout tries that code once, quietly, without the
 * buyer typing it (web: use-apply-promo.ts; server: create-order.ts).
 *
 * A code marked `auto_apply` in the console takes the event's place while it can be used now: active
 * (promo_codes_one_auto_apply_per_event allows one), started, not ended, not used up. Otherwise the event's
 * own setting stands, as imported.
 *
 * Use: join `consoleAutoCode` to a query on `events` with `.leftJoinLateral(consoleAutoCode, sql`true`)`, and
 * select `eventAutoApplyColumns` in place of `events.promoAutoApply` and `events.promoCode`. Joined, the code is
 * looked up once per event row; as a scalar subquery in each of the two columns it was looked up twice.
 */
export const consoleAutoCode = new QueryBuilder()
  .select({ code: promoCodes.code })
  .from(promoCodes)
  .where(
    sql`${promoCodes.eventId} = ${events.id} AND ${promoCodes.autoApply} AND ${promoCodes.active}
      AND coalesce(${promoCodes.validFrom} <= now(), true) AND coalesce(${promoCodes.validTo} > now(), true)
      AND (${promoCodes.maxUses} IS NULL OR ${promoCodes.usedCount} < ${promoCodes.maxUses})`,
  )
  .limit(1)
  .as('console_auto_code');

export const eventAutoApplyColumns = {
  promoAutoApply: sql<boolean>`(${events.promoAutoApply} OR ${consoleAutoCode.code} IS NOT NULL)`,
  promoCode: sql<string | null>`coalesce(${consoleAutoCode.code}, ${events.promoCode})`,
};

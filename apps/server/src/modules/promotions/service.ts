import type { Db, Tx } from '@marquee/db/client';
import { BUYER_MESSAGES } from '@marquee/domain/checkout';
import { priceOrder, promoApplies, type PricedPackage, type PromoRule } from '@marquee/domain/pricing';
import { AppError } from '../../plugins/app-error';
import * as repository from './repository';

export const PROMO_MESSAGES = {
  /**
   * An unknown code, and one that exists but cannot be used now (not started, expired, used up): one answer,
   * so that guessing codes learns nothing about which exist (decisions/031).
   */
  unknown: 'This promo code is not valid.',
  usedByEmail: 'You have already used this promo code.',
  notForTickets: 'This promo code does not apply to the selected tickets.',
  notForEvent: 'This event has no promotions.',
} as const;

export interface AppliedPromo {
  promoCodeId: number;
  code: string;
  rule: PromoRule;
}

/** A promo rule failure: 400 `{ message, errors: { promo_code: [message] } }` (spec 8: shown as an info popup). */
function promoRefused(message: string): AppError {
  return new AppError('promo_refused', message, { promo_code: [message] });
}

/**
 * Checks a promo code against the event, the chosen tickets and the buyer, by the rules the server
 * enforces: the code exists and is active, its validity window (database clock), total and
 * per-e-mail usage (counted on paid orders), package scope, and the spec's one-package rule.
 */
export async function resolvePromo(
  db: Db,
  input: {
    eventId: number;
    eventHasPromo: boolean;
    code: string;
    lines: readonly PricedPackage[];
    email: string | null;
  },
): Promise<AppliedPromo> {
  const packagesWithTickets = new Set(input.lines.filter((line) => line.quantity > 0).map((line) => line.packageId));
  if (packagesWithTickets.size > 1) {
    throw new AppError('promo_one_package', BUYER_MESSAGES.promoOnePackage, {
      promo_code: [BUYER_MESSAGES.promoOnePackage],
    });
  }
  const row = await repository.findPromoCode(db, input.eventId, input.code);
  if (!row) throw promoRefused(input.eventHasPromo ? PROMO_MESSAGES.unknown : PROMO_MESSAGES.notForEvent);
  const isUsedUp = row.maxUses !== null && row.usedCount >= row.maxUses;
  if (!row.hasStarted || row.hasEnded || isUsedUp) throw promoRefused(PROMO_MESSAGES.unknown);
  const rule: PromoRule = { kind: row.kind, value: row.value, packageIds: row.packageIds };
  if (!promoApplies(rule, input.lines)) throw promoRefused(PROMO_MESSAGES.notForTickets);
  if (row.maxUsesPerEmail !== null && input.email !== null) {
    const uses = await repository.countPaidUsesByEmail(db, row.id, input.email);
    if (uses >= row.maxUsesPerEmail) throw promoRefused(PROMO_MESSAGES.usedByEmail);
  }
  return { promoCodeId: row.id, code: row.code, rule };
}

/**
 * Takes one use of an order's promo code as its payment completes (decisions/031): under the code's row lock,
 * so that payments with the same code are counted one after another across every server process, the code's
 * total and per-e-mail limits are checked against paid orders again. False: the limits were spent by
 * payments that completed first; the caller fails the order and refunds it. Under the same lock the code
 * must still be active and the order placed inside its window as it now stands (decisions/045): an
 * organiser's deactivation or a window moved into the past is decided in the same order as the payments,
 * so no payment decided after it is discounted. A window that simply ran out after the order was placed does
 * not refuse it: the buyer was quoted the price then.
 */
export async function takePromoUse(
  tx: Tx,
  order: { id: number; promoCodeId: number; email: string },
): Promise<boolean> {
  const limits = await repository.lockPromoCode(tx, order.promoCodeId, order.id);
  if (!limits?.appliesToOrder) return false;
  if (limits.maxUses !== null && limits.usedCount >= limits.maxUses) return false;
  if (limits.maxUsesPerEmail !== null) {
    const uses = await repository.countPaidUsesByEmail(tx, order.promoCodeId, order.email, order.id);
    if (uses >= limits.maxUsesPerEmail) return false;
  }
  await repository.countPromoUse(tx, order.promoCodeId);
  return true;
}

export { priceOrder };

import { instalmentOf } from '../money/money';

/** A promotion as pricing needs it: percent (whole percent, 1-100) or fixed (minor units), maybe scoped. */
export interface PromoRule {
  kind: 'percent' | 'fixed';
  value: number;
  /** Empty: every package of the event. */
  packageIds: readonly number[];
}

export interface PricedPackage {
  packageId: number;
  /** Minor units. */
  unitPrice: number;
  quantity: number;
}

export interface OrderLine extends PricedPackage {
  amount: number;
}

export interface OrderTotals {
  lines: OrderLine[];
  subtotal: number;
  /** Spec: the event's handling_cost, shown as Convenience Fee and added on top when above 0. */
  convenienceFee: number;
  discount: number;
  total: number;
  /** With the instalment provider: the first of three instalments (total / 3, rounded to a minor unit). */
  firstInstalment: number;
}

/** Whether a promotion covers any of these lines (a scoped promotion needs one of its packages). */
export function promoApplies(promo: PromoRule, lines: readonly PricedPackage[]): boolean {
  return lines.some(
    (line) => line.quantity > 0 && (promo.packageIds.length === 0 || promo.packageIds.includes(line.packageId)),
  );
}

/**
 * Prices an order in integer minor units (invariant 4: the server runs this on database prices; the
 * web app runs it only to display). The discount applies to the lines the promotion covers, never
 * exceeds them, and never touches the convenience fee. Percentages round half up to a minor unit.
 */
export function priceOrder(input: {
  packages: readonly PricedPackage[];
  handlingCost: number;
  promo?: PromoRule | null;
}): OrderTotals {
  const lines = input.packages
    .filter((pkg) => pkg.quantity > 0)
    .map((pkg) => ({ ...pkg, amount: pkg.unitPrice * pkg.quantity }));
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const promo = input.promo ?? null;
  let discount = 0;
  if (promo) {
    const eligible = lines
      .filter((line) => promo.packageIds.length === 0 || promo.packageIds.includes(line.packageId))
      .reduce((sum, line) => sum + line.amount, 0);
    discount = promo.kind === 'percent' ? Math.round((eligible * promo.value) / 100) : promo.value;
    discount = Math.min(discount, eligible);
  }
  // A free order has nothing to be convenient about.
  const convenienceFee = subtotal > 0 && input.handlingCost > 0 ? input.handlingCost : 0;
  const total = subtotal - discount + convenienceFee;
  return { lines, subtotal, convenienceFee, discount, total, firstInstalment: instalmentOf(total) };
}

import type { TicketPackageDetail } from '@marquee/domain/orders';
import type { BestAvailableRequest } from '@marquee/domain/best-available';
import { formatMoney } from '@marquee/domain/money';
import { priceOrder, type OrderTotals } from '@marquee/domain/pricing';
import { AppError } from '../../plugins/app-error';
import type { AppliedPromo } from '../promotions/service';
import type { CheckoutEventRow, CheckoutPackageRow } from './repository';

export interface CheckoutLine {
  packageId: number;
  name: string;
  unitPrice: number;
  quantity: number;
  seats: string[];
  /** Best available (issue 24): the database picks the line's seats when the order is placed. */
  best?: { section: string | null; accessible: boolean };
}

/** A best-available request with what the event's seat blocks say of its package (inventory/seat-blocks.ts). */
export interface BestAvailableInput {
  request: BestAvailableRequest;
  /** The sections the package has seats in; empty when it has none on the map. */
  sections: ReadonlySet<string>;
  hasWheelchair: boolean;
}

/**
 * Turns the buyer's rows and seats into priced lines from the database's packages (invariant 4: the
 * client's numbers are display only), or throws one 4xx listing every problem by field:
 * 422 for rows and seats that cannot be bought, 409 when a price shown to the buyer has changed.
 */
export function buildCheckoutLines(
  checkout: { event: CheckoutEventRow; packages: CheckoutPackageRow[] },
  input: {
    rows: readonly TicketPackageDetail[];
    /** Seat ids with the package that owns each (seats in no package are absent). */
    seats: readonly string[];
    seatPackages: ReadonlyMap<string, number>;
    /** The promo check prices the seat table's rows by count; orders need the seats themselves. */
    allowSeatedCounts: boolean;
    bestAvailable?: BestAvailableInput;
  },
): CheckoutLine[] {
  const byId = new Map(checkout.packages.map((pkg) => [pkg.id, pkg]));
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const priceChanges: string[] = [];
  const lines = new Map<number, CheckoutLine>();
  const unitPrice = (pkg: CheckoutPackageRow) => (checkout.event.freeEvent ? 0 : pkg.price);

  input.rows.forEach((row, index) => {
    const field = `ticket_package_details.${index}`;
    const pkg = byId.get(row.package_id);
    if (!pkg) return add(`${field}.package_id`, 'This ticket package is not part of this event.');
    if (!pkg.active) return add(`${field}.package_id`, `${pkg.name} tickets are not on sale.`);
    if (pkg.isSeated && !input.allowSeatedCounts)
      return add(`${field}.package_id`, `Choose ${pkg.name} seats on the seat map.`);
    if (row.package_price !== undefined && row.package_price !== unitPrice(pkg)) {
      const message = `The price of ${pkg.name} is ${formatMoney(unitPrice(pkg), checkout.event.currency)}, not ${formatMoney(row.package_price, checkout.event.currency)}. Please review your order.`;
      priceChanges.push(message);
      return add(`${field}.package_price`, message);
    }
    lines.set(pkg.id, {
      packageId: pkg.id,
      name: pkg.name,
      unitPrice: unitPrice(pkg),
      quantity: row.ticket_count,
      seats: [],
    });
  });

  for (const seatId of input.seats) {
    const packageId = input.seatPackages.get(seatId);
    const pkg = packageId === undefined ? undefined : byId.get(packageId);
    if (!pkg) {
      add('seats', `Seat ${seatId} is not part of this event.`);
      continue;
    }
    if (!pkg.active) {
      add('seats', `${pkg.name} seats are not on sale.`);
      continue;
    }
    if (!pkg.isSeated) {
      add('seats', `${pkg.name} seats are not numbered: choose how many at the table instead.`);
      continue;
    }
    const line = lines.get(pkg.id) ?? {
      packageId: pkg.id,
      name: pkg.name,
      unitPrice: unitPrice(pkg),
      quantity: 0,
      seats: [],
    };
    line.quantity += 1;
    line.seats.push(seatId);
    lines.set(pkg.id, line);
  }

  const best = input.bestAvailable;
  if (best) {
    const { request } = best;
    const pkg = byId.get(request.package_id);
    if (!pkg) add('best_available.package_id', 'This ticket package is not part of this event.');
    else if (!pkg.active) add('best_available.package_id', `${pkg.name} tickets are not on sale.`);
    else if (!pkg.isSeated || best.sections.size === 0)
      add('best_available.package_id', `${pkg.name} seats are not numbered: choose how many at the table instead.`);
    else if (lines.has(pkg.id)) add('best_available.package_id', `Ask for ${pkg.name} seats one way: on the map, or best available.`);
    else if (request.section !== undefined && !best.sections.has(request.section))
      add('best_available.section', `${pkg.name} has no seats in section ${request.section}.`);
    else if (request.accessible && !best.hasWheelchair)
      add('best_available.accessible', `${pkg.name} has no wheelchair spaces. Please choose another package, or call the organiser.`);
    else
      lines.set(pkg.id, {
        packageId: pkg.id,
        name: pkg.name,
        unitPrice: unitPrice(pkg),
        quantity: request.quantity,
        seats: [],
        best: { section: request.section ?? null, accessible: request.accessible },
      });
  }

  for (const line of lines.values()) {
    const pkg = byId.get(line.packageId);
    if (pkg && line.quantity > pkg.maxPerOrder)
      add('ticket_package_details', `No more than ${pkg.maxPerOrder} ${pkg.name} tickets per order.`);
  }

  const fields = Object.keys(errors);
  if (fields.length > 0) {
    const onlyPrices = priceChanges.length > 0 && Object.values(errors).flat().length === priceChanges.length;
    const first = Object.values(errors)[0]?.[0] ?? 'The order is invalid.';
    throw new AppError(onlyPrices ? 'prices_changed' : 'validation_failed', first, errors);
  }
  return [...lines.values()];
}

/** The order's sums (subtotal, convenience fee, discount, total) for these lines, with the promo if any. */
export function priceLines(
  lines: readonly CheckoutLine[],
  handlingCost: number,
  promo: AppliedPromo | null,
): OrderTotals {
  return priceOrder({
    packages: lines.map((line) => ({
      packageId: line.packageId,
      unitPrice: line.unitPrice,
      quantity: line.quantity,
    })),
    handlingCost,
    promo: promo?.rule ?? null,
  });
}

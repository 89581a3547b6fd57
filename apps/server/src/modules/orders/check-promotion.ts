import type { Db } from '@marquee/db/client';
import type { PromoCheckRequest, PromoCheckResponse } from '@marquee/domain/orders';
import { isVisibleToBuyers } from '@marquee/domain/statuses';
import { notFound } from '../../plugins/app-error';
import { resolvePromo } from '../promotions/service';
import type { RequireCheckoutEvent } from './checkout-events';
import { buildCheckoutLines, priceLines } from './pricing';

export interface CheckPromotionDeps {
  db: Db;
  requireCheckoutEvent: RequireCheckoutEvent;
}

/** POST /api/promotions/check: the spec's total_due and disc_amt for the chosen rows with this code. */
export async function checkPromotion(
  deps: CheckPromotionDeps,
  request: PromoCheckRequest,
): Promise<PromoCheckResponse> {
  const checkout = await deps.requireCheckoutEvent(request.event_id);
  // A draft or an unpublished event does not exist for buyers: its codes are not checked (nor guessed).
  if (!isVisibleToBuyers(checkout.event)) throw notFound('Event not found.');
  const lines = buildCheckoutLines(checkout, {
    rows: request.ticket_package_details,
    seats: [],
    seatPackages: new Map(),
    allowSeatedCounts: true,
  });
  const promo = await resolvePromo(deps.db, {
    eventId: checkout.event.id,
    eventHasPromo: checkout.event.promo,
    code: request.promo_code,
    lines: lines.map((line) => ({ packageId: line.packageId, unitPrice: line.unitPrice, quantity: line.quantity })),
    email: request.email ?? null,
  });
  const totals = priceLines(lines, checkout.event.handlingCost, promo);
  return {
    data: {
      promo_code: promo.code,
      currency: checkout.event.currency,
      subtotal: totals.subtotal,
      convenience_fee: totals.convenienceFee,
      disc_amt: totals.discount,
      total_due: totals.total,
    },
  };
}

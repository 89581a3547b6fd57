import type { Db } from '@marquee/db/client';
import * as inventory from '../inventory/service';
import type { PaymentGateways } from '../payments/gateways';
import * as repository from './repository';

export interface EndOrderDeps {
  db: Db;
  gateways: PaymentGateways;
}

/**
 * Ends a pending order (cancelled by its buyer, or its hold expired): the order is marked cancelled and
 * its hold released in one transaction, then its intent cancelled. An order no longer pending is left alone.
 */
export async function endOrder(
  deps: EndOrderDeps,
  order: { id: number; paymentGatewayId: number; paymentIntentId: string | null },
  reason: 'expired' | 'cancelled_by_buyer',
): Promise<void> {
  const isEnded = await deps.db.transaction(async (tx) => {
    if (!(await repository.markCancelled(tx, order.id, reason))) return false;
    await inventory.releaseInventory(tx, order.id, reason === 'expired' ? 'expired' : 'released');
    return true;
  });
  if (isEnded && order.paymentIntentId !== null) {
    await (await deps.gateways.forId(order.paymentGatewayId))?.cancelIntent(order.paymentIntentId);
  }
}

import * as inventory from '../inventory/service';
import { endOrder, type EndOrderDeps } from './end-order';
import * as repository from './repository';

export type ExpireOrdersDeps = EndOrderDeps;

/** The sweeper's work: end pending orders whose hold has passed, then give back any expired hold left. */
export async function expireOrders(deps: ExpireOrdersDeps, batch = 100): Promise<number> {
  const expired = await repository.findExpiredPendingOrders(deps.db, batch);
  for (const order of expired) await endOrder(deps, order, 'expired');
  await inventory.sweepExpiredHolds(deps.db, batch);
  return expired.length;
}

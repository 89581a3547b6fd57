import type { Db } from '@marquee/db/client';
import * as repository from './repository';

/** An order's tickets (code, package name, seat), in the order they were issued: for the order's reply. */
export function listOrderTickets(db: Db, orderId: number) {
  return repository.findOrderTickets(db, orderId);
}

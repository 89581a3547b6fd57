import { timingSafeEqual } from 'node:crypto';
import type { Db } from '@marquee/db/client';
import { isBookingId } from '@marquee/domain/orders';
import { notFound } from '../../plugins/app-error';
import { ORDER_NOT_FOUND } from './order-reply';
import * as repository from './repository';
import type { OrderRow } from './repository';

function tokensEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The order, for the holder of its access token only; anyone else gets the same 404 as for an unknown id. */
export async function requireOwnedOrder(db: Db, bookingId: string, accessToken: string | null): Promise<OrderRow> {
  const row = isBookingId(bookingId) ? await repository.findOrderByPublicId(db, bookingId) : null;
  if (!row || accessToken === null || !tokensEqual(row.accessToken, accessToken)) throw notFound(ORDER_NOT_FOUND);
  return row;
}

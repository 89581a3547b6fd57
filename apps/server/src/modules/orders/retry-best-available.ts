import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@marquee/db/client';
import { orderLines, orders, seatClaims } from '@marquee/db/schema';
import { MAX_BEST_AVAILABLE_RETRIES } from '@marquee/domain/best-available';
import type { Order } from '@marquee/domain/orders';
import { AppError } from '../../plugins/app-error';
import { ensureSeatBlocks } from '../inventory/seat-blocks';
import { noSeatsTogether } from '../inventory/service';
import type { RequireCheckoutEvent } from './checkout-events';
import { seatsVersionOf } from './create-order';
import { getOrder } from './get-order';
import type { EndOrderDeps } from './end-order';
import { requireOwnedOrder } from './owned-order';
import { retryOnDeadlock } from './retry-on-deadlock';

export interface RetryBestAvailableDeps extends EndOrderDeps {
  db: Db;
  requireCheckoutEvent: RequireCheckoutEvent;
}

const PickedSchema = z.object({ rows: z.array(z.object({ picked: z.array(z.string()).nullable() })).length(1) });

/**
 * POST /api/orders/{order_id}/best-available/retry (issue 24; decisions/046): the buyer does not want the seats
 * best available picked, and asks for others. In one transaction, under the order's row lock: the next best
 * group is picked and claimed (marquee_pick_seats(); the order's current seats are still its own, so they are
 * never picked again), the current seats are given back, the line names the new ones. The hold's expiry does
 * not move, the payment's amount does not change (one package, one price), and an order may do this
 * MAX_BEST_AVAILABLE_RETRIES times: so it cannot keep seats for ever, nor walk through the inventory.
 * Nothing else free: 409 `no_seats_together`, and the buyer keeps the seats they have.
 */
export async function retryBestAvailable(
  deps: RetryBestAvailableDeps,
  bookingId: string,
  accessToken: string | null,
): Promise<Order> {
  const { db } = deps;
  const row = await requireOwnedOrder(db, bookingId, accessToken);
  const best = row.bestAvailable;
  if (!best) {
    throw new AppError('conflict', 'These seats were chosen on the map. To choose others, cancel this order first.');
  }
  if (row.status !== 'pending' || row.isHoldExpired) {
    throw new AppError('conflict', 'This order is no longer held, so its seats cannot be changed.');
  }
  if (row.seatRetries >= MAX_BEST_AVAILABLE_RETRIES) throw retriesUsed();
  const checkout = await deps.requireCheckoutEvent(row.eventId);
  await ensureSeatBlocks(db, row.eventId, seatsVersionOf(checkout));

  await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      // The order's lock: two retries of one order go one after the other; a payment's completion waits too.
      const [locked] = await tx
        .select({ status: orders.status, retries: orders.seatRetries, live: sql<boolean>`${orders.holdExpiresAt} > now()` })
        .from(orders)
        .where(eq(orders.id, row.id))
        .for('update');
      if (!locked || locked.status !== 'pending' || !locked.live) {
        throw new AppError('conflict', 'This order is no longer held, so its seats cannot be changed.');
      }
      if (locked.retries >= MAX_BEST_AVAILABLE_RETRIES) throw retriesUsed();
      const [line] = await tx
        .select({ id: orderLines.id, quantity: orderLines.quantity, seats: orderLines.seats, name: orderLines.packageName })
        .from(orderLines)
        .where(and(eq(orderLines.orderId, row.id), eq(orderLines.packageId, best.package_id)));
      if (!line) throw new AppError('conflict', 'This order has no seats to change.');
      // Seats the buyer has swapped away on this order, and these: never offered to them again.
      const declined = [...(best.declined ?? []), ...line.seats];
      const picked = PickedSchema.parse(
        await tx.execute(sql`
          SELECT marquee_pick_seats(${row.eventId}::int, ${best.package_id}::int, ${line.quantity}::int,
            ${best.section}::text, ${best.accessible}::boolean, ${row.id}::int,
            ${row.holdExpiresAt.toISOString()}::timestamptz,
            ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(declined)}::jsonb))) AS picked`),
      ).rows[0]?.picked;
      if (!picked) throw noSeatsTogether(line.quantity, line.name);
      await tx
        .delete(seatClaims)
        .where(
          and(
            eq(seatClaims.eventId, row.eventId),
            eq(seatClaims.orderId, row.id),
            eq(seatClaims.state, 'held'),
            inArray(seatClaims.seatId, line.seats),
          ),
        );
      await tx.update(orderLines).set({ seats: picked }).where(eq(orderLines.id, line.id));
      await tx
        .update(orders)
        .set({ seatRetries: sql`${orders.seatRetries} + 1`, bestAvailable: { ...best, declined }, updatedAt: sql`now()` })
        .where(and(eq(orders.id, row.id), lt(orders.seatRetries, MAX_BEST_AVAILABLE_RETRIES)));
    }),
  );
  return getOrder(deps, bookingId, accessToken);
}

function retriesUsed(): AppError {
  return new AppError(
    'retries_used',
    `You have asked for other seats ${MAX_BEST_AVAILABLE_RETRIES} times on this order. Please keep these seats, or cancel the order.`,
  );
}

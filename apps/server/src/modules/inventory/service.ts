import { sql } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
import type { SeatStates } from '@marquee/domain/orders';
import { AppError, notFound } from '../../plugins/app-error';
import * as repository from './repository';
import type { Tx } from '@marquee/db/client';
import type { HoldLine } from './repository';
import { TtlCache } from '../../lib/ttl-cache';
import { batchWhileBusy } from '../../lib/batch-while-busy';
import { buyerLimitError } from './buyer-limits';

export type { PlacedOrderLine, PlacedOrderRow, PlacementCall } from './repository';

/** Names for the message when a package has run out. */
export type PackageNames = ReadonlyMap<number, string>;

/** Orders placed in one database call at most (each a subtransaction: PostgreSQL caches 64 per transaction). */
const MAX_PLACEMENTS_PER_CALL = 32;

export type PlaceOrder = (
  call: repository.PlacementCall,
  packageNames: PackageNames,
) => Promise<{ id: number; holdExpiresAt: Date; serverTime: Date; picked: string[][] | null } | null>;

/** Lanes for best-available orders (issue 24): each package's best-available orders go to one of them. */
const BEST_AVAILABLE_LANES = 2;

/**
 * Saves an order with its hold (order, lines, holds, seat claims, package counters), all of it or nothing,
 * or throws a 409 that says what was taken, or which of the buyer's limits refused it (decisions/029).
 * Null: an order with the same Idempotency-Key exists.
 * The orders that arrive while a placement is running go together in the next call (group commit,
 * lib/batch-while-busy.ts; decisions/025): one statement and one transaction for many orders, each in a
 * subtransaction of its own (`marquee_place_orders`, migration 0009). Idle, an order is placed at once.
 *
 * Best-available orders (decisions/046) are batched apart, in BEST_AVAILABLE_LANES lanes chosen by the
 * package of their best-available line: a lane places one statement at a time, as the placer of every
 * other order does, but the lanes run side by side, so the picks (most of these orders' cost) of different
 * packages use more than one core of PostgreSQL. Two lanes never share a package's counters, blocks or
 * seats. A lane's batch can still wait on the other placer's (seats of the same package picked on the map)
 * or on another lane's (an order with lines of more packages), as two server processes' batches can: when
 * they wait crosswise PostgreSQL breaks the deadlock and the batch is placed again order by order. Two
 * lanes taking any best-available order were tried: their batches crossed on the package rows and counter
 * buckets, deadlocked, and best available fell to a tenth of its rate.
 */
export function createOrderPlacer(db: Db): PlaceOrder {
  const run = (calls: readonly repository.PlacementCall[]) => repository.placeOrders(db, calls);
  const place = batchWhileBusy(run, { maxBatch: MAX_PLACEMENTS_PER_CALL });
  const bestLanes = Array.from({ length: BEST_AVAILABLE_LANES }, () =>
    batchWhileBusy(run, { maxBatch: MAX_PLACEMENTS_PER_CALL }),
  );
  return placerAnswering((call) => {
    const best = call.lines.find((line) => line.best);
    const lane = best ? bestLanes[best.package_id % BEST_AVAILABLE_LANES] : undefined;
    return (lane ?? place)(call);
  });
}

/**
 * Places one order the waitlist offers to the next in line (issue 23; decisions/049): alone in its transaction,
 * which sets marquee.waitlist_offer, so marquee_take_tickets() lets it take the tickets kept for the line. Never
 * batched with buyers' orders: the setting would reach theirs.
 */
export function createWaitlistOfferPlacer(db: Db): PlaceOrder {
  return placerAnswering(async (call) => {
    const [placement] = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('marquee.waitlist_offer', 'on', true)`);
      return repository.placeOrders(tx, [call]);
    });
    if (!placement) throw new Error('The waitlist offer was not placed.');
    return placement;
  });
}

/** A placement's answer as the checkout uses it: the placed order, null for an existing one, or the 409. */
function placerAnswering(place: (call: repository.PlacementCall) => Promise<repository.Placement>): PlaceOrder {
  return async (call, packageNames) => {
    const placement = await place(call);
    if (placement.kind === 'exists') return null;
    if (placement.kind === 'placed') return placement;
    if (placement.kind === 'limit') throw buyerLimitError(placement.limit);
    if (placement.kind === 'seats taken') {
      const taken = placement.seats;
      const message =
        taken.length === 1
          ? `Seat ${taken[0]} was just taken by someone else. Please choose another seat.`
          : `Seats ${taken.join(', ')} were just taken by someone else. Please choose other seats.`;
      throw new AppError('seats_taken', message, { seats: [message] }, { taken_seats: taken });
    }
    const names = placement.packageIds.map((id) => packageNames.get(id) ?? `package ${id}`);
    if (placement.kind === 'no seats together') {
      const wanted = call.lines.find((line) => line.best)?.quantity ?? 0;
      throw noSeatsTogether(wanted, names.join(', '));
    }
    const message = `Not enough ${names.join(', ')} tickets are left for this order. Please choose fewer or another package.`;
    throw new AppError(
      'sold_out',
      message,
      { ticket_package_details: [message] },
      { sold_out_packages: placement.packageIds },
    );
  };
}

/** The 409 when best available finds no group of `quantity` seats together in the package. */
export function noSeatsTogether(quantity: number, packageName: string): AppError {
  const message =
    quantity === 1
      ? `No ${packageName} seat is free now. Please choose another package, or pick a seat on the map.`
      : `There are no ${quantity} ${packageName} seats together left. Please ask for fewer seats, another section, or pick seats on the map.`;
  return new AppError('no_seats_together', message, { best_available: [message] });
}

/**
 * Each seat of the event's packages → its package; kept a few seconds per event (a stadium has 20,000), per
 * `version`: the latest change of the event's packages (the checkout's event knows it), so that seats the
 * console moves to another package are priced by their new one as soon as the checkout's event is fresh.
 */
const seatPackageMaps = new TtlCache<{ map: ReadonlyMap<string, number> }>({ ttlMs: 5_000, maxEntries: 50 });

export async function seatPackagesOf(db: Db, eventId: number, version: string): Promise<ReadonlyMap<string, number>> {
  const entry = await seatPackageMaps.getOrLoad(`${eventId}@${version}`, async () => {
    const map = new Map<string, number>();
    for (const pkg of await repository.findEventSeatPackages(db, eventId))
      for (const seat of pkg.seats) map.set(seat, pkg.id);
    return { map };
  });
  return entry.map;
}

export interface SaleRequest {
  eventId: number;
  orderId: number;
  /** Quantity per package, seats included. */
  lines: readonly HoldLine[];
  seats: readonly { seatId: string; packageId: number }[];
}

/**
 * Turns a paid order's hold into a sale, in the caller's transaction (invariants 1, 2 and 6). Holds still
 * active move from held to sold. A hold that ended (expired and reclaimed, or released) is taken again
 * only if the tickets are still there: sold + held + quantity <= capacity, and each seat free or held
 * by an expired hold. Answers false when anything is gone; the caller rolls back and refunds.
 */
export async function sellHeldInventory(tx: Tx, request: SaleRequest): Promise<boolean> {
  if (request.seats.length > 0) {
    const sold = await repository.sellSeats(tx, request);
    if (sold.length !== request.seats.length) return false;
  }
  const converted = new Map(
    (await repository.convertActiveHolds(tx, request.orderId)).map((hold) => [hold.packageId, hold]),
  );
  for (const line of [...request.lines].sort((a, b) => a.packageId - b.packageId)) {
    const hold = converted.get(line.packageId);
    if (hold?.quantity === line.quantity) {
      await repository.moveHeldToSold(tx, hold);
      continue;
    }
    if (await repository.incrementSold(tx, line.packageId, line.quantity)) continue;
    // Expired holds and a bucketed package's spare tickets are given back before the sale is refused.
    const freed =
      (await repository.reclaimExpiredHolds(tx, line.packageId)) +
      (await repository.collectSpareTickets(tx, line.packageId));
    if (freed > 0 && (await repository.incrementSold(tx, line.packageId, line.quantity))) continue;
    return false;
  }
  return true;
}

/** Releases an order's hold at once (cancelled) or as expired, in the caller's transaction. */
export function releaseInventory(tx: Tx, orderId: number, reason: 'released' | 'expired'): Promise<void> {
  return repository.releaseOrderHolds(tx, orderId, reason);
}

/**
 * Gives back every expired hold's tickets, one package per transaction so that the sweep never holds
 * many hot rows at once. Only tidiness: correctness never waits for it (see createOrderPlacer).
 */
export async function sweepExpiredHolds(db: Db, batch = 100): Promise<number> {
  let returned = 0;
  for (const packageId of await repository.findPackagesWithExpiredHolds(db, batch)) {
    returned += await db.transaction((tx) => repository.reclaimExpiredHolds(tx, packageId));
  }
  return returned;
}

const EVENT_UID_PATTERN = /^[a-z0-9]{4,32}$/;

/** GET /api/events/{uid}/seats: the taken seats by the database clock. */
export async function getSeatStates(db: Db, uid: string): Promise<SeatStates> {
  const eventId = EVENT_UID_PATTERN.test(uid) ? await repository.findEventIdByUid(db, uid) : null;
  if (eventId === null) throw notFound('Event not found.');
  const taken = await repository.findTakenSeats(db, eventId);
  // Only the seats: an answer that changes only when they do keeps its ETag, so polls are 304s.
  return { taken };
}

import type { Db } from '@marquee/db/client';
import type { SeatStates } from '@marquee/domain/orders';
import { AppError, notFound } from '../../plugins/app-error';
import * as repository from './repository';
import type { HoldLine, Tx } from './repository';

export type { Tx } from './repository';

export interface HoldRequest {
  eventId: number;
  orderId: number;
  expiresAt: Date;
  /** Quantity per package, seats included. */
  lines: readonly HoldLine[];
  seats: readonly { seatId: string; packageId: number }[];
  /** Names for the message when a package has run out. */
  packageNames: ReadonlyMap<number, string>;
}

/**
 * Takes the hold for an order inside the caller's transaction, or throws a 409 that says what was
 * taken; the caller's rollback then undoes every part of it. Package counters are updated last and
 * in id order: they are the hot rows of an on-sale rush, so their locks are held for the shortest
 * time, and never taken crosswise.
 */
export async function holdInventory(tx: Tx, request: HoldRequest): Promise<void> {
  await repository.insertHolds(tx, request.orderId, request.lines, request.expiresAt);

  if (request.seats.length > 0) {
    const claimed = new Set(
      await repository.claimSeats(tx, {
        eventId: request.eventId,
        orderId: request.orderId,
        expiresAt: request.expiresAt,
        seats: request.seats,
      }),
    );
    const taken = request.seats.map((seat) => seat.seatId).filter((seatId) => !claimed.has(seatId));
    if (taken.length > 0) {
      const message =
        taken.length === 1
          ? `Seat ${taken[0]} was just taken by someone else. Please choose another seat.`
          : `Seats ${taken.join(', ')} were just taken by someone else. Please choose other seats.`;
      throw new AppError('conflict', message, { seats: [message] }, { taken_seats: taken });
    }
  }

  const soldOut: number[] = [];
  for (const line of [...request.lines].sort((a, b) => a.packageId - b.packageId)) {
    if (await repository.incrementHeld(tx, line.packageId, line.quantity)) continue;
    // Expired holds still counted are given back first: an expired hold never makes a package look sold out.
    if (
      (await repository.reclaimExpiredHolds(tx, line.packageId)) > 0 &&
      (await repository.incrementHeld(tx, line.packageId, line.quantity))
    )
      continue;
    soldOut.push(line.packageId);
    break;
  }
  if (soldOut.length > 0) {
    const names = soldOut.map((id) => request.packageNames.get(id) ?? `package ${id}`);
    const message = `Not enough ${names.join(', ')} tickets are left for this order. Please choose fewer or another package.`;
    throw new AppError('conflict', message, { ticket_package_details: [message] }, { sold_out_packages: soldOut });
  }
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
    (await repository.convertActiveHolds(tx, request.orderId)).map((hold) => [hold.packageId, hold.quantity]),
  );
  for (const line of [...request.lines].sort((a, b) => a.packageId - b.packageId)) {
    if (converted.get(line.packageId) === line.quantity) {
      await repository.moveHeldToSold(tx, line.packageId, line.quantity);
      continue;
    }
    if (await repository.incrementSold(tx, line.packageId, line.quantity)) continue;
    if (
      (await repository.reclaimExpiredHolds(tx, line.packageId)) > 0 &&
      (await repository.incrementSold(tx, line.packageId, line.quantity))
    )
      continue;
    return false;
  }
  return true;
}

/** Releases an order's hold at once (cancelled) or as expired, in the caller's transaction. */
export function releaseInventory(tx: Tx, orderId: number, reason: 'released' | 'expired'): Promise<void> {
  return repository.releaseOrderHolds(tx, orderId, reason);
}

export function findSeatPackages(db: Db, eventId: number, seatIds: readonly string[]) {
  return repository.findSeatPackages(db, eventId, seatIds);
}

/**
 * Gives back every expired hold's tickets, one package per transaction so that the sweep never holds
 * many hot rows at once. Only tidiness: correctness never waits for it (see holdInventory).
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
  return { taken: taken.seats, as_of: taken.asOf.toISOString() };
}

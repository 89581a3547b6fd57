import { and, asc, eq, gt, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@marquee/db/client';
import { events, holds, seatClaims, ticketPackages } from '@marquee/db/schema';

/**
 * The inventory's SQL: holds on package quantities and claims on seats. Every guarantee lives in the
 * database (ARCHITECTURE invariants 1-3), not in this process:
 * - `ticket_packages_taken_within_capacity` (sold + held <= capacity) and the conditional UPDATE below;
 * - the (event_id, seat_id) primary key of seat_claims, taken over only when the old hold has expired;
 * - expiry compared with the database clock, `now()`, never the server's.
 */

/** Raw statements' rows are parsed, not cast (node-postgres and PGlite both answer `{ rows }`). */
const ReturnedRowsSchema = z.object({ rows: z.array(z.object({ returned: z.coerce.number().int() })) });
const NowRowsSchema = z.object({ rows: z.array(z.object({ now: z.union([z.string(), z.date()]) })) });

/** A transaction or the database: every function here runs inside the caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Adds `quantity` to the package's held tickets if it fits; false when it does not (nothing changed). */
export async function incrementHeld(tx: DbOrTx, packageId: number, quantity: number): Promise<boolean> {
  const rows = await tx
    .update(ticketPackages)
    .set({ heldCount: sql`${ticketPackages.heldCount} + ${quantity}` })
    .where(
      and(
        eq(ticketPackages.id, packageId),
        sql`${ticketPackages.soldCount} + ${ticketPackages.heldCount} + ${quantity} <= ${ticketPackages.capacity}`,
      ),
    )
    .returning({ id: ticketPackages.id });
  return rows.length === 1;
}

/**
 * Ends the package's active holds whose time has passed and gives their tickets back, in one
 * statement. Concurrent callers cannot give the same hold back twice: the row's status is
 * re-checked after its lock is obtained. Returns how many tickets came back.
 */
export async function reclaimExpiredHolds(tx: DbOrTx, packageId: number): Promise<number> {
  const result = await tx.execute(sql`
    WITH expired AS (
      UPDATE ${holds} SET status = 'expired'
      WHERE ${holds.packageId} = ${packageId} AND ${holds.status} = 'active' AND ${holds.expiresAt} <= now()
      RETURNING ${holds.quantity}
    ), returned AS (SELECT coalesce(sum(quantity), 0)::int AS n FROM expired)
    UPDATE ${ticketPackages} SET held_count = held_count - returned.n
    FROM returned
    WHERE ${ticketPackages.id} = ${packageId} AND returned.n > 0
    RETURNING returned.n AS returned`);
  return ReturnedRowsSchema.parse(result).rows[0]?.returned ?? 0;
}

/** Packages that have active holds past their expiry (for the sweeper), a page at a time. */
export async function findPackagesWithExpiredHolds(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ packageId: holds.packageId })
    .from(holds)
    .where(and(eq(holds.status, 'active'), lte(holds.expiresAt, sql`now()`)))
    .orderBy(asc(holds.packageId))
    .limit(limit);
  return rows.map((row) => row.packageId);
}

export interface HoldLine {
  packageId: number;
  quantity: number;
}

export async function insertHolds(tx: Tx, orderId: number, lines: readonly HoldLine[], expiresAt: Date): Promise<void> {
  if (lines.length === 0) return;
  await tx
    .insert(holds)
    .values(lines.map((line) => ({ orderId, packageId: line.packageId, quantity: line.quantity, expiresAt })));
}

/**
 * Claims seats for an order until `expiresAt`: a new row, or the row of a hold that has expired (taken
 * over in the same statement). Returns the seats claimed; a seat missing from the answer belongs to
 * someone else. Seats are inserted in a fixed order so two buyers never wait on each other crosswise.
 */
export async function claimSeats(
  tx: Tx,
  input: { eventId: number; orderId: number; expiresAt: Date; seats: readonly { seatId: string; packageId: number }[] },
): Promise<string[]> {
  if (input.seats.length === 0) return [];
  const sorted = [...input.seats].sort((a, b) => (a.seatId < b.seatId ? -1 : a.seatId > b.seatId ? 1 : 0));
  const rows = await tx
    .insert(seatClaims)
    .values(
      sorted.map((seat) => ({
        eventId: input.eventId,
        seatId: seat.seatId,
        packageId: seat.packageId,
        orderId: input.orderId,
        state: 'held' as const,
        expiresAt: input.expiresAt,
      })),
    )
    .onConflictDoUpdate({
      target: [seatClaims.eventId, seatClaims.seatId],
      set: {
        packageId: sql`excluded.package_id`,
        orderId: sql`excluded.order_id`,
        state: 'held',
        expiresAt: sql`excluded.expires_at`,
      },
      setWhere: sql`${seatClaims.state} = 'held' AND ${seatClaims.expiresAt} <= now()`,
    })
    .returning({ seatId: seatClaims.seatId });
  return rows.map((row) => row.seatId);
}

/**
 * Gives back an order's active holds (status → `to`) and its held seats, in the caller's transaction.
 * Holds already expired and reclaimed are not counted twice.
 */
export async function releaseOrderHolds(tx: Tx, orderId: number, to: 'released' | 'expired'): Promise<void> {
  const released = await tx
    .update(holds)
    .set({ status: to })
    .where(and(eq(holds.orderId, orderId), eq(holds.status, 'active')))
    .returning({ packageId: holds.packageId, quantity: holds.quantity });
  for (const hold of released.sort((a, b) => a.packageId - b.packageId)) {
    await tx
      .update(ticketPackages)
      .set({ heldCount: sql`${ticketPackages.heldCount} - ${hold.quantity}` })
      .where(eq(ticketPackages.id, hold.packageId));
  }
  await tx.delete(seatClaims).where(and(eq(seatClaims.orderId, orderId), eq(seatClaims.state, 'held')));
}

/** An order's holds that are still active become sales (status converted); answers their quantities. */
export async function convertActiveHolds(tx: Tx, orderId: number): Promise<HoldLine[]> {
  return tx
    .update(holds)
    .set({ status: 'converted' })
    .where(and(eq(holds.orderId, orderId), eq(holds.status, 'active')))
    .returning({ packageId: holds.packageId, quantity: holds.quantity });
}

/** Moves `quantity` of the package from held to sold (its hold was converted). */
export async function moveHeldToSold(tx: Tx, packageId: number, quantity: number): Promise<void> {
  await tx
    .update(ticketPackages)
    .set({
      heldCount: sql`${ticketPackages.heldCount} - ${quantity}`,
      soldCount: sql`${ticketPackages.soldCount} + ${quantity}`,
    })
    .where(eq(ticketPackages.id, packageId));
}

/** Sells `quantity` more of the package if it fits beside what is sold and held; false when it does not. */
export async function incrementSold(tx: Tx, packageId: number, quantity: number): Promise<boolean> {
  const rows = await tx
    .update(ticketPackages)
    .set({ soldCount: sql`${ticketPackages.soldCount} + ${quantity}` })
    .where(
      and(
        eq(ticketPackages.id, packageId),
        sql`${ticketPackages.soldCount} + ${ticketPackages.heldCount} + ${quantity} <= ${ticketPackages.capacity}`,
      ),
    )
    .returning({ id: ticketPackages.id });
  return rows.length === 1;
}

/**
 * Marks the order's seats sold: those it still holds (its claim was never taken over, expired or not),
 * and those free again or held by an expired hold of someone else (taken over in the statement).
 * Answers the seats now sold to the order; a seat missing from it belongs to someone else.
 */
export async function sellSeats(
  tx: Tx,
  input: { eventId: number; orderId: number; seats: readonly { seatId: string; packageId: number }[] },
): Promise<string[]> {
  if (input.seats.length === 0) return [];
  const sorted = [...input.seats].sort((a, b) => (a.seatId < b.seatId ? -1 : a.seatId > b.seatId ? 1 : 0));
  const rows = await tx
    .insert(seatClaims)
    .values(
      sorted.map((seat) => ({
        eventId: input.eventId,
        seatId: seat.seatId,
        packageId: seat.packageId,
        orderId: input.orderId,
        state: 'sold' as const,
        expiresAt: null,
      })),
    )
    .onConflictDoUpdate({
      target: [seatClaims.eventId, seatClaims.seatId],
      set: { packageId: sql`excluded.package_id`, orderId: sql`excluded.order_id`, state: 'sold', expiresAt: null },
      setWhere: sql`${seatClaims.state} = 'held' AND (${seatClaims.orderId} = ${input.orderId} OR ${seatClaims.expiresAt} <= now())`,
    })
    .returning({ seatId: seatClaims.seatId });
  return rows.map((row) => row.seatId);
}

/** Seats of the event that are taken now: sold, or held by a hold that has not expired. */
export async function findTakenSeats(db: Db, eventId: number): Promise<{ seats: string[]; asOf: Date }> {
  const rows = await db
    .select({ seatId: seatClaims.seatId, asOf: sql<string>`now()` })
    .from(seatClaims)
    .where(and(eq(seatClaims.eventId, eventId), or(eq(seatClaims.state, 'sold'), gt(seatClaims.expiresAt, sql`now()`))))
    .orderBy(asc(seatClaims.seatId));
  const asOf = rows[0]?.asOf ?? NowRowsSchema.parse(await db.execute(sql`SELECT now() AS now`)).rows[0]?.now;
  return { seats: rows.map((row) => row.seatId), asOf: asOf === undefined ? new Date() : new Date(asOf) };
}

/** Which package owns each of these seats at the event (seats in no package are left out). */
export async function findSeatPackages(
  db: DbOrTx,
  eventId: number,
  seatIds: readonly string[],
): Promise<{ seatId: string; packageId: number }[]> {
  if (seatIds.length === 0) return [];
  const found = await db
    .select({ packageId: ticketPackages.id, seat: sql<string>`s.seat` })
    .from(ticketPackages)
    .innerJoin(sql`unnest(${toTextArray(seatIds)}) AS s(seat)`, sql`s.seat = ANY(${ticketPackages.seatingRange})`)
    .where(eq(ticketPackages.eventId, eventId));
  return found.map((row) => ({ seatId: row.seat, packageId: row.packageId }));
}

function toTextArray(values: readonly string[]) {
  return sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

export async function findEventIdByUid(db: Db, uid: string): Promise<number | null> {
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.uid, uid));
  return row?.id ?? null;
}

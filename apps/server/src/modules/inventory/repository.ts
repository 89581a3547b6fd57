import { and, asc, eq, gt, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '@marquee/db/client';
import type { PlaceOrderCalls, PlaceOrderLine, PlaceOrderRow } from '@marquee/db/functions';
import { events, holds, seatClaims, ticketPackageBuckets, ticketPackages } from '@marquee/db/schema';
import { HIDDEN_STATUSES } from '@marquee/domain/statuses';

/**
 * The inventory's SQL: holds on package quantities and claims on seats. Every guarantee lives in the
 * database (ARCHITECTURE invariants 1-3), not in this process (the SQL functions called here are in
 * packages/db/functions/, one file each):
 * - `ticket_packages_taken_within_capacity` (sold + held <= capacity) and the conditional UPDATE below;
 * - the (event_id, seat_id) primary key of seat_claims, taken over only when the old hold has expired;
 * - expiry compared with the database clock, `now()`, never the server's.
 */

/** Raw statements' rows are parsed, not cast (node-postgres and PGlite both answer `{ rows }`). */
const ReturnedRowsSchema = z.object({ rows: z.array(z.object({ returned: z.coerce.number().int() })) });

/** A transaction or the database: every function here runs inside the caller's transaction. */
export type DbOrTx = Db | Tx;

/**
 * Ends the package's active holds whose time has passed and gives their tickets back, in one
 * statement (marquee_reclaim_expired_holds.sql, which placing an order uses too). Concurrent callers
 * cannot give the same hold back twice: the row's status is re-checked after its lock is obtained.
 * Returns how many tickets came back.
 */
export async function reclaimExpiredHolds(tx: DbOrTx, packageId: number): Promise<number> {
  const result = await tx.execute(sql`SELECT marquee_reclaim_expired_holds(${packageId}) AS returned`);
  return ReturnedRowsSchema.parse(result).rows[0]?.returned ?? 0;
}

/**
 * Takes a bucketed package's spare tickets (allotted to its buckets, not held) back to the package row
 * (marquee_collect_spare_tickets.sql, decisions/018), so a sale that needs the package's own counter sees
 * every free ticket.
 * Returns how many came back.
 */
export async function collectSpareTickets(tx: DbOrTx, packageId: number): Promise<number> {
  const result = await tx.execute(sql`SELECT marquee_collect_spare_tickets(${packageId}) AS returned`);
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

/** A hold and where its tickets are counted: 0 on the package row, otherwise that bucket. */
export interface CountedHold extends HoldLine {
  bucket: number;
}

/** Gives `quantity` held tickets back to the row that counts them (package or bucket). */
async function unhold(tx: Tx, hold: CountedHold): Promise<void> {
  if (hold.bucket === 0) {
    await tx
      .update(ticketPackages)
      .set({ heldCount: sql`${ticketPackages.heldCount} - ${hold.quantity}` })
      .where(eq(ticketPackages.id, hold.packageId));
    return;
  }
  // The tickets stay allotted to the bucket (its spare) for the next buyers.
  await tx
    .update(ticketPackageBuckets)
    .set({ heldCount: sql`${ticketPackageBuckets.heldCount} - ${hold.quantity}` })
    .where(and(eq(ticketPackageBuckets.packageId, hold.packageId), eq(ticketPackageBuckets.bucket, hold.bucket)));
}

/**
 * The columns of a new order, as `marquee_place_order` reads them (snake_case JSON), and its lines: the
 * types of PlaceOrderCallsSchema (@marquee/db/functions), which describes the JSON the SQL reads.
 */
export type PlacedOrderRow = PlaceOrderRow;
export type PlacedOrderLine = PlaceOrderLine;

const Timestamp = z.union([z.string(), z.date()]).transform((value) => new Date(value));
const PlacedRowsSchema = z.object({
  rows: z.array(
    z.object({
      call_index: z.coerce.number().int(),
      order_pk: z.coerce.number().int().nullable(),
      hold_expires_at: Timestamp.nullable(),
      server_time: Timestamp.nullable(),
      /** Best available: the seats picked for each such line (one, today), or null. */
      picked: z.array(z.array(z.string())).nullable(),
      refusal_hint: z.enum(['seats', 'packages', 'limit', 'together']).nullable(),
      refusal_detail: z.string().nullable(),
    }),
  ),
});
const RefusedIdsSchema = z.array(z.union([z.string(), z.number()]));

/**
 * Which of the buyer's limits refused an order (marquee_check_buyer_limits.sql, decisions/029): tickets held
 * at once, the cooldown after a hold of theirs ended unpaid, or free tickets in all.
 */
export const BuyerLimitSchema = z.discriminatedUnion('limit', [
  z.object({ limit: z.literal('held'), max: z.number().int(), current: z.number().int() }),
  z.object({ limit: z.literal('cooldown'), retry_after_seconds: z.number().int() }),
  z.object({ limit: z.literal('free'), max: z.number().int(), current: z.number().int() }),
]);
export type BuyerLimit = z.infer<typeof BuyerLimitSchema>;

/** One order to place with its hold (what `marquee_place_order` takes). */
export interface PlacementCall {
  order: PlacedOrderRow;
  lines: readonly PlacedOrderLine[];
  holdMinutes: number;
  /** The signed-in buyer's account, or null: linked to the order, and counted in the buyer's limits. */
  userId: string | null;
}

/**
 * How one placement ended: placed; refused, nothing of it written (the seats someone else has, the
 * packages without enough tickets left, or the buyer's limit that refused it); or an order with its
 * Idempotency-Key exists.
 */
export type Placement =
  | { kind: 'placed'; id: number; holdExpiresAt: Date; serverTime: Date; picked: string[][] | null }
  | { kind: 'seats taken'; seats: string[] }
  | { kind: 'sold out'; packageIds: number[] }
  | { kind: 'no seats together'; packageIds: number[] }
  | { kind: 'limit'; limit: BuyerLimit }
  | { kind: 'exists' };

/** The `p_calls` argument of `marquee_place_orders`: JSON of the shape PlaceOrderCallsSchema describes. */
export function placeOrdersJson(calls: readonly PlacementCall[]): string {
  const value: PlaceOrderCalls = calls.map((call) => ({
    order: call.order,
    lines: call.lines,
    hold_minutes: call.holdMinutes,
    user_id: call.userId,
  }));
  return JSON.stringify(value);
}

/**
 * Saves each order, its lines, its holds and its seat claims and takes its tickets off the package
 * counters (`marquee_place_order`, packages/db/functions/marquee_place_order.sql): all of an order or
 * nothing of it. The calls go in one statement and one transaction (`marquee_place_orders`), each order in a
 * subtransaction of its own, so a refused order leaves the others standing. Answers one Placement per call,
 * in order.
 */
export async function placeOrders(db: Db | Tx, calls: readonly PlacementCall[]): Promise<Placement[]> {
  const result = await db.execute(sql`SELECT * FROM marquee_place_orders(${placeOrdersJson(calls)}::jsonb)`);
  const rows = PlacedRowsSchema.parse(result).rows;
  if (rows.length !== calls.length) throw new Error(`placed ${rows.length} orders for ${calls.length} calls`);
  return [...rows]
    .sort((a, b) => a.call_index - b.call_index)
    .map((row): Placement => {
      if (row.refusal_hint === 'limit') {
        return { kind: 'limit', limit: BuyerLimitSchema.parse(JSON.parse(row.refusal_detail ?? '{}')) };
      }
      if (row.refusal_hint !== null) {
        const ids = RefusedIdsSchema.parse(JSON.parse(row.refusal_detail ?? '[]'));
        if (row.refusal_hint === 'seats') return { kind: 'seats taken', seats: ids.map(String) };
        if (row.refusal_hint === 'together') return { kind: 'no seats together', packageIds: ids.map(Number) };
        return { kind: 'sold out', packageIds: ids.map(Number) };
      }
      if (row.order_pk === null || row.hold_expires_at === null || row.server_time === null) return { kind: 'exists' };
      return {
        kind: 'placed',
        id: row.order_pk,
        holdExpiresAt: row.hold_expires_at,
        serverTime: row.server_time,
        picked: row.picked,
      };
    });
}

/**
 * Gives back an order's active holds (status → `to`) and its held seats, in the caller's transaction.
 * Holds already expired and reclaimed are not counted twice. An ended hold's `expires_at` says when it
 * ended (now, for one released before its time): the buyer's cooldown runs from then (decisions/029).
 */
export async function releaseOrderHolds(tx: Tx, orderId: number, to: 'released' | 'expired'): Promise<void> {
  const released = await tx
    .update(holds)
    .set({ status: to, expiresAt: sql`least(${holds.expiresAt}, now())` })
    .where(and(eq(holds.orderId, orderId), eq(holds.status, 'active')))
    .returning({ packageId: holds.packageId, quantity: holds.quantity, bucket: holds.bucket });
  for (const hold of released.sort((a, b) => a.packageId - b.packageId)) await unhold(tx, hold);
  await tx.delete(seatClaims).where(and(eq(seatClaims.orderId, orderId), eq(seatClaims.state, 'held')));
}

/** An order's holds that are still active become sales (status converted); answers their quantities. */
export async function convertActiveHolds(tx: Tx, orderId: number): Promise<CountedHold[]> {
  return tx
    .update(holds)
    .set({ status: 'converted' })
    .where(and(eq(holds.orderId, orderId), eq(holds.status, 'active')))
    .returning({ packageId: holds.packageId, quantity: holds.quantity, bucket: holds.bucket });
}

/**
 * Moves a converted hold's tickets from held to sold: on the package row (which counts a bucket's whole
 * allotment as held) and, for a bucketed hold, out of its bucket's allotment too. Package row first, then
 * the bucket, the order placement locks them in.
 */
export async function moveHeldToSold(tx: Tx, hold: CountedHold): Promise<void> {
  await tx
    .update(ticketPackages)
    .set({
      heldCount: sql`${ticketPackages.heldCount} - ${hold.quantity}`,
      soldCount: sql`${ticketPackages.soldCount} + ${hold.quantity}`,
    })
    .where(eq(ticketPackages.id, hold.packageId));
  if (hold.bucket === 0) return;
  await tx
    .update(ticketPackageBuckets)
    .set({
      heldCount: sql`${ticketPackageBuckets.heldCount} - ${hold.quantity}`,
      allotted: sql`${ticketPackageBuckets.allotted} - ${hold.quantity}`,
    })
    .where(and(eq(ticketPackageBuckets.packageId, hold.packageId), eq(ticketPackageBuckets.bucket, hold.bucket)));
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

const TakenSeatsSchema = z.object({
  rows: z.array(z.object({ taken: z.array(z.string()), line_held: z.array(z.string()) })).length(1),
});

/**
 * Seats of the event that are taken now: sold, or held by a hold that has not expired, and every seat of a
 * package whose waitlist has buyers waiting (the seats that come back are theirs, and marquee_take_tickets()
 * refuses anyone else: decisions/049; the catalogue counts such a package as taken whole). Sorted. One row
 * with JSON arrays, not a row per seat: in an on-sale rush a stadium's map lists tens of thousands of taken
 * seats and is read again every second, and a row each cost the database and this process a message, an
 * object and a mapping per seat. The line's seats are read apart (almost always none, one probe of a partial
 * index per package) and merged here only when there are some.
 */
export async function findTakenSeats(db: Db, eventId: number): Promise<string[]> {
  const result = await db.execute(
    sql`SELECT
          (SELECT coalesce(json_agg(${seatClaims.seatId} ORDER BY ${seatClaims.seatId}), '[]'::json)
           FROM ${seatClaims}
           WHERE ${and(eq(seatClaims.eventId, eventId), or(eq(seatClaims.state, 'sold'), gt(seatClaims.expiresAt, sql`now()`)))}) AS taken,
          (SELECT coalesce(json_agg(s.seat), '[]'::json)
           FROM ticket_packages tp CROSS JOIN LATERAL unnest(tp.seating_range) AS s(seat)
           WHERE tp.event_id = ${eventId}
             AND EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.package_id = tp.id AND w.status = 'waiting')) AS line_held`,
  );
  const row = TakenSeatsSchema.parse(result).rows[0];
  if (!row || row.line_held.length === 0) return row?.taken ?? [];
  return [...new Set([...row.taken, ...row.line_held])].sort();
}

/** Every seat of the event's packages and the package that owns it (the seat → package map checkout uses). */
export async function findEventSeatPackages(db: DbOrTx, eventId: number): Promise<{ id: number; seats: string[] }[]> {
  return db
    .select({ id: ticketPackages.id, seats: ticketPackages.seatingRange })
    .from(ticketPackages)
    .where(eq(ticketPackages.eventId, eventId));
}

/** The id of the event buyers see at this uid; null for an unknown uid, a draft or an unpublished event. */
export async function findEventIdByUid(db: Db, uid: string): Promise<number | null> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.uid, uid), notInArray(events.status, [...HIDDEN_STATUSES]), isNull(events.unpublishedAt)));
  return row?.id ?? null;
}

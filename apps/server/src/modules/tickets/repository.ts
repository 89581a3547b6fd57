import { randomInt } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '@marquee/db/client';
import { events, orderLines, orders, ticketCodeReplacements, tickets, venues } from '@marquee/db/schema';

/** Crockford base 32 (no I, L, O, U): a code read aloud at a gate is not misread. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newTicketCode(): string {
  let code = 'T';
  for (let i = 0; i < 15; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export interface TicketLine {
  packageId: number;
  quantity: number;
  /** The line's seats; a seated line has one per admission. */
  seats: readonly string[];
}

/**
 * One ticket per admission or seat of a paid order, in the completion's transaction. Issuing twice
 * changes nothing: (order, package, admission) is unique, and a seat is sold once per event.
 */
export async function insertTickets(tx: Tx, order: { id: number; eventId: number }, lines: readonly TicketLine[]) {
  const rows = lines.flatMap((line) =>
    Array.from({ length: line.quantity }, (_, index) => ({
      orderId: order.id,
      eventId: order.eventId,
      packageId: line.packageId,
      admissionNo: index + 1,
      seatId: line.seats[index] ?? null,
      code: newTicketCode(),
    })),
  );
  if (rows.length === 0) return;
  await tx
    .insert(tickets)
    .values(rows)
    .onConflictDoNothing({
      target: [tickets.orderId, tickets.packageId, tickets.admissionNo],
    });
}

/** An order's tickets with their package names, in the order they were issued. */
export async function findOrderTickets(db: Db, orderId: number) {
  return db
    .select({ code: tickets.code, packageName: orderLines.packageName, seatId: tickets.seatId })
    .from(tickets)
    .innerJoin(orderLines, and(eq(orderLines.orderId, tickets.orderId), eq(orderLines.packageId, tickets.packageId)))
    .where(eq(tickets.orderId, orderId))
    .orderBy(asc(tickets.packageId), asc(tickets.admissionNo));
}

/** A booking by its numeric id or its public Booking ID. */
export type OrderKey = { id: number } | { bookingId: string };

/** A booking with its event and venue: what every page of its tickets PDF prints. */
export async function findSheetOrder(db: Db, key: OrderKey) {
  const [row] = await db
    .select({
      id: orders.id,
      bookingId: orders.orderId,
      status: orders.status,
      firstName: orders.firstName,
      lastName: orders.lastName,
      currency: orders.currency,
      paidAt: orders.paidAt,
      eventUid: events.uid,
      eventName: events.name,
      startDate: events.startDate,
      bannerImg: events.bannerImg,
      venueName: venues.name,
      venueAddress: venues.address,
      venueCity: venues.city,
      venueCountry: venues.country,
      timeZone: venues.timeZone,
      seatMap: venues.seatMap,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where('id' in key ? eq(orders.id, key.id) : eq(orders.orderId, key.bookingId));
  return row ?? null;
}

/** An order's tickets with the package and the price charged, in the order they were issued. */
export async function findSheetTickets(db: Db, orderId: number) {
  return db
    .select({
      code: tickets.code,
      seatId: tickets.seatId,
      packageName: orderLines.packageName,
      unitPrice: orderLines.unitPrice,
      holderFirstName: tickets.holderFirstName,
      holderLastName: tickets.holderLastName,
    })
    .from(tickets)
    .innerJoin(orderLines, and(eq(orderLines.orderId, tickets.orderId), eq(orderLines.packageId, tickets.packageId)))
    .where(eq(tickets.orderId, orderId))
    .orderBy(asc(tickets.packageId), asc(tickets.admissionNo));
}

/** A ticket by its code with what a gate shows and checks: its booking, event, venue and package. */
export async function findTicketForCheckIn(db: Db, code: string) {
  const [row] = await db
    .select({
      id: tickets.id,
      code: tickets.code,
      seatId: tickets.seatId,
      usedAt: tickets.usedAt,
      voidedAt: tickets.voidedAt,
      bookingId: orders.orderId,
      orderStatus: orders.status,
      firstName: orders.firstName,
      lastName: orders.lastName,
      holderFirstName: tickets.holderFirstName,
      holderLastName: tickets.holderLastName,
      eventUid: events.uid,
      eventName: events.name,
      startDate: events.startDate,
      timeZone: venues.timeZone,
      seatMap: venues.seatMap,
      packageName: orderLines.packageName,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .innerJoin(orderLines, and(eq(orderLines.orderId, tickets.orderId), eq(orderLines.packageId, tickets.packageId)))
    .where(eq(tickets.code, code));
  return row ?? null;
}

/**
 * Marks a ticket used, once: one conditional UPDATE, so of two gates scanning the same code at the same
 * moment exactly one gets the row (the other's WHERE no longer matches). Only a ticket of a complete or
 * verified booking is admitted. Answers the time of this scan, or null when it did not admit.
 */
export async function admitTicket(db: Db | Tx, ticketId: number, code?: string): Promise<Date | null> {
  const [row] = await db
    .update(tickets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(tickets.id, ticketId),
        // The code scanned, when known: a name correction that replaced it at this moment wins (decisions/039).
        code === undefined ? undefined : eq(tickets.code, code),
        isNull(tickets.usedAt),
        // A refund voids a ticket under its order's lock; a scan at that moment admits it only if it came first.
        isNull(tickets.voidedAt),
        // Written out: inside an UPDATE, Drizzle leaves the target's columns unqualified.
        sql`EXISTS (SELECT 1 FROM orders o WHERE o.id = tickets.order_id AND o.status IN ('complete', 'verified'))`,
      ),
    )
    .returning({ usedAt: tickets.usedAt });
  return row?.usedAt ?? null;
}

/** When a ticket was first scanned (null: never). */
export async function findTicketUsedAt(db: Db, ticketId: number): Promise<Date | null> {
  const [row] = await db.select({ usedAt: tickets.usedAt }).from(tickets).where(eq(tickets.id, ticketId));
  return row?.usedAt ?? null;
}

/**
 * Re-issues a ticket under a corrected name (decisions/039), in the caller's transaction: a new code (so a new
 * signed QR), the holder's name on the ticket, and the old code recorded so the gate can say why it is refused.
 * One conditional UPDATE: only while the ticket still has `oldCode` and neither admitted nor voided, so a scan of
 * the old code at the same moment and this change never both succeed. Null: the ticket changed meanwhile.
 */
export async function replaceTicketCode(
  tx: Tx,
  input: {
    ticketId: number;
    oldCode: string;
    holder: { firstName: string; lastName: string };
    replacedBy: string | null;
  },
): Promise<{ code: string; orderId: number; eventId: number; replacedAt: Date } | null> {
  const code = newTicketCode();
  const [row] = await tx
    .update(tickets)
    .set({ code, holderFirstName: input.holder.firstName, holderLastName: input.holder.lastName })
    .where(
      and(
        eq(tickets.id, input.ticketId),
        eq(tickets.code, input.oldCode),
        isNull(tickets.usedAt),
        isNull(tickets.voidedAt),
      ),
    )
    .returning({ code: tickets.code, orderId: tickets.orderId, eventId: tickets.eventId });
  if (!row) return null;
  const [replacement] = await tx
    .insert(ticketCodeReplacements)
    .values({
      ticketId: input.ticketId,
      orderId: row.orderId,
      eventId: row.eventId,
      oldCode: input.oldCode,
      newCode: row.code,
      replacedBy: input.replacedBy,
    })
    .returning({ replacedAt: ticketCodeReplacements.replacedAt });
  if (!replacement) throw new Error(`ticket ${input.ticketId}: its old code was not recorded`);
  return { ...row, replacedAt: replacement.replacedAt };
}

/** A code a name correction replaced: when (null: the code was never replaced). */
export async function findCodeReplacement(db: Db | Tx, code: string): Promise<{ replacedAt: Date } | null> {
  const [row] = await db
    .select({ replacedAt: ticketCodeReplacements.replacedAt })
    .from(ticketCodeReplacements)
    .where(eq(ticketCodeReplacements.oldCode, code));
  return row ?? null;
}

import { randomInt } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
import { orderLines, tickets } from '@marquee/db/schema';
import type { Tx } from '../inventory/service';

/** Crockford base 32 (no I, L, O, U): a code read aloud at a gate is not misread. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function newTicketCode(): string {
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
export async function issueTickets(tx: Tx, order: { id: number; eventId: number }, lines: readonly TicketLine[]) {
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
  await tx.insert(tickets).values(rows).onConflictDoNothing({
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

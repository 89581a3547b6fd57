import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  checkInLists,
  events,
  orderLines,
  orders,
  ticketPackages,
  tickets,
  ticketScans,
  venues,
} from '@marquee/db/schema';
import { inScope, type ScopedTx } from '@marquee/db/tenancy';
import { PAID_ORDER_STATUSES } from '@marquee/domain/orders';
import type { GateRefusalReason, GateScanResult } from '@marquee/domain/gate';

/**
 * The gate's queries (issue 22; decisions/043). Every one runs in the scoped transaction: a list is found through
 * its event inside the scope (`inScope.events`), and row-level security shows the console role only its
 * organisation's lists, scans and tickets (migration 0020).
 */

/** The event's ids in scope, as a subquery (a list or a ticket is found through its event). */
const eventsInScope = (tx: ScopedTx) => tx.select({ id: events.id }).from(events).where(inScope.events(tx));

/** A ticket's booking is paid (complete or verified): written out, for use inside joins and aggregates. */
const isPaid = sql`EXISTS (SELECT 1 FROM ${orders} o WHERE o.id = ${tickets.orderId} AND o.status IN (${sql.join(
  PAID_ORDER_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)}))`;

/** The event in scope with what the gate prints: its name, start, and the venue's zone and seat map. */
export async function findGateEvent(tx: ScopedTx, eventId: number) {
  const [row] = await tx
    .select({
      id: events.id,
      uid: events.uid,
      name: events.name,
      startDate: events.startDate,
      timeZone: venues.timeZone,
      seatMap: venues.seatMap,
    })
    .from(events)
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(and(inScope.events(tx), eq(events.id, eventId)));
  return row ?? null;
}
export type GateEvent = NonNullable<Awaited<ReturnType<typeof findGateEvent>>>;

/**
 * The events in scope the door may scan at (drafts have no tickets): today's and upcoming ones first, soonest
 * first, then past ones, latest first. "Today" is the venue's: an evening show that began an hour ago is still on.
 */
export function findScannableEvents(tx: ScopedTx, limit: number) {
  const isPast = sql`(${events.startDate} AT TIME ZONE ${venues.timeZone})::date < (now() AT TIME ZONE ${venues.timeZone})::date`;
  return tx
    .select({
      uid: events.uid,
      name: events.name,
      startDate: events.startDate,
      status: events.status,
      timeZone: venues.timeZone,
      venueName: venues.name,
    })
    .from(events)
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(and(inScope.events(tx), ne(events.status, 'draft')))
    .orderBy(
      asc(isPast),
      sql`CASE WHEN ${isPast} THEN NULL ELSE ${events.startDate} END ASC`,
      desc(events.startDate),
      asc(events.id),
    )
    .limit(limit);
}

/** The event's packages (id and name), for the lists' answers and the check of a list's packages. */
export function findEventPackages(tx: ScopedTx, eventId: number) {
  return tx
    .select({ id: ticketPackages.id, name: ticketPackages.name })
    .from(ticketPackages)
    .where(and(eq(ticketPackages.eventId, eventId), inArray(ticketPackages.eventId, eventsInScope(tx))))
    .orderBy(asc(ticketPackages.id));
}

const listColumns = { id: checkInLists.id, name: checkInLists.name, packageIds: checkInLists.packageIds };

/**
 * The event's lists, each with its counts: the tickets of its packages that stand (paid, not voided) and those of
 * them admitted. Joined per list, so a ticket whose package is on two lists counts on both, once on each.
 */
export function findListsWithCounts(tx: ScopedTx, eventId: number, listId?: number) {
  return tx
    .select({
      ...listColumns,
      total: sql<number>`count(${tickets.id})::int`,
      checkedIn: sql<number>`count(${tickets.usedAt})::int`,
    })
    .from(checkInLists)
    .leftJoin(
      tickets,
      and(
        eq(tickets.eventId, checkInLists.eventId),
        sql`${tickets.packageId} = ANY(${checkInLists.packageIds})`,
        isNull(tickets.voidedAt),
        isPaid,
      ),
    )
    .where(
      and(
        eq(checkInLists.eventId, eventId),
        inArray(checkInLists.eventId, eventsInScope(tx)),
        listId === undefined ? undefined : eq(checkInLists.id, listId),
      ),
    )
    .groupBy(checkInLists.id)
    .orderBy(asc(checkInLists.name), asc(checkInLists.id));
}
export type ListWithCounts = Awaited<ReturnType<typeof findListsWithCounts>>[number];

/** Every ticket of the event that stands, counted once, and those admitted. */
export async function findEventTotals(tx: ScopedTx, eventId: number): Promise<{ total: number; checkedIn: number }> {
  const [row] = await tx
    .select({ total: sql<number>`count(*)::int`, checkedIn: sql<number>`count(${tickets.usedAt})::int` })
    .from(tickets)
    .where(
      and(eq(tickets.eventId, eventId), inArray(tickets.eventId, eventsInScope(tx)), isNull(tickets.voidedAt), isPaid),
    );
  return { total: row?.total ?? 0, checkedIn: row?.checkedIn ?? 0 };
}

/** One list of the event, in scope; null when there is none (another event's or organisation's id included). */
export async function findList(tx: ScopedTx, eventId: number, listId: number) {
  const [row] = await tx
    .select(listColumns)
    .from(checkInLists)
    .where(
      and(
        eq(checkInLists.eventId, eventId),
        eq(checkInLists.id, listId),
        inArray(checkInLists.eventId, eventsInScope(tx)),
      ),
    );
  return row ?? null;
}
export type GateList = NonNullable<Awaited<ReturnType<typeof findList>>>;

/** A new list; null when the event has one of that name already (the unique index decides, under concurrency too). */
export async function insertList(tx: ScopedTx, eventId: number, name: string, packageIds: number[]) {
  const [row] = await tx
    .insert(checkInLists)
    .values({ eventId, name, packageIds })
    .onConflictDoNothing({ target: [checkInLists.eventId, checkInLists.name] })
    .returning({ id: checkInLists.id });
  return row ?? null;
}

export async function updateList(
  tx: ScopedTx,
  listId: number,
  change: { name?: string; packageIds?: number[] },
): Promise<void> {
  await tx
    .update(checkInLists)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(checkInLists.id, listId));
}

export async function deleteList(tx: ScopedTx, listId: number): Promise<void> {
  await tx.delete(checkInLists).where(eq(checkInLists.id, listId));
}

/* ---------------------------------------------------------------------------------------------- tickets */

/** The admitting scan's gate name, by ticket (a ticket admitted without a list has none). */
const admittedListName = sql<string | null>`(SELECT s.list_name FROM ${ticketScans} s
  WHERE s.ticket_id = ${tickets.id} AND s.result = 'admitted')`;

/**
 * What the door may see of a ticket, and its state: the holder's name (the booking's), the package as bought,
 * the seat id; never the buyer's e-mail, phone or NIC, or a price.
 */
const doorColumns = {
  id: tickets.id,
  code: tickets.code,
  packageId: tickets.packageId,
  seatId: tickets.seatId,
  usedAt: tickets.usedAt,
  voidedAt: tickets.voidedAt,
  bookingId: orders.orderId,
  orderStatus: orders.status,
  firstName: orders.firstName,
  lastName: orders.lastName,
  // A name the desk corrected (decisions/039): the ticket's own, printed and shown instead of the buyer's.
  holderFirstName: tickets.holderFirstName,
  holderLastName: tickets.holderLastName,
  packageName: sql<string>`coalesce(${orderLines.packageName}, ${ticketPackages.name})`,
  usedListName: admittedListName,
};

function doorTickets(tx: ScopedTx, where: SQL | undefined) {
  return tx
    .select(doorColumns)
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(ticketPackages, eq(ticketPackages.id, tickets.packageId))
    .leftJoin(orderLines, and(eq(orderLines.orderId, tickets.orderId), eq(orderLines.packageId, tickets.packageId)))
    .where(and(inArray(tickets.eventId, eventsInScope(tx)), where));
}
export type DoorTicket = Awaited<ReturnType<typeof doorTickets>>[number];

/** The holder's name as the door sees it (the ticket's corrected name, else the buyer's), lower-cased. */
const holderNameSql = sql`lower(CASE WHEN ${tickets.holderFirstName} IS NOT NULL
  THEN ${tickets.holderFirstName} || ' ' || ${tickets.holderLastName}
  ELSE ${orders.firstName} || ' ' || ${orders.lastName} END)`;

/** Every ticket of the event whose package is one of `packageIds`, standing or voided, by holder name. */
export function findPackTickets(tx: ScopedTx, eventId: number, packageIds: readonly number[]) {
  if (packageIds.length === 0) return Promise.resolve([]);
  return doorTickets(tx, and(eq(tickets.eventId, eventId), inArray(tickets.packageId, [...packageIds]))).orderBy(
    asc(holderNameSql),
    asc(orders.orderId),
    asc(tickets.id),
  );
}

/** LIKE's wildcards and its escape taken literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The list's tickets whose holder's name contains `q` (any case), or whose Booking ID is `q` (any case). */
export function lookupTickets(tx: ScopedTx, eventId: number, packageIds: readonly number[], q: string, limit: number) {
  if (packageIds.length === 0) return Promise.resolve([]);
  const matches = sql`(${holderNameSql} LIKE ${`%${likeLiteral(q.toLowerCase())}%`} OR ${orders.orderId} = ${q.toUpperCase()})`;
  return doorTickets(tx, and(eq(tickets.eventId, eventId), inArray(tickets.packageId, [...packageIds]), matches))
    .orderBy(asc(holderNameSql), asc(orders.orderId), asc(tickets.id))
    .limit(limit);
}

/** A ticket of the event by its code; null when the event has none. */
export async function findTicketByCode(tx: ScopedTx, eventId: number, code: string): Promise<DoorTicket | null> {
  const [row] = await doorTickets(tx, and(eq(tickets.eventId, eventId), eq(tickets.code, code)));
  return row ?? null;
}

/** A ticket as it stands now (after a scan that did not admit it: who admitted it first, or was it voided). */
export async function findTicketById(tx: ScopedTx, ticketId: number): Promise<DoorTicket | null> {
  const [row] = await doorTickets(tx, eq(tickets.id, ticketId));
  return row ?? null;
}

/* ------------------------------------------------------------------------------------------------ scans */

/** The answers already given to these scans of a device on a list, by client_scan_id. */
export async function findScanAnswers(
  tx: ScopedTx,
  listId: number,
  deviceId: string,
  clientScanIds: readonly string[],
): Promise<Map<string, unknown>> {
  if (clientScanIds.length === 0) return new Map();
  const rows = await tx
    .select({ clientScanId: ticketScans.clientScanId, answer: ticketScans.answer })
    .from(ticketScans)
    .where(
      and(
        eq(ticketScans.checkInListId, listId),
        eq(ticketScans.deviceId, deviceId),
        inArray(ticketScans.clientScanId, [...new Set(clientScanIds)]),
        isNotNull(ticketScans.checkInListId),
      ),
    );
  return new Map(rows.map((row) => [row.clientScanId, row.answer]));
}

export interface ScanRow {
  ticketId: number | null;
  eventId: number;
  checkInListId: number;
  listName: string;
  deviceId: string;
  clientScanId: string;
  scannedAt: Date;
  offline: boolean;
  result: 'admitted' | 'refused';
  reason: GateRefusalReason | null;
  answer: Omit<GateScanResult, 'client_scan_id'>;
}

/**
 * Records a scan's decision; false when the device's scan was recorded meanwhile (the same scan sent twice at once:
 * the unique index makes the second wait for the first and find it).
 */
export async function insertScan(tx: ScopedTx, row: ScanRow): Promise<boolean> {
  const inserted = await tx
    .insert(ticketScans)
    .values(row)
    .onConflictDoNothing({ target: [ticketScans.checkInListId, ticketScans.deviceId, ticketScans.clientScanId] })
    .returning({ id: ticketScans.id });
  return inserted.length > 0;
}

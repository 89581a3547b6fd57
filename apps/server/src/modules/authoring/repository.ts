import { and, asc, desc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { writeEventImport, type EventImportPlan, type PlannedEvent } from '@marquee/db/import-events';
import type { Db } from '@marquee/db/client';
import { UNIQUE_VIOLATION, isViolationOf } from '@marquee/db/errors';
import {
  events,
  holds,
  orderLines,
  organisations,
  paymentGateways,
  seatClaims,
  ticketPackageBuckets,
  ticketPackages,
  venues,
  waitlistEntries,
} from '@marquee/db/schema';
import { inScope, scopeOf, type ScopedTx } from '@marquee/db/tenancy';

/*
 * The console's events and ticket packages (issue 21), always inside a scoped transaction: an event is found
 * through the scope (`inScope.events`), a venue through it (`inScope.venues`), and a package only through its
 * event. Writes lock the event row first (`lockEvent`), so the console's changes to one event run one at a time.
 */

export type EventRow = typeof events.$inferSelect;
export type PackageRow = typeof ticketPackages.$inferSelect;

/** The venue columns an event's answer and its rules need. */
const venueColumns = {
  id: venues.id,
  name: venues.name,
  city: venues.city,
  country: venues.country,
  timeZone: venues.timeZone,
  seatMap: venues.seatMap,
};

export interface VenueOfEvent {
  id: number;
  name: string;
  city: string;
  country: string;
  timeZone: string;
  seatMap: unknown;
}

export interface EventWithVenue {
  event: EventRow;
  venue: VenueOfEvent;
}

/** The event of the scope with this id, and its venue; null when the scope does not hold it. */
export async function findEvent(tx: ScopedTx, eventId: number): Promise<EventWithVenue | null> {
  const [row] = await tx
    .select({ event: events, venue: venueColumns })
    .from(events)
    .innerJoin(venues, and(eq(venues.id, events.venueId), eq(venues.organisationId, events.organisationId)))
    .where(and(inScope.events(tx), eq(events.id, eventId)));
  return row ?? null;
}

/**
 * `findEvent` with the event row locked until the transaction ends. FOR NO KEY UPDATE, not FOR UPDATE: it
 * serialises the console's writes to one event (two seat assignments, a status change beside a package edit)
 * exactly as FOR UPDATE would, but it does not conflict with the KEY SHARE lock a buyer's order takes on the
 * event through its foreign keys (orders, seat_claims), so the console never stalls a sale, nor deadlocks with
 * one that holds a package row the console then waits for.
 */
export async function lockEvent(tx: ScopedTx, eventId: number): Promise<EventWithVenue | null> {
  const [row] = await tx
    .select({ event: events, venue: venueColumns })
    .from(events)
    .innerJoin(venues, and(eq(venues.id, events.venueId), eq(venues.organisationId, events.organisationId)))
    .where(and(inScope.events(tx), eq(events.id, eventId)))
    .for('no key update', { of: events });
  return row ?? null;
}

/** The scope's events with their venues, newest start first. */
export function findScopedEvents(tx: ScopedTx) {
  return tx
    .select({
      id: events.id,
      uid: events.uid,
      name: events.name,
      type: events.type,
      status: events.status,
      unpublishedAt: events.unpublishedAt,
      startDate: events.startDate,
      currency: events.currency,
      thumbnailImg: events.thumbnailImg,
      venue: { id: venues.id, name: venues.name, city: venues.city, timeZone: venues.timeZone },
    })
    .from(events)
    .innerJoin(venues, and(eq(venues.id, events.venueId), eq(venues.organisationId, events.organisationId)))
    .where(inScope.events(tx))
    .orderBy(desc(events.startDate), desc(events.id));
}

/**
 * Tickets on holds: the package row's held_count less what its counter buckets hold in reserve without a buyer
 * (decisions/018: the row counts a bucket's whole allotment as held).
 */
const heldOnHolds = sql<number>`(${ticketPackages.heldCount} - coalesce((
  SELECT sum(${ticketPackageBuckets.allotted} - ${ticketPackageBuckets.heldCount})
  FROM ${ticketPackageBuckets} WHERE ${ticketPackageBuckets.packageId} = ${ticketPackages.id}), 0))::int`;

/** The counts of the events' packages (sold, held, capacity, active), for the list's totals and sold out. */
export function findPackageCounts(tx: ScopedTx, eventIds: readonly number[]) {
  if (eventIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      eventId: ticketPackages.eventId,
      active: ticketPackages.active,
      capacity: ticketPackages.capacity,
      sold: ticketPackages.soldCount,
      held: heldOnHolds,
    })
    .from(ticketPackages)
    .innerJoin(events, eq(events.id, ticketPackages.eventId))
    .where(and(inScope.events(tx), inArray(ticketPackages.eventId, [...eventIds])));
}

/** Buyers in the package's waitlist line (issue 23; decisions/049). */
const waitingInLine = sql<number>`(SELECT count(*) FROM ${waitlistEntries} w
  WHERE w.package_id = ${ticketPackages.id} AND w.status = 'waiting')::int`;

export type PackageWithHeld = PackageRow & { held: number; waiting: number };

/** The event's packages in their order (sort_order, id), with the tickets on holds and the buyers waiting. */
export async function findPackages(tx: ScopedTx, eventId: number): Promise<PackageWithHeld[]> {
  const rows = await tx
    .select({ pkg: ticketPackages, held: heldOnHolds, waiting: waitingInLine })
    .from(ticketPackages)
    .innerJoin(events, eq(events.id, ticketPackages.eventId))
    .where(and(inScope.events(tx), eq(ticketPackages.eventId, eventId)))
    .orderBy(asc(ticketPackages.sortOrder), asc(ticketPackages.id));
  return rows.map((row) => ({ ...row.pkg, held: row.held, waiting: row.waiting }));
}

/** One package of the event (never by its id alone); locked FOR NO KEY UPDATE, as a sale locks it. */
export async function lockPackage(tx: ScopedTx, eventId: number, packageId: number): Promise<PackageRow | null> {
  const [row] = await tx
    .select({ pkg: ticketPackages })
    .from(ticketPackages)
    .innerJoin(events, eq(events.id, ticketPackages.eventId))
    .where(and(inScope.events(tx), eq(ticketPackages.eventId, eventId), eq(ticketPackages.id, packageId)))
    .for('no key update', { of: ticketPackages });
  return row?.pkg ?? null;
}

/** Every package row of the event locked, in id order (the order a placement locks packages in). */
export async function lockPackagesOfEvent(tx: ScopedTx, eventId: number): Promise<PackageRow[]> {
  const rows = await tx
    .select({ pkg: ticketPackages })
    .from(ticketPackages)
    .innerJoin(events, eq(events.id, ticketPackages.eventId))
    .where(and(inScope.events(tx), eq(ticketPackages.eventId, eventId)))
    .orderBy(asc(ticketPackages.id))
    .for('no key update', { of: ticketPackages });
  return rows.map((row) => row.pkg);
}

/**
 * Makes a package's held count true before a rule reads it: holds past their time are ended, and the tickets
 * its counter buckets keep in reserve come back to the package row. These are the inventory's own database
 * functions (packages/db/functions, decisions/018), the sweeper's housekeeping, run here as the sweeper runs
 * them: with the connecting role, each statement its own transaction, never inside a console transaction
 * (whose role may only read holds and buckets). The caller has shown, in the scope, that the package is the
 * actor's; the functions lock holds, then the package row, then buckets, as every other caller does.
 */
export async function settlePackageCounts(db: Db, packageId: number): Promise<void> {
  await db.execute(sql`SELECT marquee_reclaim_expired_holds(${packageId})`);
  await db.execute(sql`SELECT marquee_collect_spare_tickets(${packageId})`);
}

/** A venue of the scope (a limited member: only the venues of their events), or null. */
export async function findScopedVenue(tx: ScopedTx, venueId: number): Promise<VenueOfEvent | null> {
  const [row] = await tx
    .select(venueColumns)
    .from(venues)
    .where(and(inScope.venues(tx), eq(venues.id, venueId)));
  return row ?? null;
}

/** Payment gateways by id, with their kind. */
export function findPaymentGateways(tx: ScopedTx) {
  return tx.select({ id: paymentGateways.id, kind: paymentGateways.kind }).from(paymentGateways);
}

/** Whether the scope's organisation is approved (the checklist's first item). */
export async function isOrganisationApproved(tx: ScopedTx): Promise<boolean> {
  const [row] = await tx
    .select({ status: organisations.status })
    .from(organisations)
    .where(eq(organisations.id, scopeOf(tx).organisationId));
  return row?.status === 'approved';
}

const NowSchema = z.object({ rows: z.array(z.object({ now: z.union([z.string(), z.date()]) })).length(1) });

/** The database's clock (the transaction's start): what "in the past" is judged by. */
export async function databaseNow(tx: ScopedTx): Promise<Date> {
  const result = await tx.execute(sql`SELECT now() AS now`);
  const [row] = NowSchema.parse(result).rows;
  return new Date(row?.now ?? Number.NaN);
}

export type NewEventRow = Omit<PlannedEvent['row'], 'organisationId' | 'uid'>;

/**
 * Writes a new event with the importer's writer (one way to insert an event: its search vector comes from the
 * same trigger, its row from the same plan shape), under the scope's organisation. Null when the uid is taken
 * (in a savepoint: the caller's transaction goes on and tries another).
 */
export async function insertEvent(
  tx: ScopedTx,
  input: { uid: string; path: string; venueId: number; row: NewEventRow },
): Promise<number | null> {
  const { organisationId } = scopeOf(tx);
  const plan: EventImportPlan = {
    organisationId,
    issues: [],
    newVenues: [],
    definedVenues: [],
    skippedEvents: [],
    events: [
      {
        index: 0,
        uid: input.uid,
        path: input.path,
        venue: { existing: input.venueId },
        row: { ...input.row, organisationId, uid: input.uid },
        packages: [],
        promos: [],
      },
    ],
  };
  try {
    const result = await writeEventImport(tx, plan);
    return result.events[0]?.id ?? null;
  } catch (error) {
    if (isViolationOf(error, UNIQUE_VIOLATION, 'events_uid_key')) return null;
    throw error;
  }
}

/** Changes the event's columns (the caller holds its lock). */
export async function updateEvent(tx: ScopedTx, eventId: number, values: PgUpdateSetSource<typeof events>) {
  await tx
    .update(events)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(inScope.events(tx), eq(events.id, eventId)));
}

/** A new package of the event (which the caller found in the scope and locked). */
export async function insertPackage(
  tx: ScopedTx,
  values: Omit<typeof ticketPackages.$inferInsert, 'id'> & { eventId: number },
): Promise<number> {
  const [row] = await tx.insert(ticketPackages).values(values).returning({ id: ticketPackages.id });
  if (!row) throw new Error('the package was not inserted');
  return row.id;
}

/** Changes a package of the event. */
export async function updatePackage(
  tx: ScopedTx,
  eventId: number,
  packageId: number,
  values: PgUpdateSetSource<typeof ticketPackages>,
): Promise<void> {
  await tx
    .update(ticketPackages)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(ticketPackages.eventId, eventId), eq(ticketPackages.id, packageId)));
}

/** Changes several packages of the event alike (moving the event to another venue). */
export async function updatePackagesOfEvent(
  tx: ScopedTx,
  eventId: number,
  packageIds: readonly number[],
  values: PgUpdateSetSource<typeof ticketPackages>,
): Promise<void> {
  if (packageIds.length === 0) return;
  await tx
    .update(ticketPackages)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(ticketPackages.eventId, eventId), inArray(ticketPackages.id, [...packageIds])));
}

/** Whether anything was ever sold or held on the package: an order line, a hold or a seat claim names it. */
export async function hasPackageHistory(tx: ScopedTx, packageId: number): Promise<boolean> {
  const [line] = await tx
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(eq(orderLines.packageId, packageId))
    .limit(1);
  if (line) return true;
  const [hold] = await tx.select({ id: holds.id }).from(holds).where(eq(holds.packageId, packageId)).limit(1);
  if (hold) return true;
  const [claim] = await tx
    .select({ seatId: seatClaims.seatId })
    .from(seatClaims)
    .where(eq(seatClaims.packageId, packageId))
    .limit(1);
  return claim !== undefined;
}

export async function deletePackage(tx: ScopedTx, eventId: number, packageId: number): Promise<void> {
  await tx.delete(ticketPackages).where(and(eq(ticketPackages.eventId, eventId), eq(ticketPackages.id, packageId)));
}

/** The event's other packages' seats, by package (seat assignment refuses a seat another package owns). */
export function findOtherPackagesSeats(tx: ScopedTx, eventId: number, packageId: number) {
  return tx
    .select({ id: ticketPackages.id, name: ticketPackages.name, seats: ticketPackages.seatingRange })
    .from(ticketPackages)
    .where(and(eq(ticketPackages.eventId, eventId), ne(ticketPackages.id, packageId)));
}

/** The event's seats that are taken now: sold, or held by a hold that has not expired (database clock). */
export async function findTakenSeats(tx: ScopedTx, eventId: number): Promise<string[]> {
  const rows = await tx
    .select({ seatId: seatClaims.seatId })
    .from(seatClaims)
    .where(
      and(eq(seatClaims.eventId, eventId), or(eq(seatClaims.state, 'sold'), gt(seatClaims.expiresAt, sql`now()`))),
    );
  return rows.map((row) => row.seatId);
}

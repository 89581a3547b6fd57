import { and, asc, eq, exists, inArray, ne, or, sql } from 'drizzle-orm';
import { events, ticketPackages, venues } from '@marquee/db/schema';
import { inScope, scopeOf, type ScopedTx } from '@marquee/db/tenancy';
import type { GenericLayoutSpec } from '@marquee/domain/authoring';
import type { SeatMap } from '@marquee/domain/seat-map';

/*
 * The venues module's queries. Every one takes a `ScopedTx` and filters with `inScope.venues` (or the
 * scope's organisation for a venue's events), so a venue is only ever found inside the actor's organisation
 * (and, for a member limited to chosen events, among the venues of those events); a package only through an
 * event of that venue.
 *
 * Lock order of a layout change: the venue row FOR UPDATE, then its events FOR SHARE, then (only when every one
 * is a draft) their packages FOR NO KEY UPDATE, each in id order. A venue's patch takes the venue row alone
 * (FOR UPDATE; renaming it then updates its events through the search-vector trigger: venue, then events).
 * Why the layout's order cannot deadlock with a sale:
 * - a sale (marquee_place_order, orders/completion) never locks a venue, and takes its event only FOR KEY
 *   SHARE (the foreign key checks of orders and tickets), which FOR SHARE lets through;
 * - a sale takes a package FOR KEY SHARE (the foreign keys of seat_claims and holds, in seat order) and then
 *   FOR NO KEY UPDATE (the counters, in package id order). FOR NO KEY UPDATE here lets its KEY SHARE through
 *   (FOR UPDATE would not, and could wait crosswise with a sale holding one package's key share while
 *   wanting another's), and conflicts with its counter update, which both sides take in package id order;
 * - sales are of published events, and a published event refuses the change before any package is locked.
 * So a sale either committed before our lock (and we see its sold/held counts: READ COMMITTED re-reads a row
 * after waiting for its lock), or waits for our commit. The venue's FOR UPDATE also holds back an event being
 * created at (or moved to) this venue, whose foreign key check takes the venue FOR KEY SHARE, until the change
 * commits; and the events' FOR SHARE holds back their publishing (an UPDATE of the event row).
 */

/** PostgreSQL's integer: an id above it names nothing (and must not reach a query as a 500). */
export const MAX_ID = 2_147_483_647;

const venueColumns = {
  id: venues.id,
  name: venues.name,
  address: venues.address,
  city: venues.city,
  country: venues.country,
  timeZone: venues.timeZone,
  seatMap: venues.seatMap,
  layoutSpec: venues.layoutSpec,
};

/** A venue with what the console computes for it. */
export interface VenueRow {
  id: number;
  name: string;
  address: string;
  city: string;
  country: string;
  timeZone: string;
  seatMap: SeatMap | null;
  layoutSpec: GenericLayoutSpec | null;
  /** An event there is published, or any of its packages has tickets sold or held. */
  layoutLocked: boolean;
  /** The venue's events the scope may see (a member limited to chosen events counts only theirs). */
  eventCount: number;
}

/**
 * The computed fields of the scope's venues (one venue, or all): how many of their events the scope sees,
 * and which venues' layouts are locked (by any event of the organisation, whoever may see it).
 */
async function computedFields(tx: ScopedTx, venueId?: number) {
  const { organisationId } = scopeOf(tx);
  const ofVenue = venueId === undefined ? undefined : eq(events.venueId, venueId);
  const counts = await tx
    .select({ venueId: events.venueId, count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(events)
    .where(and(inScope.events(tx), ofVenue))
    .groupBy(events.venueId);
  const hasTicketsTaken = exists(
    tx
      .select({ one: sql`1` })
      .from(ticketPackages)
      .where(
        and(eq(ticketPackages.eventId, events.id), sql`${ticketPackages.soldCount} + ${ticketPackages.heldCount} > 0`),
      ),
  );
  const locked = await tx
    .selectDistinct({ venueId: events.venueId })
    .from(events)
    .where(and(eq(events.organisationId, organisationId), ofVenue, or(ne(events.status, 'draft'), hasTicketsTaken)));
  return {
    eventCount: new Map(counts.map((row) => [row.venueId, row.count])),
    locked: new Set(locked.map((row) => row.venueId)),
  };
}

/** The scope's venues, by name then city, with their computed fields. */
export async function listVenues(tx: ScopedTx): Promise<VenueRow[]> {
  const rows = await tx
    .select(venueColumns)
    .from(venues)
    .where(inScope.venues(tx))
    .orderBy(asc(venues.name), asc(venues.city), asc(venues.id));
  const computed = await computedFields(tx);
  return rows.map((row) => ({
    ...row,
    layoutLocked: computed.locked.has(row.id),
    eventCount: computed.eventCount.get(row.id) ?? 0,
  }));
}

/** One venue of the scope, with its computed fields; null when the scope has no such venue. */
export async function findVenue(tx: ScopedTx, venueId: number): Promise<VenueRow | null> {
  if (venueId > MAX_ID) return null;
  const [row] = await tx
    .select(venueColumns)
    .from(venues)
    .where(and(inScope.venues(tx), eq(venues.id, venueId)));
  if (!row) return null;
  const computed = await computedFields(tx, venueId);
  return { ...row, layoutLocked: computed.locked.has(row.id), eventCount: computed.eventCount.get(row.id) ?? 0 };
}

/** A venue's stored seat map, found in the scope; undefined when the scope has no such venue. */
export async function findVenueSeatMap(
  tx: ScopedTx,
  venueId: number,
): Promise<{ seatMap: SeatMap | null } | undefined> {
  if (venueId > MAX_ID) return undefined;
  const [row] = await tx
    .select({ seatMap: venues.seatMap })
    .from(venues)
    .where(and(inScope.venues(tx), eq(venues.id, venueId)));
  return row;
}

/**
 * Locks a venue of the scope for a change (FOR UPDATE: see the lock order above) and answers its own fields;
 * null when the scope has no such venue.
 */
export async function lockVenue(tx: ScopedTx, venueId: number) {
  if (venueId > MAX_ID) return null;
  const [row] = await tx
    .select({
      id: venues.id,
      name: venues.name,
      address: venues.address,
      city: venues.city,
      country: venues.country,
      timeZone: venues.timeZone,
      seatMap: venues.seatMap,
      layoutSpec: venues.layoutSpec,
    })
    .from(venues)
    .where(and(inScope.venues(tx), eq(venues.id, venueId)))
    .for('update');
  return row ?? null;
}
export type LockedVenue = NonNullable<Awaited<ReturnType<typeof lockVenue>>>;

export interface NewVenueFields {
  name: string;
  address: string;
  city: string;
  country: string;
  timeZone: string;
}

/** Inserts a venue of the scope's organisation, without a map; answers its id. */
export async function insertVenue(tx: ScopedTx, fields: NewVenueFields): Promise<number> {
  const [row] = await tx
    .insert(venues)
    .values({ ...fields, organisationId: scopeOf(tx).organisationId, seatMap: null, layoutSpec: null })
    .returning({ id: venues.id });
  if (!row) throw new Error('venue was not inserted');
  return row.id;
}

/** Changes a venue of the scope (found and locked before). */
export async function updateVenue(
  tx: ScopedTx,
  venueId: number,
  set: Partial<NewVenueFields> & { seatMap?: SeatMap | null; layoutSpec?: GenericLayoutSpec | null },
): Promise<void> {
  await tx
    .update(venues)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(inScope.venues(tx), eq(venues.id, venueId)));
}

/** How many events of the organisation are at the venue, any status and whoever may see them. */
export async function countVenueEvents(tx: ScopedTx, venueId: number): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(events)
    .where(and(eq(events.organisationId, scopeOf(tx).organisationId), eq(events.venueId, venueId)));
  return row?.count ?? 0;
}

/** The organisation's events at the venue, locked FOR SHARE in id order (a status change waits for us). */
export function lockVenueEvents(tx: ScopedTx, venueId: number) {
  return tx
    .select({ id: events.id, uid: events.uid, status: events.status })
    .from(events)
    .where(and(eq(events.organisationId, scopeOf(tx).organisationId), eq(events.venueId, venueId)))
    .orderBy(asc(events.id))
    .for('share');
}

/** The packages of these events (the venue's, found through it), locked FOR NO KEY UPDATE in id order. */
export function lockEventPackages(tx: ScopedTx, eventIds: readonly number[]) {
  if (eventIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      id: ticketPackages.id,
      eventId: ticketPackages.eventId,
      capacity: ticketPackages.capacity,
      soldCount: ticketPackages.soldCount,
      heldCount: ticketPackages.heldCount,
      seatingRange: ticketPackages.seatingRange,
    })
    .from(ticketPackages)
    .where(inArray(ticketPackages.eventId, [...eventIds]))
    .orderBy(asc(ticketPackages.id))
    .for('no key update');
}

/** A package's seats and capacity after its venue's layout changed (the package was locked above). */
export async function updatePackageSeats(
  tx: ScopedTx,
  packageId: number,
  eventId: number,
  change: { seatingRange: string[]; capacity: number },
): Promise<void> {
  await tx
    .update(ticketPackages)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(ticketPackages.id, packageId), eq(ticketPackages.eventId, eventId)));
}

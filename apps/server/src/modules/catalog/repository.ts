import { and, asc, count, desc, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
import { eventSearchMatch } from '@marquee/db/search';
import { banners, events, paymentGateways, testimonials, ticketPackages, venues } from '@marquee/db/schema';
import type { EventType } from '@marquee/domain/categories';
import { HIDDEN_STATUSES, SOLD_OUT_STATUSES, UNLISTED_STATUSES } from '@marquee/domain/statuses';
import { consoleAutoCode, eventAutoApplyColumns } from '../promotions/auto-apply';

/** Catalogue queries. Each returns plain rows; the service shapes them into API answers. */

/**
 * An event is listed while it is upcoming or live: until its end, or 4 hours after its start when it
 * has no end. Decided by the database clock, like everything time-related.
 */
const isUpcomingOrLive: SQL = sql`coalesce(${events.endDate}, ${events.startDate} + interval '4 hours') >= now()`;

/**
 * What buyers may see (catalog/statuses.ts): an event that is neither a draft nor unpublished by an operator.
 * Anything else does not exist for them: every buyer query that shows one event by its uid has this in its
 * WHERE, so such an event is a 404 exactly like an unknown uid.
 */
const isVisibleToBuyers: SQL = sql`(${notInArray(events.status, [...HIDDEN_STATUSES])} AND ${isNull(events.unpublishedAt)})`;

/**
 * What the lists, search and their counts show: visible, not cancelled (a cancelled event keeps its page,
 * shown closed), and upcoming or live.
 */
const isListed: SQL = sql`(${notInArray(events.status, [...UNLISTED_STATUSES])} AND ${isNull(events.unpublishedAt)} AND ${isUpcomingOrLive})`;

/**
 * A column with its table's name, for correlated subqueries: Drizzle writes a lone column of a
 * single-table query unqualified ("id"), which inside a subquery would name the subquery's own column.
 */
function qualified(table: typeof events | typeof ticketPackages, column: 'id'): SQL {
  return sql`${table}.${sql.identifier(column)}`;
}

/**
 * Tickets taken from a package: sold, plus those on holds that have not expired by the database clock
 * (held_count may still include expired holds that no one has reclaimed yet; they are not taken). A package
 * with buyers waiting in its waitlist's line is taken whole: the tickets that come back are theirs
 * (marquee_take_tickets() gives them to no one else; decisions/049).
 */
export function reservedSeatsSql(): SQL<number> {
  return takenFrom(sql`${ticketPackages}`).mapWith(Number);
}

/** reservedSeatsSql's count for the package row `pkg` (a table name or an alias in the enclosing query). */
function takenFrom(pkg: SQL): SQL<number> {
  return sql<number>`(CASE WHEN EXISTS (
    SELECT 1 FROM waitlist_entries w WHERE w.package_id = ${pkg}.id AND w.status = 'waiting'
  ) THEN ${pkg}.capacity ELSE ${pkg}.sold_count + (
    SELECT coalesce(sum(h.quantity), 0) FROM holds h
    WHERE h.package_id = ${pkg}.id AND h.status = 'active' AND h.expires_at > now()
  ) END)`;
}

/**
 * Sold out is computed, never stored (decisions/032): a published event that has active packages, every
 * one of them taken (sold + unexpired holds >= capacity, as each package's `sold_out` says). In the
 * event's own query, one correlated subquery per row (no N+1); other statuses skip it. It ends by itself
 * when tickets come back (a hold expires or is released), within the catalogue's cache (decisions/009).
 */
const isSoldOut = sql<boolean>`(CASE WHEN ${inArray(events.status, [...SOLD_OUT_STATUSES])} THEN coalesce((
  SELECT bool_and(${takenFrom(sql`sp`)} >= sp.capacity) FROM ${ticketPackages} sp
  WHERE sp.event_id = ${qualified(events, 'id')} AND sp.active
), false) ELSE false END)`;

/** The cheapest active package of the event (minor units), or null. */
const priceFrom = sql<number | null>`(
  SELECT min(tp.price) FROM ${ticketPackages} tp WHERE tp.event_id = ${qualified(events, 'id')} AND tp.active
)`.mapWith(Number);

const summaryColumns = {
  id: events.id,
  uid: events.uid,
  name: events.name,
  type: events.type,
  startDate: events.startDate,
  endDate: events.endDate,
  thumbnailImg: events.thumbnailImg,
  featured: events.featured,
  /** The stored lifecycle status; the service shows buyers the spec's (buyerStatusOf) with isSoldOut. */
  status: events.status,
  isSoldOut,
  /** A presale or pending event's sale start has passed: it is on sale (buyerStatusOf). */
  isSaleOpen: sql<boolean>`coalesce(${events.saleStartsAt} <= now(), false)`,
  currency: events.currency,
  freeEvent: events.freeEvent,
  priceFrom,
  venue: {
    id: venues.id,
    name: venues.name,
    city: venues.city,
    country: venues.country,
    timeZone: venues.timeZone,
  },
};

function typeFilter(type: EventType | null): SQL | undefined {
  return type === null ? undefined : eq(events.type, type);
}

export async function listUpcomingEvents(db: Db, options: { type: EventType | null; limit: number; offset: number }) {
  const where = and(isListed, typeFilter(options.type));
  const rows = await db
    .select(summaryColumns)
    .from(events)
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(where)
    .orderBy(asc(events.startDate), asc(events.id))
    .limit(options.limit)
    .offset(options.offset);
  const [totals] = await db.select({ total: count() }).from(events).where(where);
  return { rows, total: totals?.total ?? 0 };
}

export type EventSummaryRow = Awaited<ReturnType<typeof listTrendingEvents>>[number];

/** Featured events first, then the soonest. */
export function listTrendingEvents(db: Db, options: { type: EventType | null; limit: number }) {
  return db
    .select(summaryColumns)
    .from(events)
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(and(isListed, typeFilter(options.type)))
    .orderBy(desc(events.featured), asc(events.startDate), asc(events.id))
    .limit(options.limit);
}

/** Upcoming or live events matching a `to_tsquery('simple', …)` string, best match first, then the soonest. */
export function searchUpcomingEvents(db: Db, options: { tsQuery: string; limit: number }) {
  // The tsquery text is a bound parameter, built by buildPrefixTsQuery from word characters only.
  const query = sql`to_tsquery('simple', ${options.tsQuery})`;
  return (
    db
      .select({ ...summaryColumns, artists: events.artists })
      .from(events)
      .innerJoin(venues, eq(venues.id, events.venueId))
      .where(and(eventSearchMatch(options.tsQuery), isListed))
      // ts_rank_cd (cover density) with the vector's weights: name A > artists B > venue and city C.
      .orderBy(sql`ts_rank_cd(${events.searchVector}, ${query}) DESC`, asc(events.startDate), asc(events.id))
      .limit(options.limit)
  );
}

/** The event buyers see at this uid; null for an unknown uid, a draft or an unpublished event. */
export function findEventByUid(db: Db, uid: string) {
  return findEventWhere(db, and(eq(events.uid, uid), isVisibleToBuyers));
}

/** The team's preview (previewEvent): the event by its id whatever its status; no buyer-side filter. */
export function findEventById(db: Db, id: number) {
  return findEventWhere(db, eq(events.id, id));
}

async function findEventWhere(db: Db, where: SQL | undefined) {
  const [row] = await db
    .select({
      ...summaryColumns,
      description: events.description,
      artists: events.artists,
      bannerImg: events.bannerImg,
      freeSeating: events.freeSeating,
      promo: events.promo,
      // The event's auto-applied code: a console code marked auto-apply, else the event's own (decisions/045).
      ...eventAutoApplyColumns,
      handlingCost: events.handlingCost,
      waitingRoom: events.waitingRoom,
      paymentGatewayIds: events.paymentGatewayIds,
      venue: {
        ...summaryColumns.venue,
        address: venues.address,
        seatMap: venues.seatMap,
      },
    })
    .from(events)
    .innerJoin(venues, eq(venues.id, events.venueId))
    .leftJoinLateral(consoleAutoCode, sql`true`)
    .where(where)
    .limit(1);
  return row ?? null;
}
export type EventDetailRow = NonNullable<Awaited<ReturnType<typeof findEventWhere>>>;

/** How many tickets of a package are taken, as the catalogue counts them (reservedSeatsSql); null: no such package. */
export async function findPackageTaken(db: Db, packageId: number): Promise<{ capacity: number; taken: number } | null> {
  const [row] = await db
    .select({ capacity: ticketPackages.capacity, taken: reservedSeatsSql() })
    .from(ticketPackages)
    .where(eq(ticketPackages.id, packageId));
  return row ?? null;
}

/** The event's packages in display order, with how many tickets each has taken. */
export function listTicketPackages(db: Db, eventId: number) {
  return db
    .select({
      id: ticketPackages.id,
      name: ticketPackages.name,
      description: ticketPackages.description,
      price: ticketPackages.price,
      capacity: ticketPackages.capacity,
      reservedSeats: reservedSeatsSql(),
      freeSeating: ticketPackages.freeSeating,
      colorClass: ticketPackages.colorClass,
      active: ticketPackages.active,
      inactiveMessage: ticketPackages.inactiveMessage,
      maxPerOrder: ticketPackages.maxPerOrder,
    })
    .from(ticketPackages)
    .where(eq(ticketPackages.eventId, eventId))
    .orderBy(asc(ticketPackages.sortOrder), asc(ticketPackages.id));
}
export type TicketPackageRow = Awaited<ReturnType<typeof listTicketPackages>>[number];

export function listPaymentGateways(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(paymentGateways).where(inArray(paymentGateways.id, ids));
}

/** The event's venue map and each package's seats; null when buyers cannot see such an event. */
export async function findEventSeatMap(db: Db, uid: string) {
  const [event] = await db
    .select({ id: events.id, seatMap: venues.seatMap })
    .from(events)
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(and(eq(events.uid, uid), isVisibleToBuyers))
    .limit(1);
  if (!event) return null;
  const packages = await db
    .select({ id: ticketPackages.id, colorClass: ticketPackages.colorClass, seatingRange: ticketPackages.seatingRange })
    .from(ticketPackages)
    .where(eq(ticketPackages.eventId, event.id))
    .orderBy(asc(ticketPackages.sortOrder), asc(ticketPackages.id));
  return { seatMap: event.seatMap, packages };
}

export function listBanners(db: Db) {
  return db.select().from(banners).orderBy(asc(banners.sortOrder), asc(banners.id));
}

export function listTestimonials(db: Db) {
  return db.select().from(testimonials).orderBy(asc(testimonials.sortOrder), asc(testimonials.id));
}

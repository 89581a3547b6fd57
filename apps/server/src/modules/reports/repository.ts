import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  checkInLists,
  events,
  holds,
  orderLines,
  orders,
  promoCodes,
  refunds,
  ticketPackages,
  tickets,
  venues,
} from '@marquee/db/schema';
import { inScope, type ScopedTx } from '@marquee/db/tenancy';
import { CurrencySchema } from '@marquee/domain/money';
import { PAID_ORDER_STATUSES } from '@marquee/domain/orders';
import { EventLifecycleStatusSchema } from '@marquee/domain/authoring';

/*
 * The console's sales reports (issue 22). Every figure is an aggregate PostgreSQL computes (no order is loaded
 * into memory), read in the scoped transaction: each query names the scope's events (`inScope.events`), and
 * row-level security shows the console role only its organisation's rows anyway (0015). What counts as a sale,
 * a comp, a day: packages/domain/src/organiser/reports.schema.ts.
 */

const PAID = sql.join(
  PAID_ORDER_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/** Counts and sums arrive as bigint (text from node-postgres, a number or a bigint from PGlite). */
const Count = z.coerce.number().int();

function rowsOf<T extends z.ZodType>(schema: T, result: unknown): z.infer<T>[] {
  return z.object({ rows: z.array(schema) }).parse(result).rows;
}

/** Which of the scope's events a report covers: one, or all of them. */
export type EventFilter = { eventId: number } | 'all';

function eventsOf(tx: ScopedTx, filter: EventFilter): SQL {
  const scoped = inScope.events(tx);
  return filter === 'all' ? scoped : sql`${scoped} AND ${events.id} = ${filter.eventId}`;
}

const EventRowSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  name: z.string(),
  status: EventLifecycleStatusSchema,
  starts_at: z.string(),
  currency: CurrencySchema,
  time_zone: z.string(),
  generated_at: z.string(),
});

/** The event in scope with its venue's zone, and the database's clock; null when it is not in scope. */
export async function findScopedEvent(tx: ScopedTx, eventId: number) {
  const result = await tx.execute(sql`
    SELECT ${events.id} AS id, ${events.uid} AS uid, ${events.name} AS name, ${events.status} AS status,
           to_char(${events.startDate} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS starts_at,
           ${events.currency} AS currency, ${venues.timeZone} AS time_zone,
           to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS generated_at
    FROM ${events} JOIN ${venues} ON ${venues.id} = ${events.venueId}
    WHERE ${eventsOf(tx, { eventId })}`);
  return rowsOf(EventRowSchema, result)[0] ?? null;
}

const EventSalesSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  name: z.string(),
  status: EventLifecycleStatusSchema,
  starts_at: z.string(),
  time_zone: z.string(),
  currency: CurrencySchema,
  capacity: Count,
  orders: Count,
  gross: Count,
  refunded: Count,
  discount: Count,
  tickets_sold: Count,
  comps: Count,
  checked_in: Count,
  admitting: Count,
  refunds_count: Count,
});
export type EventSales = z.infer<typeof EventSalesSchema>;

/**
 * Each event's sales, in one statement of per-event aggregates: paid sales (orders, gross, refunded, discount),
 * the tickets that still admit (sold, comps, checked in), the refunds given, the packages' capacity. Latest
 * start first.
 */
export async function findEventSales(tx: ScopedTx, filter: EventFilter): Promise<EventSales[]> {
  const result = await tx.execute(sql`
    WITH scoped AS (SELECT ${events.id} AS id FROM ${events} WHERE ${eventsOf(tx, filter)}),
    sales AS (
      SELECT o.event_id, count(*) AS orders, sum(o.total) AS gross, sum(o.refunded_amount) AS refunded,
             sum(o.discount) AS discount
      FROM ${orders} o JOIN scoped s ON s.id = o.event_id
      WHERE o.status IN (${PAID}) AND o.kind = 'sale'
      GROUP BY o.event_id),
    issued AS (
      SELECT t.event_id,
             count(*) FILTER (WHERE o.kind = 'sale') AS tickets_sold,
             count(*) FILTER (WHERE o.kind = 'comp') AS comps,
             count(*) FILTER (WHERE t.used_at IS NOT NULL) AS checked_in,
             count(*) AS admitting
      FROM ${tickets} t JOIN scoped s ON s.id = t.event_id JOIN ${orders} o ON o.id = t.order_id
      WHERE t.voided_at IS NULL AND o.status IN (${PAID})
      GROUP BY t.event_id),
    given_back AS (
      SELECT r.event_id, count(*) AS refunds_count
      FROM ${refunds} r JOIN scoped s ON s.id = r.event_id
      GROUP BY r.event_id),
    capacity AS (
      SELECT p.event_id, sum(p.capacity) AS capacity
      FROM ${ticketPackages} p JOIN scoped s ON s.id = p.event_id
      GROUP BY p.event_id)
    SELECT e.id, e.uid, e.name, e.status, e.currency, v.time_zone,
           to_char(e.start_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS starts_at,
           coalesce(c.capacity, 0) AS capacity,
           coalesce(sales.orders, 0) AS orders, coalesce(sales.gross, 0) AS gross,
           coalesce(sales.refunded, 0) AS refunded, coalesce(sales.discount, 0) AS discount,
           coalesce(i.tickets_sold, 0) AS tickets_sold, coalesce(i.comps, 0) AS comps,
           coalesce(i.checked_in, 0) AS checked_in, coalesce(i.admitting, 0) AS admitting,
           coalesce(g.refunds_count, 0) AS refunds_count
    FROM ${events} e JOIN scoped s ON s.id = e.id
    JOIN ${venues} v ON v.id = e.venue_id
    LEFT JOIN sales ON sales.event_id = e.id
    LEFT JOIN issued i ON i.event_id = e.id
    LEFT JOIN given_back g ON g.event_id = e.id
    LEFT JOIN capacity c ON c.event_id = e.id
    ORDER BY e.start_date DESC, e.id DESC`);
  return rowsOf(EventSalesSchema, result);
}

const SalesDayRowSchema = z.object({ currency: CurrencySchema, date: z.string(), tickets: Count, revenue: Count });
export type SalesDayRow = z.infer<typeof SalesDayRowSchema>;

/**
 * Tickets and revenue per local day and currency, zero-filled: each paid sale on the day it was paid in its
 * venue's zone (an order at 23:30 in Colombo is that Colombo day), its refunds taken off that same day. The days
 * run from the first sale to today, or to the last event's end when that is sooner (never before the last sale).
 */
export async function findSalesDays(tx: ScopedTx, filter: EventFilter): Promise<SalesDayRow[]> {
  const result = await tx.execute(sql`
    WITH sale AS (
      SELECT ${events.currency} AS currency,
             (coalesce(o.paid_at, o.created_at) AT TIME ZONE ${venues.timeZone})::date AS day,
             o.total - o.refunded_amount AS revenue,
             (SELECT count(*) FROM ${tickets} t WHERE t.order_id = o.id AND t.voided_at IS NULL) AS tickets
      FROM ${orders} o
      JOIN ${events} ON ${events.id} = o.event_id
      JOIN ${venues} ON ${venues.id} = ${events.venueId}
      WHERE ${eventsOf(tx, filter)} AND o.status IN (${PAID}) AND o.kind = 'sale'),
    ends AS (
      SELECT ${events.currency} AS currency,
             max((now() AT TIME ZONE ${venues.timeZone})::date) AS today,
             max((coalesce(${events.endDate}, ${events.startDate}) AT TIME ZONE ${venues.timeZone})::date) AS last_event_day
      FROM ${events} JOIN ${venues} ON ${venues.id} = ${events.venueId}
      WHERE ${eventsOf(tx, filter)}
      GROUP BY ${events.currency}),
    by_day AS (
      SELECT currency, day, sum(tickets) AS tickets, sum(revenue) AS revenue FROM sale GROUP BY currency, day),
    span AS (
      SELECT b.currency, min(b.day) AS first_day,
             greatest(max(b.day), least(max(ends.today), max(ends.last_event_day))) AS last_day
      FROM by_day b JOIN ends ON ends.currency = b.currency
      GROUP BY b.currency)
    SELECT span.currency, to_char(d.day, 'YYYY-MM-DD') AS date,
           coalesce(b.tickets, 0) AS tickets, coalesce(b.revenue, 0) AS revenue
    FROM span
    CROSS JOIN LATERAL generate_series(span.first_day::timestamp, span.last_day::timestamp, interval '1 day') AS d(day)
    LEFT JOIN by_day b ON b.currency = span.currency AND b.day = d.day::date
    ORDER BY span.currency, d.day`);
  return rowsOf(SalesDayRowSchema, result);
}

const PackageRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  capacity: Count,
  sold: Count,
  held: Count,
  comps: Count,
});

/**
 * The event's packages in their order: capacity, sold (the package's counter, comps included: they count against
 * capacity), held on live holds, and comps. Held is what the catalogue counts as taken beyond sold: active holds
 * that have not expired (an expired hold no one has reclaimed yet still sits in `held_count`, and a large
 * package's counter buckets hold spare tickets there too; neither is a buyer at the checkout).
 */
export async function findPackages(tx: ScopedTx, eventId: number) {
  const result = await tx.execute(sql`
    SELECT p.id, p.name, p.capacity, p.sold_count AS sold,
           (SELECT coalesce(sum(h.quantity), 0) FROM ${holds} h
             WHERE h.package_id = p.id AND h.status = 'active' AND h.expires_at > now()) AS held,
           (SELECT count(*) FROM ${tickets} t JOIN ${orders} o ON o.id = t.order_id
             WHERE t.package_id = p.id AND t.voided_at IS NULL AND o.kind = 'comp' AND o.status IN (${PAID})) AS comps
    FROM ${ticketPackages} p JOIN ${events} ON ${events.id} = p.event_id
    WHERE ${eventsOf(tx, { eventId })}
    ORDER BY p.sort_order, p.id`);
  return rowsOf(PackageRowSchema, result);
}

const PromotionRowSchema = z.object({ code: z.string(), orders: Count, tickets: Count, discount: Count });

/** The event's promo codes used by paid sales (a code never used is left out), most used first. */
export async function findPromotionUse(tx: ScopedTx, eventId: number) {
  const result = await tx.execute(sql`
    SELECT pc.code, count(o.id) AS orders, coalesce(sum(lines.quantity), 0) AS tickets,
           coalesce(sum(o.discount), 0) AS discount
    FROM ${promoCodes} pc
    JOIN ${events} ON ${events.id} = pc.event_id
    JOIN ${orders} o ON o.promo_code_id = pc.id AND o.status IN (${PAID}) AND o.kind = 'sale'
    CROSS JOIN LATERAL (SELECT sum(l.quantity) AS quantity FROM ${orderLines} l WHERE l.order_id = o.id) lines
    WHERE ${eventsOf(tx, { eventId })}
    GROUP BY pc.id, pc.code
    ORDER BY count(o.id) DESC, pc.code`);
  return rowsOf(PromotionRowSchema, result);
}

const CheckInListRowSchema = z.object({ id: z.number().int(), name: z.string(), checked_in: Count, total: Count });

/**
 * The event's check-in lists with their tickets that still admit (those of the packages each list names) and how
 * many of them were admitted. Lists may overlap: a ticket counts in each list that names its package.
 */
export async function findCheckInLists(tx: ScopedTx, eventId: number) {
  const result = await tx.execute(sql`
    SELECT l.id, l.name,
           count(t.id) FILTER (WHERE t.used_at IS NOT NULL) AS checked_in, count(t.id) AS total
    FROM ${checkInLists} l
    JOIN ${events} ON ${events.id} = l.event_id
    LEFT JOIN (${tickets} t JOIN ${orders} o ON o.id = t.order_id AND o.status IN (${PAID}))
      ON t.event_id = l.event_id AND t.package_id = ANY (l.package_ids) AND t.voided_at IS NULL
    WHERE ${eventsOf(tx, { eventId })}
    GROUP BY l.id, l.name
    ORDER BY l.name, l.id`);
  return rowsOf(CheckInListRowSchema, result);
}

/** The database's clock, as an ISO instant (what `generated_at` says). */
export async function databaseNow(tx: ScopedTx): Promise<string> {
  const result = await tx.execute(
    sql`SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS now`,
  );
  return rowsOf(z.object({ now: z.string() }), result)[0]?.now ?? new Date().toISOString();
}

/**
 * The reliability run's verdict, in SQL over the run's events (and the SMTP server's log): each check
 * counts violations, and every one of them must be 0.
 */
import type pg from 'pg';
import { z } from 'zod';
import { EventDetailSchema } from '@marquee/domain/catalog';

export interface Check {
  name: string;
  violations: number;
  /** What was looked at, for the report (e.g. "over 412 paid orders"). */
  detail: string;
}

const Count = z.object({ n: z.coerce.number() });

async function count(pool: pg.Pool, sql: string, params: unknown[]): Promise<number> {
  return Count.parse((await pool.query(sql, params)).rows[0]).n;
}

/** `PAID`: the orders that are paid and hold tickets. */
const PAID = `SELECT id, order_id FROM orders WHERE event_id = ANY($1::int[]) AND status IN ('complete', 'verified')`;

export async function runChecks(
  pool: pg.Pool,
  options: {
    eventIds: number[];
    /** How many times each Message-ID reached the SMTP server. */
    received: Map<string, number>;
    /** The Message-ID of an order's confirmation (as modules/mail makes it). */
    confirmationMessageId: (bookingId: string) => string;
    /** An expired hold older than this (seconds) should have been swept by now. */
    sweepGraceSeconds: number;
    /** What the API says is taken per package (reserved_seats), read after the caches expired. */
    apiReserved: Map<number, number>;
  },
): Promise<{ checks: Check[]; figures: Record<string, number> }> {
  const ids = [options.eventIds];
  const checks: Check[] = [];
  const add = (name: string, violations: number, detail: string) => checks.push({ name, violations, detail });

  const packages = await count(pool, `SELECT count(*) AS n FROM ticket_packages WHERE event_id = ANY($1::int[])`, ids);
  const paidOrders = await count(pool, `SELECT count(*) AS n FROM (${PAID}) p`, ids);
  const ticketCount = await count(pool, `SELECT count(*) AS n FROM tickets WHERE event_id = ANY($1::int[])`, ids);

  add(
    'no package sold or held over capacity',
    await count(
      pool,
      `SELECT count(*) AS n FROM ticket_packages tp
       WHERE tp.event_id = ANY($1::int[]) AND (
         (SELECT count(*) FROM tickets t WHERE t.package_id = tp.id) > tp.capacity
         OR tp.sold_count + (SELECT coalesce(sum(h.quantity), 0) FROM holds h
                             WHERE h.package_id = tp.id AND h.status = 'active' AND h.expires_at > now()) > tp.capacity
         OR tp.sold_count + tp.held_count > tp.capacity)`,
      ids,
    ),
    `${packages} packages: tickets, sold + active holds, and sold + held_count within capacity`,
  );
  add(
    "package counters agree with the rows (sold_count = tickets, held_count = active holds)",
    await count(
      pool,
      `SELECT count(*) AS n FROM ticket_packages tp
       WHERE tp.event_id = ANY($1::int[]) AND (
         tp.sold_count <> (SELECT count(*) FROM tickets t WHERE t.package_id = tp.id)
         OR tp.held_count <> (SELECT coalesce(sum(h.quantity), 0) FROM holds h WHERE h.package_id = tp.id AND h.status = 'active'))`,
      ids,
    ),
    `${packages} packages`,
  );
  add(
    'no seat sold twice',
    await count(
      pool,
      `SELECT count(*) AS n FROM (
         SELECT event_id, seat_id FROM tickets WHERE event_id = ANY($1::int[]) AND seat_id IS NOT NULL
         GROUP BY 1, 2 HAVING count(*) > 1
         UNION
         SELECT o.event_id, s.seat FROM orders o JOIN order_lines l ON l.order_id = o.id CROSS JOIN LATERAL unnest(l.seats) AS s(seat)
         WHERE o.event_id = ANY($1::int[]) AND o.status IN ('complete', 'verified')
         GROUP BY 1, 2 HAVING count(*) > 1) d`,
      ids,
    ),
    'tickets and paid order lines per (event, seat)',
  );
  add(
    'every paid order has exactly its tickets',
    await count(
      pool,
      `SELECT count(DISTINCT p.id) AS n FROM (${PAID}) p
       JOIN order_lines l ON l.order_id = p.id
       CROSS JOIN LATERAL (
         SELECT count(*) AS tickets,
                coalesce(array_agg(t.seat_id ORDER BY t.seat_id) FILTER (WHERE t.seat_id IS NOT NULL), '{}') AS seats
         FROM tickets t WHERE t.order_id = p.id AND t.package_id = l.package_id) t
       WHERE t.tickets <> l.quantity
          OR t.seats <> coalesce((SELECT array_agg(s ORDER BY s) FROM unnest(l.seats) s), '{}')
          OR EXISTS (SELECT 1 FROM tickets x WHERE x.order_id = p.id AND NOT EXISTS (
               SELECT 1 FROM order_lines y WHERE y.order_id = p.id AND y.package_id = x.package_id))`,
      ids,
    ),
    `${paidOrders} paid orders, ${ticketCount} tickets: one per admission or seat of each line`,
  );
  add(
    'no ticket without a paid order',
    await count(
      pool,
      `SELECT count(*) AS n FROM tickets t JOIN orders o ON o.id = t.order_id
       WHERE t.event_id = ANY($1::int[]) AND o.status NOT IN ('complete', 'verified')`,
      ids,
    ),
    `${ticketCount} tickets`,
  );
  add(
    'every succeeded payment completed its order exactly once, or was refunded',
    await count(
      pool,
      `SELECT count(*) AS n FROM orders o JOIN sandbox_payment_intents i ON i.reference = o.order_id
       WHERE o.event_id = ANY($1::int[]) AND (
         (i.status = 'succeeded' AND o.status NOT IN ('complete', 'verified'))
         OR (o.status IN ('complete', 'verified') AND i.status <> 'succeeded')
         OR (o.status = 'failed' AND i.status <> 'refunded'))`,
      ids,
    ),
    'sandbox intents against their orders',
  );

  // E-mail: strictly one confirmation row per paid order, sent; none for an unpaid one; each received.
  add(
    'every paid order has exactly one confirmation e-mail, sent',
    await count(
      pool,
      `SELECT count(*) AS n FROM (${PAID}) p
       WHERE (SELECT count(*) FROM outbox x WHERE x.order_id = p.id AND x.kind = 'order_confirmation') <> 1
          OR NOT EXISTS (SELECT 1 FROM outbox x WHERE x.order_id = p.id AND x.kind = 'order_confirmation' AND x.status = 'sent')`,
      ids,
    ),
    `${paidOrders} paid orders (outbox)`,
  );
  add(
    'no confirmation e-mail for an unpaid order',
    await count(
      pool,
      `SELECT count(*) AS n FROM outbox x JOIN orders o ON o.id = x.order_id
       WHERE o.event_id = ANY($1::int[]) AND x.kind = 'order_confirmation' AND o.status NOT IN ('complete', 'verified')`,
      ids,
    ),
    'outbox',
  );
  const paidIds = z
    .array(z.object({ order_id: z.string() }))
    .parse((await pool.query(PAID, ids)).rows)
    .map((row) => row.order_id);
  const expected = new Set(paidIds.map(options.confirmationMessageId));
  const missing = [...expected].filter((id) => !options.received.has(id)).length;
  const confirmationsReceived = [...options.received].filter(([id]) => id.startsWith('<order-confirmation.'));
  const unexpected = confirmationsReceived.filter(([id]) => !expected.has(id)).length;
  add(
    'the SMTP server received every confirmation, and none for an unpaid order',
    missing + unexpected,
    `${expected.size} expected Message-IDs: ${missing} missing, ${unexpected} not of a paid order`,
  );

  // Holds: none past its ten minutes is still counted.
  add(
    'no expired hold left active past the sweeper (holds older than 10 minutes)',
    await count(
      pool,
      `SELECT count(*) AS n FROM holds h JOIN orders o ON o.id = h.order_id
       WHERE o.event_id = ANY($1::int[]) AND h.status = 'active'
         AND h.expires_at < now() - make_interval(secs => $2)`,
      [options.eventIds, options.sweepGraceSeconds],
    ),
    `active holds whose 10 minutes ended more than ${options.sweepGraceSeconds} s ago`,
  );
  const truth = z
    .array(z.object({ id: z.number(), taken: z.coerce.number() }))
    .parse(
      (
        await pool.query(
          `SELECT tp.id, tp.sold_count + (SELECT coalesce(sum(h.quantity), 0) FROM holds h
             WHERE h.package_id = tp.id AND h.status = 'active' AND h.expires_at > now()) AS taken
           FROM ticket_packages tp WHERE tp.event_id = ANY($1::int[])`,
          ids,
        )
      ).rows,
    );
  add(
    'the API counts no expired hold as taken (reserved_seats = sold + unexpired holds)',
    truth.filter((row) => options.apiReserved.get(row.id) !== row.taken).length,
    `${truth.length} packages, GET /api/events/{uid} against SQL`,
  );

  const figures: Record<string, number> = {
    packages,
    paidOrders,
    tickets: ticketCount,
    failedRefundedOrders: await count(
      pool,
      `SELECT count(*) AS n FROM orders WHERE event_id = ANY($1::int[]) AND status = 'failed'`,
      ids,
    ),
    cancelledOrExpiredOrders: await count(
      pool,
      `SELECT count(*) AS n FROM orders WHERE event_id = ANY($1::int[]) AND status = 'cancelled'`,
      ids,
    ),
    confirmationsReceived: confirmationsReceived.length,
    duplicateDeliveries: [...options.received.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0),
    emailAttempts: await count(pool, `SELECT coalesce(sum(attempts), 0) AS n FROM outbox`, []),
    emailsRetried: await count(pool, `SELECT count(*) AS n FROM outbox WHERE attempts > 1`, []),
    webhookDeliveries: await count(pool, `SELECT count(*) AS n FROM sandbox_webhook_deliveries`, []),
    webhooksRetried: await count(pool, `SELECT count(*) AS n FROM sandbox_webhook_deliveries WHERE attempts > 1`, []),
    webhooksUndelivered: await count(
      pool,
      `SELECT count(*) AS n FROM sandbox_webhook_deliveries WHERE delivered_at IS NULL`,
      [],
    ),
  };
  return { checks, figures };
}

/** reserved_seats per package id, as the API tells buyers (one server answers for all). */
export async function readApiReserved(port: number, eventUids: string[]): Promise<Map<number, number>> {
  const reserved = new Map<number, number>();
  for (const uid of eventUids) {
    const response = await fetch(`http://127.0.0.1:${port}/api/events/${uid}`);
    const event = EventDetailSchema.parse(await response.json());
    for (const pkg of event.ticket_packages) reserved.set(pkg.id, pkg.reserved_seats);
  }
  return reserved;
}

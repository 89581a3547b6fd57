import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@marquee/db/client';

/** The waiting room's SQL (issue 23; decisions/048); the queue's functions are in packages/db/functions. */

const Timestamp = z.union([z.string(), z.date()]).transform((value) => new Date(value));

export interface QueueEvent {
  id: number;
  uid: string;
  waitingRoom: boolean;
  admitPerMinute: number;
  status: string;
  isVisible: boolean;
  isSaleOpen: boolean;
  saleStartsAt: Date | null;
}

const EventRowsSchema = z.object({
  rows: z.array(
    z.object({
      id: z.coerce.number(),
      uid: z.string(),
      waiting_room: z.boolean(),
      admit_per_minute: z.coerce.number(),
      status: z.string(),
      is_visible: z.boolean(),
      is_sale_open: z.boolean(),
      sale_starts_at: Timestamp.nullable(),
    }),
  ),
});

export async function findQueueEvent(db: Db, uid: string): Promise<QueueEvent | null> {
  const row = EventRowsSchema.parse(
    await db.execute(sql`
      SELECT id, uid, waiting_room, admit_per_minute, status,
        (unpublished_at IS NULL AND status <> 'draft') AS is_visible,
        coalesce(sale_starts_at <= now(), false) AS is_sale_open, sale_starts_at
      FROM events WHERE uid = ${uid}`),
  ).rows[0];
  if (!row) return null;
  return {
    id: row.id,
    uid: row.uid,
    waitingRoom: row.waiting_room,
    admitPerMinute: row.admit_per_minute,
    status: row.status,
    isVisible: row.is_visible,
    isSaleOpen: row.is_sale_open,
    saleStartsAt: row.sale_starts_at,
  };
}

const JoinRowsSchema = z.object({
  rows: z.array(z.object({ entry_id: z.coerce.number(), entry_position: z.coerce.number().nullable() })).length(1),
});

/** Makes or finds the browser's place (marquee_queue_join.sql). */
export async function joinQueue(
  db: Db,
  input: { eventId: number; visitor: string; open: boolean; rate: number; admissionMinutes: number },
): Promise<void> {
  JoinRowsSchema.parse(
    await db.execute(sql`
      SELECT * FROM marquee_queue_join(${input.eventId}::int, ${input.visitor}::text, ${input.open}::boolean,
        ${input.rate}::int, ${input.admissionMinutes}::int)`),
  );
}

/**
 * Moves the room's admitted places on by the rate over the time since its last tick (at most 5 s of it, so a
 * room nobody asked about for a while does not let a crowd in at once), never past the places handed out.
 * At most one tick a second takes effect, whichever process sends it.
 */
export async function tickRoom(db: Db, eventId: number, ratePerMinute: number): Promise<void> {
  await db.execute(sql`
    UPDATE queue_rooms
    SET admitted_through = least(joined::float8,
          admitted_through + ${ratePerMinute}::int * least(extract(epoch FROM now() - ticked_at), 5) / 60.0),
        rate_per_minute = ${ratePerMinute}::int, ticked_at = now()
    WHERE event_id = ${eventId} AND opened_at IS NOT NULL AND ticked_at <= now() - interval '1 second'`);
}

const PlaceRowsSchema = z.object({
  rows: z.array(
    z.object({
      id: z.coerce.number(),
      position: z.coerce.number().nullable(),
      admitted_at: Timestamp.nullable(),
      opened_at: Timestamp.nullable(),
      admitted_through: z.coerce.number(),
      rate_per_minute: z.coerce.number(),
      now: Timestamp,
    }),
  ),
});
export type Place = z.infer<typeof PlaceRowsSchema>['rows'][number];

/** The browser's place and its room, or null when it has none. */
export async function findPlace(db: Db, eventId: number, visitor: string): Promise<Place | null> {
  return (
    PlaceRowsSchema.parse(
      await db.execute(sql`
        SELECT q.id, q.position, q.admitted_at, r.opened_at, r.admitted_through, r.rate_per_minute, now() AS now
        FROM queue_entries q JOIN queue_rooms r ON r.event_id = q.event_id
        WHERE q.event_id = ${eventId} AND q.visitor = ${visitor}`),
    ).rows[0] ?? null
  );
}

const AdmittedRowsSchema = z.object({ rows: z.array(z.object({ admitted_at: Timestamp })) });

/** The first time a place is found within the admitted ones: its admission starts now (once). */
export async function markAdmitted(db: Db, entryId: number): Promise<Date | null> {
  const rows = AdmittedRowsSchema.parse(
    await db.execute(sql`
      UPDATE queue_entries SET admitted_at = now() WHERE id = ${entryId} AND admitted_at IS NULL RETURNING admitted_at`),
  ).rows;
  return rows[0]?.admitted_at ?? null;
}

const UsedRowsSchema = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) });

/**
 * Counts one order against the browser's admission, if it is admitted, not expired and has orders left; false
 * otherwise (nothing written).
 */
export async function useAdmission(
  db: Db,
  input: { eventId: number; visitor: string; admissionMinutes: number; ordersPerAdmission: number },
): Promise<boolean> {
  const rows = UsedRowsSchema.parse(
    await db.execute(sql`
      UPDATE queue_entries SET orders_placed = orders_placed + 1
      WHERE event_id = ${input.eventId} AND visitor = ${input.visitor} AND admitted_at IS NOT NULL
        AND admitted_at > now() - make_interval(mins => ${input.admissionMinutes}::int)
        AND orders_placed < ${input.ordersPerAdmission}
      RETURNING id`),
  ).rows;
  return rows.length === 1;
}

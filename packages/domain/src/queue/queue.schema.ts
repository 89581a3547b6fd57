import { z } from 'zod';

/**
 * The waiting room of an on-sale (issue 23; decisions/048). An event behind a waiting room sells only to
 * buyers the queue has admitted: `POST /api/orders` for it needs the admission cookie, signed by the server and
 * bound to the buyer's queue cookie (their place), valid for ADMISSION_MINUTES.
 *
 * - Before the sale opens, buyers join a **pre-queue**; when it opens, each gets a **random** place (arriving
 *   early gives no edge over arriving on time). Later arrivals join the end, in order.
 * - Places are admitted at a rate (per minute) the event sets, lowered by the server when placing orders gets
 *   slow or fails.
 * - One place per browser (the `mq_queue` cookie): refreshing, reopening the tab or opening many tabs keeps it.
 */

/** Cookie names: the buyer's place in every queue, and one admission per event (`mq_admit_{event id}`). */
export const QUEUE_COOKIE = 'mq_queue';
export const ADMISSION_COOKIE_PREFIX = 'mq_admit_';

/** How long an admission lasts: time to choose tickets and pay (the hold then runs its own 10 minutes). */
export const ADMISSION_MINUTES = 20;

/** Orders one admission may place (a retry after a refusal or a cancellation, not a second buyer's). */
export const ORDERS_PER_ADMISSION = 3;

/** The default admission rate of a waiting room, and its bounds. */
export const DEFAULT_ADMIT_PER_MINUTE = 600;
export const MIN_ADMIT_PER_MINUTE = 10;
export const MAX_ADMIT_PER_MINUTE = 100_000;

export const QUEUE_STATES = ['pre_queue', 'waiting', 'admitted', 'expired'] as const;
export const QueueStateSchema = z.enum(QUEUE_STATES);
export type QueueState = z.infer<typeof QueueStateSchema>;

/** GET/POST /api/events/{uid}/queue: where the buyer is. */
export const QueueStatusSchema = z.object({
  event_uid: z.string(),
  /**
   * pre_queue: the sale has not opened; the place is drawn at random when it does. waiting: in line.
   * admitted: may buy until `admitted_until`. expired: the admission ran out (join again for a new place).
   */
  state: QueueStateSchema,
  /** When the sale opens (pre_queue), else null. */
  opens_at: z.iso.datetime({ offset: true }).nullable(),
  /** 1 = next to be admitted; null before the draw and once admitted. */
  position: z.number().int().positive().nullable(),
  /** Estimated seconds until admission, from the current rate; null when not waiting. */
  estimated_wait_seconds: z.number().int().nonnegative().nullable(),
  /** Buyers admitted per minute now. */
  admit_per_minute: z.number().int().nonnegative(),
  /** Until when the admission lasts (admitted), else null. */
  admitted_until: z.iso.datetime({ offset: true }).nullable(),
  /** When to ask again (seconds): clients poll no sooner. */
  poll_after_seconds: z.number().int().positive(),
  /** The database clock when the answer was made. */
  server_time: z.iso.datetime({ offset: true }),
});
export type QueueStatus = z.infer<typeof QueueStatusSchema>;

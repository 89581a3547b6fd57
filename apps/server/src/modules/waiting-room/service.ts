import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@marquee/db/client';
import { buyerStatusOf } from '@marquee/domain/statuses';
import {
  ADMISSION_COOKIE_PREFIX,
  ADMISSION_MINUTES,
  ORDERS_PER_ADMISSION,
  type QueueStatus,
} from '@marquee/domain/queue';
import { AppError, notFound } from '../../plugins/app-error';
import { lazyAppSecret } from '../../lib/app-secrets';
import { TtlCache } from '../../lib/ttl-cache';
import { isEventUid } from '../catalog/service';
import { signAdmission, verifyAdmission, visitorTag } from './admission-token';
import type { OrderHealth } from './health';
import * as repository from './repository';
import type { QueueEvent } from './repository';

export type WaitingRoomService = ReturnType<typeof createWaitingRoomService>;

/** What a queue answer carries besides its body: the admission cookie, when the buyer is in. */
export interface QueueReply {
  status: QueueStatus;
  admission: { name: string; value: string; maxAgeSeconds: number } | null;
}

/** A browser's queue cookie: a new random value, and the visitor it stands for (its sha256). */
export function newQueueCookie(): string {
  return randomBytes(24).toString('base64url');
}

export function visitorOf(cookie: string | undefined | null): string | null {
  if (!cookie || cookie.length > 100) return null;
  return createHash('sha256').update(cookie).digest('hex');
}

const EVENT_NOT_FOUND = 'Event not found.';

/**
 * The on-sale's waiting room (issue 23; decisions/048). Nothing is kept in this process but a throttle of its
 * own ticks: the places, the draw and the admitted places are rows of PostgreSQL, shared by every process.
 */
export function createWaitingRoomService(deps: {
  db: Db;
  health: OrderHealth;
  now?: () => number;
  /** How long one process reuses an event's row (1 s by default; 0 in tests). */
  eventCacheTtlMs?: number;
}) {
  const { db, health } = deps;
  const now = deps.now ?? Date.now;
  // The admissions' HMAC key, one per database (app_secrets), read when the first admission is signed or checked.
  const admissionKey = lazyAppSecret(db, 'queue_admission_key');
  const lastTick = new Map<number, number>();

  // A crowd polls the same event: its row is read at most once a second per process (a status or rate change
  // made in the console is seen within that second).
  const events = new TtlCache<{ event: QueueEvent | null }>({ ttlMs: deps.eventCacheTtlMs ?? 1_000, maxEntries: 1_000 });

  async function requireRoom(uid: string): Promise<QueueEvent> {
    const { event } = isEventUid(uid)
      ? await events.getOrLoad(uid, async () => ({ event: await repository.findQueueEvent(db, uid) }))
      : { event: null };
    if (!event || !event.isVisible) throw notFound(EVENT_NOT_FOUND);
    if (!event.waitingRoom) throw new AppError('conflict', 'This sale has no waiting room: choose your tickets on the event page.');
    return event;
  }

  function shownStatus(event: QueueEvent) {
    return buyerStatusOf(event.status as Parameters<typeof buyerStatusOf>[0], {
      isSoldOut: false,
      isSaleOpen: event.isSaleOpen,
    });
  }

  function rateOf(event: QueueEvent): number {
    return Math.max(1, Math.round(event.admitPerMinute * health.factor()));
  }

  /** Moves the room on, at most once a second from this process; true when it asked the database. */
  async function tick(event: QueueEvent): Promise<boolean> {
    const at = now();
    if ((lastTick.get(event.id) ?? 0) > at - 1_000) return false;
    lastTick.set(event.id, at);
    if (lastTick.size > 1_000) lastTick.delete(lastTick.keys().next().value as number);
    await repository.tickRoom(db, event.id, rateOf(event));
    return true;
  }

  async function place(event: QueueEvent, visitor: string): Promise<repository.Place | null> {
    const open = shownStatus(event) === 'ongoing';
    let found = await repository.findPlace(db, event.id, visitor);
    // The sale has opened and nobody has drawn the pre-queue yet, or this place missed the draw: join again.
    if (found && open && (found.opened_at === null || found.position === null)) {
      await repository.joinQueue(db, {
        eventId: event.id,
        visitor,
        open,
        rate: rateOf(event),
        admissionMinutes: ADMISSION_MINUTES,
      });
      found = await repository.findPlace(db, event.id, visitor);
    }
    if (found?.opened_at && (await tick(event))) found = await repository.findPlace(db, event.id, visitor);
    return found;
  }

  async function reply(event: QueueEvent, visitor: string, found: repository.Place): Promise<QueueReply> {
    const base = {
      event_uid: event.uid,
      admit_per_minute: found.rate_per_minute,
      server_time: found.now.toISOString(),
    };
    if (found.opened_at === null || found.position === null) {
      const opensAt = event.saleStartsAt && event.saleStartsAt > found.now ? event.saleStartsAt : null;
      const untilOpen = opensAt ? Math.ceil((opensAt.getTime() - found.now.getTime()) / 1000) : 10;
      return {
        status: {
          ...base,
          state: 'pre_queue',
          opens_at: opensAt?.toISOString() ?? null,
          position: null,
          estimated_wait_seconds: null,
          admitted_until: null,
          poll_after_seconds: Math.max(1, Math.min(10, untilOpen)),
        },
        admission: null,
      };
    }
    const through = Math.floor(found.admitted_through);
    if (found.position <= through) {
      const admittedAt = found.admitted_at ?? (await repository.markAdmitted(db, found.id)) ?? found.now;
      const until = admittedAt.getTime() + ADMISSION_MINUTES * 60_000;
      const left = Math.floor((until - found.now.getTime()) / 1000);
      if (left <= 0) {
        return {
          status: {
            ...base,
            state: 'expired',
            opens_at: null,
            position: null,
            estimated_wait_seconds: null,
            admitted_until: new Date(until).toISOString(),
            poll_after_seconds: 60,
          },
          admission: null,
        };
      }
      return {
        status: {
          ...base,
          state: 'admitted',
          opens_at: null,
          position: null,
          estimated_wait_seconds: null,
          admitted_until: new Date(until).toISOString(),
          poll_after_seconds: 30,
        },
        admission: {
          name: `${ADMISSION_COOKIE_PREFIX}${event.id}`,
          value: signAdmission(await admissionKey(), {
            eventId: event.id,
            visitorTag: visitorTag(visitor),
            expiresAt: until,
          }),
          maxAgeSeconds: left,
        },
      };
    }
    const ahead = found.position - through;
    const rate = Math.max(1, found.rate_per_minute);
    const wait = Math.ceil((ahead / rate) * 60);
    return {
      status: {
        ...base,
        state: 'waiting',
        opens_at: null,
        position: ahead,
        estimated_wait_seconds: wait,
        admitted_until: null,
        // Often enough to see the line move, seldom enough that a crowd does not poll the server down.
        poll_after_seconds: Math.max(2, Math.min(15, Math.ceil(wait / 10))),
      },
      admission: null,
    };
  }

  return {
    /** Whether this browser has a place in the event's queue already (asking again is not a new place). */
    async hasPlace(uid: string, visitor: string): Promise<boolean> {
      const event = isEventUid(uid) ? await repository.findQueueEvent(db, uid) : null;
      return event ? (await repository.findPlace(db, event.id, visitor)) !== null : false;
    },

    /** POST /api/events/{uid}/queue: makes or finds the browser's place. */
    async join(uid: string, visitor: string): Promise<QueueReply> {
      const event = await requireRoom(uid);
      const shown = shownStatus(event);
      if (shown !== 'ongoing' && shown !== 'presale' && shown !== 'pending') {
        throw new AppError('not_on_sale', 'Tickets for this event are not on sale.');
      }
      await repository.joinQueue(db, {
        eventId: event.id,
        visitor,
        open: shown === 'ongoing',
        rate: rateOf(event),
        admissionMinutes: ADMISSION_MINUTES,
      });
      const found = await place(event, visitor);
      if (!found) throw new Error('a place just made was not found');
      return reply(event, visitor, found);
    },

    /** GET /api/events/{uid}/queue: the browser's place, 404 when it has none. */
    async status(uid: string, visitor: string | null): Promise<QueueReply> {
      const event = await requireRoom(uid);
      const found = visitor ? await place(event, visitor) : null;
      if (!visitor || !found) throw notFound('You are not in the queue for this event.');
      return reply(event, visitor, found);
    },

    /**
     * For POST /api/orders on an event behind a waiting room: the admission must be ours, for this event and
     * this browser, and not expired (checked before anything is read); then the database counts the order
     * against it (ORDERS_PER_ADMISSION). Otherwise 403 `queue_required`, nothing written.
     */
    async requireAdmission(eventId: number, admission: { visitor: string | null; token: string | null }): Promise<void> {
      const valid = verifyAdmission(await admissionKey(), admission.token, {
        eventId,
        visitor: admission.visitor,
        now: now(),
      });
      if (!valid || !admission.visitor) {
        throw new AppError('queue_required', 'This sale has a waiting room. Please join the queue: you will be let in to buy in turn.');
      }
      const used = await repository.useAdmission(db, {
        eventId,
        visitor: admission.visitor,
        admissionMinutes: ADMISSION_MINUTES,
        ordersPerAdmission: ORDERS_PER_ADMISSION,
      });
      if (!used) {
        throw new AppError(
          'queue_required',
          `Your turn has ended or its ${ORDERS_PER_ADMISSION} orders are used. Please join the queue again.`,
        );
      }
    },
  };
}

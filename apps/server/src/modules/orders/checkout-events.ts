import type { Db } from '@marquee/db/client';
import { TtlCache } from '../../lib/ttl-cache';
import { notFound } from '../../plugins/app-error';
import * as repository from './repository';

const EVENT_NOT_FOUND = 'Event not found.';

/** An event and its packages as checkout prices them. */
export type CheckoutEvent = NonNullable<Awaited<ReturnType<typeof repository.findCheckoutEvent>>>;

/** The event checkout prices an order or a promo check against; AppError not_found when there is none. */
export type RequireCheckoutEvent = (eventId: number) => Promise<CheckoutEvent>;

/**
 * The checkout's event lookup, cached per process. An on-sale rush asks for the same event thousands of
 * times a second; a second-old copy of its prices is as good as a fresh one (a price change a second
 * late), and the hold itself is always checked in SQL.
 */
export function makeRequireCheckoutEvent(deps: {
  db: Db;
  /** How long one process reuses an event's prices and packages (1 s by default; 0 in tests). */
  ttlMs?: number;
}): RequireCheckoutEvent {
  const { db } = deps;
  const cache = new TtlCache<{ checkout: CheckoutEvent | null }>({ ttlMs: deps.ttlMs ?? 1_000, maxEntries: 500 });
  return async (eventId) => {
    const { checkout } = await cache.getOrLoad(String(eventId), async () => ({
      checkout: await repository.findCheckoutEvent(db, eventId),
    }));
    if (!checkout) throw notFound(EVENT_NOT_FOUND);
    return checkout;
  };
}

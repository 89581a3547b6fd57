import { parseBookingId } from '@marquee/domain/orders';

/**
 * Which console page an address names, from what follows `/organiser/{org}/`: one function, tested alone, that
 * also checks the ids in the address (an event's uid, a venue's number) before any page asks the server.
 */
export type ConsolePage =
  | { name: 'index' }
  | { name: 'events' }
  | { name: 'venues' }
  | { name: 'new-venue' }
  | { name: 'venue'; venueId: number }
  | { name: 'new-event' }
  | { name: 'event'; eventUid: string }
  | { name: 'event-preview'; eventUid: string }
  | { name: 'team' }
  | { name: 'audit' }
  | { name: 'imports' }
  | { name: 'orders' }
  | { name: 'order'; bookingId: string }
  | { name: 'reports' }
  | { name: 'event-report'; eventUid: string }
  | { name: 'gates' }
  | { name: 'gate'; eventUid: string }
  | { name: 'gate-scanner'; eventUid: string; listId: number }
  | { name: 'integrations' }
  | { name: 'not-found' };

export function consolePageOf(rest: string): ConsolePage {
  const segments = rest.split('/').filter(Boolean);
  const [first, second, ...more] = segments;
  if (first === 'events' && second !== undefined) return eventPageOf(second, more);
  if (more.length > 0) return { name: 'not-found' };
  if (first === undefined) return { name: 'index' };
  if (second === undefined) {
    switch (first) {
      case 'events':
      case 'venues':
      case 'team':
      case 'audit':
      case 'imports':
      case 'orders':
      case 'reports':
      case 'integrations':
        return { name: first };
      case 'gate':
        return { name: 'gates' };
      default:
        return { name: 'not-found' };
    }
  }
  if (first === 'orders') {
    // A Booking ID in any case, as the buyer reads it out; anything else is no order.
    const bookingId = parseBookingId(second);
    if (bookingId !== null) return { name: 'order', bookingId };
  }
  if (first === 'venues') {
    if (second === 'new') return { name: 'new-venue' };
    const venueId = /^[1-9]\d{0,9}$/.test(second) ? Number(second) : NaN;
    if (Number.isSafeInteger(venueId) && venueId <= 2_147_483_647) return { name: 'venue', venueId };
  }
  return { name: 'not-found' };
}

/** An event's uid as the server makes and accepts them (catalog's EVENT_UID_PATTERN): anything else is no page. */
const EVENT_UID_PATTERN = /^[a-z0-9]{4,32}$/;

/** `events/new`, `events/{uid}`, `events/{uid}/preview` and `events/{uid}/report`. */
function eventPageOf(segment: string, more: readonly string[]): ConsolePage {
  if (segment === 'new') return more.length === 0 ? { name: 'new-event' } : { name: 'not-found' };
  if (!EVENT_UID_PATTERN.test(segment)) return { name: 'not-found' };
  if (more.length === 0) return { name: 'event', eventUid: segment };
  if (more.length === 1 && more[0] === 'preview') return { name: 'event-preview', eventUid: segment };
  if (more.length === 1 && more[0] === 'report') return { name: 'event-report', eventUid: segment };
  if (more[0] === 'gate') return gatePageOf(segment, more.slice(1));
  return { name: 'not-found' };
}

/** `events/{uid}/gate` (the lists) and `events/{uid}/gate/{listId}` (a list's scanner). */
function gatePageOf(eventUid: string, more: readonly string[]): ConsolePage {
  if (more.length === 0) return { name: 'gate', eventUid };
  const [listText] = more;
  const listId =
    more.length === 1 && listText !== undefined && /^[1-9]\d{0,9}$/.test(listText) ? Number(listText) : NaN;
  if (Number.isSafeInteger(listId) && listId <= 2_147_483_647) return { name: 'gate-scanner', eventUid, listId };
  return { name: 'not-found' };
}

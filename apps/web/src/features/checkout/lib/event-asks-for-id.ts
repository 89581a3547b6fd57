import type { EventDetail } from '@marquee/domain/catalog';

/**
 * Whether the checkout asks for the buyer's NIC (spec 3: it defaults to n/a and is not shown). No event
 * says so yet; when EventDetail gains a flag for it, read it here and the field appears.
 */
export function eventAsksForId(_event: EventDetail): boolean {
  return false;
}

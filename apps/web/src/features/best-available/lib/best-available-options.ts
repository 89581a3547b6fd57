import type { EventDetail, EventSeatMap, TicketPackage } from '@marquee/domain/catalog';
import { expandSeatMap } from '@marquee/domain/seat-map';
import { MAX_TICKETS_PER_ORDER, type Selection } from '@marquee/domain/selection';

export interface BestAvailableSection {
  id: string;
  name: string;
  /** The package has a wheelchair space in this section. */
  hasWheelchair: boolean;
}

/** A package best available can be asked for: seated, open, with seats on the map and some left. */
export interface BestAvailableOption {
  ticketPackage: TicketPackage;
  /** The map's sections in which the package has seats, in the map's order. */
  sections: BestAvailableSection[];
  hasWheelchair: boolean;
  /** The most seats one request may ask for: the package's limit, what is left, the order's limit. */
  maxQuantity: number;
}

/**
 * What the "Best available" panel offers (issue 24): the seated packages of the event that have seats on the map
 * (their seating_range), are on sale and not free seating, with the sections they have seats in and whether they
 * have wheelchair spaces. Counted (free-seating) tickets already chosen use up part of the order's limit.
 */
export function bestAvailableOptions(
  event: Pick<EventDetail, 'ticket_packages'>,
  seatMap: EventSeatMap,
  selection: Selection,
): BestAvailableOption[] {
  if (!seatMap.seat_map) return [];
  const packageOf = new Map<string, number>();
  for (const pkg of seatMap.packages) for (const seatId of pkg.seating_range) packageOf.set(seatId, pkg.id);
  // packageId -> sectionId -> has a wheelchair space
  const sectionsOf = new Map<number, Map<string, boolean>>();
  for (const seat of expandSeatMap(seatMap.seat_map)) {
    const packageId = packageOf.get(seat.id);
    if (packageId === undefined) continue;
    let sections = sectionsOf.get(packageId);
    if (!sections) sectionsOf.set(packageId, (sections = new Map()));
    sections.set(seat.section, (sections.get(seat.section) ?? false) || seat.access === 'wheelchair');
  }
  const counted = Object.values(selection.packages).reduce((sum, count) => sum + count, 0);
  const options: BestAvailableOption[] = [];
  for (const ticketPackage of event.ticket_packages) {
    const sections = sectionsOf.get(ticketPackage.id);
    if (!sections || ticketPackage.free_seating || !ticketPackage.active || ticketPackage.sold_out) continue;
    const maxQuantity = Math.min(
      ticketPackage.max_per_order,
      ticketPackage.available_seats,
      MAX_TICKETS_PER_ORDER - counted,
    );
    if (maxQuantity < 1) continue;
    const listed = seatMap.seat_map.sections
      .filter((section) => sections.has(section.id))
      .map((section) => ({ id: section.id, name: section.name, hasWheelchair: sections.get(section.id) ?? false }));
    options.push({
      ticketPackage,
      sections: listed,
      hasWheelchair: listed.some((section) => section.hasWheelchair),
      maxQuantity,
    });
  }
  return options;
}

import type { VenueLayoutAnswer } from '@marquee/domain/console';

const numberFormat = new Intl.NumberFormat('en-GB');

export function formatCount(count: number): string {
  return numberFormat.format(count);
}

function seats(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'seat' : 'seats'}`;
}

/** What buyers pick from at a venue, in a few words. */
export function layoutSummary(layout: VenueLayoutAnswer): string {
  switch (layout.kind) {
    case 'none':
      return 'No seat map: buyers pick from a ticket list';
    case 'generic':
      return `Seat map, ${seats(layout.seat_count)}`;
    case 'special':
      return `Seat map drawn for this venue, ${seats(layout.seat_count)}`;
  }
}

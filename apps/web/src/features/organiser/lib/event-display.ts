import { parseWallClock } from '@marquee/domain/authoring';
import type { ConsoleEventSummary } from '@marquee/domain/console';

/**
 * A wall-clock time as the venue's clocks read it ("Sat 31 Jan 2026, 7:30 pm"). The text has no zone: it is
 * formatted as if it were UTC, so the browser's own zone never shifts it.
 */
const wallClockFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'UTC',
});

export function formatWallClock(text: string): string {
  const wall = parseWallClock(text);
  if (!wall) return text;
  return wallClockFormat.format(new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute)));
}

export type BadgeTone = 'slate' | 'green' | 'blue' | 'amber' | 'red' | 'violet';

export interface StatusBadge {
  label: string;
  tone: BadgeTone;
}

/**
 * The badge of an event in the console: what buyers see of it. Taken off the site by Marquee first, then the
 * statuses that end sales, then sold out (computed, only for a published event), then how it is published.
 */
export function eventStatusBadge(event: Pick<ConsoleEventSummary, 'status' | 'sold_out' | 'unpublished'>): StatusBadge {
  if (event.unpublished) return { label: 'Unpublished by Marquee', tone: 'red' };
  switch (event.status) {
    case 'draft':
      return { label: 'Draft', tone: 'slate' };
    case 'cancelled':
      return { label: 'Cancelled', tone: 'red' };
    case 'closed':
      return { label: 'Closed', tone: 'slate' };
    case 'postponed':
      return { label: 'Postponed', tone: 'amber' };
    case 'ongoing':
    case 'presale':
    case 'pending':
      if (event.sold_out) return { label: 'Sold out', tone: 'violet' };
      return event.status === 'ongoing'
        ? { label: 'On sale', tone: 'green' }
        : event.status === 'presale'
          ? { label: 'Presale', tone: 'blue' }
          : { label: 'Sales not open yet', tone: 'blue' };
  }
}

/** Sold as a share of capacity, 0 to 100 (0 without capacity). */
export function soldPercent(sold: number, capacity: number): number {
  if (capacity <= 0) return 0;
  return Math.min(100, Math.round((sold / capacity) * 100));
}

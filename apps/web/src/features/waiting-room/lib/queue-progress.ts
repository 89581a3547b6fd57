import type { QueueStatus } from '@marquee/domain/queue';

/**
 * How far the buyer has come from the first place this page saw (`startPosition`) to the front, 0 to 1: the
 * people ahead going down. Starting at the front (nobody ahead), the bar is full.
 */
export function progressOf(startPosition: number, position: number): number {
  const startAhead = startPosition - 1;
  if (startAhead <= 0) return 1;
  return Math.min(1, Math.max(0, (startAhead - (position - 1)) / startAhead));
}

/**
 * The first place seen, as the bar's start: kept while the buyer moves up, replaced by a later place (a new
 * place after joining again starts a new bar).
 */
export function nextStartPosition(start: number | null, status: QueueStatus): number | null {
  if (status.state !== 'waiting' || status.position === null) return start;
  return start === null || status.position > start ? status.position : start;
}

/**
 * What the live region keys on, so it speaks when something worth hearing changed and not on every poll: a new
 * state, and while waiting each quarter of the way to the front.
 */
export function announcementKeyOf(status: QueueStatus, startPosition: number | null): string {
  if (status.state !== 'waiting' || status.position === null || startPosition === null) return status.state;
  return `waiting:${Math.floor(progressOf(startPosition, status.position) * 4)}`;
}

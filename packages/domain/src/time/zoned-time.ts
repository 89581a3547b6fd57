/**
 * Wall-clock times in a venue's IANA zone, without a date library. An organiser types "19:30 on 31 December"
 * as the venue's clocks show it; these turn that into the instant the database keeps, and back.
 */

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** One formatter per zone: building one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClockParts(instant: Date, timeZone: string): WallClock {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const read = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: read('year'),
    month: read('month'),
    day: read('day'),
    hour: read('hour'),
    minute: read('minute'),
    second: read('second'),
  };
}

/** The wall clock read as if it were UTC: a number to compare and subtract, not an instant. */
function wallAsUtc(p: WallClock): number {
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

/** Milliseconds the zone is ahead of UTC at that instant (e.g. +19,800,000 for Asia/Colombo). */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  return wallAsUtc(wallClockParts(instant, timeZone)) - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant that reads `hh:mm` in `timeZone` on the local calendar day `dayOffset` days after the
 * local date of `from`. Two passes settle the offset across a daylight-saving change. (The demo seed
 * times its events with it; a time in a gap comes out an hour off rather than refused.)
 */
export function zonedDateTime(from: Date, dayOffset: number, time: string, timeZone: string): Date {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const today = wallClockParts(from, timeZone);
  const wall = Date.UTC(today.year, today.month - 1, today.day + dayOffset, hours, minutes);
  let guess = wall - zoneOffsetMs(new Date(wall), timeZone);
  guess = wall - zoneOffsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

/** `2026-12-31T19:30` or `2026-12-31T19:30:15`: what an `<input type="datetime-local">` gives, no offset. */
export const WALL_CLOCK_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The wall clock a local date-time names, or null when it is malformed or no such day or time exists. */
export function parseWallClock(text: string): WallClock | null {
  const match = WALL_CLOCK_PATTERN.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second = 0] = match.slice(1).map((part) => Number(part ?? 0));
  if (year === undefined || month === undefined || day === undefined || hour === undefined || minute === undefined) {
    return null;
  }
  const wall: WallClock = { year, month, day, hour, minute, second };
  // Date.UTC rolls 31 February over into March: a date that does not round-trip does not exist.
  const date = new Date(wallAsUtc(wall));
  if (
    year < 1 ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    date.getUTCHours() !== hour ||
    date.getUTCMinutes() !== minute ||
    date.getUTCSeconds() !== second
  ) {
    return null;
  }
  return wall;
}

export type WallClockInstant =
  | { ok: true; instant: Date }
  /**
   * `malformed`: not a `YYYY-MM-DDTHH:mm[:ss]` date-time that exists in the calendar.
   * `skipped`: the zone's clocks jump over that time (the daylight-saving gap), so nobody will see it.
   */
  | { ok: false; reason: 'malformed' | 'skipped' };

const DAY_MS = 86_400_000;

/**
 * The instant at which the clocks in `timeZone` read `wallClock` (`2026-12-31T19:30`, no offset).
 * A time inside a daylight-saving gap (02:30 in Sydney on the October morning the clocks go from 02:00 to
 * 03:00) names no instant and is refused, not moved: an event would otherwise start an hour off. A time
 * that happens twice (when the clocks go back) is the first of the two.
 */
export function zonedWallClockToInstant(wallClock: string, timeZone: string): WallClockInstant {
  const wall = parseWallClock(wallClock);
  if (!wall) return { ok: false, reason: 'malformed' };
  const target = wallAsUtc(wall);
  // The zone's offset a day either side: one of them holds at the instant, unless the time is skipped.
  // (No zone changes its offset twice within two days.)
  const offsets = new Set([
    zoneOffsetMs(new Date(target - DAY_MS), timeZone),
    zoneOffsetMs(new Date(target), timeZone),
    zoneOffsetMs(new Date(target + DAY_MS), timeZone),
  ]);
  const candidates = [...offsets]
    .map((offset) => target - offset)
    .filter((instant) => wallAsUtc(wallClockParts(new Date(instant), timeZone)) === target)
    .sort((a, b) => a - b);
  const first = candidates[0];
  return first === undefined ? { ok: false, reason: 'skipped' } : { ok: true, instant: new Date(first) };
}

/** `2026-12-31T19:30`: the instant as the clocks in `timeZone` read it, for a datetime-local field. */
export function instantToZonedWallClock(instant: Date, timeZone: string): string {
  const p = wallClockParts(instant, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(p.year).padStart(4, '0')}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

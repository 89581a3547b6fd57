import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  CURRENCY_BY_COUNTRY,
  CountryFieldSchema,
  TimeZoneFieldSchema,
  WallClockFieldSchema,
  currencyOfCountry,
  isIanaTimeZone,
} from './fields.schema';
import { currencyProblem, endsAfterStart, resolveWallClock, wallClockEndsAfterStart } from './rules';

describe('time zones', () => {
  it.each(['Asia/Colombo', 'Asia/Singapore', 'Australia/Sydney', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/GMT+5'])(
    'takes %s',
    (zone) => {
      expect(isIanaTimeZone(zone)).toBe(true);
      expect(TimeZoneFieldSchema.safeParse(zone).success).toBe(true);
    },
  );

  it.each(['Mars/Olympus_Mons', 'Asia/Nowhere', '+05:30', '-08', 'GMT+5:30', '', ' ', 'Asia/Colombo; drop table'])(
    'refuses %j',
    (zone) => {
      expect(isIanaTimeZone(zone)).toBe(false);
      const parsed = TimeZoneFieldSchema.safeParse(zone);
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
        'must be an IANA time zone such as Asia/Colombo',
      ]);
    },
  );

  it('trims what it takes', () => {
    expect(TimeZoneFieldSchema.parse(' Asia/Colombo ')).toBe('Asia/Colombo');
  });
});

describe('countries and currencies', () => {
  it('sells in one currency per country', () => {
    expect(COUNTRIES.map(currencyOfCountry)).toEqual(['LKR', 'SGD', 'AUD']);
    expect(CURRENCY_BY_COUNTRY.SG).toBe('SGD');
    expect(CountryFieldSchema.safeParse('IN').error?.issues[0]?.message).toBe('must be one of LK, SG, AU');
  });

  it("names the venue's currency when another is given", () => {
    expect(currencyProblem('LKR', 'LK')).toBeNull();
    expect(currencyProblem('SGD', 'AU')).toBe('must be AUD for a venue in AU');
  });
});

describe('dates', () => {
  it('compares instants with their offsets', () => {
    expect(endsAfterStart('2026-12-31T19:30:00+05:30', '2026-12-31T14:00:01Z')).toBe(true);
    expect(endsAfterStart('2026-12-31T19:30:00+05:30', '2026-12-31T14:00:00Z')).toBe(false);
    expect(endsAfterStart(new Date(1000), new Date(999))).toBe(false);
  });

  it('compares wall clocks of one zone, with or without seconds', () => {
    expect(wallClockEndsAfterStart('2026-12-31T19:30', '2026-12-31T19:30:00')).toBe(false);
    expect(wallClockEndsAfterStart('2026-12-31T19:30', '2026-12-31T19:30:01')).toBe(true);
    expect(wallClockEndsAfterStart('2026-12-31T23:59', '2027-01-01T00:00')).toBe(true);
    expect(wallClockEndsAfterStart('2027-01-01T00:00', '2026-12-31T23:59')).toBe(false);
  });

  it('takes only wall-clock times that exist, without an offset', () => {
    expect(WallClockFieldSchema.safeParse('2026-12-31T19:30').success).toBe(true);
    expect(WallClockFieldSchema.safeParse('2026-12-31T19:30:45').success).toBe(true);
    expect(WallClockFieldSchema.safeParse('2026-12-31T19:30+05:30').success).toBe(false);
    expect(WallClockFieldSchema.safeParse('2026-02-29T19:30').error?.issues[0]?.message).toBe(
      'is not a date and time that exists',
    );
  });

  it('resolves a wall clock in a zone, and names the zone when the clocks skip the time', () => {
    expect(resolveWallClock(null, 'Australia/Sydney')).toEqual({ ok: true, instant: null });
    expect(resolveWallClock('2025-10-05T02:30', 'Australia/Sydney')).toEqual({
      ok: false,
      message: 'does not exist in Australia/Sydney: the clocks skip it when daylight saving starts',
    });
    expect(resolveWallClock('2025-10-05T03:30', 'Australia/Sydney')).toEqual({
      ok: true,
      instant: new Date('2025-10-04T16:30:00Z'),
    });
  });
});

describe('one message per wrong time zone', () => {
  it('says it once for a name too long to be a zone', () => {
    expect(TimeZoneFieldSchema.safeParse('A'.repeat(80)).error?.issues).toHaveLength(1);
  });
});

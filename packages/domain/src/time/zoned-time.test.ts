import { describe, expect, it } from 'vitest';
import { instantToZonedWallClock, parseWallClock, zonedDateTime, zonedWallClockToInstant } from './zoned-time';

describe('zonedWallClockToInstant', () => {
  it('reads a wall-clock time in zones without daylight saving', () => {
    expect(zonedWallClockToInstant('2026-12-31T19:30', 'Asia/Colombo')).toEqual({
      ok: true,
      instant: new Date('2026-12-31T14:00:00Z'),
    });
    expect(zonedWallClockToInstant('2027-01-10T19:30:15', 'Asia/Singapore')).toEqual({
      ok: true,
      instant: new Date('2027-01-10T11:30:15Z'),
    });
  });

  it('uses the offset of the day itself on both sides of a daylight-saving change', () => {
    // Sydney: AEST (+10) until 5 October 2025 02:00, AEDT (+11) after.
    expect(zonedWallClockToInstant('2025-10-04T20:00', 'Australia/Sydney')).toEqual({
      ok: true,
      instant: new Date('2025-10-04T10:00:00Z'),
    });
    expect(zonedWallClockToInstant('2025-10-05T20:00', 'Australia/Sydney')).toEqual({
      ok: true,
      instant: new Date('2025-10-05T09:00:00Z'),
    });
    expect(zonedWallClockToInstant('2025-10-05T03:00', 'Australia/Sydney')).toEqual({
      ok: true,
      instant: new Date('2025-10-04T16:00:00Z'),
    });
  });

  it('refuses a time inside the daylight-saving gap instead of moving it', () => {
    expect(zonedWallClockToInstant('2025-10-05T02:00', 'Australia/Sydney')).toEqual({ ok: false, reason: 'skipped' });
    expect(zonedWallClockToInstant('2025-10-05T02:30', 'Australia/Sydney')).toEqual({ ok: false, reason: 'skipped' });
    expect(zonedWallClockToInstant('2025-10-05T02:59:59', 'Australia/Sydney')).toEqual({
      ok: false,
      reason: 'skipped',
    });
    expect(zonedWallClockToInstant('2025-10-05T01:59', 'Australia/Sydney')).toEqual({
      ok: true,
      instant: new Date('2025-10-04T15:59:00Z'),
    });
    // Northern hemisphere too: New York skips 02:00-03:00 on 8 March 2026.
    expect(zonedWallClockToInstant('2026-03-08T02:15', 'America/New_York')).toEqual({ ok: false, reason: 'skipped' });
  });

  it('takes the first of a time that happens twice when the clocks go back', () => {
    // Sydney, 6 April 2025: 03:00 AEDT becomes 02:00 AEST, so 02:30 happens at 15:30Z and again at 16:30Z.
    expect(zonedWallClockToInstant('2025-04-06T02:30', 'Australia/Sydney')).toEqual({
      ok: true,
      instant: new Date('2025-04-05T15:30:00Z'),
    });
  });

  it.each([
    '2026-02-30T10:00',
    '2026-13-01T10:00',
    '2026-12-31T24:00',
    '2026-12-31T19:60',
    '2026-12-31 19:30',
    '2026-12-31T19:30Z',
    '2026-12-31T19:30+05:30',
    '',
    'tomorrow',
  ])('refuses %j as malformed', (text) => {
    expect(zonedWallClockToInstant(text, 'Asia/Colombo')).toEqual({ ok: false, reason: 'malformed' });
  });

  it('round-trips with instantToZonedWallClock', () => {
    for (const [text, zone] of [
      ['2026-12-31T19:30', 'Asia/Colombo'],
      ['2025-10-05T03:00', 'Australia/Sydney'],
      ['2026-07-01T00:00', 'Australia/Perth'],
      ['2028-02-29T23:59', 'Australia/Adelaide'],
    ] as const) {
      const result = zonedWallClockToInstant(text, zone);
      expect(result.ok && instantToZonedWallClock(result.instant, zone)).toBe(text);
    }
  });
});

describe('parseWallClock', () => {
  it('accepts leap days only in leap years', () => {
    expect(parseWallClock('2028-02-29T10:00')).toMatchObject({ year: 2028, month: 2, day: 29 });
    expect(parseWallClock('2027-02-29T10:00')).toBeNull();
  });
});

describe('zonedDateTime (the demo seed)', () => {
  it('gives the instant of a local time some days after a date', () => {
    const from = new Date('2026-12-30T20:00:00Z'); // 31 December, 01:30 in Colombo
    expect(zonedDateTime(from, 1, '19:30', 'Asia/Colombo')).toEqual(new Date('2027-01-01T14:00:00Z'));
    expect(zonedDateTime(new Date('2025-10-04T00:00:00Z'), 1, '20:00', 'Australia/Sydney')).toEqual(
      new Date('2025-10-05T09:00:00Z'),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { formatEventDate, formatEventTime, formatZoneName } from './format-event-time';

describe('event date formatting (one formatter per zone, reused)', () => {
  const instant = '2026-12-05T14:00:00Z';

  it("formats in each venue's zone, alternating zones and repeating them", () => {
    for (let round = 0; round < 2; round++) {
      expect(formatEventDate(instant, 'Asia/Colombo')).toBe('Sat, 5 Dec 2026');
      expect(formatEventTime(instant, 'Asia/Colombo')).toBe('7:30 PM');
      expect(formatEventDate(instant, 'Australia/Sydney')).toBe('Sun, 6 Dec 2026');
      expect(formatEventTime(instant, 'Australia/Sydney')).toBe('1:00 AM');
      expect(formatZoneName(instant, 'Australia/Sydney')).toBe('AEDT');
      expect(formatZoneName('2026-07-05T14:00:00Z', 'Australia/Sydney')).toBe('AEST');
    }
  });

  it('refuses an unknown zone every time, caching nothing for it', () => {
    expect(() => formatEventDate(instant, 'Mars/Olympus')).toThrow(RangeError);
    expect(() => formatEventDate(instant, 'Mars/Olympus')).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { countdownState } from './countdown';
import { formatEventDate, formatEventTime } from './format-event-time';

const start = Date.UTC(2026, 11, 5, 14, 0, 0);

describe('countdown', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    const state = countdownState(start, start - (2 * 86_400 + 3 * 3_600 + 4 * 60 + 5) * 1000);
    expect(state).toMatchObject({ days: 2, hours: 3, minutes: 4, seconds: 5, isLive: false, isFinalMinutes: false });
  });

  it('highlights at 5 minutes or less', () => {
    expect(countdownState(start, start - 5 * 60 * 1000).isFinalMinutes).toBe(true);
    expect(countdownState(start, start - (5 * 60 + 1) * 1000).isFinalMinutes).toBe(false);
  });

  it('is live at zero and after', () => {
    expect(countdownState(start, start)).toMatchObject({ isLive: true, isFinalMinutes: false, seconds: 0 });
    expect(countdownState(start, start + 60_000).isLive).toBe(true);
  });
});

describe('event times', () => {
  it("shows an instant in the venue's zone", () => {
    const iso = '2026-12-05T14:00:00Z';
    expect(formatEventTime(iso, 'Asia/Colombo')).toBe('7:30 PM');
    expect(formatEventTime(iso, 'Australia/Perth')).toBe('10:00 PM');
    expect(formatEventDate(iso, 'Australia/Sydney')).toBe('Sun, 6 Dec 2026');
  });
});

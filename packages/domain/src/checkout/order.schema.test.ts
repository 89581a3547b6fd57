import { describe, expect, it } from 'vitest';
import {
  BookingIdSchema,
  ORDER_STATUSES,
  PAID_ORDER_STATUSES,
  isBookingId,
  isPaidStatus,
  normaliseBookingId,
  parseBookingId,
} from './order.schema';

describe('BookingIdSchema', () => {
  it('accepts a Booking ID as the server hands it out', () => {
    expect(BookingIdSchema.parse('MQ7K3F9X2QHD')).toBe('MQ7K3F9X2QHD');
  });

  it('trims, drops the spaces of an ID read out in groups and upper-cases, before the pattern', () => {
    expect(BookingIdSchema.parse('  mq7k3f9x2qhd\n')).toBe('MQ7K3F9X2QHD');
    expect(BookingIdSchema.parse('MQ7K 3F9X 2QHD')).toBe('MQ7K3F9X2QHD');
    expect(normaliseBookingId(' mq7k 3f9x\t2qhd ')).toBe('MQ7K3F9X2QHD');
  });

  it.each([
    ['empty', ''],
    ['too short', 'MQ7K3F9X2QH'],
    ['too long', 'MQ7K3F9X2QHDX'],
    ['another prefix', 'XX7K3F9X2QHD'],
    ['I, L, O or U (not Crockford base 32)', 'MQ7K3F9X2QHI'],
    ['punctuation', 'MQ7K3F9X-QHD'],
  ])('refuses %s with the Booking ID message', (_case, value) => {
    const parsed = BookingIdSchema.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('A Booking ID looks like MQ followed by 10 letters and digits.');
  });

  it('parseBookingId answers the normalised ID, or null', () => {
    expect(parseBookingId(' mq7k3f9x2qhd ')).toBe('MQ7K3F9X2QHD');
    expect(parseBookingId('MQ0')).toBeNull();
    expect(parseBookingId('')).toBeNull();
  });

  it('isBookingId checks the exact spelling, without normalising', () => {
    expect(isBookingId('MQ7K3F9X2QHD')).toBe(true);
    expect(isBookingId('mq7k3f9x2qhd')).toBe(false);
    expect(isBookingId(' MQ7K3F9X2QHD')).toBe(false);
  });
});

describe('isPaidStatus', () => {
  it('is true for complete and verified orders only', () => {
    expect(ORDER_STATUSES.filter((status) => isPaidStatus(status))).toEqual(['complete', 'verified']);
    expect([...PAID_ORDER_STATUSES]).toEqual(['complete', 'verified']);
  });

  it('is false for any other text', () => {
    for (const status of ['pending', 'cancelled', 'failed', 'COMPLETE', 'Verified', '', 'paid']) {
      expect(isPaidStatus(status)).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { fieldErrorsFromZod } from '../errors/error-shape';
import {
  TicketPackageFieldsPatchSchema,
  TicketPackageFieldsSchema,
  resolveSaleWindow,
  ticketPackageFieldsInZone,
} from './ticket-package.schema';

describe('TicketPackageFieldsSchema', () => {
  it('takes a name and a price, and defaults the rest', () => {
    expect(TicketPackageFieldsSchema.parse({ name: ' VIP ', price: 5000 })).toEqual({
      name: 'VIP',
      description: '',
      price: 5000,
      capacity: null,
      max_per_order: 10,
      sale_start_local: null,
      sale_end_local: null,
      active: true,
      inactive_message: null,
      free_seating: false,
    });
  });

  it('names every wrong field with the words the importer uses', () => {
    const parsed = TicketPackageFieldsSchema.safeParse({
      name: '',
      price: -1,
      capacity: 2.5,
      max_per_order: 101,
      active: 'yes',
      inactive_message: 'x'.repeat(201),
    });
    expect(fieldErrorsFromZod(parsed.error!)).toEqual({
      name: ['must not be empty'],
      price: ['must be a whole number of minor units >= 0'],
      capacity: ['must be a whole number >= 0'],
      max_per_order: ['must be at most 100'],
      active: ['must be true or false'],
      inactive_message: ['must be at most 200 characters'],
    });
  });

  it('refuses a sale end that is not after the sale start', () => {
    for (const sale_end_local of ['2026-12-01T10:00', '2026-11-30T10:00']) {
      const parsed = TicketPackageFieldsSchema.safeParse({
        name: 'Early bird',
        price: 1000,
        sale_start_local: '2026-12-01T10:00',
        sale_end_local,
      });
      expect(fieldErrorsFromZod(parsed.error!)).toEqual({ sale_end_local: ['must be after the sale start'] });
    }
    const open = { name: 'Early bird', price: 1000 };
    expect(TicketPackageFieldsSchema.safeParse({ ...open, sale_end_local: '2026-12-01T10:00' }).success).toBe(true);
    expect(TicketPackageFieldsSchema.safeParse({ ...open, sale_start_local: '2026-12-01T10:00' }).success).toBe(true);
  });

  it('caps capacity for the console', () => {
    expect(TicketPackageFieldsSchema.safeParse({ name: 'Lawn', price: 0, capacity: 1_000_001 }).success).toBe(false);
    expect(TicketPackageFieldsSchema.safeParse({ name: 'Lawn', price: 0, capacity: 1_000_000 }).success).toBe(true);
  });
});

describe('TicketPackageFieldsPatchSchema', () => {
  it('defaults nothing, and checks the sale window it is given', () => {
    expect(TicketPackageFieldsPatchSchema.parse({ active: false, inactive_message: 'Soon' })).toEqual({
      active: false,
      inactive_message: 'Soon',
    });
    expect(
      TicketPackageFieldsPatchSchema.safeParse({
        sale_start_local: '2026-12-02T10:00',
        sale_end_local: '2026-12-01T10:00',
      }).success,
    ).toBe(false);
  });
});

describe('sale windows in the venue zone', () => {
  it('turns wall clocks into instants, and leaves open ends open', () => {
    expect(resolveSaleWindow({ sale_start_local: '2026-12-01T10:00', sale_end_local: null }, 'Asia/Colombo')).toEqual({
      ok: true,
      value: { sale_starts_at: new Date('2026-12-01T04:30:00Z'), sale_ends_at: null },
    });
    expect(
      ticketPackageFieldsInZone('Australia/Perth').parse({
        name: 'GA',
        price: 100,
        sale_end_local: '2026-12-01T10:00',
      }),
    ).toMatchObject({ sale_starts_at: null, sale_ends_at: new Date('2026-12-01T02:00:00Z') });
  });

  it('refuses a sale start the clocks skip', () => {
    const parsed = ticketPackageFieldsInZone('Australia/Melbourne').safeParse({
      name: 'GA',
      price: 100,
      sale_start_local: '2025-10-05T02:15',
    });
    expect(fieldErrorsFromZod(parsed.error!)).toEqual({
      sale_start_local: ['does not exist in Australia/Melbourne: the clocks skip it when daylight saving starts'],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { fieldErrorsFromZod } from '../errors/error-shape';
import { VenueFieldsPatchSchema, VenueFieldsSchema } from './venue.schema';

const VENUE = {
  name: 'Harbour Hall',
  address: '1 Quay',
  city: 'Singapore',
  country: 'SG',
  time_zone: 'Asia/Singapore',
};

describe('VenueFieldsSchema', () => {
  it('takes a venue, trimming its text and defaulting the address', () => {
    expect(VenueFieldsSchema.parse({ ...VENUE, name: '  Harbour Hall ' })).toEqual(VENUE);
    const { address: _, ...withoutAddress } = VENUE;
    expect(VenueFieldsSchema.parse(withoutAddress).address).toBe('');
  });

  it('names every wrong field', () => {
    const parsed = VenueFieldsSchema.safeParse({
      name: ' ',
      city: '',
      country: 'IN',
      time_zone: 'Asia/Nowhere',
      extra: 1,
    });
    expect(parsed.success).toBe(false);
    expect(fieldErrorsFromZod(parsed.error!)).toEqual({
      name: ['must not be empty'],
      city: ['must not be empty'],
      country: ['must be one of LK, SG, AU'],
      time_zone: ['must be an IANA time zone such as Asia/Colombo'],
      _: [expect.stringContaining('extra')],
    });
  });

  it('refuses a fixed offset in place of a zone', () => {
    expect(VenueFieldsSchema.safeParse({ ...VENUE, time_zone: '+08:00' }).success).toBe(false);
  });
});

describe('VenueFieldsPatchSchema', () => {
  it('takes any of the fields and defaults none', () => {
    expect(VenueFieldsPatchSchema.parse({ city: 'Perth' })).toEqual({ city: 'Perth' });
    expect(VenueFieldsPatchSchema.parse({})).toEqual({});
    expect(VenueFieldsPatchSchema.safeParse({ time_zone: 'Nowhere/Else' }).success).toBe(false);
  });
});

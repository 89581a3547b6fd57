import { describe, expect, it } from 'vitest';
import { fieldErrorsFromZod } from '../errors/error-shape';
import { EventFieldsPatchSchema, EventFieldsSchema, eventFieldsInZone, resolveEventTimes } from './event.schema';

const DRAFT = {
  name: 'Harbour Lights',
  type: 'concerts',
  venue_id: 3,
  start_local: '2026-12-31T19:30',
};

describe('EventFieldsSchema', () => {
  it('takes a draft with only its name, category, venue and start, and defaults the rest', () => {
    expect(EventFieldsSchema.parse(DRAFT)).toEqual({
      ...DRAFT,
      description: '',
      artists: [],
      end_local: null,
      handling_cost: 0,
      payment_gateway_ids: [],
      featured: false,
      free_event: false,
    });
  });

  it('names every wrong field with the words the importer uses', () => {
    const parsed = EventFieldsSchema.safeParse({
      name: '',
      type: 'opera',
      venue_id: 0,
      start_local: '2026-12-31 19:30',
      handling_cost: 1.5,
      artists: 'Someone',
      payment_gateway_ids: [1, 1],
      currency: 'LKR',
    });
    expect(fieldErrorsFromZod(parsed.error!)).toEqual({
      _: [expect.stringContaining('currency')],
      name: ['must not be empty'],
      type: ['must be one of concerts, theatre, dance, uni-events'],
      venue_id: ['must be a whole number >= 1'],
      start_local: ['must be a date and time such as 2026-12-31T19:30'],
      handling_cost: ['must be a whole number of minor units >= 0'],
      artists: ['must be a list of names'],
      payment_gateway_ids: ['must list each payment gateway once'],
    });
  });

  it('refuses an end that is not after the start', () => {
    for (const end_local of ['2026-12-31T19:30', '2026-12-31T18:00']) {
      const parsed = EventFieldsSchema.safeParse({ ...DRAFT, end_local });
      expect(fieldErrorsFromZod(parsed.error!)).toEqual({ end_local: ['must be after the start'] });
    }
    expect(EventFieldsSchema.safeParse({ ...DRAFT, end_local: '2026-12-31T23:00' }).success).toBe(true);
  });
});

describe('EventFieldsPatchSchema', () => {
  it('defaults nothing, and checks the dates it is given', () => {
    expect(EventFieldsPatchSchema.parse({ featured: true })).toEqual({ featured: true });
    expect(EventFieldsPatchSchema.safeParse({ end_local: '2026-01-01T10:00' }).success).toBe(true);
    expect(
      EventFieldsPatchSchema.safeParse({ start_local: '2026-01-01T10:00', end_local: '2026-01-01T09:00' }).success,
    ).toBe(false);
  });
});

describe('event times in the venue zone', () => {
  it('turns wall clocks into instants', () => {
    expect(
      resolveEventTimes({ start_local: '2026-12-31T19:30', end_local: '2026-12-31T23:00' }, 'Asia/Colombo'),
    ).toEqual({
      ok: true,
      value: { starts_at: new Date('2026-12-31T14:00:00Z'), ends_at: new Date('2026-12-31T17:30:00Z') },
    });
    expect(eventFieldsInZone('Australia/Sydney').parse({ ...DRAFT, start_local: '2027-01-10T20:00' })).toMatchObject({
      start_local: '2027-01-10T20:00',
      starts_at: new Date('2027-01-10T09:00:00Z'),
      ends_at: null,
    });
  });

  it('refuses a start or end the clocks skip', () => {
    const parsed = eventFieldsInZone('Australia/Sydney').safeParse({
      ...DRAFT,
      start_local: '2025-10-05T02:30',
      end_local: '2025-10-05T04:00',
    });
    expect(fieldErrorsFromZod(parsed.error!)).toEqual({
      start_local: ['does not exist in Australia/Sydney: the clocks skip it when daylight saving starts'],
    });
  });

  it('refuses an end that is not after the start, and reads a repeated hour as its first time', () => {
    expect(
      resolveEventTimes({ start_local: '2026-12-31T19:30', end_local: '2026-12-31T19:30' }, 'Asia/Colombo'),
    ).toEqual({
      ok: false,
      issues: [{ path: ['end_local'], message: 'must be after the start' }],
    });
    // Sydney, 6 April 2025: the clocks go back from 03:00 AEDT to 02:00 AEST, so 02:40 happens twice.
    expect(
      resolveEventTimes({ start_local: '2025-04-06T02:40', end_local: '2025-04-06T03:10' }, 'Australia/Sydney'),
    ).toEqual({
      ok: true,
      value: { starts_at: new Date('2025-04-05T15:40:00Z'), ends_at: new Date('2025-04-05T17:10:00Z') },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { COMP_MAX_TICKETS } from '@marquee/domain/comps';
import { compRequestOf, EMPTY_COMP_DRAFT, isSeatedPackage, parseSeatIds, ticketsLeft } from './comp-form';

const filled = {
  ...EMPTY_COMP_DRAFT,
  eventUid: 'ev1',
  packageId: '7',
  firstName: 'Anura',
  lastName: 'Bandara',
  email: 'Anura@Example.com',
  quantity: '2',
  note: 'Sponsor guest',
};

describe('the comp form', () => {
  it('builds the request the server takes, the e-mail normalised, no phone or seats unless given', () => {
    expect(compRequestOf(filled, false)).toEqual({
      ok: true,
      request: {
        first_name: 'Anura',
        last_name: 'Bandara',
        email: 'anura@example.com',
        package_id: 7,
        quantity: 2,
        note: 'Sponsor guest',
      },
    });
  });

  it('says what is wrong by field', () => {
    const result = compRequestOf(
      { ...filled, eventUid: '', firstName: 'Al', email: 'nope', quantity: String(COMP_MAX_TICKETS + 1), note: ' ' },
      false,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['email', 'eventUid', 'firstName', 'note', 'quantity']);
  });

  it('a seated package needs one seat per ticket', () => {
    const short = compRequestOf({ ...filled, seats: 'A-1-1' }, true);
    expect(short).toMatchObject({ ok: false, errors: { seats: expect.stringContaining('2 seats') } });
    const whole = compRequestOf({ ...filled, seats: 'A-1-1, A-1-2' }, true);
    expect(whole).toMatchObject({ ok: true, request: { seat_ids: ['A-1-1', 'A-1-2'] } });
  });

  it('reads seat lists however they are separated, and packages as seated or not', () => {
    expect(parseSeatIds(' A-1-1,A-1-2\nB-2-3 ;  ')).toEqual(['A-1-1', 'A-1-2', 'B-2-3']);
    expect(isSeatedPackage({ seat_ids: ['A-1-1'], free_seating: false })).toBe(true);
    expect(isSeatedPackage({ seat_ids: ['A-1-1'], free_seating: true })).toBe(false);
    expect(isSeatedPackage({ seat_ids: [], free_seating: false })).toBe(false);
    expect(ticketsLeft({ capacity: 10, sold: 4, held: 2 })).toBe(4);
    expect(ticketsLeft({ capacity: 10, sold: 9, held: 2 })).toBe(0);
  });
});

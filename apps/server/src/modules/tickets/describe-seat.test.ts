import { describe, expect, it } from 'vitest';
import { smallSeatMap } from '@marquee/db/factories';
import type { SeatMap } from '@marquee/domain/seat-map';
import { describeSeat, seatLabel } from '@marquee/domain/tickets';

describe('describeSeat', () => {
  it('names the section from the seat map', () => {
    expect(describeSeat(smallSeatMap(), 'B-2-4')).toEqual({ id: 'B-2-4', section: 'Section B', row: '2', number: '4' });
  });

  it('finds sections and rows whose ids contain "-"', () => {
    const map: SeatMap = {
      type: 'generic',
      width: 100,
      height: 100,
      stage: { x: 0, y: 0, width: 10, height: 10, label: 'Stage' },
      sections: [{ id: 'UP-L', name: 'Upper Left', rows: [{ label: 'AA-1', count: 20, firstNumber: 5, x: 0, y: 0, spacing: 1 }] }],
    };
    expect(describeSeat(map, 'UP-L-AA-1-12')).toEqual({ id: 'UP-L-AA-1-12', section: 'Upper Left', row: 'AA-1', number: '12' });
  });

  it('splits a seat the map does not have, and keeps an id it cannot split', () => {
    expect(describeSeat(null, 'C-7-3')).toEqual({ id: 'C-7-3', section: 'C', row: '7', number: '3' });
    expect(describeSeat(smallSeatMap(), 'A-1-99')).toEqual({ id: 'A-1-99', section: 'A', row: '1', number: '99' });
    expect(describeSeat(null, 'Box7')).toEqual({ id: 'Box7', section: '', row: '', number: 'Box7' });
  });
});

describe('seatLabel', () => {
  it('reads a seat as the lookup and the e-mail show it', () => {
    expect(seatLabel({ id: 'A-1-2', section: 'Section A', row: '1', number: '2' })).toBe('Section A · Row 1 · Seat 2');
    expect(seatLabel({ id: 'X9', section: '', row: '', number: 'X9' })).toBe('X9');
  });
});

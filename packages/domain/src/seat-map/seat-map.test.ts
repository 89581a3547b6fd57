import { describe, expect, it } from 'vitest';
import { countSeats, expandSeatMap, SeatMapSchema } from './seat-map.schema';

describe('seat maps', () => {
  it('expands a generic layout into stable seat ids with coordinates', () => {
    const map = SeatMapSchema.parse({
      type: 'generic',
      width: 100,
      height: 100,
      stage: { x: 0, y: 0, width: 100, height: 10, label: 'Stage' },
      sections: [{ id: 'A', name: 'Stalls', rows: [{ label: 'B', count: 3, x: 10, y: 20, spacing: 5 }] }],
    });
    expect(expandSeatMap(map)).toEqual([
      { id: 'A-B-1', section: 'A', row: 'B', number: 1, x: 10, y: 20 },
      { id: 'A-B-2', section: 'A', row: 'B', number: 2, x: 15, y: 20 },
      { id: 'A-B-3', section: 'A', row: 'B', number: 3, x: 20, y: 20 },
    ]);
    expect(countSeats(map)).toBe(3);
  });

  it('expands the lotus variant along arcs around the stage', () => {
    const map = SeatMapSchema.parse({
      type: 'lotus',
      width: 200,
      height: 200,
      center: { x: 100, y: 100 },
      stage: { radius: 20, label: 'Stage' },
      sections: [{ id: 'L', name: 'Lower', rows: [{ label: '1', count: 3, radius: 50, startAngle: 0, endAngle: 180 }] }],
    });
    const seats = expandSeatMap(map);
    expect(seats.map((seat) => [seat.id, seat.x, seat.y])).toEqual([
      ['L-1-1', 150, 100],
      ['L-1-2', 100, 150],
      ['L-1-3', 50, 100],
    ]);
  });

  it('refuses an unknown map type', () => {
    expect(SeatMapSchema.safeParse({ type: 'stadium' }).success).toBe(false);
  });
});

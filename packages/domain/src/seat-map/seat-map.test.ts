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
      sections: [
        { id: 'L', name: 'Lower', rows: [{ label: '1', count: 3, radius: 50, startAngle: 0, endAngle: 180 }] },
      ],
    });
    const seats = expandSeatMap(map);
    expect(seats.map((seat) => [seat.id, seat.x, seat.y])).toEqual([
      ['L-1-1', 150, 100],
      ['L-1-2', 100, 150],
      ['L-1-3', 50, 100],
    ]);
  });

  it('places seats past aisles and numbers a row from either end, keeping the same seat ids', () => {
    const base = { label: 'C', count: 5, x: 10, y: 40, spacing: 10 };
    const row = (extra: object) =>
      expandSeatMap(
        SeatMapSchema.parse({
          type: 'generic',
          width: 200,
          height: 100,
          stage: { x: 0, y: 0, width: 100, height: 10, label: 'Stage' },
          sections: [{ id: 'S', name: 'Stalls', rows: [{ ...base, ...extra }] }],
        }),
      ).map((seat) => [seat.id, seat.x]);
    expect(row({ aisles: [2, 4] })).toEqual([
      ['S-C-1', 10],
      ['S-C-2', 20],
      ['S-C-3', 40],
      ['S-C-4', 50],
      ['S-C-5', 70],
    ]);
    expect(row({ numbering: 'rtl', firstNumber: 11 })).toEqual([
      ['S-C-15', 10],
      ['S-C-14', 20],
      ['S-C-13', 30],
      ['S-C-12', 40],
      ['S-C-11', 50],
    ]);
    expect(row({ numbering: 'rtl', aisles: [1] }).map(([, x]) => x)).toEqual([10, 30, 40, 50, 60]);
    const ids = (extra: object) =>
      row(extra)
        .map(([id]) => id)
        .sort();
    expect(ids({ numbering: 'rtl', aisles: [3] })).toEqual(ids({}));
    // A map written before aisles and numbering existed means the same with them absent.
    expect(row({ numbering: 'ltr', aisles: [] })).toEqual(row({}));
  });

  it('refuses an aisle outside the row, or one listed twice', () => {
    const parse = (aisles: number[]) =>
      SeatMapSchema.safeParse({
        type: 'generic',
        width: 100,
        height: 100,
        stage: { x: 0, y: 0, width: 100, height: 10, label: 'Stage' },
        sections: [{ id: 'A', name: 'Stalls', rows: [{ label: 'B', count: 4, x: 0, y: 20, spacing: 5, aisles }] }],
      });
    expect(parse([1, 3]).success).toBe(true);
    for (const aisles of [[0], [4], [2, 2], [3, 1], [1.5]]) {
      const result = parse(aisles);
      expect(result.success, JSON.stringify(aisles)).toBe(false);
      expect(result.error?.issues[0]?.path.slice(0, 5)).toEqual(['sections', 0, 'rows', 0, 'aisles']);
    }
  });

  it('refuses an unknown map type', () => {
    expect(SeatMapSchema.safeParse({ type: 'stadium' }).success).toBe(false);
  });
});

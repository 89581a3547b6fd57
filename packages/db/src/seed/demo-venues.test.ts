import { describe, expect, it } from 'vitest';
import { SeatMapSchema, countSeats, expandSeatMap } from '@marquee/domain/seat-map';
import { DEMO_VENUES, type DemoVenueKey } from './demo-venues';
import { seatBlock, withAccessibleSeats } from './seat-map-builders';

function mapOf(key: DemoVenueKey) {
  const venue = DEMO_VENUES.find((candidate) => candidate.key === key);
  if (!venue?.seatMap) throw new Error(`${key} has no seat map`);
  return SeatMapSchema.parse(venue.seatMap);
}

describe('accessible places in the demo venues (issue 24)', () => {
  it.each(['kollupitiyaHall', 'marinaBayfront', 'beiraStadium'] as const)(
    '%s: wheelchair spaces at the ends of two rows, a companion seat right beside each',
    (key) => {
      const seats = expandSeatMap(mapOf(key));
      const wheelchair = seats.filter((seat) => seat.access === 'wheelchair');
      const companion = seats.filter((seat) => seat.access === 'companion');
      expect(new Set(wheelchair.map((seat) => `${seat.section}-${seat.row}`)).size).toBe(2);
      expect(companion).toHaveLength(wheelchair.length);
      for (const space of wheelchair) {
        const row = seats.filter((seat) => seat.section === space.section && seat.row === space.row);
        const numbers = row.map((seat) => seat.number);
        // At an end of its row, and its companion seat is the next one in.
        expect([Math.min(...numbers), Math.max(...numbers)]).toContain(space.number);
        const inward = space.number === Math.min(...numbers) ? space.number + 1 : space.number - 1;
        expect(row.find((seat) => seat.number === inward)?.access).toBe('companion');
      }
    },
  );

  it('keeps the stadium at 20,964 seats, and the other maps without accessible places as they were', () => {
    expect(countSeats(mapOf('beiraStadium'))).toBe(20_964);
    expect(expandSeatMap(mapOf('lotusPond')).some((seat) => seat.access)).toBe(false);
  });

  it('refuses a row the section does not have', () => {
    const block = seatBlock({ id: 'X', name: 'X', rows: [4, 4], centerX: 50, top: 50 });
    expect(() => withAccessibleSeats(block, { C: { wheelchair: [1], companion: [2] } })).toThrow('X has no row C.');
    expect(withAccessibleSeats(block, { B: { wheelchair: [4], companion: [3] } }).rows[1]).toMatchObject({
      label: 'B',
      wheelchair: [4],
      companion: [3],
    });
  });
});

/**
 * The benchmarks' stadiums: stands of 50 rows x 50 seats, four stands to a row of the map, their seats
 * split among 4 packages of as many stands each (each package owns its seats through seating_range).
 */
import { GenericSeatMapSchema, expandSeatMap, type GenericSeatMap } from '@marquee/domain/seat-map';

const ROWS_PER_STAND = 50;
const SEATS_PER_ROW = 50;
const SEATS_PER_STAND = ROWS_PER_STAND * SEATS_PER_ROW;
export const PACKAGES_PER_STADIUM = 4;
/** A stadium's seats must fill whole stands, the same number for each package. */
export const STADIUM_SEAT_MULTIPLE = SEATS_PER_STAND * PACKAGES_PER_STADIUM;

export interface StadiumLayout {
  map: GenericSeatMap;
  seats: number;
  /** Seat ids of each package, in map order. */
  packageSeats: string[][];
  /** Every row: its seat ids in order (what a buyer picks side-by-side seats from). */
  rows: string[][];
}

export function stadiumLayout(seats: number): StadiumLayout {
  if (seats <= 0 || seats % STADIUM_SEAT_MULTIPLE !== 0)
    throw new Error(`A stadium has a multiple of ${STADIUM_SEAT_MULTIPLE} seats, not ${seats}.`);
  const stands = Array.from({ length: seats / SEATS_PER_STAND }, (_, i) => `S${i + 1}`);
  const pitch = 10;
  const block = SEATS_PER_ROW * pitch + 20;
  const map = GenericSeatMapSchema.parse({
    type: 'generic',
    width: 40 + 4 * block,
    height: 120 + Math.ceil(stands.length / 4) * (ROWS_PER_STAND * pitch + 20),
    stage: { x: 20, y: 10, width: 4 * block, height: 40, label: 'Stage' },
    sections: stands.map((id, i) => ({
      id,
      name: `Stand ${id}`,
      rows: Array.from({ length: ROWS_PER_STAND }, (_, r) => ({
        label: String(r + 1),
        count: SEATS_PER_ROW,
        firstNumber: 1,
        x: 20 + (i % 4) * block,
        y: 80 + Math.floor(i / 4) * (ROWS_PER_STAND * pitch + 20) + r * pitch,
        spacing: pitch,
      })),
    })),
  });
  const expanded = expandSeatMap(map);
  const standsPerPackage = stands.length / PACKAGES_PER_STADIUM;
  const packageSeats = Array.from({ length: PACKAGES_PER_STADIUM }, (_, p) => {
    const owned = new Set(stands.slice(p * standsPerPackage, (p + 1) * standsPerPackage));
    return expanded.filter((seat) => owned.has(seat.section)).map((seat) => seat.id);
  });
  const rows = stands.flatMap((stand) =>
    Array.from({ length: ROWS_PER_STAND }, (_, r) =>
      Array.from({ length: SEATS_PER_ROW }, (_, n) => `${stand}-${r + 1}-${n + 1}`),
    ),
  );
  return { map, seats: expanded.length, packageSeats, rows };
}

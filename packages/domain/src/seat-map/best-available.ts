import { z } from 'zod';
import { MAX_TICKETS_PER_ORDER } from '../booking/selection';
import { expandSeatMap, type SeatMap, type SeatPosition } from './seat-map.schema';

/**
 * Best available (issue 24): the server picks N seats together for the buyer. This file says what "together"
 * and "best" mean, from the venue's layout; the database picks and claims (marquee_pick_seats.sql).
 *
 * - **Together** is a block: seats side by side in one row, of one package, with no aisle between them. A
 *   straight row's aisles, a change of package along the row, and a seat of no package all end a block.
 * - **Best** is the venue's rule (`bestAvailable` in the layout): by default nearest the stage's centre, row by
 *   row. Each seat scores its distance to the stage's centre (tenths of the map's unit; lower is better); a
 *   block ranks by its best seat, after the sections `sectionOrder` lists first.
 * - **Accessible places** (wheelchair spaces and companion seats) are marked per seat: best available leaves
 *   them out unless the buyer asks for an accessible place, and then gives a group with a wheelchair space.
 */

/** One block of seats side by side, left to right, and where it ranks (0 is the best). */
export interface SeatBlock {
  rank: number;
  section: string;
  row: string;
  packageId: number;
  seatIds: string[];
  /** Per seat, lower is better. */
  scores: number[];
  /** Per seat: '.' an ordinary seat, 'w' a wheelchair space, 'c' a companion seat. */
  access: string;
}

const ACCESS_CODE = { wheelchair: 'w', companion: 'c' } as const;

function stageCentre(map: SeatMap): { x: number; y: number } {
  if (map.type === 'generic') return { x: map.stage.x + map.stage.width / 2, y: map.stage.y + map.stage.height / 2 };
  return map.center;
}

/**
 * Splits a row's seats (in order along the row) where an aisle is: a gap between neighbours over 1.5 times
 * the row's usual step (aisles leave one seat's spacing; curved rows have none).
 */
function splitAtAisles(seats: readonly SeatPosition[]): SeatPosition[][] {
  if (seats.length < 2) return [seats.slice()];
  const steps: number[] = [];
  for (let i = 1; i < seats.length; i++) {
    const a = seats[i - 1] as SeatPosition;
    const b = seats[i] as SeatPosition;
    steps.push(Math.hypot(b.x - a.x, b.y - a.y));
  }
  const usual = Math.min(...steps);
  const parts: SeatPosition[][] = [[seats[0] as SeatPosition]];
  steps.forEach((step, i) => {
    const seat = seats[i + 1] as SeatPosition;
    if (step > usual * 1.5) parts.push([seat]);
    else (parts[parts.length - 1] as SeatPosition[]).push(seat);
  });
  return parts;
}

/**
 * The blocks of an event's seat map, ranked: `packageOf` names each seat's package (its `seating_range`);
 * seats of no package are not for sale and end a block.
 */
export function seatBlocksOf(map: SeatMap, packageOf: ReadonlyMap<string, number>): SeatBlock[] {
  const centre = stageCentre(map);
  const sectionOrder = map.bestAvailable?.sectionOrder ?? [];
  const rows = new Map<string, SeatPosition[]>();
  for (const seat of expandSeatMap(map)) {
    const key = `${seat.section}\u0000${seat.row}`;
    const row = rows.get(key);
    if (row) row.push(seat);
    else rows.set(key, [seat]);
  }
  const blocks: Array<Omit<SeatBlock, 'rank'> & { best: number; order: number }> = [];
  for (const seats of rows.values()) {
    for (const part of splitAtAisles(seats)) {
      let current: (typeof blocks)[number] | null = null;
      for (const seat of part) {
        const packageId = packageOf.get(seat.id);
        if (packageId === undefined) {
          current = null;
          continue;
        }
        if (!current || current.packageId !== packageId) {
          const listed = sectionOrder.indexOf(seat.section);
          current = {
            section: seat.section,
            row: seat.row,
            packageId,
            seatIds: [],
            scores: [],
            access: '',
            best: Number.POSITIVE_INFINITY,
            order: listed === -1 ? sectionOrder.length : listed,
          };
          blocks.push(current);
        }
        const score = Math.round(Math.hypot(seat.x - centre.x, seat.y - centre.y) * 10);
        current.seatIds.push(seat.id);
        current.scores.push(score);
        current.access += seat.access ? ACCESS_CODE[seat.access] : '.';
        current.best = Math.min(current.best, score);
      }
    }
  }
  blocks.sort(
    (a, b) =>
      a.order - b.order ||
      a.best - b.best ||
      a.section.localeCompare(b.section) ||
      a.row.localeCompare(b.row) ||
      (a.seatIds[0] ?? '').localeCompare(b.seatIds[0] ?? ''),
  );
  return blocks.map(({ best: _best, order: _order, ...block }, rank) => ({ ...block, rank }));
}

/**
 * What a buyer asks for instead of seats (POST /api/orders `best_available`): N seats together of one
 * package, optionally in one section, optionally with a wheelchair space.
 */
export const BestAvailableRequestSchema = z.strictObject({
  package_id: z.number().int().positive().max(2_147_483_647, 'This id does not exist.'),
  quantity: z
    .number()
    .int()
    .min(1, 'Choose at least one seat.')
    .max(MAX_TICKETS_PER_ORDER, `No more than ${MAX_TICKETS_PER_ORDER} tickets per order.`),
  /** A section id of the map; absent: any section the package has seats in. */
  section: z
    .string()
    .min(1)
    .max(8)
    .regex(/^[\p{L}\p{N}]+$/u, 'A section is named by letters and digits.')
    .optional(),
  /** true: a group with a wheelchair space (and its companion seats); false or absent: no accessible place. */
  accessible: z.boolean().default(false),
});
export type BestAvailableRequest = z.infer<typeof BestAvailableRequestSchema>;

/** How many times a buyer may swap best-available seats for others on one order (then: keep them or cancel). */
export const MAX_BEST_AVAILABLE_RETRIES = 3;

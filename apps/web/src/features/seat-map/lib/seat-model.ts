import type { EventDetail, EventSeatMap, TicketPackage } from '@marquee/domain/catalog';
import { formatMoney } from '@marquee/domain/money';
import { expandSeatMap, type SeatMap, type SeatPosition } from '@marquee/domain/seat-map';

export type SeatState = 'unavailable' | 'reserved' | 'selected' | 'available';

/** Everything derived once per layout: the seats, their packages, a lookup and a spatial grid. */
export interface SeatModel {
  map: SeatMap;
  seats: SeatPosition[];
  /** seat index -> package id (undefined when the seat belongs to no package). */
  packageIdOf: (number | undefined)[];
  indexOf: Map<string, number>;
  sectionNames: Map<string, string>;
  /** Seat radius in layout units. */
  radius: number;
  grid: SpatialGrid;
}

export interface SpatialGrid {
  cell: number;
  cells: Map<number, number[]>;
}

function minSpacing(map: SeatMap): number {
  let min = Infinity;
  for (const section of map.sections) {
    for (const row of section.rows) {
      if (row.count < 2) continue;
      if ('spacing' in row) min = Math.min(min, row.spacing);
      else {
        const step = Math.abs(row.endAngle - row.startAngle) / (row.count - 1);
        min = Math.min(min, (row.radius * step * Math.PI) / 180);
      }
    }
  }
  return Number.isFinite(min) ? min : 10;
}

/** The seat-map answer for a venue that has a map. */
export type VenueSeatMap = EventSeatMap & { seat_map: SeatMap };

export function hasSeatMap(data: EventSeatMap): data is VenueSeatMap {
  return data.seat_map !== null;
}

export function buildSeatModel(data: VenueSeatMap): SeatModel {
  const seats = expandSeatMap(data.seat_map);
  const indexOf = new Map<string, number>();
  seats.forEach((seat, i) => indexOf.set(seat.id, i));
  const packageIdOf: (number | undefined)[] = new Array<number | undefined>(seats.length).fill(undefined);
  for (const pkg of data.packages) {
    for (const id of pkg.seating_range) {
      const i = indexOf.get(id);
      if (i !== undefined) packageIdOf[i] = pkg.id;
    }
  }
  const radius = Math.max(0.5, Math.min(minSpacing(data.seat_map) * 0.42, 12));
  const cell = radius * 4;
  const cells = new Map<number, number[]>();
  seats.forEach((seat, i) => {
    const key = cellKey(Math.floor(seat.x / cell), Math.floor(seat.y / cell));
    const bucket = cells.get(key);
    if (bucket) bucket.push(i);
    else cells.set(key, [i]);
  });
  const sectionNames = new Map(data.seat_map.sections.map((s) => [s.id, s.name]));
  return { map: data.seat_map, seats, packageIdOf, indexOf, sectionNames, radius, grid: { cell, cells } };
}

function cellKey(cx: number, cy: number): number {
  return (cx + 32768) * 65536 + (cy + 32768);
}

/** The seat under a layout point (within 1.5 radii of its centre), or -1. */
export function hitTest(model: SeatModel, x: number, y: number): number {
  const { cell, cells } = model.grid;
  const cx = Math.floor(x / cell);
  const cy = Math.floor(y / cell);
  let best = -1;
  let bestDistance = (model.radius * 1.5) ** 2;
  for (let dx = -1; dx <= 1; dx++) {
    for (let dy = -1; dy <= 1; dy++) {
      for (const i of cells.get(cellKey(cx + dx, cy + dy)) ?? []) {
        const seat = model.seats[i]!;
        const d = (seat.x - x) ** 2 + (seat.y - y) ** 2;
        if (d <= bestDistance) {
          bestDistance = d;
          best = i;
        }
      }
    }
  }
  return best;
}

export type Direction = 'left' | 'right' | 'up' | 'down';

/** The nearest seat in a direction (off-axis distance weighs double), or `from` when there is none. */
export function neighbourSeat(model: SeatModel, from: number, direction: Direction): number {
  const origin = model.seats[from]!;
  let best = from;
  let bestScore = Infinity;
  const seats = model.seats;
  for (let i = 0; i < seats.length; i++) {
    const seat = seats[i]!;
    const dx = seat.x - origin.x;
    const dy = seat.y - origin.y;
    const along = direction === 'right' ? dx : direction === 'left' ? -dx : direction === 'down' ? dy : -dy;
    if (along <= 0.01) continue;
    const across = direction === 'left' || direction === 'right' ? Math.abs(dy) : Math.abs(dx);
    const score = along + across * 2;
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  }
  return best;
}

export function isPackageOpen(pkg: TicketPackage | undefined): boolean {
  return pkg !== undefined && pkg.active && !pkg.sold_out;
}

/** A seat's state: no package or a closed package → unavailable; then reserved; then selected; else available. */
export function seatState(
  packageId: number | undefined,
  seatId: string,
  packagesById: ReadonlyMap<number, TicketPackage>,
  selected: ReadonlySet<string>,
  reserved: ReadonlySet<string>,
): SeatState {
  const pkg = packageId === undefined ? undefined : packagesById.get(packageId);
  if (!isPackageOpen(pkg)) return 'unavailable';
  if (reserved.has(seatId)) return 'reserved';
  if (selected.has(seatId)) return 'selected';
  return 'available';
}

const STATE_WORDS: Record<SeatState, string> = {
  available: 'available',
  selected: 'selected',
  reserved: 'reserved',
  unavailable: 'unavailable',
};

/** "Section A, row C, seat 12, Gold, LKR 5,000.00, available" */
export function seatLabel(
  model: SeatModel,
  index: number,
  event: Pick<EventDetail, 'currency' | 'free_event'>,
  pkg: TicketPackage | undefined,
  state: SeatState,
): string {
  const seat = model.seats[index]!;
  const section = model.sectionNames.get(seat.section) ?? seat.section;
  const parts = [`Section ${section}`, `row ${seat.row}`, `seat ${seat.number}`];
  if (pkg) {
    parts.push(pkg.name, event.free_event ? 'free' : formatMoney(pkg.price, event.currency));
    if (pkg.free_seating && state === 'available') parts.push('free seating, use the table counter');
  }
  parts.push(STATE_WORDS[state]);
  return parts.join(', ');
}

/**
 * Many seats as one `d` string: a zero-length segment per seat, drawn as a dot by a round line cap
 * (stroke-width = the seat's diameter). Far cheaper to build and rasterise than arcs.
 */
export function dotsPath(seats: readonly SeatPosition[], indices: readonly number[]): string {
  const parts: string[] = new Array<string>(indices.length);
  for (let k = 0; k < indices.length; k++) {
    const seat = seats[indices[k]!]!;
    parts[k] = `M${seat.x} ${seat.y}h0`;
  }
  return parts.join('');
}

import type { EventDetail, EventSeatMap, TicketPackage } from '@marquee/domain/catalog';
import { formatMoney } from '@marquee/domain/money';
import { expandSeatMap, type SeatAccess, type SeatMap, type SeatPosition } from '@marquee/domain/seat-map';

export type SeatState = 'unavailable' | 'reserved' | 'selected' | 'available';

/**
 * Everything derived once per layout: the seats and their packages. What the first paint does not
 * need (the spatial grid for hit tests) is built on first use, or by `prepare()`, which the surface calls
 * right after the map is drawn, before anyone can click.
 */
export interface SeatModel {
  map: SeatMap;
  seats: readonly SeatPosition[];
  /** seat index -> package id (undefined when the seat belongs to no package). */
  packageIdOf: (number | undefined)[];
  /** The index of a seat id, or undefined for an id not on this map. */
  indexOf(id: string): number | undefined;
  sectionNames: Map<string, string>;
  /** Seat radius in layout units. */
  radius: number;
  /** The accessible places (issue 24), by kind: seat indices, in layout order. Few, or none. */
  accessible: Readonly<Record<SeatAccess, readonly number[]>>;
  grid(): SpatialGrid;
  /** Builds what the first paint skipped (the grid), so no click pays for it. */
  prepare(): void;
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

/** Where a row's seats are in the expanded list: from `start`, `count` of them, in `expandSeatMap`'s order. */
interface RowSpan {
  start: number;
  count: number;
  firstNumber: number;
  /** Numbered from the right: the first seat in the list has the highest number. */
  rtl: boolean;
}

/**
 * A seat id's index, found from its row (`${section}-${row}`, its id without the number) and its number: a
 * map of the few hundred rows instead of one of every seat (its 21,000 insertions of new strings took 50-60 ms
 * of a task at Lighthouse's 4x slowdown).
 */
function seatIndexer(map: SeatMap, seats: readonly SeatPosition[]): (id: string) => number | undefined {
  const rows = new Map<string, RowSpan>();
  let start = 0;
  for (const section of map.sections) {
    for (const row of section.rows) {
      const rtl = 'numbering' in row && row.numbering === 'rtl';
      rows.set(`${section.id}-${row.label}`, { start, count: row.count, firstNumber: row.firstNumber, rtl });
      start += row.count;
    }
  }
  return (id) => {
    // A seat number has no dash, so the last one ends the row's part (section ids and row labels may have some).
    const dash = id.lastIndexOf('-');
    const row = rows.get(id.slice(0, dash));
    if (dash < 0 || !row) return undefined;
    const number = Number(id.slice(dash + 1));
    const offset = row.rtl ? row.firstNumber + row.count - 1 - number : number - row.firstNumber;
    const i = row.start + offset;
    // The seat there has exactly this id ("A-B-02" is not seat 2's), or the id is not on the map.
    return offset >= 0 && offset < row.count && seats[i]?.id === id ? i : undefined;
  };
}

export function buildSeatModel(data: VenueSeatMap): SeatModel {
  const seats = expandSeatMap(data.seat_map);
  const indexOf = seatIndexer(data.seat_map, seats);

  // Seating ranges are nearly always listed in layout order: try the seat after the previous one first.
  const packageIdOf = new Array<number | undefined>(seats.length).fill(undefined);
  for (const pkg of data.packages) {
    let next = 0;
    for (const id of pkg.seating_range) {
      const i = seats[next]?.id === id ? next : indexOf(id);
      if (i === undefined) continue;
      packageIdOf[i] = pkg.id;
      next = i + 1;
    }
  }

  const radius = Math.max(0.5, Math.min(minSpacing(data.seat_map) * 0.42, 12));
  const accessible: Record<SeatAccess, number[]> = { wheelchair: [], companion: [] };
  for (let i = 0; i < seats.length; i++) {
    const access = seats[i]!.access;
    if (access) accessible[access].push(i);
  }
  let grid: SpatialGrid | undefined;
  const sectionNames = new Map(data.seat_map.sections.map((s) => [s.id, s.name]));
  return {
    map: data.seat_map,
    seats,
    packageIdOf,
    indexOf,
    sectionNames,
    radius,
    accessible,
    grid: () => (grid ??= buildGrid(seats, radius * 4)),
    prepare: () => {
      grid ??= buildGrid(seats, radius * 4);
    },
  };
}

function buildGrid(seats: readonly SeatPosition[], cell: number): SpatialGrid {
  const cells = new Map<number, number[]>();
  for (let i = 0; i < seats.length; i++) {
    const seat = seats[i]!;
    const key = cellKey(Math.floor(seat.x / cell), Math.floor(seat.y / cell));
    const bucket = cells.get(key);
    if (bucket) bucket.push(i);
    else cells.set(key, [i]);
  }
  return { cell, cells };
}

function cellKey(cx: number, cy: number): number {
  return (cx + 32768) * 65536 + (cy + 32768);
}

/** The seat under a layout point (within 1.5 radii of its centre), or -1. */
export function hitTest(model: SeatModel, x: number, y: number): number {
  const { cell, cells } = model.grid();
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

/** How a seat's kind is said: wheelchair spaces and companion seats say so; other seats say nothing more. */
export const ACCESS_WORDS: Record<SeatAccess, string> = {
  wheelchair: 'wheelchair space',
  companion: 'companion seat',
};

/** "Section A, row C, seat 12, Gold, LKR 5,000.00, available"; "…, seat 1, wheelchair space, Gold, …" */
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
  if (seat.access) parts.push(ACCESS_WORDS[seat.access]);
  if (pkg) {
    parts.push(pkg.name, event.free_event ? 'free' : formatMoney(pkg.price, event.currency));
    if (pkg.free_seating && state === 'available') parts.push('free seating, use the table counter');
  }
  parts.push(STATE_WORDS[state]);
  return parts.join(', ');
}

/**
 * "seat 12 in row C of Stalls", "seat 1 in row A of Stalls (wheelchair space)": for sentences (row labels may be
 * numbers, so never "Seat C12").
 */
export function seatName(model: SeatModel, index: number): string {
  const seat = model.seats[index]!;
  const name = `seat ${seat.number} in row ${seat.row} of ${model.sectionNames.get(seat.section) ?? seat.section}`;
  return seat.access ? `${name} (${ACCESS_WORDS[seat.access]})` : name;
}

/** One drawn group: its seats as one path, a dot per seat. */
export interface SeatGroupPath {
  key: string;
  d: string;
  /**
   * Set when `d` draws rows as lines: a dash pattern of `0 spacing` with round caps puts a dot every
   * `spacing` along each line, so a row of 60 seats is one `M x y h length` instead of 60 sub-paths.
   */
  spacing?: number;
}

/** Two decimals at most: layout units are far coarser than that. */
function num(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * The seats grouped by `keyOf(index)` (null leaves a seat out). Straight rows become one line per run of
 * neighbouring seats in the same group, dashed into dots (grouped by spacing too); arc rows become a
 * zero-length sub-path per seat, in relative moves to keep the path short.
 */
export function seatGroupPaths(model: SeatModel, keyOf: (index: number) => string | null): SeatGroupPath[] {
  const groups = new Map<string, { key: string; parts: string[]; spacing?: number; x: number; y: number }>();
  const group = (key: string, spacing?: number) => {
    const id = spacing === undefined ? key : `${key}|${spacing}`;
    let found = groups.get(id);
    if (!found) groups.set(id, (found = { key, parts: [], x: 0, y: 0, ...(spacing === undefined ? {} : { spacing }) }));
    return found;
  };
  const { map, seats } = model;
  if (map.type === 'generic') {
    let i = 0;
    for (const section of map.sections) {
      for (const row of section.rows) {
        const end = i + row.count;
        let start = i;
        let key = keyOf(i);
        for (; i < end; i++) {
          const nextKey = i + 1 < end ? keyOf(i + 1) : undefined;
          if (nextKey === key) continue;
          if (key !== null) {
            const first = seats[start]!;
            // The line ends a hair past the last seat, so rounding never drops its dot.
            const length = num((i - start) * row.spacing + row.spacing / 64);
            group(key, row.spacing).parts.push(`M${num(first.x)} ${num(first.y)}h${length}`);
          }
          start = i + 1;
          key = nextKey ?? null;
        }
      }
    }
  } else {
    for (let i = 0; i < seats.length; i++) {
      const key = keyOf(i);
      if (key === null) continue;
      const seat = seats[i]!;
      const g = group(key);
      const x = num(seat.x);
      const y = num(seat.y);
      g.parts.push(g.parts.length === 0 ? `M${x} ${y}h0` : `m${num(x - g.x)} ${num(y - g.y)}h0`);
      g.x = x;
      g.y = y;
    }
  }
  return [...groups.values()].map(({ key, parts, spacing }) => ({
    key,
    d: parts.join(''),
    ...(spacing === undefined ? {} : { spacing }),
  }));
}

/** A dot per seat (zero-length sub-paths drawn by a round line cap), in relative moves. */
export function dotsPath(seats: readonly SeatPosition[], indices: Iterable<number>): string {
  const parts: string[] = [];
  let px = 0;
  let py = 0;
  for (const index of indices) {
    const seat = seats[index]!;
    const x = num(seat.x);
    const y = num(seat.y);
    parts.push(parts.length === 0 ? `M${x} ${y}h0` : `m${num(x - px)} ${num(y - py)}h0`);
    px = x;
    py = y;
  }
  return parts.join('');
}

/**
 * The wheelchair symbol drawn on each seat listed (a head, a back and seat, and a wheel), as one path to stroke
 * at `radius * 0.16`: the few wheelchair spaces are one more element, not one each. It fits inside the seat's dot.
 */
export function wheelchairMarksPath(
  seats: readonly Pick<SeatPosition, 'x' | 'y'>[],
  indices: readonly number[],
  radius: number,
): string {
  const r = radius;
  return indices
    .map((index) => {
      const { x, y } = seats[index]!;
      return [
        // The head: a circle whose stroke fills it.
        `M${num(x - 0.13 * r)} ${num(y - 0.62 * r)}a${num(0.08 * r)} ${num(0.08 * r)} 0 1 0 ${num(0.16 * r)} 0`,
        `a${num(0.08 * r)} ${num(0.08 * r)} 0 1 0 ${num(-0.16 * r)} 0`,
        `M${num(x - 0.12 * r)} ${num(y - 0.4 * r)}v${num(0.45 * r)}h${num(0.38 * r)}l${num(0.14 * r)} ${num(0.4 * r)}`,
        `M${num(x + 0.235 * r)} ${num(y + 0.379 * r)}A${num(0.34 * r)} ${num(0.34 * r)} 0 1 1 ${num(x - 0.216 * r)} ${num(y)}`,
      ].join('');
    })
    .join('');
}

/** A ring inside each seat listed (companion seats), as one path to stroke at `radius * 0.2`. */
export function companionRingsPath(
  seats: readonly Pick<SeatPosition, 'x' | 'y'>[],
  indices: readonly number[],
  radius: number,
): string {
  const ring = num(radius * 0.5);
  return indices
    .map((index) => {
      const { x, y } = seats[index]!;
      return `M${num(x + ring)} ${num(y)}a${ring} ${ring} 0 1 0 ${num(-2 * ring)} 0a${ring} ${ring} 0 1 0 ${num(2 * ring)} 0`;
    })
    .join('');
}

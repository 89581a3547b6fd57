import { expandSeatMap, type SeatMap, type SeatPosition } from '@marquee/domain/seat-map';

/**
 * Seat assignment's rules, apart from React: the venue's seats indexed once per map (by id, by row, by
 * section), and what a click on a seat, a row or a section does to the chosen package's seats. The package's
 * seats are one Set of ids, replaced (never an object per seat) on each change: a 20,000-seat map stays quick.
 */

export interface SeatGroup {
  /** `A|C` for row C of section A; the section's id for a section. */
  key: string;
  /** "row C of Stalls", "Stalls". */
  name: string;
  seatIds: readonly string[];
}

export interface SeatIndex {
  seats: readonly SeatPosition[];
  byId: ReadonlyMap<string, SeatPosition>;
  rows: ReadonlyMap<string, SeatGroup>;
  sections: ReadonlyMap<string, SeatGroup>;
  /** The sections in the map's order. */
  sectionList: readonly SeatGroup[];
}

export function rowKeyOf(seat: Pick<SeatPosition, 'section' | 'row'>): string {
  return `${seat.section}|${seat.row}`;
}

export function indexSeats(map: SeatMap): SeatIndex {
  const seats = expandSeatMap(map);
  const names = new Map(map.sections.map((section) => [section.id, section.name || section.id]));
  const byId = new Map<string, SeatPosition>();
  const rowIds = new Map<string, string[]>();
  const sectionIds = new Map<string, string[]>();
  for (const seat of seats) {
    byId.set(seat.id, seat);
    const rowKey = rowKeyOf(seat);
    let row = rowIds.get(rowKey);
    if (!row) rowIds.set(rowKey, (row = []));
    row.push(seat.id);
    let section = sectionIds.get(seat.section);
    if (!section) sectionIds.set(seat.section, (section = []));
    section.push(seat.id);
  }
  const rows = new Map<string, SeatGroup>();
  for (const [key, seatIds] of rowIds) {
    const [sectionId = '', row = ''] = key.split('|');
    rows.set(key, { key, name: `row ${row} of ${names.get(sectionId) ?? sectionId}`, seatIds });
  }
  const sectionList = map.sections.map((section) => ({
    key: section.id,
    name: names.get(section.id) ?? section.id,
    seatIds: sectionIds.get(section.id) ?? [],
  }));
  return { seats, byId, rows, sections: new Map(sectionList.map((group) => [group.key, group])), sectionList };
}

/** "Stalls, row C, seat 12" (row labels may be numbers: never "Seat C12"). */
export function seatText(index: SeatIndex, seatId: string): string {
  const seat = index.byId.get(seatId);
  if (!seat) return seatId;
  const section = index.sections.get(seat.section)?.name ?? seat.section;
  return `${section}, row ${seat.row}, seat ${seat.number}`;
}

/** Which package owns each seat, for every package but `exceptId` (the one being assigned). */
export function ownersOf(
  packages: readonly { id: number; seat_ids: readonly string[] }[],
  exceptId: number | null,
): Map<string, number> {
  const owners = new Map<string, number>();
  for (const pkg of packages) {
    if (pkg.id === exceptId) continue;
    for (const id of pkg.seat_ids) owners.set(id, pkg.id);
  }
  return owners;
}

export type SeatToggle =
  | { kind: 'added' | 'removed'; next: ReadonlySet<string> }
  /** Another package's seat: left alone. */
  | { kind: 'owned'; ownerId: number };

/** A click on one seat: in or out of the package, unless another package has it. */
export function toggleSeat(
  selected: ReadonlySet<string>,
  seatId: string,
  owners: ReadonlyMap<string, number>,
): SeatToggle {
  const ownerId = owners.get(seatId);
  if (ownerId !== undefined) return { kind: 'owned', ownerId };
  const next = new Set(selected);
  if (next.delete(seatId)) return { kind: 'removed', next };
  next.add(seatId);
  return { kind: 'added', next };
}

export interface GroupToggle {
  kind: 'added' | 'removed' | 'none';
  next: ReadonlySet<string>;
  /** Seats that changed. */
  count: number;
  /** Seats of other packages in the group, left alone. */
  skipped: number;
}

/**
 * A row or a section at once: every seat of it that no other package has joins the package; when all of
 * those are in it already, they all leave it. Other packages' seats are never taken.
 */
export function toggleGroup(
  selected: ReadonlySet<string>,
  seatIds: readonly string[],
  owners: ReadonlyMap<string, number>,
): GroupToggle {
  const free = seatIds.filter((id) => !owners.has(id));
  const skipped = seatIds.length - free.length;
  if (free.length === 0) return { kind: 'none', next: selected, count: 0, skipped };
  const missing = free.filter((id) => !selected.has(id));
  const next = new Set(selected);
  if (missing.length === 0) {
    for (const id of free) next.delete(id);
    return { kind: 'removed', next, count: free.length, skipped };
  }
  for (const id of missing) next.add(id);
  return { kind: 'added', next, count: missing.length, skipped };
}

/** How many of `seatIds` are in `selected`. */
export function countIn(seatIds: readonly string[], selected: ReadonlySet<string>): number {
  let count = 0;
  for (const id of seatIds) if (selected.has(id)) count++;
  return count;
}

/** Seats added to and released from the package since it was saved. */
export function changesSince(
  saved: readonly string[],
  selected: ReadonlySet<string>,
): { added: number; removed: number } {
  const before = new Set(saved);
  let added = 0;
  for (const id of selected) if (!before.has(id)) added++;
  let removed = 0;
  for (const id of before) if (!selected.has(id)) removed++;
  return { added, removed };
}

/** The package's full list to save, in the map's order (section by section, row by row). */
export function seatListOf(index: SeatIndex, selected: ReadonlySet<string>): string[] {
  const list: string[] = [];
  for (const seat of index.seats) if (selected.has(seat.id)) list.push(seat.id);
  return list;
}

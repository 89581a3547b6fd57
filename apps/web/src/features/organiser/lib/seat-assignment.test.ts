import { describe, expect, it } from 'vitest';
import type { GenericSeatMap } from '@marquee/domain/seat-map';
import { SMALL_MAP } from '../test/event-fixtures';
import {
  changesSince,
  countIn,
  indexSeats,
  ownersOf,
  rowKeyOf,
  seatListOf,
  seatText,
  toggleGroup,
  toggleSeat,
} from './seat-assignment';

const index = indexSeats(SMALL_MAP);
/** Gold (11) is being assigned; Silver (12) has B-C-1. */
const owners = ownersOf(
  [
    { id: 11, seat_ids: ['A-A-1', 'A-A-2'] },
    { id: 12, seat_ids: ['B-C-1'] },
    { id: 13, seat_ids: [] },
  ],
  11,
);

describe('the seat index', () => {
  it('groups the seats by row and by section, in the map’s order, with their names', () => {
    expect(index.seats).toHaveLength(11);
    expect(index.rows.get('A|B')).toEqual({
      key: 'A|B',
      name: 'row B of Stalls',
      seatIds: ['A-B-1', 'A-B-2', 'A-B-3', 'A-B-4'],
    });
    expect(index.sectionList.map((section) => [section.name, section.seatIds.length])).toEqual([
      ['Stalls', 8],
      ['Balcony', 3],
    ]);
    expect(rowKeyOf(index.byId.get('B-C-2')!)).toBe('B|C');
    expect(seatText(index, 'B-C-2')).toBe('Balcony, row C, seat 2');
    // A seat the map does not have is named by its id.
    expect(seatText(index, 'Z-Z-9')).toBe('Z-Z-9');
  });

  it('owners: every package’s seats but the one being assigned', () => {
    expect([...owners]).toEqual([['B-C-1', 12]]);
    expect(ownersOf([{ id: 11, seat_ids: ['A-A-1'] }], null).get('A-A-1')).toBe(11);
  });
});

describe('toggling one seat', () => {
  it('adds a free seat, takes out one of the package’s, and leaves another package’s alone', () => {
    const selected = new Set(['A-A-1']);
    const added = toggleSeat(selected, 'A-A-3', owners);
    expect(added.kind).toBe('added');
    expect(added.kind !== 'owned' && [...added.next]).toEqual(['A-A-1', 'A-A-3']);
    const removed = toggleSeat(selected, 'A-A-1', owners);
    expect(removed.kind !== 'owned' && [...removed.next]).toEqual([]);
    expect(toggleSeat(selected, 'B-C-1', owners)).toEqual({ kind: 'owned', ownerId: 12 });
    // The set given is never changed in place.
    expect([...selected]).toEqual(['A-A-1']);
  });
});

describe('toggling a row or a section', () => {
  const balcony = index.sections.get('B')!.seatIds;

  it('adds the seats no other package has, and counts those it skipped', () => {
    const result = toggleGroup(new Set(['B-C-2']), balcony, owners);
    expect(result).toMatchObject({ kind: 'added', count: 1, skipped: 1 });
    expect([...result.next].sort()).toEqual(['B-C-2', 'B-C-3']);
    expect(result.next.has('B-C-1')).toBe(false);
  });

  it('when all of its free seats are in already, takes them all out (still not the other package’s)', () => {
    const result = toggleGroup(new Set(['A-A-1', 'B-C-2', 'B-C-3']), balcony, owners);
    expect(result).toMatchObject({ kind: 'removed', count: 2, skipped: 1 });
    expect([...result.next]).toEqual(['A-A-1']);
  });

  it('a group wholly another package’s: nothing changes', () => {
    const selected = new Set(['A-A-1']);
    const result = toggleGroup(selected, ['B-C-1'], owners);
    expect(result).toEqual({ kind: 'none', next: selected, count: 0, skipped: 1 });
  });
});

describe('what is saved', () => {
  it('the list is in the map’s order whatever the order of the clicks, left to right in a right-to-left row', () => {
    const map: GenericSeatMap = {
      ...SMALL_MAP,
      sections: [
        { id: 'B', name: 'Balcony', rows: [{ label: 'C', count: 3, firstNumber: 1, x: 10, y: 10, spacing: 10 }] },
        {
          id: 'A',
          name: 'Stalls',
          rows: [{ label: 'A', count: 4, firstNumber: 1, x: 10, y: 40, spacing: 10, numbering: 'rtl', aisles: [2] }],
        },
      ],
    };
    const clicked = new Set(['A-A-1', 'B-C-3', 'A-A-4', 'B-C-1', 'A-A-3']);
    expect(seatListOf(indexSeats(map), clicked)).toEqual(['B-C-1', 'B-C-3', 'A-A-4', 'A-A-3', 'A-A-1']);
    // Ids the map does not have are not sent.
    expect(seatListOf(index, new Set(['Z-Z-1', 'A-A-2']))).toEqual(['A-A-2']);
  });

  it('counts the changes since the saved seats, and the seats of a group in the package', () => {
    const draft = new Set(['A-A-2', 'A-A-3', 'A-A-4']);
    expect(changesSince(['A-A-1', 'A-A-2'], draft)).toEqual({ added: 2, removed: 1 });
    expect(changesSince(['A-A-2', 'A-A-3', 'A-A-4'], draft)).toEqual({ added: 0, removed: 0 });
    expect(countIn(index.rows.get('A|A')!.seatIds, draft)).toBe(3);
    expect(countIn(index.rows.get('A|B')!.seatIds, draft)).toBe(0);
  });
});

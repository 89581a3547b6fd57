import { describe, expect, it } from 'vitest';
import { CreateOrderRequestSchema } from '../checkout/order.schema';
import { fieldErrorsFromZod } from '../errors/error-shape';
import { GenericSeatMapSchema, countSeats, expandSeatMap } from '../seat-map/seat-map.schema';
import { describeSeat } from '../tickets/describe-seat';
import {
  GenericLayoutSpecSchema,
  LAYOUT_GEOMETRY,
  buildGenericSeatMap,
  rowLetters,
  type GenericLayoutSpecInput,
} from './layout.schema';

const THEATRE: GenericLayoutSpecInput = {
  stage_label: 'Main stage',
  sections: [
    { id: 'L', name: 'Stalls left', rows: [{ seats: 6 }, { seats: 7 }], numbering: 'rtl' },
    {
      id: 'C',
      name: 'Stalls centre',
      rows: [{ seats: 10 }, { seats: 12 }, { seats: 12, aisles: [3, 9] }],
      aisles: [5],
      beside_previous: true,
    },
    { id: 'R', name: 'Stalls right', rows: [{ seats: 6 }, { seats: 7 }], beside_previous: true },
    {
      id: 'BAL',
      name: 'Balcony',
      rows: [{ seats: 20 }, { seats: 20, label: 'GG', first_number: 101 }],
      row_labels: 'numbers',
      first_row: 3,
    },
  ],
};

function build(input: GenericLayoutSpecInput) {
  return buildGenericSeatMap(GenericLayoutSpecSchema.parse(input));
}

describe('rowLetters', () => {
  it('goes A to Z, then AA', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(rowLetters)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });
});

describe('buildGenericSeatMap', () => {
  it('makes a seat map the schema takes, with every seat once', () => {
    const map = build(THEATRE);
    expect(GenericSeatMapSchema.parse(map)).toEqual(map);
    const seats = expandSeatMap(map);
    expect(seats).toHaveLength(6 + 7 + 10 + 12 + 12 + 6 + 7 + 20 + 20);
    expect(countSeats(map)).toBe(seats.length);
    expect(new Set(seats.map((seat) => seat.id)).size).toBe(seats.length);
    expect(map.stage.label).toBe('Main stage');
  });

  it('labels rows as asked, and numbers seats as asked', () => {
    const map = build(THEATRE);
    const rows = (id: string) => map.sections.find((section) => section.id === id)?.rows ?? [];
    expect(rows('L').map((row) => row.label)).toEqual(['A', 'B']);
    expect(rows('BAL').map((row) => [row.label, row.firstNumber])).toEqual([
      ['3', 1],
      ['GG', 101],
    ]);
    const seats = expandSeatMap(map);
    // Right to left: the leftmost seat of row A of the left stalls is number 6.
    expect(seats.filter((seat) => seat.section === 'L' && seat.row === 'A').map((seat) => seat.number)).toEqual([
      6, 5, 4, 3, 2, 1,
    ]);
    expect(seats.find((seat) => seat.id === 'BAL-GG-120')).toBeDefined();
  });

  it('leaves a seat-wide gap at each aisle, its own or its section’s', () => {
    const map = build(THEATRE);
    const { seatSpacing } = LAYOUT_GEOMETRY;
    const centre = map.sections.find((section) => section.id === 'C')?.rows ?? [];
    expect(centre.map((row) => row.aisles)).toEqual([[5], [5], [3, 9]]);
    const gaps = (row: string) => {
      const xs = expandSeatMap(map)
        .filter((seat) => seat.section === 'C' && seat.row === row)
        .map((seat) => seat.x);
      return xs.slice(1).map((x, i) => x - (xs[i] ?? 0));
    };
    expect(gaps('A')).toEqual([1, 1, 1, 1, 2, 1, 1, 1, 1].map((n) => n * seatSpacing));
    expect(gaps('C')).toEqual([1, 1, 2, 1, 1, 1, 1, 1, 2, 1, 1].map((n) => n * seatSpacing));
  });

  it('keeps every seat inside the map, sections apart, and the stage above them', () => {
    const map = build(THEATRE);
    const seats = expandSeatMap(map);
    for (const seat of seats) {
      expect(seat.x).toBeGreaterThan(0);
      expect(seat.x).toBeLessThan(map.width);
      expect(seat.y).toBeGreaterThan(map.stage.y + map.stage.height);
      expect(seat.y).toBeLessThan(map.height);
    }
    const box = (id: string) => {
      const own = seats.filter((seat) => seat.section === id);
      return {
        left: Math.min(...own.map((s) => s.x)),
        right: Math.max(...own.map((s) => s.x)),
        top: Math.min(...own.map((s) => s.y)),
        bottom: Math.max(...own.map((s) => s.y)),
      };
    };
    // Side by side, left to right, on one band; the balcony behind them.
    expect(box('L').right).toBeLessThan(box('C').left);
    expect(box('C').right).toBeLessThan(box('R').left);
    expect(box('L').top).toBe(box('R').top);
    expect(box('BAL').top).toBeGreaterThan(Math.max(box('L').bottom, box('C').bottom, box('R').bottom));
    expect(map.stage.x).toBeGreaterThan(0);
    expect(map.stage.x + map.stage.width).toBeLessThan(map.width);
  });

  it('centres the rows of a section on its widest', () => {
    const map = build({ sections: [{ id: 'A', name: 'Fan', rows: [{ seats: 4 }, { seats: 8 }] }] });
    const [front, back] = map.sections[0]?.rows ?? [];
    const middle = (row: typeof front) => (row ? row.x + ((row.count - 1) * row.spacing) / 2 : NaN);
    expect(middle(front)).toBe(middle(back));
    expect(middle(front)).toBe(map.width / 2 + (LAYOUT_GEOMETRY.rowLabelGutter - LAYOUT_GEOMETRY.seatPad) / 2);
  });

  it('writes rows without aisles or a numbering as maps always were', () => {
    const map = build({ sections: [{ id: 'A', name: 'Hall', rows: [{ seats: 3 }] }] });
    expect(Object.keys(map.sections[0]?.rows[0] ?? {}).sort()).toEqual([
      'count',
      'firstNumber',
      'label',
      'spacing',
      'x',
      'y',
    ]);
  });

  it('makes seat ids that the checkout takes and tickets print', () => {
    const map = build(THEATRE);
    const seats = expandSeatMap(map);
    const SeatIdsSchema = CreateOrderRequestSchema.shape.seats;
    for (let i = 0; i < seats.length; i += 10) {
      expect(SeatIdsSchema.safeParse(seats.slice(i, i + 10).map((seat) => seat.id)).success).toBe(true);
    }
    expect(describeSeat(map, 'BAL-GG-105')).toEqual({ id: 'BAL-GG-105', section: 'Balcony', row: 'GG', number: '105' });
  });
});

describe('GenericLayoutSpecSchema', () => {
  it('defaults the stage, labels, numbering and placement', () => {
    expect(GenericLayoutSpecSchema.parse({ sections: [{ id: 'A', name: 'Hall', rows: [{ seats: 3 }] }] })).toEqual({
      stage_label: 'Stage',
      sections: [
        {
          id: 'A',
          name: 'Hall',
          rows: [{ seats: 3 }],
          row_labels: 'letters',
          first_row: 1,
          numbering: 'ltr',
          aisles: [],
          beside_previous: false,
        },
      ],
    });
  });

  it('refuses ids and labels that would make two seats one', () => {
    const parsed = GenericLayoutSpecSchema.safeParse({
      sections: [
        { id: 'A', name: 'One', rows: [{ seats: 3 }, { seats: 3, label: 'A' }] },
        { id: 'a', name: 'Two', rows: [{ seats: 3 }] },
        { id: 'B-1', name: 'Three', rows: [{ seats: 3, label: 'x y' }] },
      ],
    });
    expect(fieldErrorsFromZod(parsed.error!)).toEqual({
      'sections.2.id': ['must be 1 to 8 letters or digits'],
      'sections.2.rows.0.label': ['must be 1 to 8 letters or digits'],
      'sections.0.rows.1.label': ['row 2 would be labelled A, like row 1: give it its own label'],
      'sections.1.id': ['is already the id of section 1 ("One")'],
    });
  });

  it('refuses aisles outside their rows, or listed twice', () => {
    const parsed = GenericLayoutSpecSchema.safeParse({
      sections: [
        {
          id: 'A',
          name: 'One',
          rows: [{ seats: 4, aisles: [4] }, { seats: 6, aisles: [2, 2] }, { seats: 3 }],
          aisles: [6],
        },
      ],
    });
    expect(fieldErrorsFromZod(parsed.error!)).toEqual({
      'sections.0.rows.1.aisles': ['must list each aisle once'],
      'sections.0.rows.0.aisles.0': ['must be between 1 and 3: an aisle goes between two seats of the row'],
      'sections.0.aisles.0': ['must be between 1 and 5: an aisle goes between two seats of a row'],
    });
  });

  it("drops a section's aisle from a row too short for it", () => {
    const map = build({ sections: [{ id: 'A', name: 'Fan', rows: [{ seats: 4 }, { seats: 10 }], aisles: [5] }] });
    expect(map.sections[0]?.rows.map((row) => row.aisles)).toEqual([undefined, [5]]);
  });

  it('refuses a first section beside nothing, and more seats than a venue holds', () => {
    expect(
      fieldErrorsFromZod(
        GenericLayoutSpecSchema.safeParse({
          sections: [{ id: 'A', name: 'Hall', rows: [{ seats: 3 }], beside_previous: true }],
        }).error!,
      ),
    ).toEqual({ 'sections.0.beside_previous': ['the first section has no section before it'] });
    const huge = Array.from({ length: 2 }, (_, s) => ({
      id: `S${s}`,
      name: `Stand ${s}`,
      rows: Array.from({ length: 100 }, () => ({ seats: 500 })),
    }));
    expect(fieldErrorsFromZod(GenericLayoutSpecSchema.safeParse({ sections: huge }).error!)).toEqual({
      sections: ['must hold at most 60000 seats in all (100000 given)'],
    });
  });

  it('refuses wheelchair and companion seats that the row does not have, or that are both', () => {
    const parsed = GenericLayoutSpecSchema.safeParse({
      sections: [
        {
          id: 'A',
          name: 'One',
          rows: [
            { seats: 10, first_number: 101, wheelchair: [101, 111, 0], companion: [102, 101, 102] },
            { seats: 4, wheelchair: ['one'], companion: 3 },
          ],
        },
      ],
    });
    expect(fieldErrorsFromZod(parsed.error!)).toEqual({
      'sections.0.rows.0.wheelchair.2': ['must be a list of seat numbers of the row'],
      'sections.0.rows.0.companion': ['must list each seat once'],
      'sections.0.rows.1.wheelchair.0': ['must be a list of seat numbers of the row'],
      'sections.0.rows.1.companion': ['must be a list of seat numbers of the row'],
    });
    // With the lists well formed, each seat is judged against its row.
    const judged = GenericLayoutSpecSchema.safeParse({
      sections: [
        {
          id: 'A',
          name: 'One',
          rows: [{ seats: 10, first_number: 101, wheelchair: [101, 111], companion: [102, 101, 100] }],
        },
      ],
    });
    expect(fieldErrorsFromZod(judged.error!)).toEqual({
      'sections.0.rows.0.wheelchair.1': ['must be between 101 and 110: seat 111 is not in the row'],
      'sections.0.rows.0.companion.1': ['must not include seat 101: it is a wheelchair space'],
      'sections.0.rows.0.companion.2': ['must be between 101 and 110: seat 100 is not in the row'],
    });
  });

  it('refuses best sections that are not sections of the layout, or listed twice', () => {
    const parsed = GenericLayoutSpecSchema.safeParse({
      sections: [
        { id: 'S', name: 'Stalls', rows: [{ seats: 3 }] },
        { id: 'B', name: 'Balcony', rows: [{ seats: 3 }] },
      ],
      best_sections: ['S', 'X', 's', 'B-1'],
    });
    expect(fieldErrorsFromZod(parsed.error!)).toEqual({
      'best_sections.3': ['must be 1 to 8 letters or digits'],
      'best_sections.1': ["must be ids of the layout's sections: there is no section X"],
      'best_sections.2': ['must list each section once'],
    });
  });
});

describe('accessible places and best available', () => {
  const HALL: GenericLayoutSpecInput = {
    sections: [
      { id: 'Stl', name: 'Stalls', rows: [{ seats: 8, wheelchair: [1, 8], companion: [2, 7] }, { seats: 8 }] },
      {
        id: 'BAL',
        name: 'Balcony',
        rows: [{ seats: 6, first_number: 11, wheelchair: [16], companion: [15] }],
        numbering: 'rtl',
      },
    ],
    best_sections: ['bal', 'STL'],
  };

  it('carries wheelchair and companion seats into their rows, and the map marks those seats', () => {
    const map = build(HALL);
    expect(GenericSeatMapSchema.parse(map)).toEqual(map);
    const [front, back] = map.sections[0]?.rows ?? [];
    expect([front?.wheelchair, front?.companion]).toEqual([
      [1, 8],
      [2, 7],
    ]);
    // A row without accessible places is written as before.
    expect(back).not.toHaveProperty('wheelchair');
    expect(back).not.toHaveProperty('companion');
    const marked = expandSeatMap(map)
      .filter((seat) => seat.access)
      .map((seat) => [seat.id, seat.access]);
    expect(marked).toEqual([
      ['Stl-A-1', 'wheelchair'],
      ['Stl-A-2', 'companion'],
      ['Stl-A-7', 'companion'],
      ['Stl-A-8', 'wheelchair'],
      // Right to left: seat 16 is the leftmost of the balcony's row, its companion seat 15 beside it.
      ['BAL-A-16', 'wheelchair'],
      ['BAL-A-15', 'companion'],
    ]);
    expect(countSeats(map)).toBe(8 + 8 + 6);
  });

  it('puts the best sections first for best available, spelt as the sections spell their ids', () => {
    expect(build(HALL).bestAvailable).toEqual({ sectionOrder: ['BAL', 'Stl'] });
    expect(build({ ...HALL, best_sections: undefined })).not.toHaveProperty('bestAvailable');
    expect(build({ ...HALL, best_sections: [] })).not.toHaveProperty('bestAvailable');
  });
});

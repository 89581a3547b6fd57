import { z } from 'zod';

/**
 * A venue's seat map. `null` (no map) gives the ticket list view; `generic` is a
 * sections/rows/seats layout drawn as SVG; `lotus` is the one special venue variant
 * (the Lotus Pond Theatre, Colombo: seats in concentric arcs around a round stage).
 *
 * Layouts are stored compactly (a row is a start point, a spacing and a count, with its aisles and
 * numbering direction) and expanded into seats by `expandSeatMap`, so a 20,000-seat venue stays a few KB.
 * Seat ids are stable strings `${section}-${row}-${number}`.
 */
export const SEAT_MAP_TYPES = ['generic', 'lotus'] as const;
export const SeatMapTypeSchema = z.enum(SEAT_MAP_TYPES);
export type SeatMapType = z.infer<typeof SeatMapTypeSchema>;

/** Seat numbers of a row (its own numbers, as printed on the seats). */
const SeatNumberListSchema = z.array(z.number().int().min(1)).max(500);

const SeatNumbersSchema = z.object({
  label: z.string().min(1).max(8),
  count: z.number().int().min(1).max(500),
  firstNumber: z.number().int().min(1).default(1),
  /**
   * Accessible places (issue 24): seats (by number) kept for a wheelchair, and companion seats beside them.
   * Best available skips both unless the buyer asks for an accessible place; the map marks them.
   */
  wheelchair: SeatNumberListSchema.optional(),
  companion: SeatNumberListSchema.optional(),
});

/** Every wheelchair or companion seat number is one of the row's numbers, and no seat is both. */
function checkAccessibleSeats(
  row: { count: number; firstNumber: number; wheelchair?: number[] | undefined; companion?: number[] | undefined },
  ctx: z.RefinementCtx,
): void {
  const last = row.firstNumber + row.count - 1;
  const wheelchair = new Set(row.wheelchair ?? []);
  for (const key of ['wheelchair', 'companion'] as const) {
    (row[key] ?? []).forEach((number, index) => {
      if (number < row.firstNumber || number > last) {
        ctx.addIssue({
          code: 'custom',
          path: [key, index],
          message: `must be a seat number of the row, from ${row.firstNumber} to ${last}`,
        });
      } else if (key === 'companion' && wheelchair.has(number)) {
        ctx.addIssue({ code: 'custom', path: [key, index], message: 'is already a wheelchair place' });
      }
    });
  }
}

/** Seat numbers along a straight row: from its left end (the default), or from its right end. */
export const ROW_NUMBERINGS = ['ltr', 'rtl'] as const;
export type RowNumbering = (typeof ROW_NUMBERINGS)[number];

/**
 * A straight row: `count` seats from (x, y), `spacing` apart. `aisles` (optional) leaves a gap of one seat's
 * spacing after the n-th seat from the left, for each n listed; `numbering: 'rtl'` numbers the seats from the
 * right end (so the leftmost seat is `firstNumber + count - 1`). Neither changes which seat ids a row has,
 * and maps written before they existed mean the same.
 */
export const StraightRowSchema = SeatNumbersSchema.extend({
  x: z.number(),
  y: z.number(),
  spacing: z.number().positive(),
  aisles: z.array(z.number().int().min(1)).max(499).optional(),
  numbering: z.enum(ROW_NUMBERINGS).optional(),
}).superRefine((row, ctx) => {
  checkAccessibleSeats(row, ctx);
  const aisles = row.aisles ?? [];
  aisles.forEach((after, index) => {
    if (after >= row.count) {
      ctx.addIssue({
        code: 'custom',
        path: ['aisles', index],
        message: `must be between 1 and ${row.count - 1} (an aisle between two seats)`,
      });
    } else if (index > 0 && after <= (aisles[index - 1] ?? 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['aisles', index],
        message: 'must be listed once each, in increasing order',
      });
    }
  });
});
export type StraightRow = z.infer<typeof StraightRowSchema>;

export const ArcRowSchema = SeatNumbersSchema.extend({
  radius: z.number().positive(),
  /** Degrees, 0 = to the right of the centre, 90 = below it (SVG's y grows downwards). */
  startAngle: z.number(),
  endAngle: z.number(),
}).superRefine(checkAccessibleSeats);

/**
 * How best available ranks a venue's seats (issue 24). By default: nearest the stage's centre, row by row
 * (a row's seats rank by their distance to it, and a group of seats by its seats'). `sectionOrder` puts the
 * sections it lists first, in its order (say, the stalls before the balcony), the rest after them.
 */
export const BestAvailableRuleSchema = z.object({
  sectionOrder: z.array(z.string().min(1).max(8)).max(200).optional(),
});
export type BestAvailableRule = z.infer<typeof BestAvailableRuleSchema>;

export const GenericSeatMapSchema = z.object({
  type: z.literal('generic'),
  width: z.number().positive(),
  height: z.number().positive(),
  stage: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number(), label: z.string() }),
  sections: z
    .array(z.object({ id: z.string().min(1).max(8), name: z.string(), rows: z.array(StraightRowSchema).min(1) }))
    .min(1),
  bestAvailable: BestAvailableRuleSchema.optional(),
});

export const LotusSeatMapSchema = z.object({
  type: z.literal('lotus'),
  width: z.number().positive(),
  height: z.number().positive(),
  center: z.object({ x: z.number(), y: z.number() }),
  stage: z.object({ radius: z.number().positive(), label: z.string() }),
  sections: z
    .array(z.object({ id: z.string().min(1).max(8), name: z.string(), rows: z.array(ArcRowSchema).min(1) }))
    .min(1),
  bestAvailable: BestAvailableRuleSchema.optional(),
});

export const SeatMapSchema = z.discriminatedUnion('type', [GenericSeatMapSchema, LotusSeatMapSchema]);
export type SeatMap = z.infer<typeof SeatMapSchema>;
export type GenericSeatMap = z.infer<typeof GenericSeatMapSchema>;
export type LotusSeatMap = z.infer<typeof LotusSeatMapSchema>;

/** An accessible place: a wheelchair space, or a companion seat beside one. */
export type SeatAccess = 'wheelchair' | 'companion';

export interface SeatPosition {
  id: string;
  section: string;
  row: string;
  number: number;
  x: number;
  y: number;
  /** Only on accessible places. */
  access?: SeatAccess;
}

/** The accessible places of a row, by seat number; undefined when it has none (most rows). */
function accessOfRow(row: {
  wheelchair?: number[] | undefined;
  companion?: number[] | undefined;
}): Map<number, SeatAccess> | undefined {
  if (!row.wheelchair?.length && !row.companion?.length) return undefined;
  const access = new Map<number, SeatAccess>();
  for (const number of row.companion ?? []) access.set(number, 'companion');
  for (const number of row.wheelchair ?? []) access.set(number, 'wheelchair');
  return access;
}

export function seatId(section: string, row: string, number: number): string {
  return `${section}-${row}-${number}`;
}

/** Each layout's seats, by the layout object: a page that needs them in several places expands it once. */
const expandedSeatMaps = new WeakMap<SeatMap, readonly SeatPosition[]>();

/**
 * Expands a compact layout into every seat with its coordinates, in a stable order: section by section, row by
 * row, and along a straight row from left to right (whatever its numbering), past its aisles. The same layout
 * object gives the same array (20,964 seats took 5 ms to expand on the project's VM, 22 at Lighthouse's 4x
 * slowdown, and the seat-map page needed them twice), so it is read-only: copy it to sort or filter in place.
 */
export function expandSeatMap(map: SeatMap): readonly SeatPosition[] {
  let seats = expandedSeatMaps.get(map);
  if (!seats) expandedSeatMaps.set(map, (seats = expandSeats(map)));
  return seats;
}

function expandSeats(map: SeatMap): SeatPosition[] {
  const seats: SeatPosition[] = [];
  if (map.type === 'generic') {
    for (const section of map.sections) {
      for (const row of section.rows) {
        const access = accessOfRow(row);
        if (!row.aisles?.length && row.numbering !== 'rtl' && !access) {
          for (let i = 0; i < row.count; i++) {
            const number = row.firstNumber + i;
            seats.push({
              id: seatId(section.id, row.label, number),
              section: section.id,
              row: row.label,
              number,
              x: row.x + i * row.spacing,
              y: row.y,
            });
          }
          continue;
        }
        // Left to right whatever the numbering, so neighbours in the list are neighbours on the map.
        const aisles = [...(row.aisles ?? [])].sort((a, b) => a - b);
        let gaps = 0;
        for (let i = 0; i < row.count; i++) {
          while (gaps < aisles.length && (aisles[gaps] ?? Infinity) <= i) gaps++;
          const number = row.numbering === 'rtl' ? row.firstNumber + row.count - 1 - i : row.firstNumber + i;
          const seat: SeatPosition = {
            id: seatId(section.id, row.label, number),
            section: section.id,
            row: row.label,
            number,
            x: row.x + (i + gaps) * row.spacing,
            y: row.y,
          };
          const kind = access?.get(number);
          if (kind) seat.access = kind;
          seats.push(seat);
        }
      }
    }
    return seats;
  }
  for (const section of map.sections) {
    for (const row of section.rows) {
      const access = accessOfRow(row);
      const step = row.count > 1 ? (row.endAngle - row.startAngle) / (row.count - 1) : 0;
      for (let i = 0; i < row.count; i++) {
        const number = row.firstNumber + i;
        const radians = ((row.startAngle + i * step) * Math.PI) / 180;
        const seat: SeatPosition = {
          id: seatId(section.id, row.label, number),
          section: section.id,
          row: row.label,
          number,
          x: Math.round((map.center.x + row.radius * Math.cos(radians)) * 10) / 10,
          y: Math.round((map.center.y + row.radius * Math.sin(radians)) * 10) / 10,
        };
        const kind = access?.get(number);
        if (kind) seat.access = kind;
        seats.push(seat);
      }
    }
  }
  return seats;
}

export function countSeats(map: SeatMap): number {
  return map.sections.reduce((total, section) => total + section.rows.reduce((sum, row) => sum + row.count, 0), 0);
}

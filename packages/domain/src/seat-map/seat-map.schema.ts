import { z } from 'zod';

/**
 * A venue's seat map. `null` (no map) gives the ticket list view; `generic` is a
 * sections/rows/seats layout drawn as SVG; `lotus` is the one special venue variant
 * (the Lotus Pond Theatre, Colombo: seats in concentric arcs around a round stage).
 *
 * Layouts are stored compactly (a row is a start point, a spacing and a count) and
 * expanded into seats by `expandSeatMap`, so a 20,000-seat venue stays a few KB.
 * Seat ids are stable strings `${section}-${row}-${number}`.
 */
export const SEAT_MAP_TYPES = ['generic', 'lotus'] as const;
export const SeatMapTypeSchema = z.enum(SEAT_MAP_TYPES);
export type SeatMapType = z.infer<typeof SeatMapTypeSchema>;

const SeatNumbersSchema = z.object({
  label: z.string().min(1).max(8),
  count: z.number().int().min(1).max(500),
  firstNumber: z.number().int().min(1).default(1),
});

export const StraightRowSchema = SeatNumbersSchema.extend({
  x: z.number(),
  y: z.number(),
  spacing: z.number().positive(),
});

export const ArcRowSchema = SeatNumbersSchema.extend({
  radius: z.number().positive(),
  /** Degrees, 0 = to the right of the centre, 90 = below it (SVG's y grows downwards). */
  startAngle: z.number(),
  endAngle: z.number(),
});

export const GenericSeatMapSchema = z.object({
  type: z.literal('generic'),
  width: z.number().positive(),
  height: z.number().positive(),
  stage: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number(), label: z.string() }),
  sections: z
    .array(z.object({ id: z.string().min(1).max(8), name: z.string(), rows: z.array(StraightRowSchema).min(1) }))
    .min(1),
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
});

export const SeatMapSchema = z.discriminatedUnion('type', [GenericSeatMapSchema, LotusSeatMapSchema]);
export type SeatMap = z.infer<typeof SeatMapSchema>;
export type GenericSeatMap = z.infer<typeof GenericSeatMapSchema>;
export type LotusSeatMap = z.infer<typeof LotusSeatMapSchema>;

export interface SeatPosition {
  id: string;
  section: string;
  row: string;
  number: number;
  x: number;
  y: number;
}

export function seatId(section: string, row: string, number: number): string {
  return `${section}-${row}-${number}`;
}

/** Expands a compact layout into every seat with its coordinates, in a stable order. */
export function expandSeatMap(map: SeatMap): SeatPosition[] {
  const seats: SeatPosition[] = [];
  if (map.type === 'generic') {
    for (const section of map.sections) {
      for (const row of section.rows) {
        for (let i = 0; i < row.count; i++) {
          const number = row.firstNumber + i;
          seats.push({ id: seatId(section.id, row.label, number), section: section.id, row: row.label, number, x: row.x + i * row.spacing, y: row.y });
        }
      }
    }
    return seats;
  }
  for (const section of map.sections) {
    for (const row of section.rows) {
      const step = row.count > 1 ? (row.endAngle - row.startAngle) / (row.count - 1) : 0;
      for (let i = 0; i < row.count; i++) {
        const number = row.firstNumber + i;
        const radians = ((row.startAngle + i * step) * Math.PI) / 180;
        seats.push({
          id: seatId(section.id, row.label, number),
          section: section.id,
          row: row.label,
          number,
          x: Math.round((map.center.x + row.radius * Math.cos(radians)) * 10) / 10,
          y: Math.round((map.center.y + row.radius * Math.sin(radians)) * 10) / 10,
        });
      }
    }
  }
  return seats;
}

export function countSeats(map: SeatMap): number {
  return map.sections.reduce((total, section) => total + section.rows.reduce((sum, row) => sum + row.count, 0), 0);
}

import { z } from 'zod';
import type { GenericSeatMap } from '../seat-map/seat-map.schema';
import { FlagFieldSchema, requiredTextFieldSchema } from './fields.schema';

/**
 * The console's generic layout builder: an organiser describes sections of rows (seats per row, aisles, how
 * rows are labelled and seats numbered) and `buildGenericSeatMap` draws the seat map buyers see, in the
 * format every seat map is stored in (seat-map.schema.ts). The spec is kept beside the map (so the layout can
 * be edited again) and the map is what the rest of Marquee reads: seat ids are
 * `${section id}-${row label}-${seat number}`, unique by construction.
 *
 * Sections are placed in bands below the stage, front to back; a section `beside_previous` goes to the right
 * of the one before it (left, centre and right blocks), otherwise it starts a new band behind.
 */

/** Letters and digits only: a seat id must pass the checkout's seat-id rule and split back unambiguously. */
const LABEL_PATTERN = /^[\p{L}\p{N}]+$/u;
const LABEL_MESSAGE = 'must be 1 to 8 letters or digits';

const labelSchema = z
  .string({ error: LABEL_MESSAGE })
  .trim()
  .min(1, LABEL_MESSAGE)
  .max(8, LABEL_MESSAGE)
  .regex(LABEL_PATTERN, LABEL_MESSAGE);

const AISLES_MESSAGE = 'must be a list of seat positions, each followed by an aisle';
/** Aisles: after the n-th seat from the left, for each n listed. */
const aislesSchema = z
  .array(z.number({ error: AISLES_MESSAGE }).int(AISLES_MESSAGE).min(1, AISLES_MESSAGE), { error: AISLES_MESSAGE })
  .max(50, 'must list at most 50 aisles')
  .refine((aisles) => new Set(aisles).size === aisles.length, 'must list each aisle once');

export const MAX_SEATS_PER_ROW = 500;
export const MAX_LAYOUT_SEATS = 60_000;

const SEAT_NUMBERS_MESSAGE = 'must be a list of seat numbers of the row';
/**
 * Accessible places (issue 24): seat numbers of the row kept for a wheelchair, or for a companion beside one.
 * Whether each is a number the row has is checked with the row (its first number and seats).
 */
const seatNumbersSchema = z
  .array(z.number({ error: SEAT_NUMBERS_MESSAGE }).int(SEAT_NUMBERS_MESSAGE).min(1, SEAT_NUMBERS_MESSAGE), {
    error: SEAT_NUMBERS_MESSAGE,
  })
  .max(MAX_SEATS_PER_ROW, `must list at most ${MAX_SEATS_PER_ROW} seats`)
  .refine((numbers) => new Set(numbers).size === numbers.length, 'must list each seat once');

export const LayoutRowSpecSchema = z.strictObject({
  seats: z
    .number({ error: `must be a whole number from 1 to ${MAX_SEATS_PER_ROW}` })
    .int(`must be a whole number from 1 to ${MAX_SEATS_PER_ROW}`)
    .min(1, `must be a whole number from 1 to ${MAX_SEATS_PER_ROW}`)
    .max(MAX_SEATS_PER_ROW, `must be a whole number from 1 to ${MAX_SEATS_PER_ROW}`),
  /** Absent: the section's next label (A, B, … or 1, 2, …). */
  label: labelSchema.optional(),
  /** The number of the row's first seat (default 1). */
  first_number: z
    .number({ error: 'must be a whole number from 1 to 9999' })
    .int('must be a whole number from 1 to 9999')
    .min(1, 'must be a whole number from 1 to 9999')
    .max(9999, 'must be a whole number from 1 to 9999')
    .optional(),
  /** Absent: the section's aisles (those that fall inside this row). */
  aisles: aislesSchema.optional(),
  /** Wheelchair spaces, by seat number: best available skips them unless the buyer asks for one. */
  wheelchair: seatNumbersSchema.optional(),
  /** Companion seats (beside a wheelchair space), by seat number; never a wheelchair space too. */
  companion: seatNumbersSchema.optional(),
});
export type LayoutRowSpec = z.infer<typeof LayoutRowSpecSchema>;

export const LayoutSectionSpecSchema = z.strictObject({
  /** Short and unique in the layout: it begins every seat id of the section. */
  id: labelSchema,
  name: requiredTextFieldSchema(60),
  /** Front row first. */
  rows: z
    .array(LayoutRowSpecSchema, { error: 'must be a list of rows' })
    .min(1, 'must have at least one row')
    .max(100, 'must have at most 100 rows'),
  /** How rows without a label are labelled: A, B, … Z, AA, AB, … or 1, 2, …. */
  row_labels: z.enum(['letters', 'numbers'], { error: 'must be letters or numbers' }).default('letters'),
  /** The first automatic label, counted from 1 (3 with letters: C), so a balcony can go on from the stalls. */
  first_row: z
    .number({ error: 'must be a whole number from 1 to 500' })
    .int('must be a whole number from 1 to 500')
    .min(1, 'must be a whole number from 1 to 500')
    .max(500, 'must be a whole number from 1 to 500')
    .default(1),
  /** Seat numbers from the left end of each row (ltr), or from the right end (rtl). */
  numbering: z.enum(['ltr', 'rtl'], { error: 'must be ltr or rtl' }).default('ltr'),
  /** Aisles of every row of the section that does not list its own. */
  aisles: aislesSchema.default([]),
  /** To the right of the previous section, rather than behind it. */
  beside_previous: FlagFieldSchema.default(false),
});
export type LayoutSectionSpec = z.infer<typeof LayoutSectionSpecSchema>;

/** A, B, … Z, AA, AB, … ZZ, AAA, …: the label of the row at 0-based `index`. */
export function rowLetters(index: number): string {
  let label = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) label = String.fromCharCode(65 + ((n - 1) % 26)) + label;
  return label;
}

/** The label of each row of a section, in order. */
export function sectionRowLabels(section: LayoutSectionSpec): string[] {
  let auto = section.first_row - 1;
  return section.rows.map((row) => {
    if (row.label !== undefined) return row.label;
    const label = section.row_labels === 'letters' ? rowLetters(auto) : String(auto + 1);
    auto += 1;
    return label;
  });
}

/** A row's aisles: its own, or the section's that fall between two of its seats; in increasing order. */
function rowAisles(section: LayoutSectionSpec, row: LayoutRowSpec): number[] {
  const aisles = row.aisles ?? section.aisles.filter((after) => after < row.seats);
  return [...aisles].sort((a, b) => a - b);
}

/** The wheelchair and companion seats of a row that are not among its numbers, or are both: the spec's issues. */
function checkAccessibleSeats(row: LayoutRowSpec, path: (string | number)[], ctx: z.RefinementCtx): void {
  const first = row.first_number ?? 1;
  const last = first + row.seats - 1;
  const wheelchair = new Set(row.wheelchair ?? []);
  for (const key of ['wheelchair', 'companion'] as const) {
    (row[key] ?? []).forEach((number, index) => {
      if (number < first || number > last) {
        ctx.addIssue({
          code: 'custom',
          path: [...path, key, index],
          message: `must be between ${first} and ${last}: seat ${number} is not in the row`,
        });
      } else if (key === 'companion' && wheelchair.has(number)) {
        ctx.addIssue({
          code: 'custom',
          path: [...path, key, index],
          message: `must not include seat ${number}: it is a wheelchair space`,
        });
      }
    });
  }
}

export const GenericLayoutSpecSchema = z
  .strictObject({
    stage_label: requiredTextFieldSchema(40).default('Stage'),
    sections: z
      .array(LayoutSectionSpecSchema, { error: 'must be a list of sections' })
      .min(1, 'must have at least one section')
      .max(50, 'must have at most 50 sections'),
    /**
     * Section ids that best available offers first, in this order (say, the stalls before the balcony); the
     * other sections follow. Absent: every section alike, nearest the stage first.
     */
    best_sections: z
      .array(labelSchema, { error: 'must be a list of section ids' })
      .max(50, 'must list at most 50 sections')
      .optional(),
  })
  .superRefine((spec, ctx) => {
    const sectionIds = new Map<string, number>();
    let seats = 0;
    spec.sections.forEach((section, sectionIndex) => {
      const key = section.id.toUpperCase();
      const earlier = sectionIds.get(key);
      if (earlier !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['sections', sectionIndex, 'id'],
          message: `is already the id of section ${earlier + 1} ("${spec.sections[earlier]?.name ?? ''}")`,
        });
      } else sectionIds.set(key, sectionIndex);

      const labels = sectionRowLabels(section);
      const seen = new Map<string, number>();
      section.rows.forEach((row, rowIndex) => {
        seats += row.seats;
        const label = labels[rowIndex] ?? '';
        const labelKey = label.toUpperCase();
        const first = seen.get(labelKey);
        if (first !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['sections', sectionIndex, 'rows', rowIndex, 'label'],
            message: `row ${rowIndex + 1} would be labelled ${label}, like row ${first + 1}: give it its own label`,
          });
        } else seen.set(labelKey, rowIndex);
        checkAccessibleSeats(row, ['sections', sectionIndex, 'rows', rowIndex], ctx);
        (row.aisles ?? []).forEach((after, aisleIndex) => {
          if (after >= row.seats)
            ctx.addIssue({
              code: 'custom',
              path: ['sections', sectionIndex, 'rows', rowIndex, 'aisles', aisleIndex],
              message: `must be between 1 and ${row.seats - 1}: an aisle goes between two seats of the row`,
            });
        });
      });
      const widest = Math.max(...section.rows.map((row) => row.seats));
      section.aisles.forEach((after, aisleIndex) => {
        if (after >= widest)
          ctx.addIssue({
            code: 'custom',
            path: ['sections', sectionIndex, 'aisles', aisleIndex],
            message: `must be between 1 and ${widest - 1}: an aisle goes between two seats of a row`,
          });
      });
    });
    if (seats > MAX_LAYOUT_SEATS) {
      ctx.addIssue({
        code: 'custom',
        path: ['sections'],
        message: `must hold at most ${MAX_LAYOUT_SEATS} seats in all (${seats} given)`,
      });
    }
    const bestSeen = new Set<string>();
    (spec.best_sections ?? []).forEach((id, index) => {
      const key = id.toUpperCase();
      // An id that is no label at all has its own message already.
      if (!LABEL_PATTERN.test(id) || id.length > 8) return;
      if (!sectionIds.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['best_sections', index],
          message: `must be ids of the layout's sections: there is no section ${id}`,
        });
      else if (bestSeen.has(key))
        ctx.addIssue({ code: 'custom', path: ['best_sections', index], message: 'must list each section once' });
      bestSeen.add(key);
    });
    if (spec.sections[0]?.beside_previous) {
      ctx.addIssue({
        code: 'custom',
        path: ['sections', 0, 'beside_previous'],
        message: 'the first section has no section before it',
      });
    }
  });
export type GenericLayoutSpec = z.infer<typeof GenericLayoutSpecSchema>;
export type GenericLayoutSpecInput = z.input<typeof GenericLayoutSpecSchema>;

/** Layout units (the map's SVG user units): the seat-map renderer sizes seats from the spacing. */
export const LAYOUT_GEOMETRY = {
  seatSpacing: 14,
  rowSpacing: 16,
  margin: 24,
  stageHeight: 40,
  /** Between the stage and the first band. */
  stageGap: 24,
  /** Left of a section's seats, for its row labels. */
  rowLabelGutter: 32,
  /** Above a section's first row, for its name. */
  sectionTitle: 36,
  /** Right of and below a section's outermost seats (a seat's radius, and some air). */
  seatPad: 8,
  sectionGapX: 40,
  sectionGapY: 32,
  minStageWidth: 160,
} as const;

interface PlacedSection {
  section: LayoutSectionSpec;
  labels: string[];
  aisles: number[][];
  /** The widest row, in units from its first seat's centre to its last. */
  span: number;
  width: number;
  height: number;
}

/** Builds the seat map buyers see from a layout spec (parsed with GenericLayoutSpecSchema). Pure. */
export function buildGenericSeatMap(spec: GenericLayoutSpec): GenericSeatMap {
  const g = LAYOUT_GEOMETRY;
  const placed: PlacedSection[] = spec.sections.map((section) => {
    const aisles = section.rows.map((row) => rowAisles(section, row));
    const span = Math.max(...section.rows.map((row, i) => (row.seats - 1 + (aisles[i]?.length ?? 0)) * g.seatSpacing));
    return {
      section,
      labels: sectionRowLabels(section),
      aisles,
      span,
      width: g.rowLabelGutter + span + g.seatPad,
      height: g.sectionTitle + (section.rows.length - 1) * g.rowSpacing + g.seatPad,
    };
  });

  // Bands: a section beside the previous one joins its band.
  const bands: PlacedSection[][] = [];
  for (const section of placed) {
    const current = bands.at(-1);
    if (section.section.beside_previous && current) current.push(section);
    else bands.push([section]);
  }
  const bandWidth = (band: PlacedSection[]) =>
    band.reduce((sum, s) => sum + s.width, 0) + (band.length - 1) * g.sectionGapX;
  const contentWidth = Math.max(g.minStageWidth, ...bands.map(bandWidth));
  const width = contentWidth + 2 * g.margin;
  const stageWidth = Math.max(g.minStageWidth, Math.round(contentWidth * 0.6));

  const sections: GenericSeatMap['sections'] = [];
  let top = g.margin + g.stageHeight + g.stageGap;
  for (const band of bands) {
    let left = (width - bandWidth(band)) / 2;
    for (const { section, labels, aisles, span, width: sectionWidth } of band) {
      sections.push({
        id: section.id,
        name: section.name,
        rows: section.rows.map((row, i) => {
          const rowAisleList = aisles[i] ?? [];
          const rowSpan = (row.seats - 1 + rowAisleList.length) * g.seatSpacing;
          return {
            label: labels[i] ?? String(i + 1),
            count: row.seats,
            firstNumber: row.first_number ?? 1,
            // Rows are centred on the section's widest row: the fan of a theatre.
            x: left + g.rowLabelGutter + (span - rowSpan) / 2,
            y: top + g.sectionTitle + i * g.rowSpacing,
            spacing: g.seatSpacing,
            ...(rowAisleList.length > 0 ? { aisles: rowAisleList } : {}),
            ...(section.numbering === 'rtl' ? { numbering: 'rtl' as const } : {}),
            ...(row.wheelchair?.length ? { wheelchair: row.wheelchair } : {}),
            ...(row.companion?.length ? { companion: row.companion } : {}),
          };
        }),
      });
      left += sectionWidth + g.sectionGapX;
    }
    top += Math.max(...band.map((s) => s.height)) + g.sectionGapY;
  }

  // As the sections spell their ids (best_sections may differ in case): seat ids begin with those.
  const idOf = new Map(spec.sections.map((section) => [section.id.toUpperCase(), section.id]));
  const sectionOrder = (spec.best_sections ?? []).flatMap((id) => idOf.get(id.toUpperCase()) ?? []);
  return {
    type: 'generic',
    width,
    height: top - g.sectionGapY + g.margin,
    stage: {
      x: (width - stageWidth) / 2,
      y: g.margin,
      width: stageWidth,
      height: g.stageHeight,
      label: spec.stage_label,
    },
    sections,
    ...(sectionOrder.length > 0 ? { bestAvailable: { sectionOrder } } : {}),
  };
}

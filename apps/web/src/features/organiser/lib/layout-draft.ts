import {
  GenericLayoutSpecSchema,
  rowLetters,
  type GenericLayoutSpec,
  type LayoutSectionSpec,
} from '@marquee/domain/authoring';
import { fieldErrorsOf, type FieldErrors } from './field-errors';

/**
 * The layout builder's form state: what the inputs show (text, as typed), kept apart from the spec that
 * GenericLayoutSpecSchema parses, so that a half-typed number is still on screen and the schema (the same one
 * the server runs) says what is wrong with it, keyed by the spec's paths.
 */
export interface RowDraft {
  /** React's key: rows move and go. */
  key: string;
  seats: string;
  /** Empty: the section's next automatic label. */
  label: string;
  /** Empty: 1. */
  firstNumber: string;
  /** Empty: the section's aisles. "10, 20": after the 10th and the 20th seat. */
  aisles: string;
  /** Seat numbers kept for wheelchairs ("1, 2"); empty: none. */
  wheelchair: string;
  /** Seat numbers of companion seats beside them; empty: none. */
  companion: string;
}

export type RowsMode = 'uniform' | 'each';

export interface SectionDraft {
  key: string;
  id: string;
  name: string;
  /** The same number of seats in every row (two numbers), or each row on its own. */
  rowsMode: RowsMode;
  rowCount: string;
  seatsPerRow: string;
  rows: RowDraft[];
  rowLabels: 'letters' | 'numbers';
  firstRow: string;
  numbering: 'ltr' | 'rtl';
  aisles: string;
  besidePrevious: boolean;
}

export interface LayoutDraft {
  stageLabel: string;
  sections: SectionDraft[];
  /** Section ids that best available offers first ("A, C"); empty: every section alike. */
  bestSections: string;
}

export const MAX_SECTION_ROWS = 100;

let nextKey = 0;
export function newKey(): string {
  nextKey += 1;
  return `k${nextKey}`;
}

function numbersText(numbers: readonly number[]): string {
  return numbers.join(', ');
}

export function newRowDraft(seats = ''): RowDraft {
  return { key: newKey(), seats, label: '', firstNumber: '', aisles: '', wheelchair: '', companion: '' };
}

/** A new section: the next letter no section uses as its id, ten rows of twenty. */
export function newSectionDraft(existing: readonly SectionDraft[]): SectionDraft {
  const taken = new Set(existing.map((section) => section.id.trim().toUpperCase()));
  let index = 0;
  while (taken.has(rowLetters(index))) index += 1;
  return {
    key: newKey(),
    id: rowLetters(index),
    name: existing.length === 0 ? 'Stalls' : `Section ${existing.length + 1}`,
    rowsMode: 'uniform',
    rowCount: '10',
    seatsPerRow: '20',
    rows: Array.from({ length: 10 }, () => newRowDraft('20')),
    rowLabels: 'letters',
    firstRow: '1',
    numbering: 'ltr',
    aisles: '',
    besidePrevious: false,
  };
}

export function newLayoutDraft(): LayoutDraft {
  return { stageLabel: 'Stage', sections: [newSectionDraft([])], bestSections: '' };
}

function isUniform(section: LayoutSectionSpec): boolean {
  const first = section.rows[0]?.seats;
  return section.rows.every(
    (row) =>
      row.seats === first &&
      row.label === undefined &&
      row.first_number === undefined &&
      row.aisles === undefined &&
      !row.wheelchair?.length &&
      !row.companion?.length,
  );
}

/** The form for a saved layout: a section whose rows are all alike is shown as two numbers. */
export function draftFromSpec(spec: GenericLayoutSpec): LayoutDraft {
  return {
    stageLabel: spec.stage_label,
    sections: spec.sections.map((section) => {
      const uniform = isUniform(section);
      return {
        key: newKey(),
        id: section.id,
        name: section.name,
        rowsMode: uniform ? 'uniform' : 'each',
        rowCount: String(section.rows.length),
        seatsPerRow: String(section.rows[0]?.seats ?? ''),
        rows: section.rows.map((row) => ({
          key: newKey(),
          seats: String(row.seats),
          label: row.label ?? '',
          firstNumber: row.first_number === undefined ? '' : String(row.first_number),
          aisles: row.aisles === undefined ? '' : numbersText(row.aisles),
          wheelchair: numbersText(row.wheelchair ?? []),
          companion: numbersText(row.companion ?? []),
        })),
        rowLabels: section.row_labels,
        firstRow: String(section.first_row),
        numbering: section.numbering,
        aisles: numbersText(section.aisles),
        besidePrevious: section.beside_previous,
      };
    }),
    bestSections: (spec.best_sections ?? []).join(', '),
  };
}

/**
 * A number as typed, for the schema to judge: empty is missing (undefined), anything else `Number(text)`
 * (NaN for words, which the schema refuses with the field's own message).
 */
function numberOf(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/** "10, 20" or "10 20" → ["10", "20"]. */
function wordsOf(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

/** Aisles or seat numbers: "10, 20" or "10 20" → [10, 20]; a word is NaN, for the schema's message. */
function numbersOf(text: string): number[] {
  return wordsOf(text).map(Number);
}

/** A whole number from 1 to max as typed, or null. */
function countOf(text: string, max: number): number | null {
  const value = numberOf(text);
  return value !== undefined && Number.isInteger(value) && value >= 1 && value <= max ? value : null;
}

/** The rows of a section as the spec has them (uniform: `rowCount` rows of `seatsPerRow`). */
function rowsInput(section: SectionDraft): unknown[] {
  if (section.rowsMode === 'uniform') {
    const count = countOf(section.rowCount, MAX_SECTION_ROWS);
    if (count === null) return [];
    return Array.from({ length: count }, () => ({ seats: numberOf(section.seatsPerRow) }));
  }
  return section.rows.map((row) => ({
    seats: numberOf(row.seats),
    ...(row.label.trim() === '' ? {} : { label: row.label }),
    ...(row.firstNumber.trim() === '' ? {} : { first_number: numberOf(row.firstNumber) }),
    ...(row.aisles.trim() === '' ? {} : { aisles: numbersOf(row.aisles) }),
    ...(row.wheelchair.trim() === '' ? {} : { wheelchair: numbersOf(row.wheelchair) }),
    ...(row.companion.trim() === '' ? {} : { companion: numbersOf(row.companion) }),
  }));
}

/** The body's spec for the draft: what GenericLayoutSpecSchema is given (it may refuse it). */
export function specInputOf(draft: LayoutDraft): unknown {
  return {
    stage_label: draft.stageLabel,
    sections: draft.sections.map((section, index) => ({
      id: section.id,
      name: section.name,
      rows: rowsInput(section),
      row_labels: section.rowLabels,
      first_row: numberOf(section.firstRow),
      numbering: section.numbering,
      aisles: numbersOf(section.aisles),
      // The first section has none before it: the builder hides the choice there (a moved section keeps it).
      beside_previous: index > 0 && section.besidePrevious,
    })),
    ...(draft.bestSections.trim() === '' ? {} : { best_sections: wordsOf(draft.bestSections) }),
  };
}

export type LayoutCheck = { spec: GenericLayoutSpec; errors: FieldErrors } | { spec: null; errors: FieldErrors };

const ROW_COUNT_MESSAGE = `must be a whole number from 1 to ${MAX_SECTION_ROWS}`;

/** The draft checked with the server's own schema; the row count of a uniform section is checked here first. */
export function checkLayoutDraft(draft: LayoutDraft): LayoutCheck {
  const rowCountIssues = draft.sections.flatMap((section, index) =>
    section.rowsMode === 'uniform' && countOf(section.rowCount, MAX_SECTION_ROWS) === null
      ? [{ path: ['sections', index, 'rows'], message: ROW_COUNT_MESSAGE }]
      : [],
  );
  const parsed = GenericLayoutSpecSchema.safeParse(specInputOf(draft));
  if (parsed.success && rowCountIssues.length === 0) return { spec: parsed.data, errors: {} };
  // A uniform section without a row count has no rows: the schema's "at least one row" would say it twice.
  const issues = parsed.success
    ? rowCountIssues
    : [
        ...rowCountIssues,
        ...parsed.error.issues.filter(
          (issue) => !rowCountIssues.some((own) => own.path.join('.') === issue.path.join('.')),
        ),
      ];
  return { spec: null, errors: fieldErrorsOf(issues) };
}

/** The seats the draft adds up to, counting only rows whose seat count reads as a whole number. */
export function draftSeatCount(draft: LayoutDraft): number {
  let total = 0;
  for (const section of draft.sections) {
    if (section.rowsMode === 'uniform') {
      const rows = countOf(section.rowCount, MAX_SECTION_ROWS);
      const seats = numberOf(section.seatsPerRow);
      if (rows !== null && seats !== undefined && Number.isInteger(seats) && seats > 0) total += rows * seats;
    } else {
      for (const row of section.rows) {
        const seats = numberOf(row.seats);
        if (seats !== undefined && Number.isInteger(seats) && seats > 0) total += seats;
      }
    }
  }
  return total;
}

/**
 * Switching a section between "every row alike" and "row by row" keeps what it can: uniform rows become that
 * many rows of that many seats; rows one by one become their count and the first row's seats.
 */
export function withRowsMode(section: SectionDraft, mode: RowsMode): SectionDraft {
  if (mode === section.rowsMode) return section;
  if (mode === 'each') {
    const count = countOf(section.rowCount, MAX_SECTION_ROWS) ?? 1;
    return {
      ...section,
      rowsMode: mode,
      rows: Array.from({ length: count }, (_, index) => section.rows[index] ?? newRowDraft(section.seatsPerRow)).map(
        (row) => ({ ...row, seats: section.seatsPerRow }),
      ),
    };
  }
  return {
    ...section,
    rowsMode: mode,
    rowCount: String(Math.max(1, section.rows.length)),
    seatsPerRow: section.rows[0]?.seats ?? section.seatsPerRow,
  };
}

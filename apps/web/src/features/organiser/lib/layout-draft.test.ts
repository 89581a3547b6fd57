import { describe, expect, it } from 'vitest';
import { GenericLayoutSpecSchema } from '@marquee/domain/authoring';
import {
  checkLayoutDraft,
  draftFromSpec,
  draftSeatCount,
  newLayoutDraft,
  newSectionDraft,
  withRowsMode,
  type LayoutDraft,
} from './layout-draft';

describe('the layout draft', () => {
  it('a saved spec comes back as the same spec (rows alike as two numbers, the others row by row)', () => {
    const spec = GenericLayoutSpecSchema.parse({
      stage_label: 'Stage',
      sections: [
        { id: 'A', name: 'Stalls', rows: [{ seats: 20 }, { seats: 20 }], aisles: [10] },
        {
          id: 'B',
          name: 'Balcony',
          rows: [
            { seats: 10, label: 'AA', first_number: 101 },
            { seats: 12, aisles: [6] },
          ],
          row_labels: 'numbers',
          first_row: 3,
          numbering: 'rtl',
          beside_previous: true,
        },
      ],
    });
    const draft = draftFromSpec(spec);
    expect(draft.sections.map((section) => section.rowsMode)).toEqual(['uniform', 'each']);
    expect(checkLayoutDraft(draft)).toEqual({ spec, errors: {} });
    expect(draftSeatCount(draft)).toBe(62);
  });

  it("the schema's messages, keyed by the spec's paths; a row count that is not a number is ours", () => {
    const draft = newLayoutDraft();
    const first = draft.sections[0]!;
    const broken: LayoutDraft = {
      ...draft,
      sections: [
        { ...first, rowCount: 'ten' },
        { ...newSectionDraft([first]), id: 'a', seatsPerRow: '501' },
      ],
    };
    const check = checkLayoutDraft(broken);
    expect(check.spec).toBeNull();
    expect(check.errors['sections.0.rows']).toEqual(['must be a whole number from 1 to 100']);
    expect(check.errors['sections.1.id']).toEqual(['is already the id of section 1 ("Stalls")']);
    expect(check.errors['sections.1.rows.0.seats']).toEqual(['must be a whole number from 1 to 500']);
    // Only what reads as a whole number counts.
    expect(draftSeatCount(broken)).toBe(5010);
  });

  it('switching a section to row by row and back keeps its rows and seats', () => {
    const section = { ...newSectionDraft([]), rowCount: '3', seatsPerRow: '15' };
    const each = withRowsMode(section, 'each');
    expect(each.rows.map((row) => row.seats)).toEqual(['15', '15', '15']);
    const back = withRowsMode({ ...each, rows: each.rows.slice(0, 2) }, 'uniform');
    expect([back.rowCount, back.seatsPerRow]).toEqual(['2', '15']);
  });

  it('aisles typed with commas or spaces; a word is refused with the schema message', () => {
    const draft = newLayoutDraft();
    const section = draft.sections[0]!;
    expect(
      checkLayoutDraft({ ...draft, sections: [{ ...section, aisles: '5 10,15' }] }).spec?.sections[0]?.aisles,
    ).toEqual([5, 10, 15]);
    const check = checkLayoutDraft({ ...draft, sections: [{ ...section, aisles: '5, x' }] });
    expect(check.errors['sections.0.aisles.1']).toEqual([
      'must be a list of seat positions, each followed by an aisle',
    ]);
  });

  it('wheelchair spaces, companion seats and the sections offered first: back and forth with the spec', () => {
    const spec = GenericLayoutSpecSchema.parse({
      stage_label: 'Stage',
      sections: [
        { id: 'S', name: 'Stalls', rows: [{ seats: 10, wheelchair: [1, 10], companion: [2, 9] }, { seats: 10 }] },
        { id: 'B', name: 'Balcony', rows: [{ seats: 8 }, { seats: 8 }] },
      ],
      best_sections: ['B', 'S'],
    });
    const draft = draftFromSpec(spec);
    // A section with accessible places is laid out row by row: "every row alike" has no fields for them.
    expect(draft.sections.map((section) => section.rowsMode)).toEqual(['each', 'uniform']);
    expect(draft.sections[0]?.rows.map((row) => [row.wheelchair, row.companion])).toEqual([
      ['1, 10', '2, 9'],
      ['', ''],
    ]);
    expect(draft.bestSections).toBe('B, S');
    expect(checkLayoutDraft(draft)).toEqual({ spec, errors: {} });
  });

  it('seat numbers typed with commas or spaces; a seat the row lacks is refused under its field', () => {
    const draft = newLayoutDraft();
    const section = withRowsMode({ ...draft.sections[0]!, rowCount: '1', seatsPerRow: '12' }, 'each');
    const row = section.rows[0]!;
    const typed = (wheelchair: string, companion: string, bestSections = '') =>
      checkLayoutDraft({
        ...draft,
        bestSections,
        sections: [{ ...section, rows: [{ ...row, wheelchair, companion }] }],
      });
    expect(typed('1 12', '2,11', 'a').spec).toMatchObject({
      sections: [{ rows: [{ seats: 12, wheelchair: [1, 12], companion: [2, 11] }] }],
      best_sections: ['a'],
    });
    expect(typed('13', '1 12').errors).toEqual({
      'sections.0.rows.0.wheelchair.0': ['must be between 1 and 12: seat 13 is not in the row'],
    });
    expect(typed('1', 'x').errors).toEqual({
      'sections.0.rows.0.companion.0': ['must be a list of seat numbers of the row'],
    });
    expect(typed('', '', 'A, Z').errors).toEqual({
      'best_sections.1': ["must be ids of the layout's sections: there is no section Z"],
    });
  });
});

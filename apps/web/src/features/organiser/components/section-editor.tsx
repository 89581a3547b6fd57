import { useId, type ReactNode } from 'react';
import { rowLetters } from '@marquee/domain/authoring';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorsAt, errorsExactly, errorsMatching, fieldMessage, type FieldErrors } from '../lib/field-errors';
import {
  MAX_SECTION_ROWS,
  newRowDraft,
  withRowsMode,
  type RowDraft,
  type RowsMode,
  type SectionDraft,
} from '../lib/layout-draft';
import { SelectField } from './select-field';

/** The label each row gets when it is left without one: the section's letters or numbers, from its first row. */
function automaticLabels(section: SectionDraft): string[] {
  const first = Number(section.firstRow);
  let auto = Number.isInteger(first) && first >= 1 ? first - 1 : 0;
  return section.rows.map((row) => {
    if (row.label.trim() !== '') return row.label.trim();
    const label = section.rowLabels === 'letters' ? rowLetters(auto) : String(auto + 1);
    auto += 1;
    return label;
  });
}

function RadioChoice<T extends string>({
  name,
  value,
  checked,
  onChange,
  children,
}: {
  name: string;
  value: T;
  checked: boolean;
  onChange: (value: T) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 has-checked:border-brand-700 has-checked:bg-brand-50">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        className="size-4 accent-brand-700"
      />
      {children}
    </label>
  );
}

interface RowEditorProps {
  row: RowDraft;
  index: number;
  automaticLabel: string;
  errors: FieldErrors;
  path: string;
  canRemove: boolean;
  onChange: (row: RowDraft) => void;
  onRemove: () => void;
}

/**
 * One row of a section laid out row by row: its seats, what sets it apart (label, first number, aisles), and its
 * accessible places: wheelchair spaces and the companion seats beside them, by seat number.
 */
function RowEditor({ row, index, automaticLabel, errors, path, canRemove, onChange, onRemove }: RowEditorProps) {
  const name = `Row ${automaticLabel || index + 1}`;
  return (
    <fieldset className="rounded-xl border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">{name}</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <TextField
          label="Seats"
          inputMode="numeric"
          value={row.seats}
          onChange={(event) => onChange({ ...row, seats: event.target.value })}
          error={fieldMessage('Seats', errorsExactly(errors, `${path}.seats`))}
        />
        <TextField
          label="Label"
          placeholder={automaticLabel}
          value={row.label}
          onChange={(event) => onChange({ ...row, label: event.target.value })}
          error={fieldMessage('Label', errorsExactly(errors, `${path}.label`))}
        />
        <TextField
          label="First seat number"
          inputMode="numeric"
          placeholder="1"
          value={row.firstNumber}
          onChange={(event) => onChange({ ...row, firstNumber: event.target.value })}
          error={fieldMessage('First seat number', errorsExactly(errors, `${path}.first_number`))}
        />
        <TextField
          label="Aisles after seats"
          placeholder="The section's"
          value={row.aisles}
          onChange={(event) => onChange({ ...row, aisles: event.target.value })}
          error={fieldMessage('Aisles', errorsAt(errors, `${path}.aisles`))}
        />
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <TextField
          label="Wheelchair spaces (seat numbers)"
          placeholder="None"
          value={row.wheelchair}
          onChange={(event) => onChange({ ...row, wheelchair: event.target.value })}
          error={fieldMessage('Wheelchair spaces', errorsAt(errors, `${path}.wheelchair`))}
        />
        <TextField
          label="Companion seats (seat numbers)"
          placeholder="None"
          value={row.companion}
          onChange={(event) => onChange({ ...row, companion: event.target.value })}
          error={fieldMessage('Companion seats', errorsAt(errors, `${path}.companion`))}
        />
      </div>
      {canRemove ? (
        <Button variant="ghost" size="sm" className="mt-2" onClick={onRemove}>
          Remove {name.toLowerCase()}
        </Button>
      ) : null}
    </fieldset>
  );
}

export interface SectionEditorProps {
  section: SectionDraft;
  index: number;
  sectionCount: number;
  errors: FieldErrors;
  onChange: (section: SectionDraft) => void;
  onRemove: () => void;
  onMove: (delta: -1 | 1) => void;
}

/**
 * One section of the layout builder. Its rows are two numbers (how many rows, how many seats in each) or a
 * list, row by row; then how rows are labelled and seats numbered, its aisles, and where it stands.
 */
export function SectionEditor({
  section,
  index,
  sectionCount,
  errors,
  onChange,
  onRemove,
  onMove,
}: SectionEditorProps) {
  const path = `sections.${index}`;
  const headingId = useId();
  const radioName = useId();
  const title = section.name.trim() || `Section ${index + 1}`;
  const labels = automaticLabels(section);
  const set = (patch: Partial<SectionDraft>) => onChange({ ...section, ...patch });
  const setRow = (rowIndex: number, row: RowDraft) =>
    set({ rows: section.rows.map((each, i) => (i === rowIndex ? row : each)) });

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-slate-300 bg-white p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-brand-950">
          Section {index + 1}: {title}
        </h3>
        <div className="flex flex-wrap gap-1">
          <Button
            variant="ghost"
            size="sm"
            disabled={index === 0}
            onClick={() => onMove(-1)}
            aria-label={`Move ${title} up`}
          >
            ↑ Up
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={index === sectionCount - 1}
            onClick={() => onMove(1)}
            aria-label={`Move ${title} down`}
          >
            ↓ Down
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={sectionCount === 1}
            onClick={onRemove}
            aria-label={`Remove ${title}`}
          >
            Remove
          </Button>
        </div>
      </div>

      <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
        <TextField
          label="Id"
          hint="Starts every seat's id, like A-C-12."
          autoCapitalize="characters"
          value={section.id}
          onChange={(event) => set({ id: event.target.value })}
          error={fieldMessage('Id', errorsExactly(errors, `${path}.id`))}
        />
        <TextField
          label="Name"
          value={section.name}
          onChange={(event) => set({ name: event.target.value })}
          error={fieldMessage('Name', errorsExactly(errors, `${path}.name`))}
        />
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Rows</legend>
        <div className="flex flex-col gap-2 sm:flex-row">
          <RadioChoice<RowsMode>
            name={radioName}
            value="uniform"
            checked={section.rowsMode === 'uniform'}
            onChange={(mode) => onChange(withRowsMode(section, mode))}
          >
            Every row alike
          </RadioChoice>
          <RadioChoice<RowsMode>
            name={radioName}
            value="each"
            checked={section.rowsMode === 'each'}
            onChange={(mode) => onChange(withRowsMode(section, mode))}
          >
            Row by row
          </RadioChoice>
        </div>
      </fieldset>

      {section.rowsMode === 'uniform' ? (
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Number of rows"
            inputMode="numeric"
            value={section.rowCount}
            onChange={(event) => set({ rowCount: event.target.value })}
            error={fieldMessage('Number of rows', errorsExactly(errors, `${path}.rows`))}
          />
          <TextField
            label="Seats per row"
            inputMode="numeric"
            value={section.seatsPerRow}
            onChange={(event) => set({ seatsPerRow: event.target.value })}
            error={fieldMessage(
              'Seats per row',
              errorsMatching(errors, new RegExp(`^sections\\.${index}\\.rows\\.\\d+\\.seats$`)),
            )}
          />
          <p className="col-span-2 text-sm text-slate-700">
            To mark wheelchair spaces and companion seats, or to give a row its own seats, lay the rows out row by row.
          </p>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          {errorsExactly(errors, `${path}.rows`).length > 0 ? (
            <p role="alert" className="text-sm font-medium text-red-800">
              {fieldMessage('Rows', errorsExactly(errors, `${path}.rows`))}
            </p>
          ) : null}
          {section.rows.map((row, rowIndex) => (
            <RowEditor
              key={row.key}
              row={row}
              index={rowIndex}
              automaticLabel={labels[rowIndex] ?? ''}
              errors={errors}
              path={`${path}.rows.${rowIndex}`}
              canRemove={section.rows.length > 1}
              onChange={(next) => setRow(rowIndex, next)}
              onRemove={() => set({ rows: section.rows.filter((_, i) => i !== rowIndex) })}
            />
          ))}
          <div>
            <Button
              variant="secondary"
              size="sm"
              disabled={section.rows.length >= MAX_SECTION_ROWS}
              onClick={() => set({ rows: [...section.rows, newRowDraft(section.rows.at(-1)?.seats ?? '')] })}
            >
              Add a row
            </Button>
          </div>
        </div>
      )}

      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Row labels"
          options={[
            { value: 'letters', label: 'Letters: A, B, C…' },
            { value: 'numbers', label: 'Numbers: 1, 2, 3…' },
          ]}
          value={section.rowLabels}
          onChange={(event) => set({ rowLabels: event.target.value === 'numbers' ? 'numbers' : 'letters' })}
          error={fieldMessage('Row labels', errorsExactly(errors, `${path}.row_labels`))}
        />
        <TextField
          label="First row"
          inputMode="numeric"
          hint="3 with letters starts at C: a balcony can go on from the stalls."
          value={section.firstRow}
          onChange={(event) => set({ firstRow: event.target.value })}
          error={fieldMessage('First row', errorsExactly(errors, `${path}.first_row`))}
        />
        <SelectField
          label="Seat numbers"
          options={[
            { value: 'ltr', label: 'From the left' },
            { value: 'rtl', label: 'From the right' },
          ]}
          hint="Left and right as the audience faces the stage."
          value={section.numbering}
          onChange={(event) => set({ numbering: event.target.value === 'rtl' ? 'rtl' : 'ltr' })}
          error={fieldMessage('Seat numbers', errorsExactly(errors, `${path}.numbering`))}
        />
        <TextField
          label="Aisles after seats"
          hint="For every row: 10, 20 leaves an aisle after the 10th and the 20th seat."
          value={section.aisles}
          onChange={(event) => set({ aisles: event.target.value })}
          error={fieldMessage('Aisles', errorsAt(errors, `${path}.aisles`))}
        />
      </div>

      {index > 0 ? (
        <div className="flex flex-col gap-1">
          <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-900">
            <input
              type="checkbox"
              checked={section.besidePrevious}
              onChange={(event) => set({ besidePrevious: event.target.checked })}
              className="size-4 accent-brand-700"
            />
            Beside the previous section (to its right), not behind it
          </label>
          {errorsExactly(errors, `${path}.beside_previous`).length > 0 ? (
            <p role="alert" className="text-sm font-medium text-red-800">
              {errorsExactly(errors, `${path}.beside_previous`).join(' ')}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

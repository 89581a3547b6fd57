import { useId, useMemo, useState } from 'react';
import type { SeatModel, SeatState } from '../lib/seat-model';

interface SeatListProps {
  model: SeatModel;
  stateOf(index: number): SeatState;
  describeSeat(index: number, state: SeatState): string;
  onSeatActivate(index: number): void;
}

/** The list alternative to the map: pick a section and a row, then tick seats (one row rendered at a time). */
export function SeatList({ model, stateOf, describeSeat, onSeatActivate }: SeatListProps) {
  const sectionId = useId();
  const rowId = useId();
  const rowsBySection = useMemo(() => {
    const result = new Map<string, Map<string, number[]>>();
    model.seats.forEach((seat, i) => {
      let rows = result.get(seat.section);
      if (!rows) result.set(seat.section, (rows = new Map()));
      const list = rows.get(seat.row);
      if (list) list.push(i);
      else rows.set(seat.row, [i]);
    });
    return result;
  }, [model]);
  const sections = [...rowsBySection.keys()];
  const [section, setSection] = useState(sections[0] ?? '');
  const rows = [...(rowsBySection.get(section)?.keys() ?? [])];
  const [row, setRow] = useState(rows[0] ?? '');
  const currentRow = rowsBySection.get(section)?.get(row) ?? [];

  return (
    <div className="mt-3 flex flex-col gap-3 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap gap-4">
        <label htmlFor={sectionId} className="flex flex-col text-sm font-medium">
          Section
          <select
            id={sectionId}
            className="min-h-11 rounded border border-slate-300 px-2"
            value={section}
            onChange={(e) => {
              setSection(e.target.value);
              setRow([...(rowsBySection.get(e.target.value)?.keys() ?? [])][0] ?? '');
            }}
          >
            {sections.map((s) => (
              <option key={s} value={s}>
                {model.sectionNames.get(s) ?? s}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={rowId} className="flex flex-col text-sm font-medium">
          Row
          <select
            id={rowId}
            className="min-h-11 rounded border border-slate-300 px-2"
            value={row}
            onChange={(e) => setRow(e.target.value)}
          >
            {rows.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset>
        <legend className="text-sm font-medium">Seats in row {row}</legend>
        <ul className="mt-2 grid grid-cols-2 gap-1 sm:grid-cols-4">
          {currentRow.map((i) => {
            const state = stateOf(i);
            const seat = model.seats[i]!;
            return (
              <li key={seat.id}>
                <label className="flex min-h-9 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={state === 'selected'}
                    disabled={state === 'unavailable' || state === 'reserved'}
                    aria-label={describeSeat(i, state)}
                    onChange={() => onSeatActivate(i)}
                  />
                  Seat {seat.number}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
    </div>
  );
}

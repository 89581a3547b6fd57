import { MINOR_UNITS_PER_MAJOR } from '@marquee/domain/money';
import type { CellKind, CellValue } from './columns';

/**
 * The characters that make a spreadsheet read a CSV cell as a formula (OWASP's "CSV injection"): a buyer named
 * `=HYPERLINK("https://evil.example","Click")` must reach the organiser's Excel as text, not as a link.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell made safe for a spreadsheet: prefixed with `'` when it starts like a formula. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Minor units as a plain decimal, `123456` → `1234.56` (no grouping: the file is read by programs too). */
export function plainAmount(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  const cents = abs % MINOR_UNITS_PER_MAJOR;
  return `${sign}${Math.floor(abs / MINOR_UNITS_PER_MAJOR)}.${String(cents).padStart(2, '0')}`;
}

/** A cell as CSV text. Only text can come from a buyer or an organiser; the other kinds are ours. */
export function csvCell(kind: CellKind, value: CellValue): string {
  if (value === null) return '';
  if (kind === 'money' && typeof value === 'number') return plainAmount(value);
  if (kind === 'text') return neutraliseFormula(String(value));
  return String(value);
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

/**
 * A cell as Excel holds it: money as a number of major units, a wall-clock time as a date (Excel's dates have
 * no zone: the venue's wall clock is written as if it were UTC, which exceljs stores as is), text as a
 * string cell, which Excel never evaluates (so no prefix is needed there: the name stays as typed).
 */
export function xlsxCell(kind: CellKind, value: CellValue): string | number | Date | null {
  if (value === null) return null;
  if (kind === 'money' && typeof value === 'number') return value / MINOR_UNITS_PER_MAJOR;
  if (kind === 'time' && typeof value === 'string') {
    const parts = WALL_CLOCK.exec(value);
    if (!parts) return value;
    const [, year, month, day, hour, minute] = parts.map(Number);
    return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0));
  }
  return value;
}

/** Excel's number format per kind of cell. */
export const XLSX_FORMATS: Partial<Record<CellKind, string>> = {
  money: '#,##0.00',
  count: '0',
  time: 'yyyy-mm-dd hh:mm',
};

import { PassThrough, Readable, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { csvCell, XLSX_FORMATS, xlsxCell } from './cells';
import type { Column } from './columns';

/**
 * The two file formats, each a stream that pulls pages of rows only as fast as the client takes the file
 * (docs/decisions/042): nothing reads the next page while the reply's buffers are full.
 */

const CSV_OPTIONS = { record_delimiter: 'windows' } as const;

/**
 * CSV (RFC 4180: CRLF, quoted where needed) with a UTF-8 byte order mark, without which Excel reads the file
 * in the machine's legacy code page and Sinhala and Tamil names come out garbled. Text cells are neutralised
 * against formulas (cells.ts). A page of rows is one chunk, written by csv-stringify: `Readable.from` asks for
 * the next page only when the reply has taken the last one (its buffer is smaller than a page), and one write
 * per page rather than per row keeps the socket's writes few.
 */
export function csvFile<Row>(columns: readonly Column<Row>[], pages: AsyncIterable<readonly Row[]>): Readable {
  async function* chunks() {
    yield `\ufeff${stringify([columns.map((column) => column.header)], CSV_OPTIONS)}`;
    for await (const page of pages) {
      yield stringify(
        page.map((row) => columns.map((column) => csvCell(column.kind, column.value(row)))),
        CSV_OPTIONS,
      );
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Resolves when `stream` wants more, or is gone (then the caller stops: `stream.destroyed`). */
function roomIn(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/**
 * XLSX through exceljs's streaming WorkbookWriter: rows are committed to the sheet as they come (no shared
 * strings table, which would keep every text in memory) and zipped on the way out. exceljs itself buffers what
 * it is given without a signal, so after each row the writer waits while the file's stream is full: at most a
 * page of rows sits in exceljs's buffers.
 */
export function xlsxFile<Row>(
  sheetName: string,
  columns: readonly Column<Row>[],
  pages: AsyncIterable<readonly Row[]>,
): Readable {
  const output = new PassThrough();
  const write = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: output,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((column) => {
      const numFmt = XLSX_FORMATS[column.kind];
      return { header: column.header, width: column.width, ...(numFmt ? { style: { numFmt } } : {}) };
    });
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const page of pages) {
      for (const row of page) {
        sheet.addRow(columns.map((column) => xlsxCell(column.kind, column.value(row)))).commit();
        await roomIn(output);
        if (output.destroyed) return;
      }
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

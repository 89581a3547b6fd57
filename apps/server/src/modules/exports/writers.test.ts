import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { neutraliseFormula, plainAmount, xlsxCell } from './cells';
import type { Column } from './columns';
import { attachmentDisposition, exportFileName } from './filename';
import { csvFile, xlsxFile } from './writers';

const COLUMNS: Column<{ id: number }>[] = [
  { header: 'n', kind: 'count', width: 6, value: (row) => row.id },
  { header: 'text', kind: 'text', width: 10, value: (row) => `=row ${row.id}` },
];

/** Pages (of a row each) without end; `ended` settles when the writer stops asking (the generator's `finally`). */
function endlessRows() {
  let settle = () => {};
  const ended = new Promise<void>((resolve) => (settle = resolve));
  let produced = 0;
  async function* rows() {
    try {
      for (;;) {
        produced += 1;
        yield [{ id: produced }];
      }
    } finally {
      settle();
    }
  }
  return { rows: rows(), ended, produced: () => produced };
}

describe('the writers', () => {
  for (const [format, write] of [
    ['CSV', (pages: AsyncIterable<{ id: number }[]>) => csvFile(COLUMNS, pages)],
    ['XLSX', (pages: AsyncIterable<{ id: number }[]>) => xlsxFile('Sheet', COLUMNS, pages)],
  ] as const) {
    it(`${format}: stops asking for rows when the client goes (the stream is destroyed)`, async () => {
      const source = endlessRows();
      const file: Readable = write(source.rows);
      await once(file, 'data');
      file.destroy();
      await source.ended;
      const asked = source.produced();
      expect(asked).toBeGreaterThan(0);
      // Nothing asks for more afterwards.
      await new Promise((resolve) => setImmediate(resolve));
      expect(source.produced()).toBe(asked);
    });
  }
});

describe('cells', () => {
  it("prefixes with ' the text a spreadsheet would run as a formula, and nothing else", () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(neutraliseFormula(`${start}1+1`)).toBe(`'${start}1+1`);
    }
    for (const text of ['Nimal', 'a=b', ' =1', 'නිමල්', '']) expect(neutraliseFormula(text)).toBe(text);
  });

  it('writes minor units as a plain decimal', () => {
    expect([plainAmount(0), plainAmount(5), plainAmount(123_456), plainAmount(-150)]).toEqual([
      '0.00',
      '0.05',
      '1234.56',
      '-1.50',
    ]);
  });

  it("gives Excel the venue's wall clock as a date, money in major units", () => {
    expect(xlsxCell('time', '2027-01-01 20:00')).toEqual(new Date(Date.UTC(2027, 0, 1, 20, 0)));
    expect(xlsxCell('money', 275_000)).toBe(2750);
    expect(xlsxCell('text', '=1+1')).toBe('=1+1');
    expect(xlsxCell('time', null)).toBeNull();
  });
});

describe('the file name', () => {
  it("is the event's name made safe, with an ASCII fallback for old clients", () => {
    const today = new Date('2027-05-12T10:00:00Z');
    const name = exportFileName({ name: '../"Evil"\r\nName; x=1', uid: 'abc' }, 'orders', 'csv', today);
    expect(name).toBe('evil-name-x1-orders-2027-05-12.csv');
    expect(exportFileName({ name: '!!!', uid: 'abc123' }, 'attendees', 'xlsx', today)).toBe(
      'abc123-attendees-2027-05-12.xlsx',
    );
    expect(attachmentDisposition("වෙසක් (it's) *.csv")).toBe(
      `attachment; filename="(it's) *.csv"; filename*=UTF-8''%E0%B7%80%E0%B7%99%E0%B7%83%E0%B6%9A%E0%B7%8A%20%28it%27s%29%20%2A.csv`,
    );
  });
});

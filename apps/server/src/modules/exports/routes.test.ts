import type { Readable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, events, orders, promoCodes, refunds, tickets } from '@marquee/db/schema';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import {
  buildConsoleFixture,
  consoleContentDigest,
  sendConsole,
  type ConsoleFixture,
  type ConsoleOrganisation,
} from '../../test-support/console-fixture';
import type { OrganiserTestActor } from '../../test-support/organiser-actor';
import type { OrganiserActor } from '../../plugins/organiser-access';
import { insertDeskTestOrder, type DeskTestOrder } from '../desk/desk-test-orders';
import { createExportsService } from './service';

/**
 * Exports (issue 22; decisions/042): per role, across organisations, the contact columns, CSV injection, the
 * XLSX read back, the audit row, the per-organisation limit, and the streaming itself (the first bytes leave
 * while the rest is still unread from the database).
 */
const PAGE_ROWS = 3;
const EVENT_NAME = 'Vesak "Lanterns" / වෙසක් 2027';
const FORMULA_NAME = '=HYPERLINK("https://evil.example","Click")';

/** Gates each page after the first: a test that holds `held` keeps every export waiting there. */
let held: Promise<void> | null = null;
const pagesAsked: number[] = [];
/** Told each page number as the export asks for it (before it waits on `held`). */
let onPageAsked: (page: number) => void = () => {};

let t: TestApp;
let f: ConsoleFixture;
let ours: ConsoleOrganisation;
let seated: DeskTestOrder;
let hostile: DeskTestOrder;
let comp: DeskTestOrder;
let counted: DeskTestOrder;

beforeAll(async () => {
  t = await buildTestApp({
    exports: {
      pageRows: PAGE_ROWS,
      beforePage: async (page) => {
        pagesAsked.push(page);
        onPageAsked(page);
        await held;
      },
    },
  });
  f = await buildConsoleFixture(t);
  ours = f.ours;
  await t.db.update(events).set({ name: EVENT_NAME }).where(eq(events.id, ours.eventId));
  // A seated order of two tickets: one checked in, one voided by a refund.
  seated = await insertDeskTestOrder(t.db, {
    eventId: ours.eventId,
    packageId: ours.packageId,
    seats: ours.seatIds.slice(0, 2),
    firstName: 'නිමල්',
    lastName: 'පෙරේරා',
    email: 'nimal@example.com',
  });
  const [refund] = await t.db
    .insert(refunds)
    .values({
      orderId: seated.id,
      eventId: ours.eventId,
      idempotencyKey: 'export-test',
      requestHash: 'x',
      gatewayKey: 'export-test-gateway',
      amount: 150_000,
      reason: 'test',
    })
    .returning({ id: refunds.id });
  await t.db
    .update(tickets)
    .set({ usedAt: new Date('2027-01-01T14:30:00Z') })
    .where(eq(tickets.code, seated.ticketCodes[0] ?? ''));
  await t.db
    .update(tickets)
    .set({ voidedAt: new Date(), refundId: refund?.id ?? 0 })
    .where(eq(tickets.code, seated.ticketCodes[1] ?? ''));
  await t.db.update(orders).set({ refundedAmount: 150_000 }).where(eq(orders.id, seated.id));
  // A buyer whose name and phone start like formulas.
  hostile = await insertDeskTestOrder(t.db, {
    eventId: ours.eventId,
    packageId: ours.packageId,
    firstName: FORMULA_NAME,
    lastName: '@SUM(A1)',
    phone: '+94771234567',
    email: '-evil@example.com',
    quantity: 3,
  });
  comp = await insertDeskTestOrder(t.db, { eventId: ours.eventId, packageId: ours.packageId, firstName: 'Guest' });
  await t.db.update(orders).set({ kind: 'comp', total: 0, subtotal: 0 }).where(eq(orders.id, comp.id));
  const [promo] = await t.db
    .insert(promoCodes)
    .values({ code: 'VESAK10', eventId: ours.eventId, kind: 'percent', value: 10 })
    .returning({ id: promoCodes.id });
  counted = await insertDeskTestOrder(t.db, {
    eventId: ours.eventId,
    packageId: ours.packageId,
    firstName: 'Kamala',
    quantity: 2,
  });
  await t.db
    .update(orders)
    .set({ promoCodeId: promo?.id ?? null, discount: 30_000, convenienceFee: 5_000, total: 275_000 })
    .where(eq(orders.id, counted.id));
  // The desk corrected the name on one of its tickets: that ticket's holder is its own.
  await t.db
    .update(tickets)
    .set({ holderFirstName: 'Sunil', holderLastName: 'Silva' })
    .where(eq(tickets.code, counted.ticketCodes[1] ?? ''));
  await insertDeskTestOrder(t.db, { eventId: ours.eventId, packageId: ours.packageId, status: 'pending' });
  // The other organisation has an order of its own that must never show.
  await insertDeskTestOrder(t.db, { eventId: f.theirs.eventId, packageId: f.theirs.packageId, firstName: 'Theirs' });
});
afterAll(async () => {
  await t?.close();
});

const url = (org: ConsoleOrganisation, kind: 'attendees' | 'orders', format: 'csv' | 'xlsx', slug = org.slug) =>
  `/api/organiser/${slug}/events/${org.eventUid}/exports/${kind}.${format}`;

const get = (path: string, actor: OrganiserTestActor) => sendConsole(t, { method: 'GET', url: path }, actor);

/** RFC 4180 CSV (quotes, doubled quotes, CRLF) into rows of cells; the BOM is checked and removed first. */
function parseCsv(text: string): string[][] {
  expect(text.charCodeAt(0), 'a UTF-8 byte order mark first').toBe(0xfeff);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 1; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  expect(cell, 'the file ends with CRLF').toBe('');
  return rows;
}

/** The rows as records keyed by the header's cells. */
function recordsOf(rows: string[][]): Record<string, string>[] {
  const [header, ...data] = rows;
  return data.map((cells) => Object.fromEntries((header ?? []).map((name, index) => [name, cells[index] ?? ''])));
}

async function auditRows(action: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.organisationId, ours.organisation.id)))
    .orderBy(asc(auditLog.id));
}

describe('attendees.csv', () => {
  it('gives the owner one row per ticket, with statuses, seats, comps and contact, and never a ticket code', async () => {
    const before = (await auditRows('export.attendees')).length;
    const answer = await get(url(ours, 'attendees', 'csv'), ours.actors.owner);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    const disposition = String(answer.headers['content-disposition']);
    const today = new Date().toISOString().slice(0, 10);
    expect(disposition).toBe(
      `attachment; filename="vesak-lanterns-2027-attendees-${today}.csv"; filename*=UTF-8''${encodeURIComponent(`vesak-lanterns-වෙසක්-2027-attendees-${today}.csv`)}`,
    );

    const rows = parseCsv(answer.body);
    expect(rows[0]).toEqual([
      'Booking ID',
      'Ticket ID',
      'Holder name',
      'Package',
      'Seat',
      'Status',
      'Checked in at (Asia/Colombo)',
      'E-mail',
      'Phone',
      'Order date (Asia/Colombo)',
      'Comp or sale',
    ]);
    const records = recordsOf(rows);
    // 2 + 3 + 1 + 2 tickets of paid orders; the pending order has none, their organisation's never shows.
    expect(records).toHaveLength(8);
    expect(records.map((record) => record['Booking ID'])).toEqual([
      seated.bookingId,
      seated.bookingId,
      ...Array(3).fill(hostile.bookingId),
      comp.bookingId,
      counted.bookingId,
      counted.bookingId,
    ]);
    expect(answer.body).not.toContain('Theirs');
    for (const code of [...seated.ticketCodes, ...hostile.ticketCodes, ...comp.ticketCodes]) {
      expect(answer.body).not.toContain(code);
    }
    const [checkedIn, voided] = records;
    expect(checkedIn).toMatchObject({
      'Holder name': 'නිමල් පෙරේරා',
      Status: 'Checked in',
      // 14:30 UTC is 20:00 in Colombo.
      'Checked in at (Asia/Colombo)': '2027-01-01 20:00',
      'E-mail': 'nimal@example.com',
      'Comp or sale': 'Sale',
    });
    expect(checkedIn?.Seat).toMatch(/Row .* Seat /);
    expect(voided).toMatchObject({ Status: 'Voided', 'Checked in at (Asia/Colombo)': '' });
    expect(records[2]).toMatchObject({ Status: 'Valid', Seat: '' });
    expect(records[5]).toMatchObject({ 'Holder name': 'Guest Perera', 'Comp or sale': 'Comp' });
    expect(records.slice(6).map((record) => record['Holder name'])).toEqual(['Kamala Perera', 'Sunil Silva']);
    expect((await auditRows('export.attendees')).length).toBe(before + 1);
  });

  it("prefixes cells that start like formulas with ', so a spreadsheet shows them as text", async () => {
    const answer = await get(url(ours, 'attendees', 'csv'), ours.actors.manager);
    expect(answer.statusCode, answer.body).toBe(200);
    const record = recordsOf(parseCsv(answer.body)).find((each) => each['Booking ID'] === hostile.bookingId);
    expect(record).toMatchObject({
      'Holder name': `'${FORMULA_NAME} @SUM(A1)`,
      'E-mail': "'-evil@example.com",
      Phone: "'+94771234567",
    });
    // Nothing else is touched: a name with a formula character inside stays as typed.
    expect(recordsOf(parseCsv(answer.body))[0]?.['E-mail']).toBe('nimal@example.com');
  });

  it('records who exported what in the audit log', async () => {
    const rows = await auditRows('export.attendees');
    const last = rows.at(-1);
    expect(last).toMatchObject({
      actorKind: 'member',
      actorRole: 'manager',
      entityType: 'event',
      eventId: ours.eventId,
      eventUid: ours.eventUid,
      after: { format: 'csv', contact: true },
    });
    expect(last?.actorEmail).toMatch(/@example\.com$/);
  });
});

describe('orders.csv', () => {
  it('gives one row per order with its amounts in major units, refunds, promo code and kind', async () => {
    const answer = await get(url(ours, 'orders', 'csv'), ours.actors.owner);
    expect(answer.statusCode, answer.body).toBe(200);
    const records = recordsOf(parseCsv(answer.body));
    expect(records).toHaveLength(5);
    expect(records.find((record) => record['Booking ID'] === counted.bookingId)).toMatchObject({
      Status: 'complete',
      Name: 'Kamala Perera',
      'E-mail': 'nimal@example.com',
      Tickets: '2',
      Subtotal: '3000.00',
      Discount: '300.00',
      Fee: '50.00',
      Total: '2750.00',
      Refunded: '0.00',
      Currency: 'LKR',
      'Promo code': 'VESAK10',
      'Comp or sale': 'Sale',
    });
    expect(records.find((record) => record['Booking ID'] === seated.bookingId)).toMatchObject({ Refunded: '1500.00' });
    expect(records.find((record) => record.Status === 'pending')).toMatchObject({ 'Paid at (Asia/Colombo)': '' });
    expect(records.find((record) => record['Booking ID'] === comp.bookingId)).toMatchObject({ 'Comp or sale': 'Comp' });
    expect(answer.body).not.toContain('Theirs');
  });
});

describe('XLSX', () => {
  async function workbookOf(body: Buffer) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    return sheet;
  }

  it('reads back in exceljs: a header, one row per ticket, names as plain text, dates as dates', async () => {
    const answer = await get(url(ours, 'attendees', 'xlsx'), ours.actors.owner);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(answer.headers['content-disposition'])).toContain('-attendees-');
    const sheet = await workbookOf(answer.rawPayload);
    expect(sheet.name).toBe('Attendees');
    expect(sheet.getRow(1).getCell(1).value).toBe('Booking ID');
    expect(sheet.actualRowCount).toBe(1 + 8);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe(seated.bookingId);
    expect(first.getCell(3).value).toBe('නිමල් පෙරේරා');
    expect(first.getCell(7).value).toEqual(new Date(Date.UTC(2027, 0, 1, 20, 0)));
    // A string cell is never evaluated: the hostile name is kept exactly, and it is no formula.
    const hostileRow = sheet.getRow(4);
    expect(hostileRow.getCell(3).value).toBe(`${FORMULA_NAME} @SUM(A1)`);
    expect(hostileRow.getCell(3).type).toBe(ExcelJS.ValueType.String);
  });

  it('writes amounts as numbers', async () => {
    const answer = await get(url(ours, 'orders', 'xlsx'), ours.actors.owner);
    expect(answer.statusCode, answer.body).toBe(200);
    const sheet = await workbookOf(answer.rawPayload);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const row = [...Array(sheet.actualRowCount).keys()]
      .map((index) => sheet.getRow(index + 1))
      .find((each) => each.getCell(1).value === counted.bookingId);
    expect(row?.getCell(header.indexOf('Total') + 1).value).toBe(2750);
    expect(row?.getCell(header.indexOf('Promo code') + 1).value).toBe('VESAK10');
  });
});

describe('who may export', () => {
  it('refuses the roles without export.run (box office, door) and operators, writing nothing', async () => {
    for (const actor of [ours.actors.box_office, ours.actors.door, f.operator]) {
      const before = await consoleContentDigest(t.db);
      const answer = await get(url(ours, 'attendees', 'csv'), actor);
      expect(answer.statusCode, answer.body).toBe(403);
      expect(ErrorBodySchema.parse(answer.json()).code).toBe('forbidden');
      expect(await consoleContentDigest(t.db)).toEqual(before);
    }
  });

  it("shows no other organisation's event (their uid under our address, or their address): 404, nothing written", async () => {
    const before = await consoleContentDigest(t.db);
    const theirUnderOurs = await get(url(f.theirs, 'orders', 'csv', ours.slug), ours.actors.owner);
    expect(theirUnderOurs.statusCode).toBe(404);
    const theirAddress = await get(url(f.theirs, 'attendees', 'xlsx'), ours.actors.owner);
    expect(theirAddress.statusCode).toBe(404);
    // A member limited to the other event does not see this one.
    const limited = await get(url(ours, 'attendees', 'csv'), ours.actors.limitedManager);
    expect(limited.statusCode).toBe(404);
    expect(await consoleContentDigest(t.db)).toEqual(before);
  });

  it('refuses a format it does not make (422)', async () => {
    const answer = await get(
      `/api/organiser/${ours.slug}/events/${ours.eventUid}/exports/attendees.pdf`,
      ours.actors.owner,
    );
    expect(answer.statusCode).toBe(422);
    expect(ErrorBodySchema.parse(answer.json()).code).toBe('validation_failed');
  });

  it('leaves out the e-mail and phone columns for a member without order.contact.read', async () => {
    // No role holds export.run without order.contact.read today, so the service is asked directly with one.
    const service = createExportsService({ db: t.db });
    const door: OrganiserActor = {
      userId: 'door-user',
      email: 'door@example.com',
      kind: 'member',
      organisationId: ours.organisation.id,
      slug: ours.slug,
      role: 'door',
      eventIds: 'all',
      requestId: 'test',
      ip: '127.0.0.1',
    };
    for (const kind of ['attendees', 'orders'] as const) {
      const file = await service.open(door, kind, 'csv', ours.eventId);
      const text = await textOf(file.body);
      const [header] = parseCsv(text);
      expect(header).not.toContain('E-mail');
      expect(header).not.toContain('Phone');
      expect(text).not.toContain('nimal@example.com');
      expect(text).not.toContain('94771234567');
    }
  });
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function textOf(stream: Readable): Promise<string> {
  return (await bytesOf(stream)).toString('utf8');
}

/** Starts an export and answers its body as a stream, without waiting for its end. */
async function startStreaming(path: string, actor: OrganiserTestActor) {
  const answer = await t.app.inject({
    method: 'GET',
    url: path,
    headers: { cookie: actor.cookie },
    payloadAsStream: true,
  });
  return answer;
}

/** Reads a stream until it has `lines` CRLF-ended lines, then pauses it there: those bytes. */
function firstLines(stream: Readable, lines: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let bytes = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      bytes = Buffer.concat([bytes, chunk]);
      if (bytes.toString('latin1').split('\r\n').length - 1 < lines) return;
      stream.off('data', onData);
      stream.off('error', reject);
      stream.pause();
      resolve(bytes);
    };
    stream.on('data', onData);
    stream.once('error', reject);
  });
}

describe('streaming', () => {
  it('sends the first rows while the next page is still unread, and the rest once it is read', async () => {
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    pagesAsked.length = 0;
    const secondPageAsked = new Promise<number>((resolve) => (onPageAsked = resolve));
    try {
      const answer = await startStreaming(url(ours, 'attendees', 'csv'), ours.actors.owner);
      expect(answer.statusCode).toBe(200);
      const stream = answer.stream();
      // The header and the first page's rows arrive while the export waits to read its second page.
      const firstBytes = await firstLines(stream, 1 + PAGE_ROWS);
      const first = firstBytes.toString('utf8');
      expect(first).toContain('Booking ID');
      expect(first).toContain(seated.bookingId);
      // …and the export is held before reading its second page: it has not read it, yet the rows have left.
      expect(await secondPageAsked).toBe(1);
      expect(pagesAsked).toEqual([1]);
      expect(first).not.toContain(counted.bookingId);
      release();
      const rest = Buffer.concat([firstBytes, await bytesOf(stream)]).toString('utf8');
      expect(recordsOf(parseCsv(rest))).toHaveLength(8);
      // 8 rows at 3 a page: pages 0, 1 and 2 (the last one short, so no fourth read).
      expect(pagesAsked).toEqual([1, 2]);
    } finally {
      held = null;
      onPageAsked = () => {};
      release();
    }
  });

  it('runs 2 exports of an organisation at once: a third is refused (429) until one ends; others are not limited', async () => {
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    try {
      const running = [
        await startStreaming(url(ours, 'attendees', 'csv'), ours.actors.owner),
        await startStreaming(url(ours, 'orders', 'xlsx'), ours.actors.manager),
      ];
      const streams = running.map((answer) => answer.stream());
      const before = await consoleContentDigest(t.db);
      const third = await get(url(ours, 'orders', 'csv'), ours.actors.owner);
      expect(third.statusCode).toBe(429);
      expect(ErrorBodySchema.parse(third.json()).code).toBe('rate_limited');
      expect(await consoleContentDigest(t.db), 'a refused export writes no audit row').toEqual(before);
      // Another organisation's exports are not held back by ours: its first page answers at once.
      const theirs = await startStreaming(url(f.theirs, 'attendees', 'csv'), f.theirs.actors.owner);
      expect(theirs.statusCode).toBe(200);
      release();
      held = null;
      await Promise.all([...streams, theirs.stream()].map((stream) => textOf(stream)));
      const again = await get(url(ours, 'orders', 'csv'), ours.actors.owner);
      expect(again.statusCode).toBe(200);
    } finally {
      held = null;
      release();
    }
  });
});

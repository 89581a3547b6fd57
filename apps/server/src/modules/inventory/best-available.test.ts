import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTicketPackage, createVenue } from '@marquee/db/factories';
import { orderLines, orders, seatBlocks, seatClaims } from '@marquee/db/schema';
import { MAX_BEST_AVAILABLE_RETRIES } from '@marquee/domain/best-available';
import { expandSeatMap, GenericSeatMapSchema, type GenericSeatMap } from '@marquee/domain/seat-map';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { csrfHeadersOver } from '../../test-support/protection';
import { startServerProcesses, type ServerProcess } from '../../test-support/server-process';

/**
 * Best available (issue 24; decisions/046): the server picks N seats together and holds them as a picked
 * order is held. The rules on both databases; the race of 500 buyers over two server processes on PostgreSQL
 * (`DATABASE_URL`), where transactions really run side by side.
 */
const isPostgres = Boolean(process.env.DATABASE_URL);

let t: TestApp;
let buyers = 0;

function nextBuyer() {
  buyers += 1;
  return { first_name: 'Best', last_name: 'Seats', email: `best${buyers}@example.com`, phone: '0771234567' };
}

/**
 * A venue of `sections` sections one behind the other, each `rows` rows of `perRow` seats, the stage in front
 * of the first; `aisleAfter` puts an aisle in every row after that seat.
 */
function venueMap(options: {
  sections?: string[];
  rows: number;
  perRow: number;
  aisleAfter?: number;
  wheelchair?: { row: string; seats: number[]; companion: number[] };
}): GenericSeatMap {
  const sections = options.sections ?? ['A'];
  const spacing = 10;
  const width = 40 + (options.perRow + 1) * spacing;
  return GenericSeatMapSchema.parse({
    type: 'generic',
    width,
    height: 60 + sections.length * (options.rows + 1) * spacing,
    stage: { x: 20, y: 5, width: width - 40, height: 20, label: 'Stage' },
    sections: sections.map((id, s) => ({
      id,
      name: `Section ${id}`,
      rows: Array.from({ length: options.rows }, (_, r) => {
        const label = String(r + 1);
        const accessible =
          options.wheelchair && s === 0 && options.wheelchair.row === label
            ? { wheelchair: options.wheelchair.seats, companion: options.wheelchair.companion }
            : {};
        return {
          label,
          count: options.perRow,
          firstNumber: 1,
          x: 20,
          y: 40 + (s * (options.rows + 1) + r) * spacing,
          spacing,
          ...(options.aisleAfter ? { aisles: [options.aisleAfter] } : {}),
          ...accessible,
        };
      }),
    })),
  });
}

async function seatedEvent(map: GenericSeatMap, packages: string[][] | null = null) {
  const venue = await createVenue(t.db, { seatMap: map });
  const event = await createEvent(t.db, { venueId: venue.id });
  const ranges = packages ?? [expandSeatMap(map).map((seat) => seat.id)];
  const pkgs = [];
  for (const seatingRange of ranges) pkgs.push(await createTicketPackage(t.db, { eventId: event.id, seatingRange }));
  return { event, packages: pkgs };
}

function order(body: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: JSON.stringify({ buyer: nextBuyer(), terms_agreed: true, ...body }),
    headers: { 'content-type': 'application/json' },
  });
}

function best(eventId: number, packageId: number, quantity: number, more: object = {}) {
  return order({ event_id: eventId, best_available: { package_id: packageId, quantity, ...more } });
}

function retry(orderId: string, token: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/best-available/retry`,
    payload: '{}',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  });
}

async function claimsOf(eventId: number): Promise<string[]> {
  const rows = await t.db.select({ seat: seatClaims.seatId }).from(seatClaims).where(eq(seatClaims.eventId, eventId));
  return rows.map((row) => row.seat).sort();
}

async function ordersOf(eventId: number): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.eventId, eventId));
  return row?.n ?? 0;
}

function seatsOf(reply: { json(): { lines: { seats: string[] }[] } }): string[] {
  return reply.json().lines.flatMap((line) => line.seats);
}

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('best available', () => {
  it('holds the seats together nearest the stage centre, front row first, and the line lists them', async () => {
    const { event, packages } = await seatedEvent(venueMap({ sections: ['A', 'B'], rows: 2, perRow: 10 }));
    const first = await best(event.id, packages[0]!.id, 2);
    expect(first.statusCode).toBe(201);
    // The stage's centre is between seats 6 and 7 (x 70 and 80 of a stage from 20 to 130).
    expect(seatsOf(first)).toEqual(['A-1-6', 'A-1-7']);
    expect(first.json().best_available).toEqual({
      package_id: packages[0]!.id,
      section: null,
      accessible: false,
      retries_left: MAX_BEST_AVAILABLE_RETRIES,
    });
    // Four together fit in the front row only by leaving seat 1 or 5 alone (1-5 and 8-10 are free): the second
    // row's centre is better than that.
    const second = await best(event.id, packages[0]!.id, 4);
    expect(second.statusCode).toBe(201);
    const seats = seatsOf(second);
    expect(seats).toEqual(['A-2-5', 'A-2-6', 'A-2-7', 'A-2-8']);
    // Three fit in the front row without leaving anyone alone: 3-5 or 8-10, as near the centre as each other.
    const third = await best(event.id, packages[0]!.id, 3);
    expect([['A-1-3', 'A-1-4', 'A-1-5'], ['A-1-8', 'A-1-9', 'A-1-10']]).toContainEqual(seatsOf(third));
    expect(await claimsOf(event.id)).toEqual([...seatsOf(first), ...seats, ...seatsOf(third)].sort());
    // Held as a picked order is held: its hold counts on the package.
    const [line] = await t.db
      .select({ seats: orderLines.seats, quantity: orderLines.quantity })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.orderId, second.json().order_id));
    expect(line).toEqual({ seats, quantity: 4 });
  });

  it('never leaves a single seat alone when another row has room without it; when none has, it does', async () => {
    const map = venueMap({ rows: 2, perRow: 10 });
    const { event, packages } = await seatedEvent(map);
    // Row 1 keeps seats 8, 9 and 10 free: two of them would leave the third alone.
    const taken = await order({ event_id: event.id, seats: ['A-1-1', 'A-1-2', 'A-1-3', 'A-1-4', 'A-1-5', 'A-1-6', 'A-1-7'] });
    expect(taken.statusCode).toBe(201);
    const pair = await best(event.id, packages[0]!.id, 2);
    expect(pair.statusCode).toBe(201);
    expect(seatsOf(pair).every((seat) => seat.startsWith('A-2-'))).toBe(true);

    // A package of row 1 only: nowhere else to go, so the pair goes in and one seat is left alone.
    const narrow = await seatedEvent(map, [['A-1-1', 'A-1-2', 'A-1-3', 'A-1-4', 'A-1-5', 'A-1-6', 'A-1-7', 'A-1-8', 'A-1-9', 'A-1-10']]);
    const blocker = await order({ event_id: narrow.event.id, seats: ['A-1-1', 'A-1-2', 'A-1-3', 'A-1-4', 'A-1-5', 'A-1-6', 'A-1-7'] });
    expect(blocker.statusCode).toBe(201);
    const squeezed = await best(narrow.event.id, narrow.packages[0]!.id, 2);
    expect(squeezed.statusCode).toBe(201);
    expect(seatsOf(squeezed)).toEqual(['A-1-8', 'A-1-9']);
  });

  it('does not put a group across an aisle', async () => {
    const { event, packages } = await seatedEvent(venueMap({ rows: 1, perRow: 6, aisleAfter: 3 }));
    const three = await best(event.id, packages[0]!.id, 3);
    expect(three.statusCode).toBe(201);
    const seats = seatsOf(three);
    expect([['A-1-1', 'A-1-2', 'A-1-3'], ['A-1-4', 'A-1-5', 'A-1-6']]).toContainEqual(seats);
    const four = await best(event.id, packages[0]!.id, 4);
    expect(four.statusCode).toBe(409);
    expect(four.json().code).toBe('no_seats_together');
  });

  it('leaves wheelchair spaces and companion seats out, unless an accessible place is asked for', async () => {
    const map = venueMap({ rows: 1, perRow: 8, wheelchair: { row: '1', seats: [4], companion: [5] } });
    const { event, packages } = await seatedEvent(map);
    // The stage's centre is at x 65, between the wheelchair space (seat 4, x 50) and its companion (5, x 60) and
    // seat 6 (x 70): ordinary seats nearest it are 6-8.
    const ordinary = await best(event.id, packages[0]!.id, 3);
    expect(ordinary.statusCode).toBe(201);
    expect(seatsOf(ordinary)).toEqual(['A-1-6', 'A-1-7', 'A-1-8']);
    // Seats 1-3 are left: 2 of them leave one alone, but there is nowhere else, so the pair goes in.
    const pair = await best(event.id, packages[0]!.id, 2);
    expect(pair.statusCode).toBe(201);
    expect(seatsOf(pair)).toEqual(['A-1-2', 'A-1-3']);
    expect((await best(event.id, packages[0]!.id, 2)).json().code).toBe('no_seats_together');
    const accessible = await best(event.id, packages[0]!.id, 2, { accessible: true });
    expect(accessible.statusCode).toBe(201);
    expect(seatsOf(accessible)).toEqual(['A-1-4', 'A-1-5']);
    expect(accessible.json().best_available.accessible).toBe(true);
  });

  it('keeps to the section asked for', async () => {
    const { event, packages } = await seatedEvent(venueMap({ sections: ['A', 'B'], rows: 2, perRow: 6 }));
    const back = await best(event.id, packages[0]!.id, 2, { section: 'B' });
    expect(back.statusCode).toBe(201);
    expect(seatsOf(back).every((seat) => seat.startsWith('B-1-'))).toBe(true);
  });

  it('refuses what it cannot do with a clear 4xx, writing nothing', async () => {
    const { event, packages } = await seatedEvent(venueMap({ rows: 1, perRow: 4 }));
    const counted = await createTicketPackage(t.db, { eventId: event.id, capacity: 50 });
    const cases: [object, number, string][] = [
      [{ best_available: { package_id: packages[0]!.id, quantity: 5 } }, 409, 'no_seats_together'],
      [{ best_available: { package_id: packages[0]!.id, quantity: 2, section: 'Z' } }, 422, 'validation_failed'],
      [{ best_available: { package_id: packages[0]!.id, quantity: 2, accessible: true } }, 422, 'validation_failed'],
      [{ best_available: { package_id: counted.id, quantity: 2 } }, 422, 'validation_failed'],
      [{ best_available: { package_id: 999_999, quantity: 2 } }, 422, 'validation_failed'],
      [{ best_available: { package_id: packages[0]!.id, quantity: 0 } }, 422, 'validation_failed'],
      [{ best_available: { package_id: packages[0]!.id, quantity: 11 } }, 422, 'validation_failed'],
      [{ best_available: { package_id: packages[0]!.id, quantity: 2, section: '../x' } }, 422, 'validation_failed'],
      [{ best_available: { package_id: packages[0]!.id, quantity: 2, extra: 1 } }, 422, 'validation_failed'],
      [{ best_available: { package_id: packages[0]!.id, quantity: 2 }, seats: ['A-1-1'] }, 422, 'validation_failed'],
    ];
    for (const [body, status, code] of cases) {
      const reply = await order({ event_id: event.id, ...body });
      expect(reply.statusCode, JSON.stringify(body)).toBe(status);
      expect(reply.json().code, JSON.stringify(body)).toBe(code);
    }
    expect(await ordersOf(event.id)).toBe(0);
    expect(await claimsOf(event.id)).toEqual([]);
  });

  it('swaps the seats for the next best ones, at most 3 times, without moving the hold', async () => {
    const { event, packages } = await seatedEvent(venueMap({ sections: ['A', 'B'], rows: 3, perRow: 8 }));
    const placed = await best(event.id, packages[0]!.id, 2);
    expect(placed.statusCode).toBe(201);
    const { order_id: orderId, access_token: token, hold_expires_at: holdEnds } = placed.json();
    let seats = seatsOf(placed);
    const seen = new Set(seats);
    for (let left = MAX_BEST_AVAILABLE_RETRIES - 1; left >= 0; left -= 1) {
      const swapped = await retry(orderId, token);
      expect(swapped.statusCode).toBe(200);
      const next = seatsOf(swapped);
      expect(next).toHaveLength(2);
      expect(next.some((seat) => seats.includes(seat))).toBe(false);
      expect(swapped.json().best_available.retries_left).toBe(left);
      expect(swapped.json().hold_expires_at).toBe(holdEnds);
      // The seats given back are free again: only the new ones are claimed.
      expect(await claimsOf(event.id)).toEqual([...next].sort());
      seats = next;
      for (const seat of next) seen.add(seat);
    }
    expect(seen.size).toBe(2 * (MAX_BEST_AVAILABLE_RETRIES + 1));
    const fourth = await retry(orderId, token);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().code).toBe('retries_used');
    expect(await claimsOf(event.id)).toEqual([...seats].sort());

    // Someone else's order, a wrong token, a map-picked order: refused, nothing changed.
    expect((await retry(orderId, 'not-the-token')).statusCode).toBe(404);
    const picked = await order({ event_id: event.id, seats: ['B-3-1'] });
    const refused = await retry(picked.json().order_id, picked.json().access_token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('conflict');
  });

  it('keeps the seats when nothing else is free', async () => {
    const { event, packages } = await seatedEvent(venueMap({ rows: 1, perRow: 3 }));
    const placed = await best(event.id, packages[0]!.id, 2);
    expect(placed.statusCode).toBe(201);
    const swapped = await retry(placed.json().order_id, placed.json().access_token);
    expect(swapped.statusCode).toBe(409);
    expect(swapped.json().code).toBe('no_seats_together');
    expect(await claimsOf(event.id)).toEqual([...seatsOf(placed)].sort());
    const [row] = await t.db
      .select({ retries: orders.seatRetries })
      .from(orders)
      .where(eq(orders.orderId, placed.json().order_id));
    expect(row?.retries).toBe(0);
  });

  it('skips a row it found full, and looks at it again once its hint has passed', async () => {
    const { event, packages } = await seatedEvent(venueMap({ rows: 2, perRow: 4 }));
    expect((await order({ event_id: event.id, seats: ['A-1-1', 'A-1-2', 'A-1-3'] })).statusCode).toBe(201);
    const pair = await best(event.id, packages[0]!.id, 2);
    expect(seatsOf(pair).every((seat) => seat.startsWith('A-2-'))).toBe(true);
    const [hint] = await t.db
      .select({ freeRun: seatBlocks.freeRun, hinted: sql<boolean>`${seatBlocks.hintUntil} > now()` })
      .from(seatBlocks)
      .where(and(eq(seatBlocks.eventId, event.id), eq(seatBlocks.row, '1')));
    expect(hint).toEqual({ freeRun: 1, hinted: true });
  });
});

/** Seats of each block, left to right, from the event's seat_blocks. */
async function blocksOf(eventId: number): Promise<string[][]> {
  const rows = await t.db
    .select({ seats: seatBlocks.seatIds })
    .from(seatBlocks)
    .where(eq(seatBlocks.eventId, eventId))
    .orderBy(seatBlocks.blockNo);
  return rows.map((row) => row.seats);
}

/** Free seats with a taken seat on both sides in their block. */
function orphans(blocks: string[][], taken: ReadonlySet<string>): number {
  let count = 0;
  for (const block of blocks)
    for (let i = 1; i < block.length - 1; i++)
      if (!taken.has(block[i]!) && taken.has(block[i - 1]!) && taken.has(block[i + 1]!)) count += 1;
  return count;
}

describe.runIf(isPostgres)('500 buyers at once over two server processes (PostgreSQL)', () => {
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    servers.push(...(await startServerProcesses(2, t.handle.url ?? '')));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it('each gets 2-6 seats side by side, no seat twice, few seats left alone', async () => {
    // 4 sections of 20 rows of 30 seats (2,400), two packages; the buyers ask for about 2,000.
    const map = venueMap({ sections: ['A', 'B', 'C', 'D'], rows: 20, perRow: 30 });
    const all = expandSeatMap(map).map((seat) => seat.id);
    const { event, packages } = await seatedEvent(map, [
      all.filter((seat) => seat.startsWith('A-') || seat.startsWith('B-')),
      all.filter((seat) => seat.startsWith('C-') || seat.startsWith('D-')),
    ]);
    const csrf = await csrfHeadersOver(`http://127.0.0.1:${servers[0]!.port}`);
    const asks = Array.from({ length: 500 }, (_, i) => ({ quantity: 2 + (i % 5), packageId: packages[i % 2]!.id }));
    const answers = await Promise.all(
      asks.map(async (ask, i) => {
        const answer = await fetch(`http://127.0.0.1:${servers[i % 2]!.port}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...csrf },
          body: JSON.stringify({
            buyer: nextBuyer(),
            terms_agreed: true,
            event_id: event.id,
            best_available: { package_id: ask.packageId, quantity: ask.quantity },
          }),
        });
        return { ask, status: answer.status, body: (await answer.json()) as { code?: string; lines?: { seats: string[] }[] } };
      }),
    );
    const placed = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    // Only "no group that size left" may refuse a buyer; 2,400 seats for ~2,000 asked: most are placed.
    expect(refused.map((answer) => answer.body.code).filter((code) => code !== 'no_seats_together')).toEqual([]);
    expect(placed.length).toBeGreaterThan(450);

    const blocks = await blocksOf(event.id);
    const position = new Map<string, [number, number]>();
    blocks.forEach((block, b) => block.forEach((seat, i) => position.set(seat, [b, i])));
    const everySeat: string[] = [];
    for (const answer of placed) {
      const seats = answer.body.lines?.flatMap((line) => line.seats) ?? [];
      expect(seats).toHaveLength(answer.ask.quantity);
      // Side by side: one block, consecutive places.
      const places = seats.map((seat) => position.get(seat));
      expect(new Set(places.map((place) => place?.[0])).size).toBe(1);
      const indexes = places.map((place) => place?.[1] ?? -1).sort((a, b) => a - b);
      expect(indexes.at(-1)! - indexes[0]!).toBe(seats.length - 1);
      everySeat.push(...seats);
    }
    // Disjoint, and exactly what the database holds for them.
    expect(new Set(everySeat).size).toBe(everySeat.length);
    expect(await claimsOf(event.id)).toEqual([...everySeat].sort());
    const [double] = await t.db.execute(sql`
      SELECT count(*)::int AS n FROM (
        SELECT seat FROM order_lines l JOIN orders o ON o.id = l.order_id, unnest(l.seats) AS seat
        WHERE o.event_id = ${event.id} AND o.status = 'pending' GROUP BY seat HAVING count(*) > 1) d`).then(
      (result) => (result as unknown as { rows: { n: number }[] }).rows,
    );
    expect(double?.n).toBe(0);

    const alone = orphans(blocks, new Set(everySeat));
    console.info(
      `best available, 500 buyers on two processes: ${placed.length} placed, ${refused.length} refused (no group), ` +
        `${everySeat.length} of ${all.length} seats held, ${alone} seats left alone between taken ones in ${blocks.length} rows`,
    );
    // Rows fill from the front without gaps while groups fit; a seat left alone is at most one per row.
    expect(alone).toBeLessThanOrEqual(blocks.length);
  }, 180_000);
});

import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  createOrganisation,
  createTicketPackage,
  createVenue,
  type Organisation,
} from '@marquee/db/factories';
import { tickets, ticketScans } from '@marquee/db/schema';
import { GateScansAnswerSchema, type GateScanResult } from '@marquee/domain/gate';
import { buildApp } from '../../app';
import { buildTestApp, TEST_APP_CONFIG, type TestApp } from '../../test-support/build-test-app';
import { insertCheckInList, signedQrOf } from '../../test-support/gate-tickets';
import { createOrganiserActor, type OrganiserTestActor } from '../../test-support/organiser-actor';
import { insertDeskTestOrder } from '../desk/desk-test-orders';

/**
 * A ticket is admitted exactly once, whatever the gates, processes and devices (issue 22; decisions/043): two app
 * instances share one database, and two gates scan the same tickets at the same moment. On PostgreSQL
 * (`DATABASE_URL`, as in CI) the instances' transactions run side by side on the pool's connections and race on
 * the tickets' rows; PGlite runs them one after another (still a check of the outcome).
 */
let t: TestApp;
let second: FastifyInstance;
let organisation: Organisation;
let doorA: OrganiserTestActor;
let doorB: OrganiserTestActor;
let eventId: number;
let eventUid: string;
let packageId: number;
let vipGate: number;
let mainGate: number;

beforeAll(async () => {
  t = await buildTestApp();
  second = await buildApp({ db: t.db, config: TEST_APP_CONFIG });
  await second.ready();
  organisation = await createOrganisation(t.db, { name: 'Concurrent Gates' });
  const venue = await createVenue(t.db, { organisationId: organisation.id });
  const event = await createEvent(t.db, { organisationId: organisation.id, venueId: venue.id });
  eventId = event.id;
  eventUid = event.uid;
  packageId = (await createTicketPackage(t.db, { eventId, capacity: 500, freeSeating: true })).id;
  // Two gates that both admit the package: the overlap the race is about.
  vipGate = await insertCheckInList(t.db, { eventId, packageIds: [packageId], name: 'VIP gate' });
  mainGate = await insertCheckInList(t.db, { eventId, packageIds: [packageId], name: 'Main gate' });
  doorA = await createOrganiserActor(t, { organisation, role: 'door' });
  doorB = await createOrganiserActor(t, { organisation, role: 'door' });
}, 60_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

async function scanAt(
  app: FastifyInstance,
  actor: OrganiserTestActor,
  listId: number,
  device: string,
  qrs: string[],
  offline = false,
): Promise<GateScanResult[]> {
  const answer = await app.inject({
    method: 'POST',
    url: `/api/organiser/${organisation.slug}/events/${eventUid}/check-in-lists/${listId}/scans`,
    payload: JSON.stringify({
      device_id: device,
      offline,
      scans: qrs.map((qr, index) => ({
        client_scan_id: `${device}-${index}`,
        scanned_at: new Date().toISOString(),
        qr,
      })),
    }),
    headers: { 'content-type': 'application/json', cookie: actor.cookie },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return GateScansAnswerSchema.parse(answer.json()).results;
}

async function ticketsWithQrs(quantity: number) {
  const order = await insertDeskTestOrder(t.db, { eventId, packageId, quantity });
  const qrs = await Promise.all(
    order.ticketCodes.map((code) => signedQrOf(t.db, { c: code, o: order.bookingId, e: eventUid, s: null })),
  );
  return { codes: order.ticketCodes, qrs };
}

/** Admitting scans recorded per ticket, and whether each ticket is marked used. */
async function admissionsOf(codes: string[]) {
  const rows = await t.db
    .select({ code: tickets.code, usedAt: tickets.usedAt, admissions: count(ticketScans.id) })
    .from(tickets)
    .leftJoin(ticketScans, and(eq(ticketScans.ticketId, tickets.id), eq(ticketScans.result, 'admitted')))
    .where(inArray(tickets.code, codes))
    .groupBy(tickets.id);
  return rows;
}

describe('the same tickets at two gates at once, over two app instances', () => {
  it('one ticket scanned at the VIP gate and the main gate together: one admitted, the other told where', async () => {
    for (let round = 0; round < 10; round += 1) {
      const { codes, qrs } = await ticketsWithQrs(1);
      const [atVip, atMain] = await Promise.all([
        scanAt(t.app, doorA, vipGate, `vip-phone-${round}`, qrs),
        scanAt(second, doorB, mainGate, `main-phone-${round}`, qrs),
      ]);
      const results = [atVip[0]!, atMain[0]!];
      const admitted = results.filter((result) => result.result === 'admitted');
      expect(admitted, JSON.stringify(results)).toHaveLength(1);
      const winner = admitted[0]!;
      const loser = results.find((result) => result !== winner)!;
      expect(loser).toMatchObject({
        result: 'refused',
        reason: 'already_used',
        first_scanned_at: winner.first_scanned_at,
        first_list_name: winner === results[0] ? 'VIP gate' : 'Main gate',
      });
      expect(await admissionsOf(codes)).toEqual([{ code: codes[0], usedAt: expect.any(Date), admissions: 1 }]);
    }
  }, 120_000);

  it('50 tickets synced from two offline devices at once: each admitted exactly once, every loser refused', async () => {
    const { codes, qrs } = await ticketsWithQrs(50);
    // Opposite orders, so that on PostgreSQL the two syncs meet in the middle rather than one trailing the other.
    const [fromA, fromB] = await Promise.all([
      scanAt(t.app, doorA, vipGate, 'offline-a', qrs, true),
      scanAt(second, doorB, mainGate, 'offline-b', [...qrs].reverse(), true),
    ]);
    const byCode = new Map<string, GateScanResult[]>();
    for (const result of [...fromA, ...fromB]) {
      const code = result.ticket?.code ?? 'none';
      byCode.set(code, [...(byCode.get(code) ?? []), result]);
    }
    expect([...byCode.keys()].sort()).toEqual([...codes].sort());
    for (const [code, results] of byCode) {
      expect(results.map((result) => result.result).sort(), code).toEqual(['admitted', 'refused']);
      const winner = results.find((result) => result.result === 'admitted')!;
      const loser = results.find((result) => result.result === 'refused')!;
      expect(loser.reason).toBe('already_used');
      expect(loser.first_list_name).toBe(winner.first_list_name);
      expect(loser.first_scanned_at).toBe(winner.first_scanned_at);
    }
    const admissions = await admissionsOf(codes);
    expect(admissions).toHaveLength(50);
    for (const row of admissions) expect(row, row.code).toMatchObject({ usedAt: expect.any(Date), admissions: 1 });

    // Both devices resync the whole queue through the other instance: the same answers, nothing written.
    const [scanRows] = await t.db.select({ n: count() }).from(ticketScans).where(eq(ticketScans.eventId, eventId));
    const [againA, againB] = await Promise.all([
      scanAt(second, doorA, vipGate, 'offline-a', qrs, true),
      scanAt(t.app, doorB, mainGate, 'offline-b', [...qrs].reverse(), true),
    ]);
    expect(againA).toEqual(fromA);
    expect(againB).toEqual(fromB);
    const [after] = await t.db.select({ n: count() }).from(ticketScans).where(eq(ticketScans.eventId, eventId));
    expect(after?.n).toBe(scanRows?.n);
    const offline = await t.db
      .select({ n: count() })
      .from(ticketScans)
      .where(and(eq(ticketScans.eventId, eventId), eq(ticketScans.offline, true), isNotNull(ticketScans.ticketId)));
    expect(offline[0]?.n).toBe(100);
  }, 180_000);

  it('the same device resending its scan to both instances at once: one decision, the same answer twice', async () => {
    const { codes, qrs } = await ticketsWithQrs(1);
    const body = (app: FastifyInstance) => scanAt(app, doorA, vipGate, 'impatient-phone', qrs);
    const [one, two] = await Promise.all([body(t.app), body(second)]);
    expect(one).toEqual(two);
    expect(one[0]?.result).toBe('admitted');
    expect(await admissionsOf(codes)).toEqual([{ code: codes[0], usedAt: expect.any(Date), admissions: 1 }]);
  }, 60_000);
});

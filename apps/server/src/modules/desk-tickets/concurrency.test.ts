import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  createOrganisation,
  createTicketPackage,
  createVenue,
  type Organisation,
} from '@marquee/db/factories';
import { orders, ticketPackages, tickets } from '@marquee/db/schema';
import { CompAnswerSchema, TicketHolderAnswerSchema } from '@marquee/domain/comps';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { CheckInRefusedSchema, parseTicketCode } from '@marquee/domain/tickets';
import { buildApp } from '../../app';
import { buildTestApp, TEST_APP_CONFIG, type TestApp } from '../../test-support/build-test-app';
import { buyTickets, TEST_BUYER } from '../../test-support/buy-tickets';
import { createOrganiserActor, type OrganiserTestActor } from '../../test-support/organiser-actor';
import { createTicketsService } from '../tickets/service';

/**
 * The desk's ticket actions under concurrency (issue 22; decisions/039), over two app instances sharing one
 * database. On PostgreSQL (`DATABASE_URL`, as in CI) the instances' transactions run side by side on the pool's
 * connections; PGlite runs them one after another (still a check of the outcome, not of the race).
 */
const STAFF_TOKEN = 'gate-staff-token-race-0123456789';
const CONFIG = { ...TEST_APP_CONFIG, tickets: { signingKey: null, linkKey: null, staffToken: STAFF_TOKEN } };

let t: TestApp;
let second: FastifyInstance;
let organisation: Organisation;
let boxOffice: OrganiserTestActor;
let eventId: number;
let eventUid: string;
let ticketsService: ReturnType<typeof createTicketsService>;

beforeAll(async () => {
  t = await buildTestApp(CONFIG);
  second = await buildApp({ db: t.db, config: CONFIG });
  await second.ready();
  ticketsService = createTicketsService({ db: t.db, config: CONFIG });
  organisation = await createOrganisation(t.db, { name: 'Concurrent Desk' });
  const venue = await createVenue(t.db, { organisationId: organisation.id });
  const event = await createEvent(t.db, { organisationId: organisation.id, venueId: venue.id });
  eventId = event.id;
  eventUid = event.uid;
  boxOffice = await createOrganiserActor(t, { organisation, role: 'box_office', twoFactor: true });
}, 60_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const appOf = (index: number) => (index % 2 === 0 ? t.app : second);
const json = { 'content-type': 'application/json' };

describe('a name correction racing a check-in of the old code', () => {
  it('either the old code admits and the correction is refused, or the correction wins and the old code is refused; never both', async () => {
    const pkg = await createTicketPackage(t.db, { eventId, price: 100_000, capacity: 40, freeSeating: true });
    const order = await buyTickets(t, {
      event_id: eventId,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 10 }],
    });
    const signed = await ticketsService.signedCodes(order.order_id);
    const [orderRow] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.orderId, order.order_id));
    const rows = await t.db
      .select()
      .from(tickets)
      .where(eq(tickets.orderId, orderRow?.id ?? 0));
    const idOf = new Map(rows.map((row) => [row.code, row.id]));

    const outcomes = await Promise.all(
      signed.map(async (code, index) => {
        const parsed = parseTicketCode(code);
        if (!parsed.ok) throw new Error(parsed.reason);
        const ticketId = idOf.get(parsed.code.claims.c) ?? 0;
        // Each pair on the two instances (which one takes which alternates), so either may reach the database first.
        const correction = appOf(index).inject({
          method: 'POST',
          url: `/api/organiser/${organisation.slug}/orders/${order.order_id}/tickets/${ticketId}/holder`,
          payload: JSON.stringify({ first_name: 'Racing', last_name: `Holder ${'x'.repeat(index % 3)}`.trim() }),
          headers: { ...json, cookie: boxOffice.cookie },
        });
        const scan = appOf(index + 1).inject({
          method: 'POST',
          url: '/api/check-in',
          payload: JSON.stringify({ code }),
          headers: { ...json, authorization: `Bearer ${STAFF_TOKEN}` },
        });
        const [corrected, scanned] = await Promise.all([correction, scan]);
        return { ticketId, corrected, scanned };
      }),
    );

    let admittedOld = 0;
    let reissued = 0;
    for (const { ticketId, corrected, scanned } of outcomes) {
      const isAdmitted = scanned.statusCode === 200;
      const isReissued = corrected.statusCode === 200 && TicketHolderAnswerSchema.parse(corrected.json()).reissued;
      expect(isAdmitted && isReissued, `ticket ${ticketId}: both the old code and the correction succeeded`).toBe(
        false,
      );
      expect(isAdmitted || isReissued, `ticket ${ticketId}: neither happened`).toBe(true);
      const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
      if (isAdmitted) {
        admittedOld += 1;
        expect(corrected.statusCode, corrected.body).toBe(409);
        expect(ErrorBodySchema.parse(corrected.json()).code).toBe('ticket_already_used');
        expect(row?.usedAt).not.toBeNull();
        expect(row?.holderFirstName).toBeNull();
      } else {
        reissued += 1;
        expect(scanned.statusCode, scanned.body).toBe(409);
        expect(CheckInRefusedSchema.parse(scanned.json()).reason).toBe('reissued');
        expect(row?.usedAt).toBeNull();
        expect(row?.holderFirstName).toBe('Racing');
      }
    }
    expect(admittedOld + reissued).toBe(signed.length);
  }, 120_000);
});

describe('comps and buyer orders racing for the last tickets', () => {
  it('never take more than the capacity: comps and holds together stop exactly at it', async () => {
    const capacity = 10;
    const pkg = await createTicketPackage(t.db, { eventId, price: 100_000, capacity, freeSeating: true });
    const attempts = Array.from({ length: 16 }, (_, index) => {
      const app = appOf(index);
      if (index % 2 === 0) {
        return app.inject({
          method: 'POST',
          url: `/api/organiser/${organisation.slug}/events/${eventUid}/comps`,
          payload: JSON.stringify({
            first_name: 'Guest',
            last_name: `Number ${'x'.repeat(1 + (index % 4))}`,
            email: `guest-${index}@example.com`,
            package_id: pkg.id,
            quantity: 2,
            note: 'Race',
          }),
          headers: { ...json, cookie: boxOffice.cookie, 'idempotency-key': `race-comp-${index}-${Date.now()}` },
        });
      }
      return app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: JSON.stringify({
          buyer: { ...TEST_BUYER, email: `buyer-${index}@example.com` },
          terms_agreed: true,
          event_id: eventId,
          ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }],
        }),
        headers: json,
      });
    });
    const answers = await Promise.all(attempts);
    for (const answer of answers) {
      expect([201, 409], answer.body).toContain(answer.statusCode);
      if (answer.statusCode === 409) expect(ErrorBodySchema.parse(answer.json()).code).toBe('sold_out');
    }
    const comps = answers.filter((answer, index) => index % 2 === 0 && answer.statusCode === 201);
    const sales = answers.filter((answer, index) => index % 2 === 1 && answer.statusCode === 201);
    for (const answer of comps) expect(CompAnswerSchema.parse(answer.json()).quantity).toBe(2);
    // 16 asks of 2 for 10 tickets: exactly 5 succeed, whichever kind.
    expect((comps.length + sales.length) * 2).toBe(capacity);

    const [row] = await t.db.select().from(ticketPackages).where(eq(ticketPackages.id, pkg.id));
    expect(row).toMatchObject({ soldCount: comps.length * 2, heldCount: sales.length * 2 });
    const issued = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tickets)
      .where(eq(tickets.packageId, pkg.id));
    expect(issued[0]?.n).toBe(comps.length * 2);
    expect((row?.soldCount ?? 0) + (row?.heldCount ?? 0)).toBeLessThanOrEqual(capacity);
  }, 120_000);
});

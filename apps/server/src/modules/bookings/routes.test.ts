import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTicketPackage, createVenue, smallSeatMap } from '@marquee/db/factories';
import { orders } from '@marquee/db/schema';
import { BOOKING_LOOKUP_MESSAGES, BookingLookupResultSchema } from '@marquee/domain/bookings';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { CreatedOrderSchema, type CreatedOrder } from '@marquee/domain/orders';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';

let t: TestApp;
const CARD = { exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123', name: 'Nimal Perera' };

function post(app: TestApp['app'], url: string, payload: unknown) {
  return app.inject({ method: 'POST', url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
}

async function buy(input: { nic?: string; pay?: boolean; seats?: string[] } = {}): Promise<CreatedOrder> {
  const venue = await createVenue(t.db, { seatMap: smallSeatMap(1, 4) });
  const event = await createEvent(t.db, { venueId: venue.id, name: 'Harbour Lights Gala' });
  const pkg = await createTicketPackage(t.db, {
    eventId: event.id,
    price: 4_500,
    ...(input.seats ? { seatingRange: input.seats } : { capacity: 50 }),
  });
  const created = await post(t.app, '/api/orders', {
    event_id: event.id,
    buyer: {
      first_name: 'Nimal',
      last_name: 'Perera',
      email: 'Nimal@Example.com',
      phone: '0771234567',
      ...(input.nic ? { nic: input.nic } : {}),
    },
    ...(input.seats ? { seats: input.seats } : { ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }] }),
    terms_agreed: true,
  });
  expect(created.statusCode, created.body).toBe(201);
  const order = CreatedOrderSchema.parse(created.json());
  if (input.pay !== false) {
    await post(t.app, `/api/sandbox/payment_intents/${order.payment?.intent_id}/confirm`, {
      client_secret: order.payment?.client_secret,
      card: { number: '4242424242424242', ...CARD },
    });
    await t.app.inject({ url: `/api/bookings/status?orderId=${order.order_id}` });
  }
  return order;
}

const lookup = (bookingId: string, nic: string) => post(t.app, '/api/bookings/lookup', { booking_id: bookingId, nic });

beforeAll(async () => {
  // The limit has its own test below; here every lookup must be answered.
  t = await buildTestApp({ bookingLookupLimit: { max: 1_000, windowMs: 60_000 } });
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/bookings/lookup', () => {
  it("finds a paid booking by Booking ID and NIC, with the spec's fields and a signed ticket_url", async () => {
    const order = await buy({ nic: '952345678V', seats: ['A-1-1', 'A-1-2'] });
    const response = await lookup(order.order_id.toLowerCase(), ' 952345678v ');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const booking = BookingLookupResultSchema.parse(response.json());
    expect(booking).toMatchObject({
      event_name: 'Harbour Lights Gala',
      order_id: order.order_id,
      status: 'complete',
      status_label: 'Complete',
      tot_tickets: 2,
      matched_by: 'nic',
    });
    expect(booking.packages).toEqual([{ package: { name: expect.any(String) }, ticket_count: 2 }]);
    expect(booking.tickets.map((ticket) => ticket.seat)).toEqual(['Section A · Row 1 · Seat 1', 'Section A · Row 1 · Seat 2']);
    expect(booking.ticket_url).toMatch(new RegExp(`^/api/tickets/${order.order_id}\\.pdf\\?`));
    expect(booking.event_start_time).toMatch(/\d{1,2}:\d{2} [AP]M/);
  });

  it('accepts the checkout e-mail in place of a NIC that was never given, but never "n/a"', async () => {
    const order = await buy();
    const byEmail = await lookup(order.order_id, 'nimal@example.COM');
    expect(byEmail.statusCode).toBe(200);
    expect(BookingLookupResultSchema.parse(byEmail.json()).matched_by).toBe('email');
    const byDefault = await lookup(order.order_id, 'n/a');
    expect(byDefault.statusCode).toBe(404);
  });

  it('answers a wrong NIC, an unknown and a malformed Booking ID alike', async () => {
    const order = await buy({ nic: '199012345678' });
    const answers = await Promise.all([
      lookup(order.order_id, '199012345679'),
      lookup(order.order_id, 'nimal@example.com'),
      lookup('MQ0000000000', '199012345678'),
      lookup("MQ' OR 1=1 --", '199012345678'),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ code: 'not_found', message: BOOKING_LOOKUP_MESSAGES.notFound });
    }
  });

  it('says when a booking is not paid yet, or has no valid tickets', async () => {
    const pending = await buy({ nic: '987654321V', pay: false });
    const notPaid = await lookup(pending.order_id, '987654321V');
    expect(notPaid.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(notPaid.json()).message).toBe(BOOKING_LOOKUP_MESSAGES.notPaid);
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.orderId, pending.order_id));
    const cancelled = await lookup(pending.order_id, '987654321V');
    expect(ErrorBodySchema.parse(cancelled.json()).message).toBe(BOOKING_LOOKUP_MESSAGES.notValid);
  });

  it('asks for both fields (422) and refuses huge values', async () => {
    const empty = await post(t.app, '/api/bookings/lookup', { booking_id: '  ', nic: '' });
    expect(empty.statusCode).toBe(422);
    expect(ErrorBodySchema.parse(empty.json()).errors).toEqual({
      booking_id: [BOOKING_LOOKUP_MESSAGES.bookingIdRequired],
      nic: [BOOKING_LOOKUP_MESSAGES.nicRequired],
    });
    const huge = await lookup('MQ'.repeat(100), 'x'.repeat(1000));
    expect(huge.statusCode).toBe(422);
  });
});

describe('rate limit', () => {
  it('refuses a client after too many attempts, with Retry-After', async () => {
    const limited = await buildTestApp({ bookingLookupLimit: { max: 3, windowMs: 60_000 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push((await post(limited.app, '/api/bookings/lookup', { booking_id: 'MQ0000000000', nic: 'x1234' })).statusCode);
      }
      expect(statuses).toEqual([404, 404, 404, 429]);
      const refused = await post(limited.app, '/api/bookings/lookup', { booking_id: 'MQ0000000000', nic: 'x1234' });
      expect(refused.json()).toEqual({ code: 'rate_limited', message: BOOKING_LOOKUP_MESSAGES.tooManyAttempts });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandSeatMap } from '@marquee/domain/seat-map';
import { createTestDb, type TestDb } from './test-db';
import {
  createBanner,
  createEvent,
  createPromoCode,
  createTestimonial,
  createTicketPackage,
  createVenue,
  smallSeatMap,
} from './factories';

describe('factories', () => {
  let handle: TestDb;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('build a full event graph from defaults, with unique names and uids', async () => {
    const a = await createTicketPackage(handle.db);
    const b = await createTicketPackage(handle.db);
    expect(a.eventId).not.toBe(b.eventId);
    const e1 = await createEvent(handle.db);
    const e2 = await createEvent(handle.db, { venueId: e1.venueId });
    expect(e1.uid).toMatch(/^[a-z0-9]{8}$/);
    expect(e1.uid).not.toBe(e2.uid);
    expect(e2.venueId).toBe(e1.venueId);
    expect(e1.searchVector).toBeTruthy();
  });

  it('take overrides, including seated packages and site-wide promo codes', async () => {
    const map = smallSeatMap(3, 4);
    const venue = await createVenue(handle.db, { name: 'Factory Hall', seatMap: map });
    expect(venue.seatMapType).toBe('generic');
    const event = await createEvent(handle.db, {
      venueId: venue.id,
      type: 'theatre',
      status: 'presale',
      handlingCost: 500,
    });
    const seats = expandSeatMap(map)
      .filter((seat) => seat.section === 'A')
      .map((seat) => seat.id);
    const pkg = await createTicketPackage(handle.db, { eventId: event.id, seatingRange: seats, price: 0 });
    expect(pkg).toMatchObject({ capacity: 12, price: 0, eventId: event.id });
    const scoped = await createPromoCode(handle.db, {
      eventId: event.id,
      kind: 'fixed',
      value: 1000,
      packageIds: [pkg.id],
    });
    expect(scoped).toMatchObject({ eventId: event.id, kind: 'fixed', packageIds: [pkg.id] });
    const siteWide = await createPromoCode(handle.db, { eventId: null });
    expect(siteWide.eventId).toBeNull();
    expect((await createBanner(handle.db, { link: '/dance' })).link).toBe('/dance');
    expect((await createTestimonial(handle.db, { profession: 'Dancer' })).profession).toBe('Dancer');
  });
});

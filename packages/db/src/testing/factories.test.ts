import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandSeatMap } from '@marquee/domain/seat-map';
import { createTestDb, type TestDb } from './test-db';
import {
  createBanner,
  createEvent,
  createOrganisation,
  createPromoCode,
  createTestimonial,
  createTicketPackage,
  createVenue,
  defaultTestOrganisation,
  smallSeatMap,
  TEST_ORGANISATION_SLUG,
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

  it("give venues and events an organisation: the default test organisation, the one given, or the venue's", async () => {
    const fallback = await defaultTestOrganisation(handle.db);
    expect(fallback).toMatchObject({ slug: TEST_ORGANISATION_SLUG, status: 'approved' });
    const plain = await createEvent(handle.db);
    expect(plain.organisationId).toBe(fallback.id);

    const other = await createOrganisation(handle.db, { country: 'SG' });
    expect(other.id).not.toBe(fallback.id);
    const event = await createEvent(handle.db, { organisationId: other.id });
    expect(event.organisationId).toBe(other.id);
    const venue = await createVenue(handle.db, { organisationId: other.id });
    const atVenue = await createEvent(handle.db, { venueId: venue.id });
    expect(atVenue.organisationId).toBe(other.id);
    // The database refuses an event at another organisation's venue.
    await expect(createEvent(handle.db, { venueId: venue.id, organisationId: fallback.id })).rejects.toThrow();
    expect((await defaultTestOrganisation(handle.db)).id).toBe(fallback.id);
  });
});

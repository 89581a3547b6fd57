import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEvent, createTicketPackage, createVenue, smallSeatMap, type Event } from '@marquee/db/factories';
import {
  EventDetailSchema,
  EventListSchema,
  EventSeatMapSchema,
  EventSummarySchema,
  PriceListRowSchema,
  SearchResultSchema,
} from '@marquee/domain/catalog';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { SeatStatesSchema } from '@marquee/domain/orders';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { orderTickets } from '../../test-support/buy-tickets';
import { expireHold } from '../../test-support/expire-hold';
import { createCatalogService, type CatalogService } from './service';

/**
 * The buyer side sees only what is published (issue 21; catalog/statuses.ts): a draft and an unpublished
 * event do not exist for buyers (404 like an unknown uid; absent from lists, search and counts); a
 * cancelled event keeps its page, shown closed, and leaves the lists; sold out is computed from the
 * packages. And the team's preview, which sees every event.
 */

const DAY = 24 * 3_600_000;
/** A word in every event name here and nowhere else, for the search. */
const WORD = 'Zephyrine';

let t: TestApp;
/** A catalogue service of its own: no response cache between a change and the next read. */
let catalog: CatalogService;
const events: Record<
  | 'onSale'
  | 'draft'
  | 'unpublished'
  | 'cancelled'
  | 'soldOut'
  | 'noActivePackages'
  | 'postponedSoldOut'
  | 'presaleSoldOut',
  Event
> = {} as never;

async function get(url: string) {
  return t.app.inject({ method: 'GET', url });
}

async function getJson<T>(url: string, schema: z.ZodType<T>): Promise<T> {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return schema.parse(response.json());
}

beforeAll(async () => {
  t = await buildTestApp();
  catalog = createCatalogService(t.db, { offeredKinds: new Set(['card', 'instalments']) });
  const db = t.db;
  const venue = await createVenue(db, { name: 'Lifecycle Hall', seatMap: smallSeatMap(2, 5) });
  const at = (days: number) => ({ venueId: venue.id, startDate: new Date(Date.now() + days * DAY) });
  const named = (name: string) => `${WORD} ${name}`;

  events.onSale = await createEvent(db, { ...at(3), name: named('On Sale') });
  events.draft = await createEvent(db, { ...at(4), name: named('Draft'), status: 'draft', featured: true });
  events.unpublished = await createEvent(db, {
    ...at(5),
    name: named('Unpublished'),
    unpublishedAt: new Date(),
    unpublishedReason: 'A test',
    featured: true,
  });
  events.cancelled = await createEvent(db, { ...at(6), name: named('Cancelled'), status: 'cancelled' });
  events.soldOut = await createEvent(db, { ...at(7), name: named('Sold Out') });
  events.noActivePackages = await createEvent(db, { ...at(8), name: named('No Active Packages') });
  events.postponedSoldOut = await createEvent(db, { ...at(9), name: named('Postponed'), status: 'postponed' });
  events.presaleSoldOut = await createEvent(db, { ...at(10), name: named('Presale'), status: 'presale' });

  for (const event of [events.onSale, events.draft, events.unpublished, events.cancelled]) {
    await createTicketPackage(db, { eventId: event.id, name: 'Stalls', seatingRange: ['A-1-1', 'A-1-2'] });
  }
  // Every active package taken; an inactive one with tickets left does not count.
  await createTicketPackage(db, { eventId: events.soldOut.id, name: 'Front', capacity: 3, soldCount: 3 });
  await createTicketPackage(db, { eventId: events.soldOut.id, name: 'Back', capacity: 2, soldCount: 2 });
  await createTicketPackage(db, { eventId: events.soldOut.id, name: 'Later', capacity: 50, active: false });
  // No active package at all (its one package is off sale, though all sold): not sold out.
  await createTicketPackage(db, { eventId: events.noActivePackages.id, capacity: 10, soldCount: 10, active: false });
  for (const event of [events.postponedSoldOut, events.presaleSoldOut]) {
    await createTicketPackage(db, { eventId: event.id, capacity: 1, soldCount: 1 });
  }
});

afterAll(async () => {
  await t?.close();
});

describe('what buyers cannot see: a draft and an unpublished event', () => {
  it('answers their event page, seat map, price list and seats 404 exactly as an unknown uid', async () => {
    const unknown = await get('/api/events/nosuchevent1');
    expect(unknown.statusCode).toBe(404);
    for (const event of [events.draft, events.unpublished]) {
      for (const path of ['', '/seat-map', '/price-list', '/seats']) {
        const response = await get(`/api/events/${event.uid}${path}`);
        expect(response.statusCode, `${event.name}${path}`).toBe(404);
        expect(ErrorBodySchema.parse(response.json())).toEqual(unknown.json());
      }
    }
  });

  it('leaves them out of the lists, their counts, trending, search and the suggestions', async () => {
    const hidden = [events.draft.uid, events.unpublished.uid, events.cancelled.uid];
    const list = await getJson('/api/events?category=all&page=1&per_page=48', EventListSchema);
    const listed = list.data.map((event) => event.uid);
    expect(listed).toContain(events.onSale.uid);
    for (const uid of hidden) expect(listed).not.toContain(uid);
    // The count counts what the list shows: the five listed events of this file, no more.
    expect(list.meta.total).toBe(5);
    expect(list.data).toHaveLength(5);

    const concerts = await getJson('/api/events?category=concerts&page=1&per_page=48', EventListSchema);
    expect(concerts.meta.total).toBe(5);

    const trending = await getJson(
      '/api/events/trending?category=all&limit=24',
      z.object({ data: z.array(EventSummarySchema) }),
    );
    // The draft and the unpublished event are featured: trending would put them first.
    expect(trending.data[0]?.uid).toBe(events.onSale.uid);
    for (const uid of hidden) expect(trending.data.map((event) => event.uid)).not.toContain(uid);

    for (const url of [`/api/search?q=${WORD}&limit=50`, `/api/search/suggest?q=${WORD}`]) {
      const found = (await getJson(url, SearchResultSchema)).data.map((event) => event.uid);
      expect(found, url).toContain(events.onSale.uid);
      for (const uid of hidden) expect(found, url).not.toContain(uid);
    }
    const exact = await getJson(`/api/search?q=${WORD}+draft`, SearchResultSchema);
    expect(exact.data).toEqual([]);
  });

  it('gives the server-rendered pages nothing for them (the pages read through findEvent and listEvents)', async () => {
    expect(await catalog.findEvent(events.draft.uid)).toBeNull();
    expect(await catalog.findEvent(events.unpublished.uid)).toBeNull();
    expect(await catalog.findEvent(events.onSale.uid)).toMatchObject({ uid: events.onSale.uid, status: 'ongoing' });
  });
});

describe('a cancelled event', () => {
  it('keeps its page, shown closed with its packages, and is left out of the lists', async () => {
    const detail = await getJson(`/api/events/${events.cancelled.uid}`, EventDetailSchema);
    expect(detail.status).toBe('closed');
    expect(detail.ticket_packages.map((pkg) => pkg.name)).toEqual(['Stalls']);
    const prices = await getJson(`/api/events/${events.cancelled.uid}/price-list`, z.array(PriceListRowSchema));
    expect(prices.map((row) => row.package_name)).toEqual(['Stalls']);
    const seatMap = await getJson(`/api/events/${events.cancelled.uid}/seat-map`, EventSeatMapSchema);
    expect(seatMap.packages).toHaveLength(1);
    expect(await getJson(`/api/events/${events.cancelled.uid}/seats`, SeatStatesSchema)).toEqual({ taken: [] });
  });
});

describe('sold out is computed', () => {
  it('shows soldout for a published event whose active packages are all taken, in the lists and on its page', async () => {
    const detail = await getJson(`/api/events/${events.soldOut.uid}`, EventDetailSchema);
    expect(detail.status).toBe('soldout');
    expect(detail.ticket_packages.map((pkg) => [pkg.name, pkg.sold_out])).toEqual([
      ['Front', true],
      ['Back', true],
      ['Later', false],
    ]);
    const presale = await getJson(`/api/events/${events.presaleSoldOut.uid}`, EventDetailSchema);
    expect(presale.status).toBe('soldout');

    const list = await getJson('/api/events?category=all&page=1&per_page=24', EventListSchema);
    const statusOf = new Map(list.data.map((event) => [event.uid, event.status]));
    expect(statusOf.get(events.soldOut.uid)).toBe('soldout');
    expect(statusOf.get(events.presaleSoldOut.uid)).toBe('soldout');
    expect(statusOf.get(events.onSale.uid)).toBe('ongoing');
    const search = await getJson(`/api/search?q=${WORD}+sold`, SearchResultSchema);
    expect(search.data.map((event) => [event.uid, event.status])).toEqual([[events.soldOut.uid, 'soldout']]);
  });

  it('keeps a postponed event postponed, and an event without an active package with tickets on sale', async () => {
    expect((await getJson(`/api/events/${events.postponedSoldOut.uid}`, EventDetailSchema)).status).toBe('postponed');
    expect((await getJson(`/api/events/${events.noActivePackages.uid}`, EventDetailSchema)).status).toBe('ongoing');
  });

  it('shows soldout while the last tickets are held, and the stored status again when they come back', async () => {
    const event = await createEvent(t.db, { name: `${WORD} Last Tickets`, startDate: new Date(Date.now() + 11 * DAY) });
    const pkg = await createTicketPackage(t.db, { eventId: event.id, capacity: 3, soldCount: 1 });
    expect((await catalog.getEvent(event.uid)).status).toBe('ongoing');

    const order = await orderTickets(t, {
      event_id: event.id,
      ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }],
    });
    expect((await catalog.getEvent(event.uid)).status).toBe('soldout');
    expect(
      (await catalog.listTrending({ category: 'all', limit: 24 })).data.find((e) => e.uid === event.uid)?.status,
    ).toBe('soldout');

    // The hold runs out (its tickets are free again before any sweeper reclaims them).
    await expireHold(t.db, order.order_id);
    expect((await catalog.getEvent(event.uid)).status).toBe('ongoing');

    // Held again, then given back by its buyer.
    const again = await orderTickets(
      t,
      { event_id: event.id, ticket_package_details: [{ package_id: pkg.id, ticket_count: 2 }] },
      { email: 'second.buyer@example.com' },
    );
    expect((await catalog.getEvent(event.uid)).status).toBe('soldout');
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${again.order_id}/cancel`,
      headers: { authorization: `Bearer ${again.access_token}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await catalog.getEvent(event.uid)).status).toBe('ongoing');
  });
});

describe('previewEvent (the team preview)', () => {
  it('answers the buyer page of an event of any status, with no buyer-side filter', async () => {
    const draft = EventDetailSchema.parse(await catalog.previewEvent(events.draft.id));
    // A draft shows as it would be published on sale.
    expect(draft).toMatchObject({ uid: events.draft.uid, status: 'ongoing', name: events.draft.name });
    expect(draft.ticket_packages.map((pkg) => pkg.name)).toEqual(['Stalls']);
    expect(await catalog.previewEvent(events.unpublished.id)).toMatchObject({
      uid: events.unpublished.uid,
      status: 'ongoing',
    });
    expect(await catalog.previewEvent(events.cancelled.id)).toMatchObject({ status: 'closed' });
    expect(await catalog.previewEvent(events.soldOut.id)).toMatchObject({ status: 'soldout' });
  });

  it('is the same answer as the buyer page for a published event', async () => {
    expect(await catalog.previewEvent(events.onSale.id)).toEqual(await catalog.getEvent(events.onSale.uid));
  });

  it('is not_found for an id that names no event', async () => {
    await expect(catalog.previewEvent(2_000_000_000)).rejects.toMatchObject({ code: 'not_found' });
  });
});

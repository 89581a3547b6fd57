import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { browserHeaders, protectedCallHeaders } from './api';
import { EventSeatMapSchema, type EventDetail, type EventSeatMap } from '@marquee/domain/catalog';
import { CreatedOrderSchema, SeatStatesSchema } from '@marquee/domain/orders';
import { expandSeatMap, type SeatMapType, type SeatPosition } from '@marquee/domain/seat-map';
import { getEventDetail, listEvents } from './catalog';

export interface SeatMapEvent {
  event: EventDetail;
  seatMap: EventSeatMap;
  seats: Map<string, SeatPosition>;
}

/** The first on-sale event whose venue has a map of this type and that passes `accept`. */
export async function findSeatMapEvent(
  request: APIRequestContext,
  type: SeatMapType,
  accept: (event: EventDetail) => boolean = () => true,
): Promise<SeatMapEvent> {
  for (const summary of (await listEvents(request)).filter((e) => e.status === 'ongoing')) {
    const event = await getEventDetail(request, summary.uid);
    if (event.venue.seat_map?.type !== type || !accept(event)) continue;
    const seatMap = EventSeatMapSchema.parse(await (await request.get(`/api/events/${event.uid}/seat-map`)).json());
    if (!seatMap.seat_map) continue;
    return { event, seatMap, seats: new Map(expandSeatMap(seatMap.seat_map).map((s) => [s.id, s])) };
  }
  throw new Error(`The demo catalogue has no on-sale event at a ${type} seat-map venue that this spec can use.`);
}

export async function takenSeats(request: APIRequestContext, uid: string): Promise<Set<string>> {
  return new Set(SeatStatesSchema.parse(await (await request.get(`/api/events/${uid}/seats`)).json()).taken);
}

/**
 * `count` free seats of a numbered package, counted back from `fromEnd` seats before the end of its
 * range: specs share one database, and other specs take seats from the front.
 */
export async function freeSeatsOf(
  request: APIRequestContext,
  { event, seatMap }: SeatMapEvent,
  packageId: number,
  count: number,
  fromEnd = 0,
): Promise<string[]> {
  const taken = await takenSeats(request, event.uid);
  const range = seatMap.packages.find((p) => p.id === packageId)?.seating_range ?? [];
  const free = range.slice(0, range.length - fromEnd).filter((id) => !taken.has(id));
  if (free.length < count) throw new Error(`Package ${packageId} has fewer than ${count} free seats.`);
  return free.slice(-count);
}

/** A seat's centre on screen, scrolled into view first (the map can be taller than the window). */
export async function seatPoint(page: Page, seat: SeatPosition): Promise<{ x: number; y: number }> {
  const layer = page.locator('[data-seatmap-layer]');
  const toScreen = () =>
    layer.evaluate((g, s) => {
      if (!(g instanceof SVGGElement)) throw new Error('The map layer is not an SVG group.');
      const ctm = g.getScreenCTM();
      if (!ctm) throw new Error('The map layer is not rendered.');
      const p = new DOMPoint(s.x, s.y).matrixTransform(ctm);
      return { x: p.x, y: p.y, height: window.innerHeight };
    }, seat);
  let point = await toScreen();
  if (point.y < 40 || point.y > point.height - 40) {
    await page.evaluate((dy) => window.scrollBy(0, dy), point.y - point.height / 2);
    point = await toScreen();
  }
  return { x: point.x, y: point.y };
}

export async function clickSeat(page: Page, seat: SeatPosition): Promise<void> {
  const { x, y } = await seatPoint(page, seat);
  await page.mouse.click(x, y);
}

/** The selection table's row of a package: its header cell holds the name and the chosen seats. */
export function packageRow(page: Page, name: string) {
  return page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name }) });
}

/** Another buyer's order for these seats, straight through the API (a 10-minute hold); returns its cancel. */
export async function holdSeatsAsAnotherBuyer(
  request: APIRequestContext,
  event: EventDetail,
  seats: string[],
): Promise<() => Promise<void>> {
  const response = await request.post('/api/orders', {
    data: {
      event_id: event.id,
      buyer: { first_name: 'Alice', last_name: 'Perera', email: 'a@example.com', phone: '0771234567' },
      seats,
      ticket_package_details: [],
      terms_agreed: true,
    },
    headers: await protectedCallHeaders(request),
  });
  expect(response.status(), await response.text()).toBe(201);
  const order = CreatedOrderSchema.parse(await response.json());
  return async () => {
    const cancelled = await request.post(`/api/orders/${order.order_id}/cancel`, {
      headers: { ...(await browserHeaders(request)), authorization: `Bearer ${order.access_token}` },
    });
    expect(cancelled.status()).toBe(200);
  };
}

import { EventDetailSchema, type EventDetail, type TicketPackage } from '@marquee/domain/catalog';

/** Test builders for the catalogue's answers; each test overrides what it is about. */
export function makeTicketPackage(overrides: Partial<TicketPackage> = {}): TicketPackage {
  return {
    id: 1,
    name: 'Gold',
    description: 'Front rows',
    price: 250000,
    reserved_seats: 0,
    available_seats: 90,
    free_seating: false,
    color_class: 0,
    active: true,
    message: null,
    sold_out: false,
    max_per_order: 10,
    ...overrides,
  };
}

export const TEST_VENUE: EventDetail['venue'] = {
  id: 1,
  name: 'Nelum Pokuna',
  city: 'Colombo',
  country: 'LK',
  time_zone: 'Asia/Colombo',
  address: 'Colombo 7',
  seat_map: null,
};

export function makeEventDetail(overrides: Partial<EventDetail> = {}): EventDetail {
  return EventDetailSchema.parse({
    id: 1,
    uid: 'abc123',
    name: 'Colombo Jazz Night',
    type: 'concerts',
    path: '/concerts/colombo-jazz-night/abc123',
    start_date: '2026-12-05T14:00:00.000Z',
    end_date: null,
    thumbnail_img: '/images/events/jazz-thumb.svg',
    banner_img: '/images/events/jazz-banner.svg',
    featured: false,
    status: 'ongoing',
    currency: 'LKR',
    free_event: false,
    price_from: 250000,
    description: 'An evening of jazz.',
    artists: [],
    venue: TEST_VENUE,
    free_seating: false,
    promo: false,
    promo_auto_apply: false,
    promo_code: null,
    handling_cost: 0,
    payment_gateways: [{ id: 1, name: 'Card', logo: '/images/gateways/card.svg', kind: 'card' }],
    ticket_packages: [makeTicketPackage()],
    waiting_room: false,
    ...overrides,
  });
}

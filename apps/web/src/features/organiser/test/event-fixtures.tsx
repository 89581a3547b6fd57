import { expandSeatMap, type GenericSeatMap } from '@marquee/domain/seat-map';
import type { EventDetail } from '@marquee/domain/catalog';
import type { ConsoleEventAnswer, ConsolePackage } from '@marquee/domain/console';
import type { ChecklistItem } from '@marquee/domain/authoring';
import type { SeatAssignmentMapProps } from '../components/console-services';

export function makeConsolePackage(overrides: Partial<ConsolePackage> = {}): ConsolePackage {
  return {
    id: 11,
    name: 'Gold',
    description: '',
    price: 500000,
    capacity: 100,
    sold: 0,
    held: 0,
    waiting: 0,
    max_per_order: 10,
    sale_start_local: null,
    sale_end_local: null,
    active: true,
    inactive_message: null,
    free_seating: true,
    seat_ids: [],
    color_class: 0,
    ...overrides,
  };
}

/** The uid of the fixtures' event (a uid the console's addresses take: 4 to 32 lowercase letters or digits). */
export const EVENT_UID = 'jazz2026';

export function makeConsoleEventAnswer(overrides: Partial<ConsoleEventAnswer> = {}): ConsoleEventAnswer {
  return {
    uid: EVENT_UID,
    name: 'Colombo Jazz Night',
    type: 'concerts',
    status: 'draft',
    sold_out: false,
    unpublished: false,
    starts_at: '2026-12-05T14:00:00.000Z',
    start_local: '2026-12-05T19:30',
    venue: {
      id: 7,
      name: 'Nelum Pokuna',
      city: 'Colombo',
      country: 'LK',
      time_zone: 'Asia/Colombo',
      has_seat_map: false,
    },
    currency: 'LKR',
    sold: 0,
    capacity: 100,
    thumbnail_url: null,
    description: 'An evening of jazz.',
    artists: ['The Quartet'],
    end_local: '2026-12-05T22:30',
    handling_cost: 15000,
    payment_gateway_ids: [1],
    featured: false,
    free_event: false,
    sale_start_local: null,
    banner_url: null,
    published_at: null,
    packages: [makeConsolePackage()],
    checklist: [],
    buyer_path: `/concerts/colombo-jazz-night/${EVENT_UID}`,
    ...overrides,
  };
}

/** A small map: section A (rows A and B, four seats each) and section B (row C, three seats). */
export const SMALL_MAP: GenericSeatMap = {
  type: 'generic',
  width: 100,
  height: 80,
  stage: { x: 0, y: 0, width: 100, height: 8, label: 'STAGE' },
  sections: [
    {
      id: 'A',
      name: 'Stalls',
      rows: [
        { label: 'A', count: 4, firstNumber: 1, x: 10, y: 20, spacing: 10 },
        { label: 'B', count: 4, firstNumber: 1, x: 10, y: 30, spacing: 10 },
      ],
    },
    { id: 'B', name: 'Balcony', rows: [{ label: 'C', count: 3, firstNumber: 1, x: 10, y: 50, spacing: 10 }] },
  ],
};

/** The event at a venue with SMALL_MAP: Gold (seated: A-A-1, A-A-2), Silver (seated: B-C-1) and Lawn (free seating). */
export function makeSeatedEventAnswer(overrides: Partial<ConsoleEventAnswer> = {}): ConsoleEventAnswer {
  const base = makeConsoleEventAnswer();
  return makeConsoleEventAnswer({
    venue: { ...base.venue, has_seat_map: true },
    packages: [
      makeConsolePackage({ id: 11, name: 'Gold', free_seating: false, capacity: 2, seat_ids: ['A-A-1', 'A-A-2'] }),
      makeConsolePackage({
        id: 12,
        name: 'Silver',
        free_seating: false,
        capacity: 1,
        seat_ids: ['B-C-1'],
        color_class: 1,
      }),
      makeConsolePackage({ id: 13, name: 'Lawn', free_seating: true, capacity: 50, color_class: 2 }),
    ],
    ...overrides,
  });
}

/** One item of the publishing checklist, with the server's words for it. */
export function makeChecklistItem(id: ChecklistItem['id'], message = `The server's words for ${id}.`): ChecklistItem {
  return { id, message };
}

/**
 * The routes an event's page reads: the event itself (answered from `state.event`, which a test replaces as
 * the server would change it) and, at a venue with a map, the venue's seat map.
 */
export function eventRoutes(state: { event: ConsoleEventAnswer }, seatMap: GenericSeatMap = SMALL_MAP) {
  const { uid, venue } = state.event;
  return {
    [`GET /api/organiser/acme/events/${uid}`]: () => Response.json(state.event),
    [`GET /api/organiser/acme/venues/${venue.id}/seat-map`]: () => Response.json(seatMap),
    // The Publish section's cancellation part (decisions/040): no buyers, no cancellation.
    [`GET /api/organiser/acme/events/${uid}/cancellation`]: () =>
      Response.json({ paid_orders: 0, refundable_orders: 0, cancellation: null }),
  };
}

export function makeEventDetail(overrides: Partial<EventDetail> = {}): EventDetail {
  return {
    id: 1,
    uid: EVENT_UID,
    name: 'Colombo Jazz Night',
    type: 'concerts',
    path: `/concerts/colombo-jazz-night/${EVENT_UID}`,
    start_date: '2026-12-05T14:00:00.000Z',
    end_date: null,
    thumbnail_img: '',
    banner_img: '',
    status: 'ongoing',
    currency: 'LKR',
    free_event: false,
    price_from: 500000,
    featured: false,
    description: 'An evening of jazz.',
    artists: ['The Quartet'],
    venue: {
      id: 7,
      name: 'Nelum Pokuna',
      city: 'Colombo',
      time_zone: 'Asia/Colombo',
      country: 'LK',
      address: '',
      seat_map: null,
    },
    free_seating: true,
    promo: false,
    promo_auto_apply: false,
    promo_code: null,
    handling_cost: 0,
    payment_gateways: [],
    ticket_packages: [],
    waiting_room: false,
    ...overrides,
  };
}

/**
 * The seat map stand-in: a button per seat, named by `describeSeat` and marked with the package that has it,
 * that activates the seat as a click on the real map does; R and S on a focused seat act on its row and
 * section. The real renderer has its own test in app/routes.
 */
export function FakeSeatAssignmentMap({
  map,
  owners,
  chosen,
  onSeatActivate,
  describeSeat,
  onGroupActivate,
}: SeatAssignmentMapProps) {
  return (
    <ul data-testid="seat-assignment-map">
      {expandSeatMap(map).map((seat) => {
        const owner = chosen?.seatIds.has(seat.id) ? chosen.id : owners.get(seat.id);
        return (
          <li key={seat.id}>
            <button
              type="button"
              data-seat={seat.id}
              data-owner={owner ?? ''}
              onClick={() => onSeatActivate(seat.id)}
              onKeyDown={(event) => {
                if (event.key === 'r' || event.key === 's')
                  onGroupActivate?.(seat.id, event.key === 'r' ? 'row' : 'section');
              }}
            >
              {describeSeat(seat.id)}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The preview stand-in: the event's name and status, as the buyer's page would show them. */
export function FakeEventPreview({ event }: { event: EventDetail }) {
  return (
    <article
      data-testid="event-preview"
      data-banner={event.banner_img.startsWith('data:') ? 'placeholder' : event.banner_img}
    >
      <h1>{event.name}</h1>
      <p>{event.status}</p>
    </article>
  );
}

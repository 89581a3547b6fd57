import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventDetail, TicketPackage } from '@marquee/domain/catalog';
import { makeEventDetail, makeTicketPackage, TEST_VENUE } from '../../../test/catalog-fixtures';
import type { VenueSeatMap } from '../lib/seat-model';
import { EMPTY_SELECTION, type Selection } from '@marquee/domain/selection';
import { buildSeatModel, seatState } from '../lib/seat-model';
import { SEAT_STATES_POLL_MS } from '../api/get-seat-states';
import { INFO_POPUP_MS, SeatMapPanel, SeatMapView } from './seat-map-view';

function makePackage(overrides: Partial<TicketPackage>): TicketPackage {
  return makeTicketPackage({ description: '', price: 500000, available_seats: 100, max_per_order: 2, ...overrides });
}

const packages = [
  makePackage({ id: 1, name: 'Gold' }),
  makePackage({ id: 2, name: 'Silver', color_class: 1, sold_out: true, available_seats: 0 }),
  makePackage({ id: 3, name: 'Lawn', color_class: 2, price: 100000, free_seating: true, max_per_order: 5 }),
];

const event: EventDetail = makeEventDetail({
  uid: 'ev1',
  name: 'Test Night',
  path: '/concerts/test-night/ev1',
  price_from: 100000,
  description: '',
  venue: { ...TEST_VENUE, name: 'Hall', address: '', seat_map: { type: 'generic', seat_count: 8 } },
  payment_gateways: [],
  ticket_packages: packages,
});

const seatMap: VenueSeatMap = {
  seat_map: {
    type: 'generic',
    width: 100,
    height: 60,
    stage: { x: 0, y: 0, width: 100, height: 5, label: 'STAGE' },
    sections: [
      {
        id: 'A',
        name: 'A',
        rows: [
          { label: 'A', count: 4, firstNumber: 1, x: 10, y: 20, spacing: 10 },
          { label: 'B', count: 4, firstNumber: 1, x: 10, y: 30, spacing: 10 },
        ],
      },
    ],
  },
  packages: [
    { id: 1, color_class: 0, seating_range: ['A-A-1', 'A-A-2', 'A-A-3'] },
    { id: 2, color_class: 1, seating_range: ['A-A-4'] },
    { id: 3, color_class: 2, seating_range: ['A-B-1', 'A-B-2'] },
  ],
};

function Harness({
  initial = EMPTY_SELECTION,
  onContinue = () => {},
  reserved = ['A-A-3'],
}: {
  initial?: Selection;
  onContinue?: () => void;
  reserved?: string[];
}) {
  const [selection, setSelection] = useState(initial);
  return (
    <SeatMapPanel
      event={event}
      selection={selection}
      onSelectionChange={setSelection}
      onBack={() => {}}
      onContinue={onContinue}
      seatMap={seatMap}
      reservedSeatIds={new Set(reserved)}
    />
  );
}

const map = () => screen.getByRole('application');
const announced = () => screen.getByTestId('seat-map-focus').textContent;
const press = (key: string) => fireEvent.keyDown(map(), { key });

afterEach(() => vi.useRealTimers());

describe('seat states', () => {
  it('derives unavailable, reserved, selected and available', () => {
    const model = buildSeatModel(seatMap);
    const byId = new Map(packages.map((p) => [p.id, p]));
    const state = (id: string, selected: string[] = []) =>
      seatState(model.packageIdOf[model.indexOf(id)!], id, byId, new Set(selected), new Set(['A-A-3']));
    expect(state('A-A-1')).toBe('available');
    expect(state('A-A-1', ['A-A-1'])).toBe('selected');
    expect(state('A-A-3')).toBe('reserved');
    expect(state('A-A-4')).toBe('unavailable'); // sold-out package
    expect(state('A-B-3')).toBe('unavailable'); // no package
  });
});

describe('SeatMapPanel', () => {
  it('moves between seats with the arrow keys and toggles with Enter and Space', () => {
    render(<Harness />);
    fireEvent.focus(map());
    expect(announced()).toBe('Section A, row A, seat 1, Gold, LKR 5,000.00, available');
    press('ArrowRight');
    expect(announced()).toContain('row A, seat 2');
    press('Enter');
    expect(announced()).toBe('Section A, row A, seat 2, Gold, LKR 5,000.00, selected');
    press(' ');
    expect(announced()).toContain('seat 2, Gold, LKR 5,000.00, available');
    press('ArrowDown');
    expect(announced()).toContain('row B, seat 2');
  });

  it('does not let reserved or unavailable seats be chosen', () => {
    render(<Harness />);
    fireEvent.focus(map());
    press('ArrowRight');
    press('ArrowRight');
    press('Enter');
    expect(announced()).toContain('seat 3, Gold, LKR 5,000.00, reserved');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Seat 3 in row A of A is already taken. Please choose another seat.',
    );
    press('ArrowRight');
    press('Enter');
    expect(announced()).toContain('seat 4, Silver, LKR 5,000.00, unavailable');
    expect(screen.getByRole('status')).toHaveTextContent('Seat 4 in row A of A is not on sale.');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('shows the free-seating popup for five seconds', () => {
    vi.useFakeTimers();
    render(<Harness />);
    fireEvent.focus(map());
    press('ArrowDown');
    press('Enter');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Seats in Lawn are not numbered: choose how many tickets in the table below.',
    );
    act(() => vi.advanceTimersByTime(INFO_POPUP_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent('Lawn');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('respects the package limit and totals the table', () => {
    const onContinue = vi.fn();
    render(<Harness initial={{ packages: {}, seats: ['A-A-1', 'A-A-2'] }} onContinue={onContinue} />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Category', 'Price', 'No. of Tickets', 'Amount']);
    expect(screen.getByTestId('selection-total')).toHaveTextContent('LKR 10,000.00');
    // Clicking a selected seat deselects it; choosing it again adds it back.
    fireEvent.focus(map());
    press('Enter');
    expect(screen.getByTestId('selection-total')).toHaveTextContent('LKR 5,000.00');
    press('Enter');
    expect(screen.getByTestId('selection-total')).toHaveTextContent('LKR 10,000.00');
    // Lawn counter.
    fireEvent.click(screen.getByRole('button', { name: 'Add a Lawn ticket' }));
    expect(screen.getByTestId('selection-total')).toHaveTextContent('LKR 11,000.00');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalled();
  });

  it('refuses a seat past the package maximum (Gold: 2 per order)', () => {
    render(<Harness initial={{ packages: {}, seats: ['A-A-1', 'A-A-2'] }} reserved={[]} />);
    fireEvent.focus(map());
    press('ArrowRight');
    press('ArrowRight');
    press('Enter');
    expect(announced()).toContain('seat 3, Gold, LKR 5,000.00, available');
    expect(screen.getByRole('status')).toHaveTextContent('You can choose at most 2 tickets in Gold.');
    expect(screen.getByTestId('selection-total')).toHaveTextContent('LKR 10,000.00');
  });

  it('offers a list alternative', () => {
    render(<Harness initial={{ packages: {}, seats: ['A-A-2'] }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Choose seats from a list' }));
    const seat2 = screen.getByRole('checkbox', { name: /seat 2, Gold.*selected/ });
    expect(seat2).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /seat 4, Silver/ })).toBeDisabled();
  });
});

describe('accessible places on the map', () => {
  // Row A: a wheelchair space (1) and its companion seat (2) on sale; row B: a wheelchair space with no package.
  const accessibleMap: VenueSeatMap = {
    ...seatMap,
    seat_map: {
      type: 'generic',
      width: 100,
      height: 60,
      stage: { x: 0, y: 0, width: 100, height: 5, label: 'STAGE' },
      sections: [
        {
          id: 'A',
          name: 'A',
          rows: [
            { label: 'A', count: 4, firstNumber: 1, x: 10, y: 20, spacing: 10, wheelchair: [1], companion: [2] },
            { label: 'B', count: 4, firstNumber: 1, x: 10, y: 30, spacing: 10, wheelchair: [4] },
          ],
        },
      ],
    },
  };

  function renderAccessible(reserved: string[] = []) {
    function AccessibleHarness() {
      const [selection, setSelection] = useState(EMPTY_SELECTION);
      return (
        <SeatMapPanel
          event={event}
          selection={selection}
          onSelectionChange={setSelection}
          onBack={() => {}}
          onContinue={() => {}}
          seatMap={accessibleMap}
          reservedSeatIds={new Set(reserved)}
        />
      );
    }
    return render(<AccessibleHarness />);
  }

  it('names wheelchair spaces and companion seats, on the map and in the list', () => {
    renderAccessible();
    fireEvent.focus(map());
    expect(announced()).toBe('Section A, row A, seat 1, wheelchair space, Gold, LKR 5,000.00, available');
    press('ArrowRight');
    expect(announced()).toBe('Section A, row A, seat 2, companion seat, Gold, LKR 5,000.00, available');
    press('ArrowRight');
    expect(announced()).toBe('Section A, row A, seat 3, Gold, LKR 5,000.00, available');
    fireEvent.click(screen.getByRole('button', { name: 'Choose seats from a list' }));
    expect(screen.getByRole('checkbox', { name: /^Section A, row A, seat 1, wheelchair space, Gold/ })).toBeEnabled();
  });

  it('draws their marks as a few paths over the seats, dark where a seat is not on sale', () => {
    const { container } = renderAccessible(['A-A-2']);
    const marks = [...container.querySelectorAll('[data-seatmap-layer] path[data-access]')];
    expect(marks.map((path) => [path.getAttribute('data-access'), path.getAttribute('stroke')])).toEqual([
      ['wheelchair', '#FFFFFF'],
      ['wheelchair', '#4B5563'],
      ['companion', '#FFFFFF'],
    ]);
    // One path for both wheelchair spaces on sale would hold two symbols; here one each (A-A-1 open, A-B-4 not).
    const wheels = (path: Element) => (path.getAttribute('d')?.match(/A/g) ?? []).length;
    expect(marks.slice(0, 2).map(wheels)).toEqual([1, 1]);
    // A reserved companion seat keeps its ring, drawn over the reserved dot.
    const layer = container.querySelector('[data-seatmap-layer]')!;
    const children = [...layer.children];
    expect(children.indexOf(layer.querySelector('[data-reserved-seats]')!)).toBeLessThan(
      children.indexOf(layer.querySelector('[data-access="companion"]')!),
    );
    // No element per seat: the seats are still a few group paths, the marks three more.
    expect(layer.querySelectorAll('path, circle').length).toBeLessThanOrEqual(12);
  });

  it('lists them in the legend only when the map has them', () => {
    const { unmount } = renderAccessible();
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(within(legend).getByText('Wheelchair space')).toBeInTheDocument();
    expect(within(legend).getByText('Companion seat')).toBeInTheDocument();
    unmount();
    render(<Harness />);
    expect(within(screen.getByRole('list', { name: 'Legend' })).queryByText(/Wheelchair|Companion/)).toBeNull();
  });

  it('says which accessible place a notice is about', () => {
    renderAccessible(['A-A-1']);
    fireEvent.focus(map());
    press('Enter');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Seat 1 in row A of A (wheelchair space) is already taken. Please choose another seat.',
    );
  });
});

interface Server {
  /** Answers to GET /seats, in turn (the last one repeats); a function can hold an answer back. */
  seatStates: (() => Promise<Response>)[];
  seatRequests: number;
}

function serve(server: Server) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      if (pathname === `/api/events/${event.uid}/seat-map`) return Response.json(seatMap);
      if (pathname === `/api/events/${event.uid}/seats`) {
        const answer = server.seatStates[Math.min(server.seatRequests, server.seatStates.length - 1)]!;
        server.seatRequests += 1;
        return answer();
      }
      return Response.json({ code: 'not_found', message: 'Not found.' }, { status: 404 });
    }),
  );
}

const taken =
  (...ids: string[]) =>
  () =>
    Promise.resolve(Response.json({ taken: ids }));

function ViewHarness({
  initial = EMPTY_SELECTION,
  isSelectionHeld,
}: {
  initial?: Selection;
  isSelectionHeld?: boolean;
}) {
  const [selection, setSelection] = useState(initial);
  return (
    <SeatMapView
      event={event}
      selection={selection}
      onSelectionChange={setSelection}
      onBack={() => {}}
      onContinue={() => {}}
      isSelectionHeld={isSelectionHeld}
    />
  );
}

function renderView(props: { initial?: Selection; isSelectionHeld?: boolean } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ViewHarness {...props} />
    </QueryClientProvider>,
  );
}

const reservedCount = () => document.querySelector('[data-reserved-seats]')?.getAttribute('data-reserved-seats') ?? '0';
const chosenSeats = () => screen.getByRole('rowheader', { name: /Gold/ }).textContent;

describe('SeatMapView live availability', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws the map without waiting for the seat states, then paints the taken seats', async () => {
    let answer: (response: Response) => void = () => {};
    const server: Server = {
      seatStates: [() => new Promise<Response>((resolve) => (answer = resolve))],
      seatRequests: 0,
    };
    serve(server);
    renderView();
    expect(await screen.findByRole('application')).toBeInTheDocument();
    expect(reservedCount()).toBe('0');
    await act(async () => answer(Response.json({ taken: ['A-A-2', 'A-A-4'] })));
    // A-A-4 belongs to a sold-out package: unavailable wins over reserved, so one seat is painted reserved.
    await waitFor(() => expect(reservedCount()).toBe('1'));
    fireEvent.click(screen.getByRole('button', { name: 'Choose seats from a list' }));
    expect(screen.getByRole('checkbox', { name: /seat 2, Gold.*reserved/ })).toBeDisabled();
  });

  it('drops a chosen seat that someone else took, and says so until dismissed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const server: Server = { seatStates: [taken(), taken('A-A-1')], seatRequests: 0 };
    serve(server);
    renderView({ initial: { packages: {}, seats: ['A-A-1', 'A-A-2'] } });
    // waitFor would wait on the faked timers: let the fetches and renders run instead.
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(server.seatRequests).toBe(1);
    expect(chosenSeats()).toContain('Seats A-A-1, A-A-2');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();

    // The next poll says A-A-1 is taken.
    await act(() => vi.advanceTimersByTimeAsync(SEAT_STATES_POLL_MS));
    expect(server.seatRequests).toBe(2);
    expect(chosenSeats()).toContain('Seats A-A-2');
    expect(chosenSeats()).not.toContain('A-A-1');
    expect(screen.getByTestId('selection-total')).toHaveTextContent('LKR 5,000.00');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'Seat 1 in row A of A was just taken by someone else and removed from your selection.',
    );
    // It stays past the five seconds of the passing notices, until dismissed.
    await act(() => vi.advanceTimersByTimeAsync(INFO_POPUP_MS * 2));
    expect(alert).toHaveTextContent('was just taken');
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(alert).toBeEmptyDOMElement();
  });

  it('names every seat lost at once', async () => {
    serve({ seatStates: [taken('A-A-1', 'A-A-2')], seatRequests: 0 });
    renderView({ initial: { packages: {}, seats: ['A-A-1', 'A-A-2'] } });
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Seat 1 in row A of A and seat 2 in row A of A were just taken by someone else and removed from your selection.',
      ),
    );
    // The selection's change reaches the page a moment after the notice (the map renders in the background).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled());
  });

  it('refuses a taken seat with a notice that says it is taken', async () => {
    serve({ seatStates: [taken('A-A-1')], seatRequests: 0 });
    renderView();
    await waitFor(() => expect(reservedCount()).toBe('1'));
    fireEvent.focus(map());
    expect(announced()).toBe('Section A, row A, seat 1, Gold, LKR 5,000.00, reserved');
    press('Enter');
    expect(screen.getByRole('status')).toHaveTextContent('Seat 1 in row A of A is already taken.');
    expect(screen.getByTestId('selection-total')).toHaveTextContent('LKR 0.00');
  });

  it("keeps the buyer's own held seats selected", async () => {
    serve({ seatStates: [taken('A-A-1', 'A-A-2')], seatRequests: 0 });
    renderView({ initial: { packages: {}, seats: ['A-A-1'] }, isSelectionHeld: true });
    await waitFor(() => expect(reservedCount()).toBe('1'));
    expect(chosenSeats()).toContain('Seats A-A-1');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('still offers the map when the seat states cannot be had, and says so', async () => {
    serve({
      seatStates: [() => Promise.resolve(Response.json({ code: 'internal_error', message: 'Boom' }, { status: 500 }))],
      seatRequests: 0,
    });
    renderView();
    expect(await screen.findByText(/could not check which seats are already taken/)).toBeInTheDocument();
    expect(screen.getByRole('application')).toBeInTheDocument();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventDetail, EventSeatMap } from '@marquee/domain/catalog';
import { makeEventDetail, makeTicketPackage, TEST_VENUE } from '../../test/catalog-fixtures';
import { selectionStorageKey } from '../../lib/use-booking-selection';
import { bestAvailableStorageKey } from '../../features/checkout/lib/checkout-storage';
import { Component as EventRoute } from './event';

const GOLD = makeTicketPackage({ id: 1, name: 'Gold', price: 250000, max_per_order: 4 });
const event: EventDetail = makeEventDetail({
  status: 'ongoing',
  venue: { ...TEST_VENUE, seat_map: { type: 'generic', seat_count: 8 } },
  payment_gateways: [{ id: 1, name: 'Card', logo: '/images/gateways/card.svg', kind: 'card' }],
  ticket_packages: [GOLD],
});
const seatMap: EventSeatMap = {
  seat_map: {
    type: 'generic',
    width: 100,
    height: 60,
    stage: { x: 0, y: 0, width: 100, height: 5, label: 'STAGE' },
    sections: [
      { id: 'S', name: 'Stalls', rows: [{ label: 'A', count: 8, firstNumber: 1, x: 10, y: 20, spacing: 10 }] },
    ],
  },
  packages: [{ id: 1, color_class: 0, seating_range: ['S-A-1', 'S-A-2', 'S-A-3', 'S-A-4', 'S-A-5', 'S-A-6'] }],
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      if (pathname === `/api/events/${event.uid}`) return Response.json(event);
      if (pathname === `/api/events/${event.uid}/seat-map`) return Response.json(seatMap);
      if (pathname === `/api/events/${event.uid}/seats`) return Response.json({ taken: [] });
      return Response.json({ code: 'not_found', message: 'Not found.' }, { status: 404 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/:type/:slug/:uid', Component: EventRoute }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('event route: best available (issue 24)', () => {
  it('Find seats replaces the seats picked on the map and goes to checkout with the request', async () => {
    sessionStorage.setItem(selectionStorageKey(event.uid), JSON.stringify({ packages: {}, seats: ['S-A-5'] }));
    const user = userEvent.setup();
    const router = renderAt(`${event.path}?step=2`);
    const panel = await screen.findByRole('region', { name: 'Best available seats' });
    expect(await within(panel).findByText(/This replaces the seat you picked on the map\./)).toBeInTheDocument();
    await user.selectOptions(within(panel).getByLabelText('Number of seats'), '3');
    await user.click(within(panel).getByRole('button', { name: 'Find seats' }));

    expect(router.state.location.search).toBe('?step=3');
    expect(await screen.findByRole('heading', { level: 2, name: 'Confirm details and pay' })).toBeInTheDocument();
    expect(sessionStorage.getItem(selectionStorageKey(event.uid))).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(bestAvailableStorageKey(event.uid)) ?? 'null')).toEqual({
      request: { package_id: 1, quantity: 3, accessible: false },
      sectionName: null,
    });
  });

  it('Continue with seats from the map drops an earlier best-available request', async () => {
    sessionStorage.setItem(
      bestAvailableStorageKey(event.uid),
      JSON.stringify({ request: { package_id: 1, quantity: 2, accessible: false }, sectionName: null }),
    );
    sessionStorage.setItem(selectionStorageKey(event.uid), JSON.stringify({ packages: {}, seats: ['S-A-5'] }));
    const user = userEvent.setup();
    const router = renderAt(`${event.path}?step=2`);
    await screen.findByRole('heading', { level: 2, name: 'Choose your seats' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(router.state.location.search).toBe('?step=3');
    expect(sessionStorage.getItem(bestAvailableStorageKey(event.uid))).toBeNull();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventDetail } from '@marquee/domain/catalog';
import { makeEventDetail, makeTicketPackage } from '../../test/catalog-fixtures';
import { Component as EventRoute } from './event';

function makeEvent(overrides: Partial<EventDetail> = {}): EventDetail {
  return makeEventDetail({
    start_date: '2027-01-05T14:00:00.000Z',
    status: 'soldout',
    payment_gateways: [],
    ticket_packages: [],
    ...overrides,
  });
}

let event = makeEvent();

beforeEach(() => {
  event = makeEvent();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      if (pathname === `/api/events/${event.uid}`) return Response.json(event);
      return Response.json({ code: 'not_found', message: 'Event not found.' }, { status: 404 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const GOLD = makeTicketPackage({ max_per_order: 4 });

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

describe('event route', () => {
  it('shows the event with its breadcrumb and names the document after it', async () => {
    renderAt(event.path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Colombo Jazz Night' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Colombo Jazz Night');
    expect(screen.getByText('Tickets Soldout')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain('Colombo Jazz Night'));
  });

  it('moves a stale slug or type to the canonical path, keeping the query', async () => {
    const router = renderAt('/theatre/old-name/abc123?step=2');
    await waitFor(() => expect(router.state.location.pathname).toBe(event.path));
    expect(router.state.location.search).toBe('?step=2');
    // Replaced, not pushed: Back does not return to the stale address.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the not-found page for an unknown uid', async () => {
    renderAt('/concerts/no-such-event/zzzz9999');
    expect(await screen.findByRole('heading', { level: 1, name: /not found/i })).toBeInTheDocument();
  });

  it('ignores step 2 while the event is not on sale', async () => {
    renderAt(`${event.path}?step=2`);
    expect(await screen.findByRole('heading', { level: 2, name: 'About this event' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Choose your tickets' })).not.toBeInTheDocument();
  });

  it('walks the steps in the URL: Book Now, ADD, CHECKOUT carries the selection, Back returns', async () => {
    const user = userEvent.setup();
    event = makeEvent({ status: 'ongoing', handling_cost: 15000, ticket_packages: [GOLD] });
    const router = renderAt(event.path);
    await user.click(await screen.findByRole('link', { name: 'Book Now' }));
    expect(router.state.location.search).toBe('?step=2');
    expect(router.state.historyAction).toBe('PUSH');
    // A memory router: the landing page's focus, after the first paint (lib/focus-step-heading.ts).
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Choose your tickets' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: /^ADD/ }));
    await user.click(screen.getByRole('button', { name: 'Add one Gold ticket' }));
    await user.click(screen.getByRole('button', { name: 'CHECKOUT' }));
    expect(router.state.location.search).toBe('?step=3');
    // Checkout's code loads when the buyer gets there.
    const heading = await screen.findByRole('heading', { level: 2, name: 'Confirm details and pay' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Step 1 Ticket Details' })).toHaveAttribute('aria-expanded', 'true');
    // Step 2 opens only once the buyer's details are valid.
    expect(screen.getByRole('button', { name: 'Step 2 Order Summary' })).toBeDisabled();

    await router.navigate(-1);
    expect(await screen.findByRole('heading', { level: 2, name: 'Choose your tickets' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Gold tickets selected' })).toHaveTextContent('2');
  });

  it('treats an unknown step as step 1', async () => {
    event = makeEvent({ status: 'ongoing', ticket_packages: [GOLD] });
    renderAt(`${event.path}?step=9`);
    expect(await screen.findByRole('heading', { level: 2, name: 'About this event' })).toBeInTheDocument();
  });
});

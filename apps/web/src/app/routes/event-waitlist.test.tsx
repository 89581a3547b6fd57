import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventDetail, EventSeatMap } from '@marquee/domain/catalog';
import type { WaitlistOfferAnswer } from '@marquee/domain/waitlist';
import { makeEventDetail, makeTicketPackage, TEST_VENUE } from '../../test/catalog-fixtures';
import { fakeApi } from '../../test/fake-api';
import { makeCreatedOrder } from '../../test/make-order';
import { activeOrderStorageKey } from '../../features/checkout/lib/checkout-storage';
import { Component as EventRoute } from './event';
import { Component as WaitlistOfferRoute } from './waitlist-offer';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const GOLD = makeTicketPackage({ id: 1, name: 'Gold' });
const SOLD_OUT_GOLD = makeTicketPackage({ id: 1, name: 'Gold', sold_out: true, available_seats: 0 });
const SOLD_OUT_SILVER = makeTicketPackage({ id: 2, name: 'Silver', sold_out: true, available_seats: 0 });
const SIGNED_IN = {
  user: { email: 'ama@example.com', name: 'Ama Perera', first_name: 'Ama', last_name: 'Perera', image: null },
  providers: { google: false, apple: false },
};

/** The app's event and offer routes, on a fake API that knows the event (and the session, when given). */
function renderApp(event: EventDetail, path: string, session: unknown = null) {
  const api = fakeApi();
  api.routes[`GET /api/events/${event.uid}`] = () => Response.json(event);
  if (session) api.routes['GET /api/auth/session'] = () => Response.json(session);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/waitlist/offer', Component: WaitlistOfferRoute },
      { path: '/:type/:slug/:uid', Component: EventRoute },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api, router, user: userEvent.setup() };
}

describe('the waitlist on the event page', () => {
  it("is offered on a sold-out package's card at step 2, and only there", async () => {
    const event = makeEventDetail({ ticket_packages: [GOLD, SOLD_OUT_SILVER] });
    const { user } = renderApp(event, `${event.path}?step=2`, SIGNED_IN);
    const silver = await screen.findByRole('listitem', { name: 'Silver' });
    expect(within(silver).getByText('SOLD OUT')).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'Gold' })).queryByRole('button', { name: /waitlist/ }),
    ).toBeNull();

    await user.click(within(silver).getByRole('button', { name: 'Join the waitlist for Silver' }));
    const dialog = screen.getByRole('dialog', { name: 'Join the waitlist for Silver' });
    // The signed-in buyer's details start the form.
    expect(await within(dialog).findByDisplayValue('ama@example.com')).toBe(within(dialog).getByLabelText('Email'));
    expect(within(dialog).queryByLabelText('Package')).not.toBeInTheDocument();
  });

  it('is offered with a choice of package when the whole event is sold out', async () => {
    const event = makeEventDetail({ status: 'soldout', ticket_packages: [SOLD_OUT_GOLD, SOLD_OUT_SILVER] });
    const { user } = renderApp(event, event.path);
    const action = await screen.findByRole('complementary', { name: 'Tickets and countdown' });
    expect(within(action).getByText('Tickets Soldout')).toBeInTheDocument();
    await user.click(within(action).getByRole('button', { name: 'Join the waitlist' }));
    const dialog = screen.getByRole('dialog', { name: 'Join the waitlist' });
    const choice = await within(dialog).findByLabelText('Package');
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Gold', 'Silver']);
  });

  it('is offered under Best available on a seated event, for the packages it cannot offer', async () => {
    const event = makeEventDetail({
      venue: { ...TEST_VENUE, seat_map: { type: 'generic', seat_count: 8 } },
      ticket_packages: [GOLD, SOLD_OUT_SILVER],
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
      packages: [
        { id: 1, color_class: 0, seating_range: ['S-A-1', 'S-A-2', 'S-A-3', 'S-A-4'] },
        { id: 2, color_class: 1, seating_range: ['S-A-5', 'S-A-6', 'S-A-7', 'S-A-8'] },
      ],
    };
    const { api, user } = renderApp(event, `${event.path}?step=2`);
    api.routes[`GET /api/events/${event.uid}/seat-map`] = () => Response.json(seatMap);
    api.routes[`GET /api/events/${event.uid}/seats`] = () => Response.json({ taken: [] });
    const panel = await screen.findByRole('region', { name: 'Best available seats' });
    expect(
      await within(panel).findByText('Sold out: Silver. Join the waitlist to be offered tickets that come back.'),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Join the waitlist for Silver' }));
    expect(screen.getByRole('dialog', { name: 'Join the waitlist for Silver' })).toBeInTheDocument();
  });

  it('is not offered for a package that is off sale', async () => {
    const offSale = makeTicketPackage({ id: 2, name: 'Silver', sold_out: true, active: false });
    const event = makeEventDetail({ ticket_packages: [GOLD, offSale] });
    renderApp(event, `${event.path}?step=2`);
    await screen.findByRole('listitem', { name: 'Silver' });
    expect(screen.queryByRole('button', { name: /waitlist/ })).not.toBeInTheDocument();
  });
});

describe('the offer page', () => {
  const OFFER: WaitlistOfferAnswer = {
    order_id: 'MQ7K3F9X2QHD',
    access_token: 'token-123',
    event: { uid: 'abc123', name: 'Colombo Jazz Night', path: '/concerts/colombo-jazz-night/abc123' },
    hold_expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
  };

  it("keeps the held order's access for the checkout and opens its payment step, though the event shows sold out", async () => {
    // The offer's held tickets are the event's last: it shows sold out.
    const event = makeEventDetail({ status: 'soldout', ticket_packages: [SOLD_OUT_GOLD] });
    const { api, router, user } = renderApp(event, '/waitlist/offer?token=tok-3');
    api.routes['POST /api/waitlist/offer'] = () => Response.json(OFFER);
    api.routes['GET /api/orders/MQ7K3F9X2QHD'] = () => Response.json(makeCreatedOrder());
    expect(api.calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Confirm details and pay' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(OFFER.event.path);
    expect(router.state.location.search).toBe('?step=3');
    expect(JSON.parse(sessionStorage.getItem(activeOrderStorageKey('abc123')) ?? 'null')).toEqual({
      orderId: 'MQ7K3F9X2QHD',
      accessToken: 'token-123',
    });
    // The checkout resumes the held order at its payment step, with the offer's access.
    expect(await screen.findByText('We are holding your seat...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Step 3 Payment Details' })).toHaveAttribute('aria-expanded', 'true');
    const orderCall = api.calls.find((call) => call.path === '/api/orders/MQ7K3F9X2QHD');
    expect(orderCall?.headers.get('Authorization')).toBe('Bearer token-123');
    expect(document.title).toContain('Colombo Jazz Night');
  });

  it('names itself', () => {
    const event = makeEventDetail();
    renderApp(event, '/waitlist/offer?token=tok-3');
    expect(screen.getByRole('heading', { level: 1, name: 'Your waitlist tickets' })).toBeInTheDocument();
    expect(document.title).toBe('Your waitlist tickets | Marquee');
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventDetail } from '@marquee/domain/catalog';
import type { QueueStatus } from '@marquee/domain/queue';
import { makeEventDetail, makeTicketPackage } from '../../test/catalog-fixtures';
import { fakeApi } from '../../test/fake-api';
import { selectionStorageKey } from '../../lib/use-booking-selection';
import { errorToScreen } from '../../features/checkout/lib/error-to-screen';
import { ApiError } from '../../lib/api-client';
import { Component as EventRoute } from './event';
import { Component as EventQueueRoute } from './event-queue';

const GOLD = makeTicketPackage({ id: 1, name: 'Gold', price: 250000, max_per_order: 4 });
const QUEUE = '/api/events/abc123/queue';

function makeEvent(overrides: Partial<EventDetail> = {}): EventDetail {
  return makeEventDetail({ status: 'ongoing', ticket_packages: [GOLD], waiting_room: true, ...overrides });
}

function makeStatus(overrides: Partial<QueueStatus> = {}): QueueStatus {
  return {
    event_uid: 'abc123',
    state: 'waiting',
    opens_at: null,
    position: 40,
    estimated_wait_seconds: 240,
    admit_per_minute: 600,
    admitted_until: null,
    poll_after_seconds: 5,
    server_time: '2026-12-05T13:00:00.000Z',
    ...overrides,
  };
}
const ADMITTED = makeStatus({
  state: 'admitted',
  position: null,
  estimated_wait_seconds: null,
  admitted_until: '2026-12-05T13:20:00.000Z',
});

let api: ReturnType<typeof fakeApi>;
let event = makeEvent();
const queueCalls = () => api.calls.filter((call) => call.path === QUEUE);

beforeEach(() => {
  event = makeEvent();
  api = fakeApi();
  api.routes[`GET /api/events/${event.uid}`] = () => Response.json(event);
  api.routes[`GET ${QUEUE}`] = () => Response.json({ code: 'not_found', message: 'No place.' }, { status: 404 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/events/:uid/queue', Component: EventQueueRoute },
      { path: '/:type/:slug/:uid', Component: EventRoute },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('event page of a sale behind a waiting room', () => {
  it('offers the queue instead of Book Now to a buyer without a place', async () => {
    renderAt(event.path);
    const link = await screen.findByRole('link', { name: 'Join the queue' });
    expect(link).toHaveAttribute('href', '/events/abc123/queue');
    expect(screen.getByRole('heading', { name: 'This sale has a waiting room' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Book Now' })).not.toBeInTheDocument();
  });

  it('sends ticket picking to the queue until the buyer is let in', async () => {
    api.routes[`GET ${QUEUE}`] = () => Response.json(makeStatus());
    renderAt(`${event.path}?step=2`);
    expect(await screen.findByText('You already have a place in line.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your place in line' })).toHaveAttribute(
      'href',
      '/events/abc123/queue',
    );
    expect(screen.queryByRole('heading', { name: 'Choose your tickets' })).not.toBeInTheDocument();
  });

  it('asks a buyer whose turn ran out to join again', async () => {
    api.routes[`GET ${QUEUE}`] = () =>
      Response.json(makeStatus({ state: 'expired', position: null, estimated_wait_seconds: null }));
    renderAt(`${event.path}?step=2`);
    expect(await screen.findByRole('link', { name: 'Join the queue again' })).toBeInTheDocument();
  });

  it('works as usual once the queue has let the buyer in', async () => {
    const user = userEvent.setup();
    api.routes[`GET ${QUEUE}`] = () => Response.json(ADMITTED);
    renderAt(event.path);
    await user.click(await screen.findByRole('link', { name: 'Book Now' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Choose your tickets' })).toBeInTheDocument();
    expect(screen.queryByText('This sale has a waiting room')).not.toBeInTheDocument();
  });

  it('before the sale opens, shows the status and the way to the pre-queue', async () => {
    event = makeEvent({ status: 'pending' });
    renderAt(event.path);
    expect(await screen.findByRole('link', { name: 'Join the queue' })).toBeInTheDocument();
    expect(screen.getByText('Notify Me')).toBeInTheDocument();
  });

  it('does not ask for a place when the sale has no waiting room', async () => {
    event = makeEvent({ waiting_room: false });
    renderAt(event.path);
    expect(await screen.findByRole('link', { name: 'Book Now' })).toBeInTheDocument();
    expect(queueCalls()).toHaveLength(0);
  });

  it('an order refused with 403 queue_required sends the buyer to the queue with a message', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem(selectionStorageKey(event.uid), JSON.stringify({ packages: { '1': 2 }, seats: [] }));
    api.routes['POST /api/orders'] = () =>
      Response.json(
        { code: 'queue_required', message: 'This sale has a waiting room: join the queue first.' },
        { status: 403 },
      );
    api.routes[`POST ${QUEUE}`] = () => Response.json(makeStatus());
    const router = renderAt(`${event.path}?step=3`);

    await screen.findByRole('heading', { level: 2, name: 'Confirm details and pay' });
    await user.type(screen.getByLabelText('First name'), 'Nimal');
    await user.type(screen.getByLabelText('Last name'), 'Perera');
    await user.type(screen.getByLabelText('Email'), 'nimal@example.com');
    await user.type(screen.getByLabelText('Phone'), '077 123 4567');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: /Proceed to pay/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/events/abc123/queue'));
    expect(await screen.findByText('Your order was not saved')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Colombo Jazz Night' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'You are in line' })).toBeInTheDocument();
    // The tickets chosen stay for when it is the buyer's turn.
    expect(JSON.parse(sessionStorage.getItem(selectionStorageKey(event.uid)) ?? 'null')).toEqual({
      packages: { '1': 2 },
      seats: [],
    });
  });

  it("the checkout tells the refusal in the server's words while it goes", () => {
    const refusal = new ApiError(403, { code: 'queue_required', message: 'Join the queue first.' });
    expect(errorToScreen(refusal, 'save_order')).toEqual({
      kind: 'popups',
      popups: [{ variant: 'info', title: 'Your order was not saved', message: 'Join the queue first.' }],
      refreshesEvent: false,
    });
  });
});

describe('queue page route', () => {
  it('names the page after the event and joins', async () => {
    api.routes[`POST ${QUEUE}`] = () => Response.json(makeStatus());
    renderAt('/events/abc123/queue');
    expect(await screen.findByRole('heading', { level: 1, name: 'Colombo Jazz Night' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Waiting room: Colombo Jazz Night | Marquee'));
    expect(await screen.findByRole('heading', { level: 2, name: 'You are in line' })).toBeInTheDocument();
    expect(screen.queryByText('Your order was not saved')).not.toBeInTheDocument();
  });

  it('shows the not-found page for an unknown event', async () => {
    api.routes[`POST /api/events/nope/queue`] = () =>
      Response.json({ code: 'not_found', message: 'Event not found.' }, { status: 404 });
    renderAt('/events/nope/queue');
    expect(await screen.findByRole('heading', { level: 1, name: 'Event not found' })).toBeInTheDocument();
  });

  it('offers Try again when the event cannot be loaded', async () => {
    api.routes[`GET /api/events/${event.uid}`] = () =>
      Response.json({ code: 'service_unavailable', message: 'Busy.' }, { status: 503 });
    api.routes[`POST ${QUEUE}`] = () => Response.json(makeStatus());
    renderAt('/events/abc123/queue');
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { level: 1, name: 'This event could not be loaded' }),
    ).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

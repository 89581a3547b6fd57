import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventDetail } from '@marquee/domain/catalog';
import { makeEventDetail } from '../../test/catalog-fixtures';
import { fakeApi } from '../../test/fake-api';
import { EventDetails } from '../../features/event/components/event-details';
import { EventNotifyMe } from './event-notify-me';

afterEach(() => vi.unstubAllGlobals());

const SIGNED_IN = {
  user: { email: 'ama@example.com', name: 'Ama Perera', first_name: 'Ama', last_name: 'Perera', image: null },
  providers: { google: false, apple: false },
};

/** The event page's step 1 as the route composes it (routes/event.tsx). */
function renderEventPage(event: EventDetail, session: unknown = { user: null, providers: SIGNED_IN.providers }) {
  const api = fakeApi();
  api.routes['GET /api/auth/session'] = () => Response.json(session);
  api.routes[`POST /api/events/${event.uid}/notify-me`] = () =>
    Response.json({ status: 'pending', message: 'Check your e-mail.' }, { status: 202 });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[event.path]}>
        <EventDetails event={event} notifyMe={<EventNotifyMe event={event} />} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { api, user: userEvent.setup() };
}

const pageEvent = (status: EventDetail['status']) => makeEventDetail({ status });

const action = () => screen.getByRole('complementary', { name: 'Tickets and countdown' });

describe('Notify Me on the event page', () => {
  it.each([
    ['pending', 'Tickets are not on sale yet.'],
    ['presale', 'Pre Sale: tickets are not on sale yet.'],
  ] as const)('is offered on a %s event', (status, message) => {
    renderEventPage(pageEvent(status));
    expect(within(action()).getByText(message)).toBeInTheDocument();
    expect(within(action()).getByRole('button', { name: 'Notify Me' })).toBeInTheDocument();
  });

  it.each(['ongoing', 'soldout', 'closed', 'postponed'] as const)('is not offered on a %s event', (status) => {
    renderEventPage(pageEvent(status));
    expect(screen.queryByRole('button', { name: 'Notify Me' })).not.toBeInTheDocument();
  });

  it("starts the form with the signed-in buyer's e-mail and sends it", async () => {
    const event = pageEvent('pending');
    const { api, user } = renderEventPage(event, SIGNED_IN);
    // Opened at once: the session's answer fills the field when it comes.
    await user.click(screen.getByRole('button', { name: 'Notify Me' }));
    expect(await screen.findByDisplayValue('ama@example.com')).toBe(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Send me the link' }));
    const sent = (await screen.findByText('Check your e-mail to confirm.')).closest('[role="status"]');
    expect(sent).toHaveTextContent('We sent a link to ama@example.com');
    expect(sent).toHaveFocus();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ email: 'ama@example.com' });
  });
});

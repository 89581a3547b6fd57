import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventDetail, TicketPackage } from '@marquee/domain/catalog';
import { makeEventDetail, makeTicketPackage, TEST_VENUE } from '../../../test/catalog-fixtures';
import { EventDetails } from './event-details';

function makePackage(overrides: Partial<TicketPackage> = {}): TicketPackage {
  return makeTicketPackage({ reserved_seats: 10, ...overrides });
}

function makeEvent(overrides: Partial<EventDetail> = {}): EventDetail {
  return makeEventDetail({
    description: 'An evening of jazz.\n\nBring a friend.',
    artists: ['Ama Perera', 'The Quartet'],
    venue: { ...TEST_VENUE, address: '110 Ananda Coomaraswamy Mawatha, Colombo 7' },
    ticket_packages: [makePackage()],
    ...overrides,
  });
}

function renderDetails(event: EventDetail, stepContent?: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[event.path]}>
        <EventDetails event={event} stepContent={stepContent} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse('2026-12-01T00:00:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('EventDetails', () => {
  it("shows the name, artists, date and time in the venue's zone, venue and description", () => {
    renderDetails(makeEvent());
    expect(screen.getByRole('heading', { level: 1, name: 'Colombo Jazz Night' })).toBeInTheDocument();
    expect(screen.getByText('Ama Perera, The Quartet')).toBeInTheDocument();
    expect(screen.getByText('Sat, 5 Dec 2026')).toBeInTheDocument();
    expect(screen.getByText(/7:30 PM GMT\+5:30/)).toBeInTheDocument();
    expect(screen.getByText('Nelum Pokuna')).toBeInTheDocument();
    expect(screen.getByText('Bring a friend.')).toBeInTheDocument();
    const banner = screen.getByRole('img', { name: 'Colombo Jazz Night poster' });
    expect(banner).toHaveAttribute('width', '1600');
    expect(banner).toHaveAttribute('height', '600');
  });

  it('offers Book Now, leading to step 2, while the event is on sale', () => {
    renderDetails(makeEvent({ status: 'ongoing' }));
    expect(screen.getByRole('link', { name: 'Book Now' })).toHaveAttribute(
      'href',
      '/concerts/colombo-jazz-night/abc123?step=2',
    );
  });

  it.each([
    ['soldout', 'Tickets Soldout', 'Soldout'],
    ['pending', 'Notify Me', null],
    ['closed', 'Online Tickets Closed', 'Closed'],
    ['postponed', 'Event Postponed', 'Postponed'],
  ] as const)('shows the unavailable-sale message for a %s event', (status, message, label) => {
    renderDetails(makeEvent({ status }));
    const action = screen.getByRole('complementary', { name: 'Tickets and countdown' });
    expect(within(action).getByText(message, { exact: true })).toBeInTheDocument();
    if (label) expect(within(action).getByText(label, { exact: true })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Book Now' })).not.toBeInTheDocument();
  });

  it('summarises packages: price, SOLD OUT, inactive message, Free Event and instalments', () => {
    renderDetails(
      makeEvent({
        payment_gateways: [
          { id: 1, name: 'Card', logo: '/c.svg', kind: 'card' },
          { id: 2, name: 'PayLater', logo: '/p.svg', kind: 'instalments' },
        ],
        ticket_packages: [
          makePackage({ id: 1, name: 'Gold', price: 250000 }),
          makePackage({ id: 2, name: 'Silver', price: 100000, sold_out: true }),
          makePackage({ id: 3, name: 'Bronze', price: 50000, active: false, message: 'Sales open on Monday' }),
          makePackage({ id: 4, name: 'Lawn', price: 0 }),
        ],
      }),
    );
    const gold = screen.getByRole('heading', { level: 3, name: 'Gold' }).closest('li');
    if (!gold) throw new Error('No Gold package');
    expect(gold).toHaveTextContent('LKR 2,500.00');
    expect(gold).toHaveTextContent('833.33 LKR X 3');
    expect(screen.getByRole('heading', { level: 3, name: 'Silver' }).closest('li')).toHaveTextContent('SOLD OUT');
    expect(screen.getByRole('heading', { level: 3, name: 'Bronze' }).closest('li')).toHaveTextContent(
      'Sales open on Monday',
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Lawn' }).closest('li')).toHaveTextContent('Free Event');
  });

  it('shows Free Event for every package of a free event, without instalments', () => {
    renderDetails(
      makeEvent({
        free_event: true,
        payment_gateways: [{ id: 2, name: 'PayLater', logo: '/p.svg', kind: 'instalments' }],
      }),
    );
    const gold = screen.getByRole('heading', { level: 3, name: 'Gold' }).closest('li');
    expect(gold).toHaveTextContent('Free Event');
    expect(gold).not.toHaveTextContent('X 3');
  });

  it('notes the Convenience Fee only when the handling cost is above 0', () => {
    const { unmount } = renderDetails(makeEvent({ handling_cost: 15000 }));
    expect(screen.getByText(/Convenience Fee of LKR 150\.00/)).toBeInTheDocument();
    unmount();
    renderDetails(makeEvent({ handling_cost: 0 }));
    expect(screen.queryByText(/Convenience Fee/)).not.toBeInTheDocument();
  });

  it('a later step takes the place of the description and the Book Now action', () => {
    renderDetails(makeEvent(), <p>Step content</p>);
    expect(screen.getByText('Step content')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'About this event' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Book Now' })).not.toBeInTheDocument();
  });
});

import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { EventSummarySchema, type EventSummary } from '@marquee/domain/catalog';
import { EVENT_STATUSES } from '@marquee/domain/statuses';
import { EventCard } from './event-card';

function makeEvent(overrides: Partial<EventSummary> = {}): EventSummary {
  return EventSummarySchema.parse({
    id: 1,
    uid: 'abc123',
    name: 'Colombo Jazz Night',
    type: 'concerts',
    path: '/concerts/colombo-jazz-night/abc123',
    start_date: '2026-12-05T14:00:00.000Z',
    end_date: null,
    thumbnail_img: '/images/events/colombo-jazz-night-thumb.svg',
    featured: false,
    status: 'ongoing',
    currency: 'LKR',
    free_event: false,
    price_from: 250000,
    venue: { id: 1, name: 'Nelum Pokuna', city: 'Colombo', country: 'LK', time_zone: 'Asia/Colombo' },
    ...overrides,
  });
}

function renderCard(event: EventSummary) {
  return render(
    <MemoryRouter>
      <EventCard event={event} />
    </MemoryRouter>,
  );
}

describe('EventCard', () => {
  const expectedLabels = {
    ongoing: 'Book Now',
    soldout: 'Soldout',
    postponed: 'Postponed',
    closed: 'Closed',
    presale: 'View Details',
    pending: 'View Details',
  } as const;

  it.each(EVENT_STATUSES)('shows the action label for a %s event', (status) => {
    renderCard(makeEvent({ status }));
    const link = screen.getByRole('link');
    expect(link).toHaveTextContent(expectedLabels[status]);
    expect(link).toHaveAccessibleName(expect.stringContaining('Colombo Jazz Night'));
  });

  it('is one link to the event, with nothing interactive inside', () => {
    const { container } = renderCard(makeEvent());
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/concerts/colombo-jazz-night/abc123');
    expect(container.querySelectorAll('a button, a a, a input')).toHaveLength(0);
  });

  it("shows the date and time in the venue's zone, the venue and the price from", () => {
    renderCard(makeEvent());
    // 14:00 UTC is 7:30 PM in Colombo (UTC+5:30), whatever zone the test machine is in.
    expect(screen.getByText(/Sat, 5 Dec 2026 · 7:30 PM/)).toBeInTheDocument();
    expect(screen.getByText('Nelum Pokuna, Colombo')).toBeInTheDocument();
    expect(screen.getByText('From LKR 2,500.00')).toBeInTheDocument();
  });

  it('shows Free Event for a free event and for a zero price', () => {
    renderCard(makeEvent({ free_event: true, price_from: 150000 }));
    expect(screen.getByText('Free Event')).toBeInTheDocument();
    expect(screen.queryByText(/LKR/)).not.toBeInTheDocument();
  });

  it('shows Free Event when the lowest price is zero', () => {
    renderCard(makeEvent({ price_from: 0 }));
    expect(screen.getByText('Free Event')).toBeInTheDocument();
  });

  it('gives the thumbnail its size so the layout does not shift, and lazy-loads it below the fold', () => {
    const { container } = renderCard(makeEvent());
    const image = container.querySelector('img');
    expect(image).toHaveAttribute('width', '640');
    expect(image).toHaveAttribute('height', '400');
    expect(image).toHaveAttribute('loading', 'lazy');
  });
});

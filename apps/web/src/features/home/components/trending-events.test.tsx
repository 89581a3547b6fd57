import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventSummarySchema, type EventSummary } from '@marquee/domain/catalog';
import { TrendingEvents } from './trending-events';

function makeEvent(id: number, type: EventSummary['type']): EventSummary {
  const name = `${type} event ${id}`;
  return EventSummarySchema.parse({
    id,
    uid: `uid${id}`,
    name,
    type,
    path: `/${type}/${type}-event-${id}/uid${id}`,
    start_date: '2026-12-05T14:00:00.000Z',
    end_date: null,
    thumbnail_img: `/images/events/e${id}-thumb.svg`,
    featured: true,
    status: 'ongoing',
    currency: 'LKR',
    free_event: false,
    price_from: 150000,
    venue: { id: 1, name: 'Nelum Pokuna', city: 'Colombo', country: 'LK', time_zone: 'Asia/Colombo' },
  });
}

/** Trending answers by category; concerts has none. */
const trendingByCategory: Record<string, EventSummary[]> = {
  all: [makeEvent(1, 'theatre'), makeEvent(2, 'dance')],
  concerts: [],
  theatre: [makeEvent(1, 'theatre')],
  dance: [makeEvent(2, 'dance')],
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/events/trending')
        return new Response(JSON.stringify({ code: 'not_found', message: 'Not found' }), { status: 404 });
      const data = trendingByCategory[url.searchParams.get('category') ?? 'all'] ?? [];
      return new Response(JSON.stringify({ data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderTrending(initialEntry = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[initialEntry]}>
        <TrendingEvents />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('TrendingEvents', () => {
  it('shows the spec tabs and the Trending Events heading', async () => {
    renderTrending();
    expect(screen.getByRole('heading', { level: 2, name: 'Trending Events' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['All', 'Concerts', 'Theatre', 'Dance']);
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('link', { name: /theatre event 1/ })).toHaveAttribute(
      'href',
      '/theatre/theatre-event-1/uid1',
    );
  });

  it('switches tabs on click and View All follows the active tab, which the URL keeps', async () => {
    const user = userEvent.setup();
    renderTrending();
    const viewAll = screen.getByRole('link', { name: 'View All' });
    expect(viewAll).toHaveAttribute('href', '/all');

    await user.click(screen.getByRole('tab', { name: 'Theatre' }));
    expect(screen.getByRole('tab', { name: 'Theatre' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/theatre');
    expect(screen.getByTestId('location')).toHaveTextContent('/?tab=2');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Theatre');
  });

  it('moves focus between tabs with the arrow keys, Home and End, and selects with Enter or Space', async () => {
    const user = userEvent.setup();
    renderTrending('/?tab=2');
    const theatre = screen.getByRole('tab', { name: 'Theatre' });
    expect(theatre).toHaveAttribute('aria-selected', 'true');
    // One tab stop: the selected tab.
    expect(theatre).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('tabindex', '-1');

    theatre.focus();
    await user.keyboard('{ArrowRight}');
    const dance = screen.getByRole('tab', { name: 'Dance' });
    expect(dance).toHaveFocus();
    // Manual activation: moving focus does not select, so View All still follows Theatre.
    expect(theatre).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/theatre');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(dance).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(dance).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(dance).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/dance');
    await user.keyboard('{Home}');
    await user.keyboard(' ');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/all');
  });

  it('reads the active tab from the URL on load', () => {
    renderTrending('/?tab=1');
    expect(screen.getByRole('tab', { name: 'Concerts' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/concerts');
  });

  it('falls back to All for an unknown tab id', () => {
    renderTrending('/?tab=4');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the empty message when the category has no trending events', async () => {
    renderTrending('/?tab=1');
    expect(
      await screen.findByText('Apologies, currently, there are no concerts events in progress.'),
    ).toBeInTheDocument();
  });

  it('offers a retry when loading fails', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 'service_unavailable', message: 'Down' }), { status: 503 })),
    );
    renderTrending();
    expect(await screen.findByRole('alert')).toHaveTextContent('Trending events could not be loaded');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: [makeEvent(7, 'dance')] }), { status: 200 })),
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /dance event 7/ })).toBeInTheDocument();
  });
});

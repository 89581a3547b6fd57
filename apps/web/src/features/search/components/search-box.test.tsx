import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResult } from '@marquee/domain/catalog';
import { SEARCH_PLACEHOLDER, SearchBox } from './search-box';

function suggestion(uid: string, name: string): SearchResult['data'][number] {
  return {
    uid,
    name,
    type: 'concerts',
    path: `/concerts/${name.toLowerCase().replace(/\s+/g, '-')}/${uid}`,
    start_date: '2026-12-05T14:00:00Z',
    thumbnail_img: '/images/x.webp',
    status: 'ongoing',
    currency: 'LKR',
    free_event: false,
    price_from: 250_000,
    venue: { name: 'Nelum Pokuna', city: 'Colombo', time_zone: 'Asia/Colombo' },
    artists: ['Someone'],
  };
}

const SUGGESTIONS: SearchResult = {
  query: 'jaz',
  data: [suggestion('a1', 'Jazz Under The Stars'), suggestion('b2', 'Jazz Brunch')],
};

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderSearchBox() {
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <>
          <SearchBox />
          <LocationProbe />
        </>
      ),
    },
  ]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { box: screen.getByRole('combobox', { name: /search/i }) };
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockImplementation(
    async () =>
      new Response(JSON.stringify(SUGGESTIONS), { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('SearchBox', () => {
  it('is a labelled combobox with the spec placeholder', () => {
    const { box } = renderSearchBox();
    expect(box).toHaveAttribute('placeholder', SEARCH_PLACEHOLDER);
    expect(SEARCH_PLACEHOLDER).toBe('Search for Events Artists, Venues');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-controls', screen.getByRole('listbox', { hidden: true }).id);
  });

  it('suggests events while typing, after a pause, with the header asked for', async () => {
    const user = userEvent.setup();
    const { box } = renderSearchBox();
    await user.type(box, 'jaz');
    const options = await screen.findAllByRole('option');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    // Two events and "see all results".
    expect(options).toHaveLength(3);
    expect(options[0]).toHaveTextContent('Jazz Under The Stars');
    expect(options[0]).toHaveTextContent('Nelum Pokuna, Colombo');
    expect(options[0]).toHaveTextContent('Sat, 5 Dec 2026');
    expect(options[0]).toHaveAttribute('href', '/concerts/jazz-under-the-stars/a1');
    // Debounced: one call for the whole word, not one per keystroke.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/search/suggest?q=jaz');
    expect(new Headers(init?.headers).get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('moves the active option with Up and Down, wrapping, and closes on Escape', async () => {
    const user = userEvent.setup();
    const { box } = renderSearchBox();
    await user.type(box, 'jaz');
    const options = await screen.findAllByRole('option');
    expect(box).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[2]?.id);
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[2]?.id);

    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(box).toHaveValue('jaz');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
  });

  it('opens the active suggestion on Enter', async () => {
    const user = userEvent.setup();
    const { box } = renderSearchBox();
    await user.type(box, 'jaz');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/concerts/jazz-brunch/b2'));
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('');
  });

  it('submits the search to /search?q= on Enter when no option is active', async () => {
    const user = userEvent.setup();
    const { box } = renderSearchBox();
    await user.type(box, 'jazz & blues{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/search?q=jazz%20%26%20blues'));
  });
});

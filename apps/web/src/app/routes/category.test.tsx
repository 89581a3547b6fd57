import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventSummarySchema, type EventSummary } from '@marquee/domain/catalog';
import { Component as CategoryRoute } from './category';

function makeEvent(id: number): EventSummary {
  return EventSummarySchema.parse({
    id,
    uid: `uid${id}`,
    name: `Dance night ${id}`,
    type: 'dance',
    path: `/dance/dance-night-${id}/uid${id}`,
    start_date: '2026-12-05T14:00:00.000Z',
    end_date: null,
    thumbnail_img: `/images/events/e${id}-thumb.svg`,
    featured: false,
    status: 'ongoing',
    currency: 'SGD',
    free_event: false,
    price_from: 4500,
    venue: { id: 2, name: 'Esplanade', city: 'Singapore', country: 'SG', time_zone: 'Asia/Singapore' },
  });
}

const requested: string[] = [];

beforeEach(() => {
  requested.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      requested.push(`${url.pathname}${url.search}`);
      const category = url.searchParams.get('category');
      const page = Number(url.searchParams.get('page'));
      if (category === 'theatre')
        return Response.json({ data: [], meta: { page: 1, per_page: 12, total: 0, total_pages: 0 } });
      const data = Array.from({ length: page === 3 ? 1 : 12 }, (_, index) => makeEvent((page - 1) * 12 + index + 1));
      return Response.json({ data, meta: { page, per_page: 12, total: 25, total_pages: 3 } });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/:category', Component: CategoryRoute }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('category route', () => {
  it('lists the page of events from the URL with a heading, breadcrumb and pagination', async () => {
    renderAt('/dance?page=2');
    expect(screen.getByRole('heading', { level: 1, name: 'Dance' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Home');
    expect(await screen.findByRole('link', { name: /Dance night 13/ })).toHaveAttribute(
      'href',
      '/dance/dance-night-13/uid13',
    );
    expect(requested).toContain('/api/events?category=dance&page=2&per_page=12');

    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('link', { name: /previous/i })).toHaveAttribute('href', '/dance');
    expect(within(pagination).getByRole('link', { name: /next/i })).toHaveAttribute('href', '/dance?page=3');
    expect(within(pagination).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('has no Next link on the last page', async () => {
    renderAt('/dance?page=3');
    await screen.findByRole('link', { name: /Dance night 25/ });
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).queryByRole('link', { name: /next/i })).not.toBeInTheDocument();
  });

  it('shows the empty message for a category with no events', async () => {
    renderAt('/theatre');
    expect(
      await screen.findByText('Apologies, currently, there are no theatre events in progress.'),
    ).toBeInTheDocument();
  });

  it('shows the not-found page for an unknown category, without asking the server', () => {
    renderAt('/not-a-category');
    expect(screen.getByRole('heading', { level: 1, name: /not found/i })).toBeInTheDocument();
    expect(requested).toHaveLength(0);
  });
});

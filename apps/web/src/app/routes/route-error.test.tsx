import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { RouteErrorPage } from './route-error';

/** A route whose loader fails with `error`, under the router's error element, as the app's router has it. */
function renderFailing(error: unknown) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteErrorPage />,
        loader: () => {
          throw error;
        },
        element: <p>never shown</p>,
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  fakeApi();
  // The frame's ScrollRestoration scrolls on navigation; jsdom has no scrolling.
  vi.stubGlobal('scrollTo', vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the router error page', () => {
  it('shows the not-found page (its own chunk, loaded when needed) for a 404', async () => {
    renderFailing(new Response('', { status: 404 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Page not found/);
  });

  it('shows a friendly error with a way on for anything else', async () => {
    renderFailing(new Error('boom'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sorry, this page did not load' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});

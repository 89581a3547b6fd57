import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { SiteFrame } from './root-layout';

function renderFrame(): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <SiteFrame>
            <h1>A page</h1>
          </SiteFrame>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return queryClient;
}

beforeEach(() => {
  // The frame's ScrollRestoration scrolls on navigation; jsdom has no scrolling.
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the test-mode notice (decisions/030)', () => {
  it('is on every page while payments are tests: one landmark, in words', async () => {
    const { calls } = fakeApi();
    renderFrame();
    const notice = await screen.findByRole('complementary', { name: 'Test mode' });
    expect(notice).toHaveTextContent('Test mode: payments are simulated and tickets are not valid.');
    expect(calls.filter((call) => call.path === '/api/payments/config')).toHaveLength(1);
  });

  it('is not there when payments are real', async () => {
    const { routes } = fakeApi();
    routes['GET /api/payments/config'] = () =>
      Response.json({ card_provider: 'stripe', stripe_publishable_key: 'pk_live_1', test_mode: false });
    const queryClient = renderFrame();
    // Once the configuration is in, the frame has drawn with it: no notice.
    await waitFor(() => expect(queryClient.getQueryState(['payments', 'config'])?.status).toBe('success'));
    await screen.findByRole('heading', { name: 'A page' });
    expect(screen.queryByRole('complementary', { name: 'Test mode' })).toBeNull();
  });
});

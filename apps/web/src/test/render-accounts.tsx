import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, RouterProvider, createMemoryRouter, useLocation, useSearchParams } from 'react-router';
import { Toaster } from '../components/toaster';
import type { SessionAnswer, SessionUser } from '@marquee/domain/accounts';
import { fakeApi, type ApiCall, type ApiHandler } from './fake-api';
import { AccountMenu } from '../features/accounts/components/account-menu';
import { AuthModalsProvider } from '../features/accounts/components/auth-modals-provider';
import { MyBookings } from '../features/accounts/components/my-bookings';
import { ResetPasswordForm } from '../features/accounts/components/reset-password-form';

export const KUMARI: SessionUser = {
  email: 'kumari@example.com',
  name: 'Kumari Silva',
  first_name: 'Kumari',
  last_name: 'Silva',
  image: null,
};

function Frame() {
  const location = useLocation();
  return (
    <AuthModalsProvider>
      <header>
        <AccountMenu />
      </header>
      <main>
        <Outlet />
      </main>
      <output data-testid="location">{`${location.pathname}${location.search}`}</output>
      <Toaster />
    </AuthModalsProvider>
  );
}

function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  return <ResetPasswordForm token={searchParams.get('token')} isLinkInvalid={searchParams.get('error') !== null} />;
}

export interface AccountsWorld {
  calls: ApiCall[];
  routes: Record<string, ApiHandler>;
  /** What GET /api/auth/session answers now (tests change it). */
  state: { session: SessionAnswer };
  user: ReturnType<typeof userEvent.setup>;
  router: ReturnType<typeof createMemoryRouter>;
}

/** The header's account controls, the modals and the account pages, over a fake API whose session can change. */
export function renderAccounts(path = '/', session: Partial<SessionAnswer> = {}): AccountsWorld {
  const { calls, routes } = fakeApi();
  const state = { session: { user: null, providers: { google: false, apple: false }, ...session } };
  routes['GET /api/auth/session'] = () => Response.json(state.session);
  const router = createMemoryRouter(
    [
      {
        element: <Frame />,
        children: [
          { index: true, element: <h1>Home</h1> },
          { path: 'my-bookings', element: <MyBookings /> },
          { path: 'reset-password', element: <ResetPasswordRoute /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup({ delay: null });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, routes, state, user, router };
}

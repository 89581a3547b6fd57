import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { ConsoleEventSummary, VenueAnswer } from '@marquee/domain/console';
import type { OrganisationAnswer, OrganiserMeAnswer } from '@marquee/domain/organiser';
import type { GenericSeatMap } from '@marquee/domain/seat-map';
import { ConsoleServicesContext, type ConsoleServices, type ConsoleSession } from '../components/console-services';
import { OrganisationChooser } from '../components/organisation-chooser';
import { OrganiserConsole } from '../components/organiser-console';
import { FakeEventPreview, FakeSeatAssignmentMap } from './event-fixtures';
import { JoinPage } from '../components/join-page';
import { NewOrganisationPage } from '../components/new-organisation-page';
import { OperatorPage } from '../components/operator-page';

type Membership = OrganiserMeAnswer['organisations'][number];

/** A request the console made, as the fake API saw it. */
export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}
export type ApiHandler = (call: ApiCall) => Response | Promise<Response>;

/**
 * fetch replaced by a table of answers by "METHOD /path" (404 `not_found` for anything else), every call kept.
 * (The app's shared fake, src/test/fake-api.ts, may not be imported from a feature's folder by the lint rules.)
 */
function fakeConsoleApi(): { calls: ApiCall[]; routes: Record<string, ApiHandler> } {
  const calls: ApiCall[] = [];
  const routes: Record<string, ApiHandler> = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      const call = { method, path: url.pathname, body };
      calls.push(call);
      const handler = routes[`${method} ${url.pathname}`];
      return handler ? handler(call) : Response.json({ code: 'not_found', message: 'Not found.' }, { status: 404 });
    }),
  );
  return { calls, routes };
}

export function makeMembership(overrides: Partial<Membership> = {}): Membership {
  return { slug: 'acme', name: 'Acme Presents', status: 'approved', role: 'manager', all_events: true, ...overrides };
}

export function makeMe(overrides: Partial<OrganiserMeAnswer> = {}): OrganiserMeAnswer {
  return {
    organisations: [makeMembership()],
    is_operator: false,
    two_factor: { enabled: true, this_session: true },
    ...overrides,
  };
}

export function makeOrganisation(overrides: Partial<OrganisationAnswer> = {}): OrganisationAnswer {
  return {
    slug: 'acme',
    name: 'Acme Presents',
    country: 'LK',
    status: 'approved',
    contact_email: 'hello@acme.example',
    ...overrides,
  };
}

export function makeVenue(overrides: Partial<VenueAnswer> = {}): VenueAnswer {
  return {
    id: 7,
    name: 'Nelum Pokuna',
    address: '110 Ananda Coomaraswamy Mawatha',
    city: 'Colombo',
    country: 'LK',
    time_zone: 'Asia/Colombo',
    layout: { kind: 'none' },
    layout_locked: false,
    event_count: 0,
    ...overrides,
  };
}

export function makeConsoleEvent(overrides: Partial<ConsoleEventSummary> = {}): ConsoleEventSummary {
  return {
    uid: 'ev1',
    name: 'Colombo Jazz Night',
    type: 'concerts',
    status: 'ongoing',
    sold_out: false,
    unpublished: false,
    starts_at: '2026-12-05T14:00:00.000Z',
    start_local: '2026-12-05T19:30',
    venue: { id: 7, name: 'Nelum Pokuna', city: 'Colombo' },
    currency: 'LKR',
    sold: 120,
    capacity: 400,
    thumbnail_url: null,
    ...overrides,
  };
}

/** The preview stand-in: the map it was given, in numbers (the real renderer has its own test in app/routes). */
function FakePreview({ map }: { map: GenericSeatMap }) {
  const seats = map.sections.reduce((sum, section) => sum + section.rows.reduce((rows, row) => rows + row.count, 0), 0);
  return (
    <div data-testid="preview" data-seats={seats} data-sections={map.sections.map((section) => section.id).join(',')}>
      {map.stage.label}
    </div>
  );
}

export interface ConsoleWorld {
  calls: ApiCall[];
  routes: Record<string, ApiHandler>;
  services: ConsoleServices;
  user: ReturnType<typeof userEvent.setup>;
  router: ReturnType<typeof createMemoryRouter>;
  /** The register modal's spy (the join and start pages). */
  onRegister: ReturnType<typeof vi.fn>;
}

export const SIGNED_IN: ConsoleSession = { status: 'signed-in', email: 'kumari@example.com' };

/**
 * The console's two routes over a fake API, with the app's services stood in for: the session as given, the
 * sign-in modal and the session refresh as spies, and a preview that reports the map it draws.
 * By default the user manages Acme Presents with a session made with two factors; `api` adds or replaces
 * answers before the first request (`world.routes` changes them later).
 */
export function renderConsole(
  path: string,
  {
    session = SIGNED_IN,
    api = {},
    services: serviceOverrides = {},
  }: {
    session?: ConsoleSession;
    api?: Record<string, ApiHandler>;
    /** Real renderers instead of the stand-ins (the app's own tests of what it hands the console). */
    services?: Partial<ConsoleServices>;
  } = {},
): ConsoleWorld {
  const { calls, routes } = fakeConsoleApi();
  routes['GET /api/organiser/me'] = () => Response.json(makeMe());
  routes['GET /api/organiser/acme'] = () => Response.json(makeOrganisation());
  Object.assign(routes, api);
  const services: ConsoleServices = {
    session,
    openSignIn: vi.fn(),
    onSessionLost: vi.fn(),
    LayoutPreview: FakePreview,
    SeatAssignmentMap: FakeSeatAssignmentMap,
    EventPreview: FakeEventPreview,
    ...serviceOverrides,
  };
  /** The site's register modal, as the app's route hands it to the join and start pages. */
  const onRegister = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/organiser', element: <OrganisationChooser /> },
      // The pages outside an organisation (the app's route tells them from `:org/*` by their reserved names).
      { path: '/organiser/join', element: <JoinPage onRegister={onRegister} /> },
      { path: '/organiser/new', element: <NewOrganisationPage onRegister={onRegister} /> },
      { path: '/organiser/operator', element: <OperatorPage /> },
      { path: '/organiser/:org/*', element: <OrganiserConsole /> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup({ delay: null });
  render(
    <QueryClientProvider client={queryClient}>
      <ConsoleServicesContext.Provider value={services}>
        <RouterProvider router={router} />
      </ConsoleServicesContext.Provider>
    </QueryClientProvider>,
  );
  return { calls, routes, services, user, router, onRegister };
}

export function bodiesOf(world: ConsoleWorld, method: string, path: string): unknown[] {
  return world.calls.filter((call) => call.method === method && call.path === path).map((call) => call.body);
}

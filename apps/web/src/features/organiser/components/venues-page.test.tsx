import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe, makeMembership, makeVenue, renderConsole } from '../test/render-console';

afterEach(() => {
  vi.unstubAllGlobals();
});

const asBoxOffice = {
  'GET /api/organiser/me': () => Response.json(makeMe({ organisations: [makeMembership({ role: 'box_office' })] })),
};

describe('the venues page', () => {
  it('loading: a placeholder that says so', async () => {
    renderConsole('/organiser/acme/venues', {
      api: { 'GET /api/organiser/acme/venues': () => new Promise<Response>(() => undefined) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Venues' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the venues…');
  });

  it('none yet: says what a venue is for, and offers to add one', async () => {
    const world = renderConsole('/organiser/acme/venues', {
      api: { 'GET /api/organiser/acme/venues': () => Response.json({ venues: [] }) },
    });
    expect(await screen.findByRole('heading', { name: 'No venues yet' })).toBeInTheDocument();
    await world.user.click(screen.getByRole('link', { name: 'Add a venue' }));
    expect(world.router.state.location.pathname).toBe('/organiser/acme/venues/new');
    expect(await screen.findByRole('form', { name: 'Add a venue' })).toBeInTheDocument();
  });

  it('lists each venue with where it is, its seating and its lock', async () => {
    renderConsole('/organiser/acme/venues', {
      api: {
        'GET /api/organiser/acme/venues': () =>
          Response.json({
            venues: [
              makeVenue(),
              makeVenue({
                id: 8,
                name: 'Sydney Opera House',
                city: 'Sydney',
                country: 'AU',
                time_zone: 'Australia/Sydney',
                layout: {
                  kind: 'generic',
                  spec: {
                    stage_label: 'Stage',
                    sections: [
                      {
                        id: 'A',
                        name: 'Stalls',
                        rows: [{ seats: 50 }],
                        row_labels: 'letters',
                        first_row: 1,
                        numbering: 'ltr',
                        aisles: [],
                        beside_previous: false,
                      },
                    ],
                  },
                  seat_count: 2679,
                },
                layout_locked: true,
                event_count: 3,
              }),
            ],
          }),
      },
    });
    const list = await screen.findByRole('list', { name: 'Venues' });
    const [colombo, sydney] = within(list).getAllByRole('listitem');
    expect(within(colombo!).getByRole('link', { name: 'Nelum Pokuna' })).toHaveAttribute(
      'href',
      '/organiser/acme/venues/7',
    );
    expect(colombo).toHaveTextContent('Colombo, Sri Lanka');
    expect(colombo).toHaveTextContent('No seat map: buyers pick from a ticket list');
    expect(colombo).not.toHaveTextContent('Seat map locked');
    expect(sydney).toHaveTextContent('Sydney, Australia');
    expect(sydney).toHaveTextContent('Australia/Sydney');
    expect(sydney).toHaveTextContent('Seat map, 2,679 seats');
    expect(sydney).toHaveTextContent('Seat map locked');
    expect(screen.getByRole('link', { name: 'Add a venue' })).toBeInTheDocument();
  });

  it('a failure says so, and Try again loads them', async () => {
    const world = renderConsole('/organiser/acme/venues', {
      api: {
        'GET /api/organiser/acme/venues': () =>
          Response.json({ code: 'internal_error', message: 'Something went wrong on our side.' }, { status: 500 }),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The venues could not be loaded');
    world.routes['GET /api/organiser/acme/venues'] = () => Response.json({ venues: [makeVenue()] });
    await world.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Nelum Pokuna' })).toBeInTheDocument();
  });

  it('a role that may only read: no Add a venue', async () => {
    renderConsole('/organiser/acme/venues', {
      api: { ...asBoxOffice, 'GET /api/organiser/acme/venues': () => Response.json({ venues: [makeVenue()] }) },
    });
    expect(await screen.findByRole('link', { name: 'Nelum Pokuna' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add a venue' })).not.toBeInTheDocument();
  });

  it('the server refuses the role: says so, without a retry', async () => {
    renderConsole('/organiser/acme/venues', {
      api: {
        'GET /api/organiser/acme/venues': () =>
          Response.json(
            { code: 'forbidden', message: 'Your role in this organisation does not allow this.' },
            { status: 403 },
          ),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Your role does not allow this' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('the session ended elsewhere: asks to sign in, and tells the app', async () => {
    const world = renderConsole('/organiser/acme/venues', {
      api: {
        'GET /api/organiser/acme/venues': () =>
          Response.json({ code: 'sign_in_required', message: 'Please sign in.' }, { status: 401 }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Sign in to the organiser console' })).toBeInTheDocument();
    expect(world.services.onSessionLost).toHaveBeenCalled();
  });
});

describe('the console shell', () => {
  it('shows the organisation and the sections a manager may open', async () => {
    renderConsole('/organiser/acme/venues', {
      api: { 'GET /api/organiser/acme/venues': () => Response.json({ venues: [] }) },
    });
    expect(await screen.findByText('Acme Presents')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Events', 'Venues', 'Orders', 'Gate', 'Reports', 'Import', 'Team', 'Audit log']);
    expect(within(nav).getByRole('link', { name: 'Venues' })).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Venues · Acme Presents | Marquee');
  });

  it('hides what the role cannot use: box office has no Team or Audit log', async () => {
    renderConsole('/organiser/acme/events', {
      api: { ...asBoxOffice, 'GET /api/organiser/acme/events': () => Response.json({ events: [] }) },
    });
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Events', 'Venues', 'Orders', 'Gate']);
  });

  it('the door role has the Gate only, and the console opens on it', async () => {
    renderConsole('/organiser/acme', {
      api: {
        'GET /api/organiser/me': () => Response.json(makeMe({ organisations: [makeMembership({ role: 'door' })] })),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gate' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Gate']);
  });

  it('another organisation (or none): not found, with the way back', async () => {
    renderConsole('/organiser/someone-else/events');
    expect(await screen.findByRole('heading', { name: 'No such organisation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your organisations' })).toHaveAttribute('href', '/organiser');
  });
});

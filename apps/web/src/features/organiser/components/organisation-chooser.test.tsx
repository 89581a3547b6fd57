import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe, makeMembership, makeOrganisation, renderConsole } from '../test/render-console';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/organiser: which organisation', () => {
  it('signed out: asks to sign in, and Sign In opens the login modal', async () => {
    const world = renderConsole('/organiser', { session: { status: 'signed-out' } });
    expect(screen.getByRole('heading', { name: 'Sign in to the organiser console' })).toBeInTheDocument();
    await world.user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(world.services.openSignIn).toHaveBeenCalledOnce();
    expect(world.calls.filter((call) => call.path === '/api/organiser/me')).toHaveLength(0);
  });

  it('while the session loads: a placeholder, nothing asked of the server', () => {
    const world = renderConsole('/organiser', { session: { status: 'loading' } });
    expect(screen.getByRole('status')).toHaveTextContent('Checking whether you are signed in…');
    expect(world.calls).toHaveLength(0);
  });

  it('no organisation: says how to get one', async () => {
    renderConsole('/organiser', {
      api: { 'GET /api/organiser/me': () => Response.json(makeMe({ organisations: [] })) },
    });
    expect(await screen.findByRole('heading', { name: 'You are not in an organisation yet' })).toBeInTheDocument();
    expect(screen.getByText(/ask one of its owners to invite this account/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Marquee' })).toHaveAttribute('href', '/contact-us');
  });

  it('one organisation: goes straight to it', async () => {
    const world = renderConsole('/organiser');
    expect(await screen.findByText('Acme Presents')).toBeInTheDocument();
    await waitFor(() => expect(world.router.state.location.pathname).toBe('/organiser/acme/events'));
    // With one organisation there is nothing to switch to.
    expect(screen.queryByRole('link', { name: 'Switch organisation' })).not.toBeInTheDocument();
  });

  it('several: lists them with role and status; choosing one opens its console', async () => {
    const world = renderConsole('/organiser', {
      api: {
        'GET /api/organiser/me': () =>
          Response.json(
            makeMe({
              organisations: [
                makeMembership(),
                makeMembership({
                  slug: 'uni-drama',
                  name: 'University Drama Society',
                  role: 'box_office',
                  status: 'pending',
                  all_events: false,
                }),
              ],
            }),
          ),
        'GET /api/organiser/uni-drama': () =>
          Response.json(makeOrganisation({ slug: 'uni-drama', name: 'University Drama Society', status: 'pending' })),
      },
    });
    const list = await screen.findByRole('list', { name: 'Your organisations' });
    expect(list).toHaveTextContent('Acme PresentsManagerApproved');
    expect(list).toHaveTextContent('University Drama SocietyBox office, chosen eventsWaiting for approval');
    await world.user.click(screen.getByRole('link', { name: /University Drama Society/ }));
    expect(await screen.findByText(/Marquee has not approved this organisation yet/)).toBeInTheDocument();
    expect(world.router.state.location.pathname).toBe('/organiser/uni-drama/events');
    expect(screen.getByRole('link', { name: 'Switch organisation' })).toHaveAttribute('href', '/organiser');
  });

  it('the organisations cannot be loaded: says so, and tries again', async () => {
    const world = renderConsole('/organiser', {
      api: {
        'GET /api/organiser/me': () =>
          Response.json({ code: 'internal_error', message: 'Something went wrong on our side.' }, { status: 500 }),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your organisations could not be loaded');
    world.routes['GET /api/organiser/me'] = () => Response.json(makeMe({ organisations: [] }));
    await world.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'You are not in an organisation yet' })).toBeInTheDocument();
  });
});

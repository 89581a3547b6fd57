import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, renderConsole } from '../test/render-console';
import { refusal } from '../test/team-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TOKEN = 'tok_3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c';
const JOIN = `/organiser/join?token=${TOKEN}`;
const ACCEPT = '/api/organiser/invitations/accept';

async function accept(world: ReturnType<typeof renderConsole>) {
  await world.user.click(await screen.findByRole('button', { name: 'Accept the invitation' }));
}

describe('joining a team from the e-mailed link', () => {
  it('signed out: Sign In opens the login modal, Register the register modal; nothing is sent', async () => {
    const world = renderConsole(JOIN, { session: { status: 'signed-out' } });
    expect(screen.getByRole('heading', { level: 1, name: 'Join a team' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'You are invited to a team on Marquee' })).toBeInTheDocument();
    await world.user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(world.services.openSignIn).toHaveBeenCalledOnce();
    await world.user.click(screen.getByRole('button', { name: 'Register' }));
    expect(world.onRegister).toHaveBeenCalledOnce();
    expect(world.calls).toHaveLength(0);
  });

  it('while the session loads: a placeholder', () => {
    const world = renderConsole(JOIN, { session: { status: 'loading' } });
    expect(screen.getByRole('status')).toHaveTextContent('Checking whether you are signed in…');
    expect(world.calls).toHaveLength(0);
  });

  it('a link without its token (cut short): said so, nothing sent', () => {
    const world = renderConsole('/organiser/join?token=abc');
    expect(screen.getByRole('heading', { name: 'This invitation link is incomplete' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).not.toBeInTheDocument();
    expect(world.calls).toHaveLength(0);
  });

  it('signed in: accepting sends the token and opens the organisation', async () => {
    const world = renderConsole(JOIN, { api: { [`POST ${ACCEPT}`]: () => Response.json({ slug: 'acme' }) } });
    expect(screen.getByText(/You are signed in as/)).toHaveTextContent('kumari@example.com');
    await accept(world);
    await waitFor(() => expect(world.router.state.location.pathname).toBe('/organiser/acme/events'));
    expect(bodiesOf(world, 'POST', ACCEPT)).toEqual([{ token: TOKEN }]);
    expect(await screen.findByText('Acme Presents')).toBeInTheDocument();
  });

  it('another account (403 link_invalid): the message names the address to use, and what to do', async () => {
    const world = renderConsole(JOIN, {
      api: {
        [`POST ${ACCEPT}`]: () =>
          refusal(
            403,
            'link_invalid',
            'This invitation was sent to n***@example.com. Sign in with that account to accept it (you are signed in with another).',
          ),
      },
    });
    await accept(world);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This invitation link does not work');
    expect(alert).toHaveTextContent('This invitation was sent to n***@example.com.');
    expect(alert).toHaveTextContent(
      'sign out at the top of the page, open the link again and sign in with that account',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('expired (410 link_expired): said so, and how to get a new one', async () => {
    const world = renderConsole(JOIN, {
      api: {
        [`POST ${ACCEPT}`]: () =>
          refusal(410, 'link_expired', 'This invitation has expired. Ask the organisation for a new one.'),
      },
    });
    await accept(world);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This invitation has expired');
    expect(alert).toHaveTextContent('An invitation works for 7 days.');
  });

  it('already a member (409): said so, with the way to the organisations', async () => {
    const world = renderConsole(JOIN, {
      api: {
        [`POST ${ACCEPT}`]: () => refusal(409, 'conflict', 'You are already a member of this organisation.'),
      },
    });
    await accept(world);
    expect(await screen.findByRole('alert')).toHaveTextContent('You are already on this team');
    expect(screen.getByRole('link', { name: 'Your organisations' })).toHaveAttribute('href', '/organiser');
  });

  it('too many bad links (429): wait a few minutes', async () => {
    const world = renderConsole(JOIN, {
      api: {
        [`POST ${ACCEPT}`]: () =>
          refusal(
            429,
            'rate_limited',
            'Too many invitation links that do not work were tried from this connection. Please wait a few minutes.',
          ),
      },
    });
    await accept(world);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many tries');
  });

  it('a failure on our side: Try again sends it again', async () => {
    const world = renderConsole(JOIN, {
      api: { [`POST ${ACCEPT}`]: () => refusal(500, 'internal_error', 'Something went wrong on our side.') },
    });
    await accept(world);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    world.routes[`POST ${ACCEPT}`] = () => Response.json({ slug: 'acme' });
    await world.user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(world.router.state.location.pathname).toBe('/organiser/acme/events'));
  });
});

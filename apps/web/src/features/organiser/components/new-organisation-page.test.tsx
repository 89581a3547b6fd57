import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { suggestSlug } from '../lib/organisation-slug';
import { bodiesOf, makeMe, makeMembership, makeOrganisation, renderConsole } from '../test/render-console';
import { refusal } from '../test/team-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CREATE = '/api/organiser/organisations';

function formOf() {
  return screen.getByRole('form', { name: 'Start an organisation' });
}

describe('starting an organisation', () => {
  it('signed out: asks to sign in (or register) first', async () => {
    const world = renderConsole('/organiser/new', { session: { status: 'signed-out' } });
    expect(screen.getByRole('heading', { name: 'Sign in to start an organisation' })).toBeInTheDocument();
    await world.user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(world.services.openSignIn).toHaveBeenCalledOnce();
    await world.user.click(screen.getByRole('button', { name: 'Register' }));
    expect(world.onRegister).toHaveBeenCalledOnce();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('suggests the address from the name until it is edited, and opens the new console (pending)', async () => {
    const world = renderConsole('/organiser/new', {
      api: {
        [`POST ${CREATE}`]: () =>
          Response.json(makeOrganisation({ slug: 'theatre-de-l-ile', name: "Théâtre de l'Île", status: 'pending' }), {
            status: 201,
          }),
        'GET /api/organiser/theatre-de-l-ile': () =>
          Response.json(makeOrganisation({ slug: 'theatre-de-l-ile', name: "Théâtre de l'Île", status: 'pending' })),
      },
    });
    const form = formOf();
    expect(within(form).getByLabelText('Contact e-mail')).toHaveValue('kumari@example.com');
    await world.user.type(within(form).getByLabelText('Name'), "Théâtre de l'Île");
    const address = within(form).getByLabelText('Address');
    expect(address).toHaveValue('theatre-de-l-ile');
    expect(address).toHaveAccessibleDescription(/\/organiser\/theatre-de-l-ile\. 3 to 40 lower-case letters/);
    await world.user.selectOptions(within(form).getByLabelText('Country'), 'AU');
    world.routes['GET /api/organiser/me'] = () =>
      Response.json(
        makeMe({
          organisations: [
            makeMembership(),
            makeMembership({ slug: 'theatre-de-l-ile', name: "Théâtre de l'Île", role: 'owner', status: 'pending' }),
          ],
        }),
      );
    await world.user.click(within(form).getByRole('button', { name: 'Start the organisation' }));
    await waitFor(() => expect(world.router.state.location.pathname).toBe('/organiser/theatre-de-l-ile/events'));
    expect(bodiesOf(world, 'POST', CREATE)).toEqual([
      { name: "Théâtre de l'Île", slug: 'theatre-de-l-ile', country: 'AU', contact_email: 'kumari@example.com' },
    ]);
    expect(await screen.findByText(/Marquee has not approved this organisation yet/)).toBeInTheDocument();
  });

  it('an address edited by hand is kept when the name changes', async () => {
    const world = renderConsole('/organiser/new');
    const form = formOf();
    await world.user.type(within(form).getByLabelText('Name'), 'Acme');
    await world.user.clear(within(form).getByLabelText('Address'));
    await world.user.type(within(form).getByLabelText('Address'), 'acme-live');
    await world.user.type(within(form).getByLabelText('Name'), ' Presents');
    expect(within(form).getByLabelText('Address')).toHaveValue('acme-live');
  });

  it('checks the fields in the browser with the server’s rules: nothing sent', async () => {
    const world = renderConsole('/organiser/new');
    const form = formOf();
    await world.user.type(within(form).getByLabelText('Name'), 'A');
    await world.user.clear(within(form).getByLabelText('Address'));
    await world.user.type(within(form).getByLabelText('Address'), 'new');
    await world.user.click(within(form).getByRole('button', { name: 'Start the organisation' }));
    expect(await within(form).findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(within(form).getByText('Address is reserved: choose another')).toBeInTheDocument();
    expect(bodiesOf(world, 'POST', CREATE)).toHaveLength(0);
  });

  it('a taken address (422): said under the address', async () => {
    const world = renderConsole('/organiser/new', {
      api: {
        [`POST ${CREATE}`]: () =>
          refusal(422, 'validation_failed', 'The request is not valid.', {
            slug: ['is already taken: choose another'],
          }),
      },
    });
    const form = formOf();
    await world.user.type(within(form).getByLabelText('Name'), 'Acme Presents');
    await world.user.click(within(form).getByRole('button', { name: 'Start the organisation' }));
    expect(await within(form).findByText('Address is already taken: choose another')).toBeInTheDocument();
    expect(within(form).getByLabelText('Address')).toHaveAttribute('aria-invalid', 'true');
  });

  it('three waiting already (409): said in words above the form', async () => {
    const world = renderConsole('/organiser/new', {
      api: {
        [`POST ${CREATE}`]: () =>
          refusal(
            409,
            'conflict',
            'You have 3 organisations waiting for approval: wait for Marquee to review them before adding another.',
          ),
      },
    });
    const form = formOf();
    await world.user.type(within(form).getByLabelText('Name'), 'Acme Presents');
    await world.user.click(within(form).getByRole('button', { name: 'Start the organisation' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'You have 3 organisations waiting for approval: wait for Marquee to review them before adding another.',
    );
  });

  it('the address suggested from a name', () => {
    expect(suggestSlug("Théâtre de l'Île")).toBe('theatre-de-l-ile');
    expect(suggestSlug('  --Kandy  Arts   Society!! ')).toBe('kandy-arts-society');
    expect(suggestSlug('x'.repeat(39) + ' y')).toBe('x'.repeat(39));
  });
});

describe('the chooser, for starting one', () => {
  it('no organisation: links to Start an organisation', async () => {
    const world = renderConsole('/organiser', {
      api: { 'GET /api/organiser/me': () => Response.json(makeMe({ organisations: [] })) },
    });
    await world.user.click(await screen.findByRole('link', { name: 'Start an organisation' }));
    expect(world.router.state.location.pathname).toBe('/organiser/new');
    expect(screen.getByRole('heading', { level: 1, name: 'Start an organisation' })).toBeInTheDocument();
  });

  it('several: Start an organisation below the list', async () => {
    renderConsole('/organiser', {
      api: {
        'GET /api/organiser/me': () =>
          Response.json(makeMe({ organisations: [makeMembership(), makeMembership({ slug: 'uni', name: 'Uni' })] })),
      },
    });
    expect(await screen.findByRole('link', { name: 'Start an organisation' })).toHaveAttribute(
      'href',
      '/organiser/new',
    );
  });
});

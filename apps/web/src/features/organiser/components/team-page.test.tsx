import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, makeConsoleEvent, makeMe, makeMembership, renderConsole } from '../test/render-console';
import { makeInvitation, makeMember, refusal } from '../test/team-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const asOwner = {
  'GET /api/organiser/me': () => Response.json(makeMe({ organisations: [makeMembership({ role: 'owner' })] })),
};
const events = {
  'GET /api/organiser/acme/events': () =>
    Response.json({
      events: [makeConsoleEvent(), makeConsoleEvent({ uid: 'ev2', name: 'Swan Lake', status: 'draft' })],
    }),
};
const team = (answer = {}) => ({
  'GET /api/organiser/acme/team': () =>
    Response.json({
      members: [
        makeMember(),
        makeMember({
          id: 2,
          name: 'Nuwan Silva',
          email: 'nuwan@example.com',
          role: 'box_office',
          all_events: false,
          event_uids: ['ev2'],
          two_factor: false,
        }),
      ],
      invitations: [makeInvitation()],
      ...answer,
    }),
});

describe('the team page', () => {
  it('loading: a placeholder that says so', async () => {
    renderConsole('/organiser/acme/team', {
      api: { 'GET /api/organiser/acme/team': () => new Promise<Response>(() => undefined) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Team' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the team…');
  });

  it('lists the members (role, events by name, two factors) and the pending invitations', async () => {
    renderConsole('/organiser/acme/team', { api: { ...team(), ...events } });
    const members = await screen.findByRole('list', { name: 'Members' });
    const [kumari, nuwan] = within(members).getAllByRole('listitem');
    expect(kumari).toHaveTextContent('Kumari Perera (you)');
    expect(kumari).toHaveTextContent('kumari@example.com');
    expect(kumari).toHaveTextContent('RoleOwner');
    expect(kumari).toHaveTextContent('EventsAll events');
    expect(kumari).toHaveTextContent('Two factors on');
    expect(nuwan).toHaveTextContent('RoleBox office');
    expect(await within(nuwan!).findByText('Swan Lake')).toBeInTheDocument();
    expect(nuwan).toHaveTextContent('Two factors off');
    const invitations = screen.getByRole('list', { name: 'Pending invitations' });
    expect(invitations).toHaveTextContent('nimal@example.com');
    expect(invitations).toHaveTextContent('RoleBox office');
    expect(invitations).toHaveTextContent('Expires8 Dec 2026');
    expect(screen.getByRole('heading', { name: 'Pending invitations (1)' })).toBeInTheDocument();
  });

  it('no invitations waiting: says so', async () => {
    renderConsole('/organiser/acme/team', { api: { ...team({ invitations: [] }), ...events } });
    expect(await screen.findByText('No invitations are waiting to be accepted.')).toBeInTheDocument();
  });

  it('a failure says so, and Try again loads it', async () => {
    const world = renderConsole('/organiser/acme/team', {
      api: {
        'GET /api/organiser/acme/team': () => refusal(500, 'internal_error', 'Something went wrong on our side.'),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The team could not be loaded');
    Object.assign(world.routes, team());
    await world.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Members' })).toBeInTheDocument();
  });

  it('a manager sees the team but none of the controls', async () => {
    renderConsole('/organiser/acme/team', { api: { ...team(), ...events } });
    expect(await screen.findByRole('list', { name: 'Members' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite someone' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Change role or events/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });
});

describe('inviting (owners)', () => {
  it('offers each role with what it may do, and sends the address, role and chosen events', async () => {
    const world = renderConsole('/organiser/acme/team', {
      api: {
        ...asOwner,
        ...team(),
        ...events,
        'POST /api/organiser/acme/invitations': () =>
          Response.json(
            makeInvitation({ id: 12, email: 'amaya@example.com', all_events: false, event_uids: ['ev2'] }),
            { status: 201 },
          ),
      },
    });
    await world.user.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const form = screen.getByRole('form', { name: 'Invite someone' });
    expect(within(form).getByLabelText('E-mail')).toHaveFocus();
    expect(within(form).getByRole('radio', { name: /^Owner/ })).toHaveAccessibleDescription(
      'Everything, including the team, payouts and integrations.',
    );
    expect(within(form).getByRole('radio', { name: /^Manager/ })).toBeChecked();
    expect(within(form).getByRole('radio', { name: /^Door/ })).toHaveAccessibleDescription(
      'Scanning tickets at the gate only; no buyer contact details.',
    );
    await world.user.type(within(form).getByLabelText('E-mail'), 'amaya@example.com');
    await world.user.click(within(form).getByRole('radio', { name: /^Box office/ }));
    await world.user.click(within(form).getByRole('radio', { name: 'Only chosen events' }));
    await world.user.click(await within(form).findByRole('checkbox', { name: /Swan Lake/ }));
    world.routes['GET /api/organiser/acme/team'] = () =>
      Response.json({ members: [makeMember()], invitations: [makeInvitation({ email: 'amaya@example.com' })] });
    await world.user.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    await waitFor(() =>
      expect(bodiesOf(world, 'POST', '/api/organiser/acme/invitations')).toEqual([
        { email: 'amaya@example.com', role: 'box_office', all_events: false, event_uids: ['ev2'] },
      ]),
    );
    expect(await screen.findByText('amaya@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite someone' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite someone' })).toHaveFocus();
  });

  it('an owner always has all events: the choice is not offered', async () => {
    const world = renderConsole('/organiser/acme/team', { api: { ...asOwner, ...team(), ...events } });
    await world.user.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const form = screen.getByRole('form', { name: 'Invite someone' });
    await world.user.click(within(form).getByRole('radio', { name: /^Owner/ }));
    expect(within(form).getByText('An owner always has all events.')).toBeInTheDocument();
    expect(within(form).queryByRole('radio', { name: 'Only chosen events' })).not.toBeInTheDocument();
  });

  it('chosen events but none chosen, or no address: said under the fields, nothing sent', async () => {
    const world = renderConsole('/organiser/acme/team', { api: { ...asOwner, ...team(), ...events } });
    await world.user.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const form = screen.getByRole('form', { name: 'Invite someone' });
    await world.user.click(within(form).getByRole('radio', { name: 'Only chosen events' }));
    await world.user.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(await within(form).findByText('Choose at least one event, or give all events.')).toBeInTheDocument();
    expect(within(form).getByText('E-mail must be an e-mail address')).toBeInTheDocument();
    expect(bodiesOf(world, 'POST', '/api/organiser/acme/invitations')).toHaveLength(0);
  });

  it('already a member (409): said under the address', async () => {
    const world = renderConsole('/organiser/acme/team', {
      api: {
        ...asOwner,
        ...team(),
        ...events,
        'POST /api/organiser/acme/invitations': () =>
          refusal(409, 'conflict', 'This person is already a member of the organisation.'),
      },
    });
    await world.user.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const form = screen.getByRole('form', { name: 'Invite someone' });
    await world.user.type(within(form).getByLabelText('E-mail'), 'nuwan@example.com');
    await world.user.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(await within(form).findByText('This person is already a member of the organisation.')).toBeInTheDocument();
    expect(within(form).getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });

  it('too many invitations this hour (429): said above the form', async () => {
    const world = renderConsole('/organiser/acme/team', {
      api: {
        ...asOwner,
        ...team(),
        ...events,
        'POST /api/organiser/acme/invitations': () =>
          refusal(
            429,
            'rate_limited',
            'This organisation has sent too many invitations in the last hour. Please try again later.',
          ),
      },
    });
    await world.user.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const form = screen.getByRole('form', { name: 'Invite someone' });
    await world.user.type(within(form).getByLabelText('E-mail'), 'amaya@example.com');
    await world.user.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'This organisation has sent too many invitations in the last hour.',
    );
  });

  it('revokes an invitation', async () => {
    const world = renderConsole('/organiser/acme/team', {
      api: {
        ...asOwner,
        ...team(),
        ...events,
        'DELETE /api/organiser/acme/invitations/11': () => new Response(null, { status: 204 }),
      },
    });
    const revoke = await screen.findByRole('button', { name: 'Revoke the invitation to nimal@example.com' });
    Object.assign(world.routes, team({ invitations: [] }));
    await world.user.click(revoke);
    expect(await screen.findByText('No invitations are waiting to be accepted.')).toBeInTheDocument();
    expect(world.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});

describe("changing a member's access (owners)", () => {
  it('sends only what changed', async () => {
    const world = renderConsole('/organiser/acme/team', {
      api: {
        ...asOwner,
        ...team(),
        ...events,
        'PATCH /api/organiser/acme/members/2': () => Response.json(makeMember({ id: 2, role: 'manager' })),
      },
    });
    await world.user.click(await screen.findByRole('button', { name: 'Change role or events of Nuwan Silva' }));
    const form = screen.getByRole('form', { name: "Change Nuwan Silva's role or events" });
    expect(within(form).getByRole('radio', { name: /^Box office/ })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'Only chosen events' })).toBeChecked();
    expect(await within(form).findByRole('checkbox', { name: /Swan Lake/ })).toBeChecked();
    await world.user.click(within(form).getByRole('radio', { name: /^Manager/ }));
    await world.user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf(world, 'PATCH', '/api/organiser/acme/members/2')).toEqual([{ role: 'manager' }]),
    );
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: "Change Nuwan Silva's role or events" })).not.toBeInTheDocument(),
    );
  });

  it('the last owner (409 last_owner): said in words, the editor stays', async () => {
    const world = renderConsole('/organiser/acme/team', {
      api: {
        ...asOwner,
        ...team(),
        ...events,
        'PATCH /api/organiser/acme/members/1': () =>
          refusal(
            409,
            'last_owner',
            'The organisation must keep at least one owner: make someone else an owner first.',
          ),
      },
    });
    await world.user.click(await screen.findByRole('button', { name: 'Change role or events of Kumari Perera' }));
    const form = screen.getByRole('form', { name: "Change Kumari Perera's role or events" });
    await world.user.click(within(form).getByRole('radio', { name: /^Manager/ }));
    await world.user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The organisation must keep at least one owner: make someone else an owner first.',
    );
    expect(bodiesOf(world, 'PATCH', '/api/organiser/acme/members/1')).toEqual([{ role: 'manager' }]);
  });

  it('removes a member after asking', async () => {
    const world = renderConsole('/organiser/acme/team', {
      api: {
        ...asOwner,
        ...team(),
        ...events,
        'DELETE /api/organiser/acme/members/2': () => new Response(null, { status: 204 }),
      },
    });
    await world.user.click(await screen.findByRole('button', { name: 'Remove Nuwan Silva' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Nuwan Silva?' });
    await world.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(world.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await world.user.click(screen.getByRole('button', { name: 'Remove Nuwan Silva' }));
    Object.assign(world.routes, team({ members: [makeMember()] }));
    await world.user.click(
      within(screen.getByRole('dialog', { name: 'Remove Nuwan Silva?' })).getByRole('button', {
        name: 'Remove from the team',
      }),
    );
    await waitFor(() => expect(screen.queryByText('Nuwan Silva')).not.toBeInTheDocument());
    expect(world.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/organiser/acme/members/2',
    ]);
  });

  it('removing the last owner (409 last_owner): said in the dialog', async () => {
    const world = renderConsole('/organiser/acme/team', {
      api: {
        ...asOwner,
        ...team(),
        ...events,
        'DELETE /api/organiser/acme/members/1': () =>
          refusal(
            409,
            'last_owner',
            'The organisation must keep at least one owner: make someone else an owner first.',
          ),
      },
    });
    await world.user.click(await screen.findByRole('button', { name: 'Remove Kumari Perera' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Kumari Perera?' });
    await world.user.click(within(dialog).getByRole('button', { name: 'Remove from the team' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('must keep at least one owner');
    expect(screen.getByText('Kumari Perera', { selector: 'h3' })).toBeInTheDocument();
  });
});

describe('the console nav', () => {
  it('Import is there for roles that may import, and not for box office', async () => {
    renderConsole('/organiser/acme/imports');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Import' })).toHaveAttribute('aria-current', 'page');
  });

  it('box office: no Team, Audit log or Import, and the team page typed by hand is refused', async () => {
    renderConsole('/organiser/acme/team', {
      api: {
        'GET /api/organiser/me': () =>
          Response.json(makeMe({ organisations: [makeMembership({ role: 'box_office' })] })),
      },
    });
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Events', 'Venues', 'Orders', 'Gate']);
    expect(screen.getByRole('heading', { name: 'Your role does not allow this' })).toBeInTheDocument();
  });
});

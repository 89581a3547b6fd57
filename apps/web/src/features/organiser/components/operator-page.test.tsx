import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, makeMe, makeMembership, renderConsole } from '../test/render-console';
import { makeOperatorOrganisation, refusal } from '../test/team-fixtures';
import { eventUidFrom } from './operator-event-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LIST = 'GET /api/operator/organisations';
const asOperator = { 'GET /api/organiser/me': () => Response.json(makeMe({ organisations: [], is_operator: true })) };
const organisations = () =>
  Response.json({
    organisations: [
      makeOperatorOrganisation({
        slug: 'uni-drama',
        name: 'University Drama Society',
        status: 'pending',
        approved_at: null,
        owners: ['dilani@example.com'],
      }),
      makeOperatorOrganisation(),
      makeOperatorOrganisation({ slug: 'shady', name: 'Shady Tickets', status: 'suspended' }),
    ],
  });

function cardOf(name: string) {
  const list = screen.getByRole('list', { name: 'Organisations' });
  const card = within(list)
    .getAllByRole('listitem')
    .find((item) => within(item).queryByRole('link', { name }));
  if (!card) throw new Error(`no card for ${name}`);
  return card;
}

describe('the operator page', () => {
  it('in the chooser for operators (who are not sent straight on with one organisation)', async () => {
    const world = renderConsole('/organiser', {
      api: { 'GET /api/organiser/me': () => Response.json(makeMe({ is_operator: true })), [LIST]: organisations },
    });
    await world.user.click(await screen.findByRole('link', { name: /Marquee operator/ }));
    expect(world.router.state.location.pathname).toBe('/organiser/operator');
    expect(await screen.findByRole('heading', { level: 1, name: 'Marquee operator' })).toBeInTheDocument();
  });

  it('not an operator: this page is not for them, and nothing is asked of the operator routes', async () => {
    const world = renderConsole('/organiser/operator');
    expect(await screen.findByRole('heading', { name: "This page is for Marquee's staff" })).toBeInTheDocument();
    expect(world.calls.filter((call) => call.path.startsWith('/api/operator'))).toHaveLength(0);
  });

  it('loading: a placeholder that says so', async () => {
    renderConsole('/organiser/operator', {
      api: { ...asOperator, [LIST]: () => new Promise<Response>(() => undefined) },
    });
    expect(await screen.findByText('Loading the organisations…')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the organisations…');
  });

  it('without a second factor this sign-in: the step-up, then the list', async () => {
    let confirmed = false;
    const world = renderConsole('/organiser/operator', {
      api: {
        'GET /api/organiser/me': () =>
          Response.json(
            makeMe({ organisations: [], is_operator: true, two_factor: { enabled: true, this_session: confirmed } }),
          ),
        [LIST]: () =>
          confirmed
            ? organisations()
            : refusal(403, 'two_factor_required', 'Confirm it is you with a code from your authenticator app.'),
        'POST /api/auth/two-factor/verify-totp': () => {
          confirmed = true;
          return Response.json({ user: { id: 'u1', email: 'ops@marquee.example', name: 'Ops' } });
        },
      },
    });
    await world.user.type(await screen.findByLabelText('Code from your authenticator app'), '123456');
    await world.user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('list', { name: 'Organisations' })).toBeInTheDocument();
  });

  it('lists the organisations with their status, and filters by it', async () => {
    const world = renderConsole('/organiser/operator', { api: { ...asOperator, [LIST]: organisations } });
    const list = await screen.findByRole('list', { name: 'Organisations' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    const uni = cardOf('University Drama Society');
    expect(uni).toHaveTextContent('Waiting for approval');
    expect(uni).toHaveTextContent('dilani@example.com');
    expect(within(uni).getByRole('link', { name: 'University Drama Society' })).toHaveAttribute(
      'href',
      '/organiser/uni-drama',
    );
    const filters = screen.getByRole('group', { name: 'Show organisations' });
    expect(within(filters).getByRole('button', { name: 'All (3)' })).toHaveAttribute('aria-pressed', 'true');
    await world.user.click(within(filters).getByRole('button', { name: 'Waiting for approval (1)' }));
    expect(within(screen.getByRole('list', { name: 'Organisations' })).getAllByRole('listitem')).toHaveLength(1);
    await world.user.click(within(filters).getByRole('button', { name: 'Suspended (1)' }));
    expect(screen.getByRole('list', { name: 'Organisations' })).toHaveTextContent('Shady Tickets');
  });

  it('none yet: an empty state', async () => {
    renderConsole('/organiser/operator', {
      api: { ...asOperator, [LIST]: () => Response.json({ organisations: [] }) },
    });
    expect(await screen.findByRole('heading', { name: 'No organisations yet' })).toBeInTheDocument();
  });

  it('a failure says so, and Try again loads it', async () => {
    const world = renderConsole('/organiser/operator', {
      api: { ...asOperator, [LIST]: () => refusal(500, 'internal_error', 'Something went wrong on our side.') },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The organisations could not be loaded');
    world.routes[LIST] = organisations;
    await world.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Organisations' })).toBeInTheDocument();
  });

  it('approves an organisation waiting for approval', async () => {
    const world = renderConsole('/organiser/operator', {
      api: {
        ...asOperator,
        [LIST]: organisations,
        'POST /api/operator/organisations/uni-drama/status': () => new Response(null, { status: 204 }),
      },
    });
    await screen.findByRole('list', { name: 'Organisations' });
    expect(within(cardOf('Acme Presents')).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    await world.user.click(within(cardOf('University Drama Society')).getByRole('button', { name: /^Approve/ }));
    await waitFor(() =>
      expect(bodiesOf(world, 'POST', '/api/operator/organisations/uni-drama/status')).toEqual([{ to: 'approved' }]),
    );
    await waitFor(() =>
      expect(world.calls.filter((call) => call.path === '/api/operator/organisations')).toHaveLength(2),
    );
  });

  it('suspends with a reason, asked in a dialog (none: said, nothing sent)', async () => {
    const world = renderConsole('/organiser/operator', {
      api: {
        ...asOperator,
        [LIST]: organisations,
        'POST /api/operator/organisations/acme/status': () => new Response(null, { status: 204 }),
      },
    });
    await screen.findByRole('list', { name: 'Organisations' });
    await world.user.click(within(cardOf('Acme Presents')).getByRole('button', { name: 'Suspend Acme Presents' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Acme Presents?' });
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    await world.user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('The reason must say why')).toBeInTheDocument();
    expect(bodiesOf(world, 'POST', '/api/operator/organisations/acme/status')).toHaveLength(0);
    await world.user.type(within(dialog).getByLabelText('Reason'), 'Chargebacks on every event');
    await world.user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(bodiesOf(world, 'POST', '/api/operator/organisations/acme/status')).toEqual([
        { to: 'suspended', reason: 'Chargebacks on every event' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a status it has already (409): said in the dialog', async () => {
    const world = renderConsole('/organiser/operator', {
      api: {
        ...asOperator,
        [LIST]: organisations,
        'POST /api/operator/organisations/acme/status': () =>
          refusal(409, 'conflict', 'The organisation is suspended already.'),
      },
    });
    await screen.findByRole('list', { name: 'Organisations' });
    await world.user.click(within(cardOf('Acme Presents')).getByRole('button', { name: 'Suspend Acme Presents' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Acme Presents?' });
    await world.user.type(within(dialog).getByLabelText('Reason'), 'Chargebacks');
    await world.user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The organisation is suspended already.');
  });
});

describe('an event on the site (operators)', () => {
  const eventForm = () => screen.getByRole('form', { name: 'An event on the site' });

  it('takes an event off the site by its address, with a reason, and puts it back', async () => {
    const world = renderConsole('/organiser/operator', {
      api: {
        ...asOperator,
        [LIST]: organisations,
        'POST /api/operator/events/ab12cd34/unpublish': () => new Response(null, { status: 204 }),
        'POST /api/operator/events/ab12cd34/republish': () => new Response(null, { status: 204 }),
      },
    });
    await screen.findByRole('list', { name: 'Organisations' });
    const form = eventForm();
    await world.user.type(within(form).getByLabelText('Event'), 'https://marquee.example/concerts/jazz-night/ab12cd34');
    await world.user.click(within(form).getByRole('button', { name: 'Take it off the site' }));
    expect(await within(form).findByText('The reason must say why')).toBeInTheDocument();
    await world.user.type(within(form).getByLabelText('Reason'), 'Reported as a scam');
    await world.user.click(within(form).getByRole('button', { name: 'Take it off the site' }));
    await waitFor(() =>
      expect(bodiesOf(world, 'POST', '/api/operator/events/ab12cd34/unpublish')).toEqual([
        { reason: 'Reported as a scam' },
      ]),
    );
    await waitFor(() => expect(within(form).getByLabelText('Event')).toHaveValue(''));
    await world.user.type(within(form).getByLabelText('Event'), 'ab12cd34');
    await world.user.click(within(form).getByRole('button', { name: 'Put it back on the site' }));
    await waitFor(() => expect(bodiesOf(world, 'POST', '/api/operator/events/ab12cd34/republish')).toHaveLength(1));
  });

  it('an unknown uid (404) is said under the field; one on the site already (409) in words', async () => {
    const world = renderConsole('/organiser/operator', {
      api: {
        ...asOperator,
        [LIST]: organisations,
        'POST /api/operator/events/ab12cd34/republish': () =>
          refusal(409, 'conflict', 'The event is on the site already.'),
      },
    });
    await screen.findByRole('list', { name: 'Organisations' });
    const form = eventForm();
    await world.user.type(within(form).getByLabelText('Event'), 'zz99zz99');
    await world.user.click(within(form).getByRole('button', { name: 'Put it back on the site' }));
    expect(await within(form).findByText('No event on Marquee has the uid zz99zz99.')).toBeInTheDocument();
    await world.user.clear(within(form).getByLabelText('Event'));
    await world.user.type(within(form).getByLabelText('Event'), 'ab12cd34');
    await world.user.click(within(form).getByRole('button', { name: 'Put it back on the site' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The event is on the site already.');
  });

  it('puts an event behind its waiting room at a rate, and takes it out; a bad rate is said under its field', async () => {
    const world = renderConsole('/organiser/operator', {
      api: {
        ...asOperator,
        [LIST]: organisations,
        'POST /api/operator/events/ab12cd34/waiting-room': () => new Response(null, { status: 204 }),
      },
    });
    await screen.findByRole('list', { name: 'Organisations' });
    const form = screen.getByRole('form', { name: 'A rush on an event' });
    await world.user.type(within(form).getByLabelText('Event'), 'https://marquee.example/concerts/jazz-night/ab12cd34');
    await world.user.type(within(form).getByLabelText('Buyers let in per minute'), '5');
    await world.user.click(within(form).getByRole('button', { name: 'Put it behind the waiting room' }));
    expect(await within(form).findByText('The rate must be at least 10')).toBeInTheDocument();
    expect(bodiesOf(world, 'POST', '/api/operator/events/ab12cd34/waiting-room')).toEqual([]);
    await world.user.clear(within(form).getByLabelText('Buyers let in per minute'));
    await world.user.type(within(form).getByLabelText('Buyers let in per minute'), '300');
    await world.user.click(within(form).getByRole('button', { name: 'Put it behind the waiting room' }));
    await waitFor(() =>
      expect(bodiesOf(world, 'POST', '/api/operator/events/ab12cd34/waiting-room')).toEqual([
        { enabled: true, admit_per_minute: 300 },
      ]),
    );
    await waitFor(() => expect(within(form).getByLabelText('Event')).toHaveValue(''));
    await world.user.type(within(form).getByLabelText('Event'), 'ab12cd34');
    await world.user.click(within(form).getByRole('button', { name: 'Take it out of the waiting room' }));
    await waitFor(() =>
      expect(bodiesOf(world, 'POST', '/api/operator/events/ab12cd34/waiting-room').at(-1)).toEqual({ enabled: false }),
    );
  });

  it('the uid of an address', () => {
    expect(eventUidFrom('ab12cd34')).toBe('ab12cd34');
    expect(eventUidFrom(' /theatre/swan-lake/ev2/ ')).toBe('ev2');
    expect(eventUidFrom('https://marquee.example/concerts/jazz/ab12cd34?x=1#top')).toBe('ab12cd34');
    expect(eventUidFrom('')).toBe('');
  });
});

describe('a membership and the operator page', () => {
  it('an operator who is also a member sees both', async () => {
    renderConsole('/organiser', {
      api: {
        'GET /api/organiser/me': () =>
          Response.json(
            makeMe({
              is_operator: true,
              organisations: [makeMembership(), makeMembership({ slug: 'uni', name: 'Uni' })],
            }),
          ),
      },
    });
    expect(await screen.findByRole('link', { name: /Marquee operator/ })).toHaveAttribute(
      'href',
      '/organiser/operator',
    );
    expect(screen.getByRole('list', { name: 'Your organisations' })).toBeInTheDocument();
  });
});

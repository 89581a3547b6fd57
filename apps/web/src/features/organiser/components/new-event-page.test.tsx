import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeConsoleEventAnswer } from '../test/event-fixtures';
import { bodiesOf, makeMe, makeMembership, makeVenue, renderConsole, type ConsoleWorld } from '../test/render-console';
import { refusal } from '../test/team-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const venues = {
  'GET /api/organiser/acme/venues': () =>
    Response.json({
      venues: [
        makeVenue(),
        makeVenue({ id: 8, name: 'Esplanade', city: 'Singapore', country: 'SG', time_zone: 'Asia/Singapore' }),
      ],
    }),
};

const form = () => screen.getByRole('form', { name: 'Create an event' });

/** Fills what an organiser types for a paid evening at Nelum Pokuna. */
async function fillTheForm(world: ConsoleWorld) {
  const f = await screen.findByRole('form', { name: 'Create an event' });
  await world.user.type(within(f).getByLabelText('Name'), 'Galle Literary Evening');
  await world.user.selectOptions(within(f).getByLabelText('Category'), 'Theatre');
  await world.user.click(within(f).getByRole('button', { name: 'Add an artist' }));
  await world.user.type(within(f).getByLabelText('Artist 1'), 'Shehan Karunatilaka');
  await world.user.selectOptions(
    within(f).getByLabelText('Venue'),
    await within(f).findByRole('option', { name: 'Nelum Pokuna, Colombo' }),
  );
  await world.user.type(within(f).getByLabelText('Starts: Date'), '2027-01-15');
  await world.user.type(within(f).getByLabelText('Starts: Time'), '18:30');
  // The venue's country names the currency.
  await world.user.type(within(f).getByLabelText('Handling cost (LKR)'), '150.00');
  await world.user.click(within(f).getByRole('checkbox', { name: 'Card' }));
}

describe('creating an event', () => {
  it('sends the fields as the API takes them, then opens the new draft’s page', async () => {
    const created = makeConsoleEventAnswer({ uid: 'gle12345', name: 'Galle Literary Evening', type: 'theatre' });
    const world = renderConsole('/organiser/acme/events/new', {
      api: {
        ...venues,
        'POST /api/organiser/acme/events': () => Response.json(created, { status: 201 }),
        'GET /api/organiser/acme/events/gle12345': () => Response.json(created),
      },
    });
    await fillTheForm(world);
    expect(within(form()).getByRole('group', { name: 'Starts' })).toHaveAccessibleDescription(
      /^As the clocks at Nelum Pokuna read them: Asia\/Colombo/,
    );
    await world.user.click(within(form()).getByRole('button', { name: 'Create the event' }));

    await waitFor(() => expect(world.router.state.location.pathname).toBe('/organiser/acme/events/gle12345'));
    expect(bodiesOf(world, 'POST', '/api/organiser/acme/events')).toEqual([
      {
        name: 'Galle Literary Evening',
        type: 'theatre',
        description: '',
        artists: ['Shehan Karunatilaka'],
        venue_id: 7,
        start_local: '2027-01-15T18:30',
        end_local: null,
        handling_cost: 15000,
        payment_gateway_ids: [1],
        featured: false,
        free_event: false,
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Galle Literary Evening' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Event sections' })).toBeInTheDocument();
  });

  it('what only the browser can tell (nothing chosen, a date without its time) is said first; nothing is sent', async () => {
    const world = renderConsole('/organiser/acme/events/new', { api: venues });
    await screen.findByRole('option', { name: 'Nelum Pokuna, Colombo' });
    await world.user.type(within(form()).getByLabelText('Starts: Date'), '2027-01-15');
    await world.user.click(within(form()).getByRole('button', { name: 'Create the event' }));
    expect(await within(form()).findByText('Category must be chosen')).toBeInTheDocument();
    expect(within(form()).getByText('Venue must be chosen: add a venue first if there is none')).toBeInTheDocument();
    expect(within(form()).getByText('Start needs both a date and a time')).toBeInTheDocument();
    expect(within(form()).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(bodiesOf(world, 'POST', '/api/organiser/acme/events')).toHaveLength(0);
  });

  it("the server's 422 goes under its field, and says so above the form", async () => {
    const world = renderConsole('/organiser/acme/events/new', {
      api: {
        ...venues,
        'POST /api/organiser/acme/events': () =>
          refusal(422, 'validation_failed', 'is a time the clocks skip at the venue', {
            start_local: ['is a time the clocks skip at the venue'],
          }),
      },
    });
    await fillTheForm(world);
    await world.user.click(within(form()).getByRole('button', { name: 'Create the event' }));
    expect(await within(form()).findByText('Start is a time the clocks skip at the venue')).toBeInTheDocument();
    expect(within(form()).getByLabelText('Starts: Date')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form()).getByLabelText('Starts: Date')).toHaveFocus();
    expect(within(form()).getByLabelText('Venue')).not.toHaveAttribute('aria-invalid');
    expect(within(form()).getAllByRole('alert')[0]).toHaveTextContent(
      'Some fields need changing: see the messages below.',
    );
    expect(world.router.state.location.pathname).toBe('/organiser/acme/events/new');
  });

  it('a role that cannot create events is told so, with no form', async () => {
    renderConsole('/organiser/acme/events/new', {
      api: {
        ...venues,
        'GET /api/organiser/me': () =>
          Response.json(makeMe({ organisations: [makeMembership({ role: 'box_office' })] })),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Your role does not allow this' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Create an event' })).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckInList, CheckInListsAnswer, GateEvent, GateEventsAnswer } from '../api/gate-schemas';
import { asRole } from '../test/desk-fixtures';
import { makeConsoleEventAnswer, makeConsolePackage } from '../test/event-fixtures';
import { EVENT_UID, makeCheckInList } from '../test/gate-fixtures';
import { bodiesOf, renderConsole, type ApiHandler } from '../test/render-console';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LISTS_PATH = `/api/organiser/acme/events/${EVENT_UID}/check-in-lists`;
const PAGE = `/organiser/acme/events/${EVENT_UID}/gate`;
const GATE_EVENTS_PATH = '/api/organiser/acme/gate/events';

function gateEvent(overrides: Partial<GateEvent> = {}): GateEvent {
  return {
    uid: EVENT_UID,
    name: 'Colombo Jazz Night',
    starts_at: '2026-12-05T14:00:00.000Z',
    time_zone: 'Asia/Colombo',
    status: 'ongoing',
    venue_name: 'Nelum Pokuna',
    ...overrides,
  };
}

function answer(lists: CheckInList[]): CheckInListsAnswer {
  return {
    lists,
    event: {
      uid: EVENT_UID,
      name: 'Colombo Jazz Night',
      starts_at: '2026-12-05T14:00:00.000Z',
      time_zone: 'Asia/Colombo',
    },
    totals: { checked_in: 150, total: 420 },
  };
}

function openGate(role: 'manager' | 'door' | 'box_office', lists: CheckInList[], api: Record<string, ApiHandler> = {}) {
  const state = { lists };
  const world = renderConsole(PAGE, {
    api: {
      ...asRole(role),
      [`GET ${LISTS_PATH}`]: () => Response.json(answer(state.lists)),
      [`GET /api/organiser/acme/events/${EVENT_UID}`]: () =>
        Response.json(
          makeConsoleEventAnswer({
            packages: [
              makeConsolePackage({ id: 11, name: 'General admission' }),
              makeConsolePackage({ id: 12, name: 'VIP' }),
            ],
          }),
        ),
      ...api,
    },
  });
  return { world, state };
}

describe('the gate page: an event check-in lists', () => {
  it('shows each list with its packages and counts, the event totals, and the way to its scanner', async () => {
    openGate('manager', [
      makeCheckInList(),
      makeCheckInList({
        id: 6,
        name: 'VIP gate',
        package_ids: [12],
        packages: [{ id: 12, name: 'VIP' }],
        checked_in: 30,
        total: 20,
      }),
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gate · Colombo Jazz Night' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('150 of 420 checked in (36%)')).toBeInTheDocument();
    const lists = screen.getByRole('list', { name: 'Check-in lists' });
    const main = within(lists).getByRole('article', { name: 'Main gate' });
    expect(main).toHaveTextContent('Admits: General admission');
    expect(main).toHaveTextContent('120 of 400 checked in (30%)');
    expect(within(main).getByRole('link', { name: 'Scan at Main gate' })).toHaveAttribute(
      'href',
      `/organiser/acme/events/${EVENT_UID}/gate/5`,
    );
    // A count above its total (tickets refunded after admission) never draws past the end.
    expect(within(lists).getByRole('article', { name: 'VIP gate' })).toHaveTextContent('30 of 20 checked in (100%)');
  });

  it('a manager creates a list: the form says what is missing, then sends the name and packages', async () => {
    const { world, state } = openGate('manager', [], {
      [`POST ${LISTS_PATH}`]: ({ body }) => {
        const created = makeCheckInList({
          id: 9,
          name: 'VIP gate',
          package_ids: [12],
          packages: [{ id: 12, name: 'VIP' }],
          checked_in: 0,
          total: 20,
        });
        state.lists = [created];
        expect(body).toEqual({ name: 'VIP gate', package_ids: [12] });
        return Response.json(created, { status: 201 });
      },
    });
    expect(await screen.findByRole('heading', { name: 'No check-in lists yet' })).toBeInTheDocument();
    await world.user.click(screen.getAllByRole('button', { name: 'New check-in list' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New check-in list' });
    await world.user.click(within(dialog).getByRole('button', { name: 'Create the list' }));
    expect(within(dialog).getByText(/Give the list a name/)).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one package this gate admits.')).toBeInTheDocument();
    expect(bodiesOf(world, 'POST', LISTS_PATH)).toHaveLength(0);

    await world.user.type(within(dialog).getByRole('textbox', { name: /Name/ }), '  VIP gate ');
    await world.user.click(within(dialog).getByRole('checkbox', { name: 'VIP' }));
    await world.user.click(within(dialog).getByRole('button', { name: 'Create the list' }));
    expect(await screen.findByRole('article', { name: 'VIP gate' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodiesOf(world, 'POST', LISTS_PATH)).toEqual([{ name: 'VIP gate', package_ids: [12] }]);
  });

  it('a name the event already has is said beside the name', async () => {
    const { world } = openGate('manager', [makeCheckInList()], {
      [`POST ${LISTS_PATH}`]: () =>
        Response.json(
          { code: 'check_in_list_name_taken', message: 'This event already has a check-in list with that name.' },
          { status: 409 },
        ),
    });
    await world.user.click(await screen.findByRole('button', { name: 'New check-in list' }));
    const dialog = await screen.findByRole('dialog', { name: 'New check-in list' });
    await world.user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Main gate');
    await world.user.click(within(dialog).getByRole('checkbox', { name: 'General admission' }));
    await world.user.click(within(dialog).getByRole('button', { name: 'Create the list' }));
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await waitFor(() => expect(name).toHaveAccessibleDescription(/already has a check-in list with that name/));
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  it('a manager renames a list and changes its packages', async () => {
    const { world } = openGate('manager', [makeCheckInList()], {
      [`PATCH ${LISTS_PATH}/5`]: ({ body }) => Response.json({ ...makeCheckInList(), ...(body as object) }),
    });
    await world.user.click(await screen.findByRole('button', { name: 'Change Main gate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Main gate' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Main gate');
    expect(within(dialog).getByRole('checkbox', { name: 'General admission' })).toBeChecked();
    await world.user.clear(name);
    await world.user.type(name, 'North gate');
    await world.user.click(within(dialog).getByRole('checkbox', { name: 'VIP' }));
    await world.user.click(within(dialog).getByRole('button', { name: 'Save the list' }));
    await waitFor(() =>
      expect(bodiesOf(world, 'PATCH', `${LISTS_PATH}/5`)).toEqual([{ name: 'North gate', package_ids: [11, 12] }]),
    );
  });

  it('a manager deletes a list after saying so', async () => {
    const { world, state } = openGate('manager', [makeCheckInList()], {
      [`DELETE ${LISTS_PATH}/5`]: () => {
        state.lists = [];
        return new Response(null, { status: 204 });
      },
    });
    await world.user.click(await screen.findByRole('button', { name: 'Delete Main gate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Main gate?' });
    await world.user.click(within(dialog).getByRole('button', { name: 'Delete the list' }));
    expect(await screen.findByRole('heading', { name: 'No check-in lists yet' })).toBeInTheDocument();
    expect(world.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('the door chooses a list only: nothing to change, and it never asks for the event (it may not read it)', async () => {
    const { world } = openGate('door', [makeCheckInList()]);
    expect(await screen.findByRole('article', { name: 'Main gate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New check-in list' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change Main gate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Main gate' })).toBeNull();
    expect(screen.getByRole('link', { name: '← All gates' })).toHaveAttribute('href', '/organiser/acme/gate');
    expect(world.calls.some((call) => call.path === `/api/organiser/acme/events/${EVENT_UID}`)).toBe(false);
  });

  it('the door finds the Gate in the console nav, and opens an event it may scan at from the list', async () => {
    const world = renderConsole('/organiser/acme', {
      api: {
        ...asRole('door'),
        [`GET ${GATE_EVENTS_PATH}`]: () =>
          Response.json({
            events: [
              gateEvent({ uid: EVENT_UID, name: 'Colombo Jazz Night' }),
              gateEvent({ uid: 'rain2026', name: 'Rained Off', status: 'postponed' }),
            ],
          } satisfies GateEventsAnswer),
      },
    });
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Gate']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Gate' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Events' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Colombo Jazz Night',
      'Rained Off',
    ]);
    // In the venue's clocks (Colombo is UTC+5:30), with what the door should know of an event not simply on.
    expect(items[0]).toHaveTextContent('Nelum Pokuna');
    expect(items[0]).toHaveTextContent('7:30');
    expect(items[0]).not.toHaveTextContent('Postponed');
    expect(items[1]).toHaveTextContent('Postponed');
    expect(screen.queryByRole('textbox')).toBeNull();
    // The door may not read events: it never asks for the organisation's list.
    expect(world.calls.some((call) => call.path === '/api/organiser/acme/events')).toBe(false);
    await world.user.click(within(list).getByRole('link', { name: 'Colombo Jazz Night' }));
    expect(world.router.state.location.pathname).toBe(PAGE);
  });

  it('the events list: says so when there is none, and offers a retry when it fails', async () => {
    let fail = true;
    const world = renderConsole('/organiser/acme/gate', {
      api: {
        ...asRole('box_office'),
        [`GET ${GATE_EVENTS_PATH}`]: () =>
          fail
            ? Response.json({ code: 'internal_error', message: 'Something went wrong.' }, { status: 500 })
            : Response.json({ events: [] } satisfies GateEventsAnswer),
      },
    });
    expect(await screen.findByText('The events could not be loaded', {}, { timeout: 5_000 })).toBeInTheDocument();
    fail = false;
    await world.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No events to scan for' })).toBeInTheDocument();
  });
});

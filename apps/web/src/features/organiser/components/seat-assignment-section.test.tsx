import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleEventAnswer, ConsolePackage } from '@marquee/domain/console';
import { eventRoutes, makeSeatedEventAnswer } from '../test/event-fixtures';
import { bodiesOf, makeMe, makeMembership, renderConsole, type ApiHandler } from '../test/render-console';
import { refusal } from '../test/team-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SEATS_PATH = '/api/organiser/acme/events/jazz2026/packages/11/seats';

/** The Seats section over a server that keeps `state.event` (SMALL_MAP: Gold has A-A-1 and A-A-2, Silver B-C-1). */
function renderSeats(event: ConsoleEventAnswer = makeSeatedEventAnswer(), api: Record<string, ApiHandler> = {}) {
  const state = { event };
  const world = renderConsole('/organiser/acme/events/jazz2026?section=seats', {
    api: { ...eventRoutes(state), ...api },
  });
  return { world, state };
}

/** A seat of the stand-in map, by its words ("Stalls, row A, seat 3"): its button says whose it is. */
const seat = (name: string) =>
  within(screen.getByTestId('seat-assignment-map')).getByRole('button', { name: new RegExp(`^${name}:`) });
const seatCount = () => screen.getByTestId('seat-count');
/** The live status line under the picker. */
const said = (text: string) => expect(screen.getByText(text, { selector: 'p' })).toBeInTheDocument();

/** The assign route answering the package with the seats sent, as the server keeps them. */
function assigning(state: { event: ConsoleEventAnswer }): ApiHandler {
  return ({ body }) => {
    const seatIds = (body as { seat_ids: string[] }).seat_ids;
    const gold = state.event.packages.find((pkg) => pkg.id === 11)!;
    const saved: ConsolePackage = { ...gold, seat_ids: seatIds, capacity: seatIds.length };
    state.event = { ...state.event, packages: state.event.packages.map((pkg) => (pkg.id === 11 ? saved : pkg)) };
    return Response.json(saved);
  };
}

describe('seat assignment', () => {
  it('offers the seated packages (not free seating), the first chosen; each seat says whose it is', async () => {
    const { world } = renderSeats();
    const gold = await screen.findByRole('radio', { name: 'Gold (2 seats)' });
    expect(gold).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Silver (1 seat)' })).not.toBeChecked();
    expect(screen.queryByRole('radio', { name: /Lawn/ })).not.toBeInTheDocument();
    expect(seatCount()).toHaveTextContent('Gold: 2 seats');
    expect(seat('Stalls, row A, seat 1')).toHaveAccessibleName('Stalls, row A, seat 1: in Gold');
    expect(seat('Stalls, row A, seat 3')).toHaveAccessibleName('Stalls, row A, seat 3: no package');
    expect(seat('Balcony, row C, seat 1')).toHaveAccessibleName('Balcony, row C, seat 1: belongs to Silver');

    await world.user.click(screen.getByRole('radio', { name: 'Silver (1 seat)' }));
    said('Assigning seats to Silver: 1 seat now.');
    expect(seatCount()).toHaveTextContent('Silver: 1 seat');
    expect(seat('Balcony, row C, seat 1')).toHaveAccessibleName('Balcony, row C, seat 1: in Silver');
    expect(seat('Stalls, row A, seat 1')).toHaveAccessibleName('Stalls, row A, seat 1: belongs to Gold');
  });

  it('a click adds a free seat or takes one out; another package’s seat stays its own; Undo puts it back', async () => {
    const { world } = renderSeats();
    await world.user.click(await screen.findByRole('button', { name: 'Stalls, row A, seat 3: no package' }));
    said('Stalls, row A, seat 3 added to Gold.');
    await world.user.click(seat('Stalls, row A, seat 1'));
    said('Stalls, row A, seat 1 taken out of Gold.');
    expect(seatCount()).toHaveTextContent('Gold: 2 seats (1 added, 1 taken out, not saved yet)');
    expect(seat('Stalls, row A, seat 3')).toHaveAccessibleName('Stalls, row A, seat 3: in Gold');
    expect(seat('Stalls, row A, seat 1')).toHaveAccessibleName('Stalls, row A, seat 1: no package');

    await world.user.click(seat('Balcony, row C, seat 1'));
    said('Balcony, row C, seat 1 belongs to Silver: choose that package to release it.');
    expect(seat('Balcony, row C, seat 1')).toHaveAttribute('data-owner', '12');

    // Another package waits until these changes are saved or undone.
    const silver = screen.getByRole('radio', { name: 'Silver (1 seat)' });
    expect(silver).toBeDisabled();
    expect(silver).toHaveAccessibleDescription('Save or undo the changes to Gold before choosing another package.');

    await world.user.click(screen.getByRole('button', { name: 'Undo the changes' }));
    said('Changes undone: Gold has 2 seats.');
    expect(seatCount()).toHaveTextContent(/^Gold: 2 seats$/);
    expect(seat('Stalls, row A, seat 1')).toHaveAccessibleName('Stalls, row A, seat 1: in Gold');
    expect(seat('Stalls, row A, seat 3')).toHaveAccessibleName('Stalls, row A, seat 3: no package');
    expect(screen.getByRole('button', { name: 'Undo the changes' })).toBeDisabled();
    expect(silver).toBeEnabled();
  });

  it('a row (R) or a whole section takes only the seats no other package has', async () => {
    const { world } = renderSeats();
    const balconySeat = await screen.findByRole('button', { name: 'Balcony, row C, seat 2: no package' });
    act(() => balconySeat.focus());
    await world.user.keyboard('r');
    said('Added row C of Balcony: 2 seats to Gold. 1 seat of other packages left as they are.');
    const sections = screen.getByRole('list', { name: 'Sections' });
    expect(within(sections).getAllByRole('listitem')[1]).toHaveTextContent(
      'Balcony: 2 of 3 seats in Gold (1 in other packages)',
    );
    expect(seat('Balcony, row C, seat 1')).toHaveAttribute('data-owner', '12');

    await world.user.click(within(sections).getByRole('button', { name: 'Select all of Stalls' }));
    said('Added Stalls: 6 seats to Gold.');
    expect(seatCount()).toHaveTextContent('Gold: 10 seats (8 added, 0 taken out, not saved yet)');

    // Everything free in it is in Gold already: the same key takes the section out, and only Gold's seats.
    act(() => seat('Stalls, row B, seat 4').focus());
    await world.user.keyboard('s');
    said('Took out Stalls: 8 seats of Gold.');
    expect(seatCount()).toHaveTextContent('Gold: 2 seats (2 added, 2 taken out, not saved yet)');
    expect(seat('Balcony, row C, seat 1')).toHaveAttribute('data-owner', '12');
  });

  it('the last seat’s row and section: buttons that say what they do, none for another package’s row', async () => {
    const event = makeSeatedEventAnswer();
    event.packages[1] = { ...event.packages[1]!, seat_ids: ['B-C-1', 'B-C-2', 'B-C-3'] };
    const { world } = renderSeats(event);
    await world.user.click(await screen.findByRole('button', { name: 'Stalls, row A, seat 3: no package' }));
    const last = () => screen.getByRole('group', { name: "The last seat's row and section" });
    expect(last()).toHaveTextContent('Stalls, row A, seat 3:');
    await world.user.click(within(last()).getByRole('button', { name: 'Select row A of Stalls' }));
    said('Added row A of Stalls: 1 seat to Gold.');
    expect(within(last()).getByRole('button', { name: 'Take out row A of Stalls' })).toBeEnabled();
    expect(within(last()).getByRole('button', { name: 'Select section Stalls' })).toBeEnabled();

    // Every seat of row C (and of the Balcony) is Silver's: nothing there to select or take out.
    await world.user.click(seat('Balcony, row C, seat 2'));
    expect(last()).toHaveTextContent('Balcony, row C, seat 2:');
    expect(within(last()).getByRole('button', { name: 'Select row C of Balcony' })).toBeDisabled();
    expect(within(last()).getByRole('button', { name: 'Select section Balcony' })).toBeDisabled();
  });

  it('Save sends every seat of the package in the map’s order, then shows what the server keeps', async () => {
    const { world, state } = renderSeats();
    world.routes[`PUT ${SEATS_PATH}`] = assigning(state);
    await world.user.click(await screen.findByRole('button', { name: 'Balcony, row C, seat 3: no package' }));
    await world.user.click(seat('Stalls, row B, seat 2'));
    await world.user.click(seat('Stalls, row A, seat 4'));
    await world.user.click(screen.getByRole('button', { name: "Save Gold's seats (5)" }));

    expect(await screen.findByText('Saved: Gold has 5 seats.')).toBeInTheDocument();
    expect(bodiesOf(world, 'PUT', SEATS_PATH)).toEqual([{ seat_ids: ['A-A-1', 'A-A-2', 'A-A-4', 'A-B-2', 'B-C-3'] }]);
    await waitFor(() => expect(seatCount()).toHaveTextContent(/^Gold: 5 seats$/));
    expect(screen.getByRole('button', { name: 'Undo the changes' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Silver (1 seat)' })).toBeEnabled();
  });

  it('409 seats_taken: the seats another package took are left out, named, and Save sends the rest', async () => {
    const { world, state } = renderSeats();
    world.routes[`PUT ${SEATS_PATH}`] = () => {
      // Someone else gave A-A-4 to Silver meanwhile.
      state.event = {
        ...state.event,
        packages: state.event.packages.map((pkg) => (pkg.id === 12 ? { ...pkg, seat_ids: ['B-C-1', 'A-A-4'] } : pkg)),
      };
      return Response.json(
        {
          code: 'seats_taken',
          message: 'Seats A-A-4 belong to another package (Silver): release them there first.',
          errors: { seat_ids: ['Seats A-A-4 belong to another package (Silver): release them there first.'] },
          taken_seats: ['A-A-4'],
        },
        { status: 409 },
      );
    };
    await world.user.click(await screen.findByRole('button', { name: 'Stalls, row A, seat 3: no package' }));
    await world.user.click(seat('Stalls, row A, seat 4'));
    await world.user.click(screen.getByRole('button', { name: "Save Gold's seats (4)" }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Another package took 1 seat before you saved: Stalls, row A, seat 4. They are left out of Gold: save again to keep the rest.',
    );
    expect(seatCount()).toHaveTextContent('Gold: 3 seats (1 added, 0 taken out, not saved yet)');
    // The event is asked again: the seat now shows as Silver's.
    await waitFor(() =>
      expect(seat('Stalls, row A, seat 4')).toHaveAccessibleName('Stalls, row A, seat 4: belongs to Silver'),
    );

    world.routes[`PUT ${SEATS_PATH}`] = assigning(state);
    await world.user.click(screen.getByRole('button', { name: "Save Gold's seats (3)" }));
    expect(await screen.findByText('Saved: Gold has 3 seats.')).toBeInTheDocument();
    expect(bodiesOf(world, 'PUT', SEATS_PATH)).toEqual([
      { seat_ids: ['A-A-1', 'A-A-2', 'A-A-3', 'A-A-4'] },
      { seat_ids: ['A-A-1', 'A-A-2', 'A-A-3'] },
    ]);
  });

  it('409 seats_locked: sold or held seats stay, and it says how to go on', async () => {
    const event = makeSeatedEventAnswer();
    event.packages[0] = { ...event.packages[0]!, sold: 1 };
    const { world } = renderSeats(event, {
      [`PUT ${SEATS_PATH}`]: () =>
        refusal(409, 'seats_locked', 'Seats A-A-1 are sold or held: they stay in the package.', {
          seat_ids: ['Seats A-A-1 are sold or held: they stay in the package.'],
        }),
    });
    expect(await screen.findByText('1 tickets of Gold are sold or held: their seats must stay in it.')).toBeVisible();
    await world.user.click(seat('Stalls, row A, seat 1'));
    await world.user.click(screen.getByRole('button', { name: "Save Gold's seats (1)" }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Seats A-A-1 are sold or held: they stay in the package. Seats that buyers bought or hold stay with the package: add them back, or undo the changes.',
    );
    expect(seatCount()).toHaveTextContent('not saved yet');
  });

  it('a role that may only read: a seat says whose it is, and nothing can be chosen or saved', async () => {
    const { world } = renderSeats(makeSeatedEventAnswer(), {
      'GET /api/organiser/me': () => Response.json(makeMe({ organisations: [makeMembership({ role: 'box_office' })] })),
    });
    await world.user.click(await screen.findByRole('button', { name: 'Stalls, row A, seat 2: belongs to Gold' }));
    said('Stalls, row A, seat 2: belongs to Gold');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByTestId('seat-count')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();
    expect(world.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});

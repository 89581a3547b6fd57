import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleEventAnswer } from '@marquee/domain/console';
import { eventRoutes, makeConsoleEventAnswer } from '../test/event-fixtures';
import { bodiesOf, makeVenue, renderConsole } from '../test/render-console';

afterEach(() => {
  vi.unstubAllGlobals();
});

const EVENT_PATH = '/api/organiser/acme/events/jazz2026';
const venues = { 'GET /api/organiser/acme/venues': () => Response.json({ venues: [makeVenue()] }) };
const CHECKBOX = 'High demand: put the sale behind a waiting room';
const RATE = 'Buyers let in per minute';

/** The event's page over a server that keeps what the PATCH sends. */
function renderEvent(event: ConsoleEventAnswer) {
  const state = { event };
  const world = renderConsole('/organiser/acme/events/jazz2026', {
    api: {
      ...venues,
      ...eventRoutes(state),
      [`PATCH ${EVENT_PATH}`]: ({ body }) => {
        state.event = { ...state.event, ...(typeof body === 'object' ? body : {}) };
        return Response.json(state.event);
      },
    },
  });
  return { world, state };
}

describe("the event form's waiting room (issue 23)", () => {
  it('turning it on asks for the rate (600 by default) and sends both', async () => {
    const { world } = renderEvent(makeConsoleEventAnswer());
    const details = await screen.findByRole('form', { name: 'Event details' });
    const checkbox = within(details).getByRole('checkbox', { name: CHECKBOX });
    expect(checkbox).not.toBeChecked();
    expect(within(details).queryByLabelText(RATE)).not.toBeInTheDocument();

    await world.user.click(checkbox);
    const rate = within(details).getByLabelText(RATE);
    expect(rate).toHaveValue('600');
    await world.user.clear(rate);
    await world.user.type(rate, '1,200');
    await world.user.click(within(details).getByRole('button', { name: 'Save the details' }));
    await vi.waitFor(() => expect(bodiesOf(world, 'PATCH', EVENT_PATH)).toHaveLength(1));
    expect(bodiesOf(world, 'PATCH', EVENT_PATH)).toEqual([{ waiting_room: true, admit_per_minute: 1200 }]);
  });

  it('refuses a rate out of bounds beside the field, and sends nothing', async () => {
    const { world } = renderEvent(makeConsoleEventAnswer({ waiting_room: true, admit_per_minute: 600 }));
    const details = await screen.findByRole('form', { name: 'Event details' });
    expect(within(details).getByRole('checkbox', { name: CHECKBOX })).toBeChecked();
    const rate = within(details).getByLabelText(RATE);
    await world.user.clear(rate);
    await world.user.type(rate, '5');
    await world.user.click(within(details).getByRole('button', { name: 'Save the details' }));
    expect(await within(details).findByText(`${RATE} must be a whole number from 10 to 100,000`)).toBeInTheDocument();
    expect(rate).toHaveAttribute('aria-invalid', 'true');

    await world.user.clear(rate);
    await world.user.type(rate, 'many');
    await world.user.click(within(details).getByRole('button', { name: 'Save the details' }));
    expect(await within(details).findByText(`${RATE} must be a whole number from 10 to 100,000`)).toBeInTheDocument();
    expect(bodiesOf(world, 'PATCH', EVENT_PATH)).toEqual([]);
  });

  it('turning it off sends only that; the stored rate stays', async () => {
    const { world } = renderEvent(makeConsoleEventAnswer({ waiting_room: true, admit_per_minute: 900 }));
    const details = await screen.findByRole('form', { name: 'Event details' });
    expect(within(details).getByLabelText(RATE)).toHaveValue('900');
    await world.user.click(within(details).getByRole('checkbox', { name: CHECKBOX }));
    expect(within(details).queryByLabelText(RATE)).not.toBeInTheDocument();
    await world.user.click(within(details).getByRole('button', { name: 'Save the details' }));
    await vi.waitFor(() => expect(bodiesOf(world, 'PATCH', EVENT_PATH)).toHaveLength(1));
    expect(bodiesOf(world, 'PATCH', EVENT_PATH)).toEqual([{ waiting_room: false }]);
  });
});

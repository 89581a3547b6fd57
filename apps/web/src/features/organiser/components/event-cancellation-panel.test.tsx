import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleEventAnswer } from '@marquee/domain/console';
import type { EventCancellation, EventCancellationState } from '@marquee/domain/event-changes';
import { CANCELLATION_POLL_MS } from '../api/event-cancellation';
import { eventRoutes, makeConsoleEventAnswer } from '../test/event-fixtures';
import { bodiesOf, makeMe, makeMembership, renderConsole, type ApiHandler } from '../test/render-console';
import { refusal } from '../test/team-fixtures';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const EVENT_PAGE = '/organiser/acme/events/jazz2026?section=publish';
const CANCELLATION = '/api/organiser/acme/events/jazz2026/cancellation';
const POSTPONEMENT = '/api/organiser/acme/events/jazz2026/postponement';

function makeJob(overrides: Partial<EventCancellation> = {}): EventCancellation {
  return {
    id: 7,
    status: 'running',
    refund: true,
    reason: 'The venue flooded.',
    total: 120,
    refunded: 0,
    failed: 0,
    pending: 120,
    started_at: '2026-11-27T09:00:00.000Z',
    finished_at: null,
    started_by: 'kumari@example.com',
    failures: [],
    ...overrides,
  };
}

function renderPanel(
  event: ConsoleEventAnswer,
  cancellation: EventCancellationState,
  api: Record<string, ApiHandler> = {},
  role: 'manager' | 'box_office' = 'manager',
) {
  const state = { event, cancellation };
  const world = renderConsole(EVENT_PAGE, {
    api: {
      ...eventRoutes(state),
      'GET /api/organiser/me': () => Response.json(makeMe({ organisations: [makeMembership({ role })] })),
      [`GET ${CANCELLATION}`]: () => Response.json(state.cancellation),
      ...api,
    },
  });
  return { world, state };
}

const reads = (world: ReturnType<typeof renderConsole>) =>
  world.calls.filter((call) => call.method === 'GET' && call.path === CANCELLATION).length;

describe('cancelling an event', () => {
  it('says exactly what happens, needs a reason, then shows the refunds’ progress until they are done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { world, state } = renderPanel(makeConsoleEventAnswer({ status: 'ongoing', sold: 240 }), {
      paid_orders: 120,
      refundable_orders: 118,
      cancellation: null,
    });
    world.routes[`POST ${CANCELLATION}`] = () => {
      state.event = { ...state.event, status: 'cancelled' };
      state.cancellation = { ...state.cancellation, cancellation: makeJob({ total: 118, pending: 118 }) };
      return Response.json(state.cancellation.cancellation, { status: 202 });
    };
    await world.user.click(await screen.findByRole('button', { name: 'Cancel event' }, { timeout: 5_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Colombo Jazz Night?' });
    const happens = within(dialog).getByRole('list', { name: 'What happens' });
    expect(happens).toHaveTextContent('120 paid orders: each of their 120 buyers e-mailed once, with your reason.');
    expect(happens).toHaveTextContent(
      '118 paid orders refunded in full through the payment provider, in the background',
    );

    // No reason: said under the field, nothing sent.
    await world.user.click(within(dialog).getByRole('button', { name: 'Cancel and refund everyone' }));
    expect(within(dialog).getByText(/Reason: say why the event is cancelled/)).toBeInTheDocument();
    expect(bodiesOf(world, 'POST', CANCELLATION)).toHaveLength(0);

    await world.user.type(within(dialog).getByLabelText(/^Reason/), 'The venue flooded.');
    await world.user.click(within(dialog).getByRole('button', { name: 'Cancel and refund everyone' }));
    expect(await screen.findByText('Refunded 0 of 118 orders.')).toBeInTheDocument();
    expect(bodiesOf(world, 'POST', CANCELLATION)).toEqual([{ reason: 'The venue flooded.', refund: true }]);
    expect(screen.getByRole('progressbar', { name: 'Refunds' })).toHaveAttribute('max', '118');
    expect(screen.queryByRole('button', { name: 'Cancel event' })).not.toBeInTheDocument();

    // Polled every 2 s while running.
    state.cancellation = {
      ...state.cancellation,
      cancellation: makeJob({ total: 118, refunded: 37, pending: 81 }),
    };
    await act(() => vi.advanceTimersByTimeAsync(CANCELLATION_POLL_MS));
    expect(await screen.findByText('Refunded 37 of 118 orders.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Refunds' })).toHaveAttribute('value', '37');

    state.cancellation = {
      ...state.cancellation,
      cancellation: makeJob({
        status: 'done',
        total: 118,
        refunded: 118,
        pending: 0,
        finished_at: '2026-11-27T09:05:00Z',
      }),
    };
    await act(() => vi.advanceTimersByTimeAsync(CANCELLATION_POLL_MS));
    expect(await screen.findByText('Refunded 118 of 118 orders: finished.')).toBeInTheDocument();
    // Done: no more polling.
    const asked = reads(world);
    await act(() => vi.advanceTimersByTimeAsync(CANCELLATION_POLL_MS * 3));
    expect(reads(world)).toBe(asked);
  }, 20_000);

  it('after a reload, shows the job as the server has it, with each failed order linked to the desk', async () => {
    renderPanel(
      makeConsoleEventAnswer({ status: 'cancelled' }),
      {
        paid_orders: 3,
        refundable_orders: 0,
        cancellation: makeJob({
          status: 'failed',
          total: 3,
          refunded: 1,
          failed: 2,
          pending: 0,
          failures: [
            {
              booking_id: 'MQ7K3F9X2QHD',
              kind: 'refused',
              error: 'This order is not paid: there is nothing to refund.',
            },
            { booking_id: 'MQ8M4G0Y3RJE', kind: 'provider', error: 'card_declined' },
          ],
        }),
      },
      {},
      'box_office',
    );
    const status = await screen.findByText(
      'Refunded 1 of 3 orders, 2 failed: finished; the failed orders need the orders desk.',
    );
    expect(status).toHaveAttribute('aria-live', 'polite');
    const failed = screen.getByRole('list', { name: 'Orders not refunded' });
    expect(within(failed).getByRole('link', { name: 'MQ7K3F9X2QHD' })).toHaveAttribute(
      'href',
      '/organiser/acme/orders/MQ7K3F9X2QHD',
    );
    expect(within(failed).getAllByRole('listitem')[1]).toHaveTextContent(
      'MQ8M4G0Y3RJE: the payment provider has not confirmed it yet (retried). card_declined',
    );
    // The box office reads it; it cannot cancel or postpone.
    expect(screen.queryByRole('button', { name: 'Postpone event' })).not.toBeInTheDocument();
  }, 20_000);

  it('a cancellation another organiser started meanwhile (409): the dialog closes and the job is shown', async () => {
    const { world, state } = renderPanel(makeConsoleEventAnswer({ status: 'ongoing' }), {
      paid_orders: 2,
      refundable_orders: 2,
      cancellation: null,
    });
    world.routes[`POST ${CANCELLATION}`] = () => {
      state.cancellation = { ...state.cancellation, cancellation: makeJob({ total: 2, pending: 2 }) };
      return refusal(409, 'event_already_cancelled', 'This event is cancelled already.');
    };
    await world.user.click(await screen.findByRole('button', { name: 'Cancel event' }, { timeout: 5_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Colombo Jazz Night?' });
    await world.user.type(within(dialog).getByLabelText(/^Reason/), 'Flooded.');
    await world.user.click(within(dialog).getByRole('checkbox', { name: /Refund every paid order in full/ }));
    expect(within(dialog).getByRole('list', { name: 'What happens' })).toHaveTextContent('Nothing is refunded here');
    await world.user.click(within(dialog).getByRole('button', { name: 'Cancel the event' }));
    expect(await screen.findByText('Refunded 0 of 2 orders.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodiesOf(world, 'POST', CANCELLATION)).toEqual([{ reason: 'Flooded.', refund: false }]);
  }, 20_000);
});

describe('postponing an event', () => {
  it('sends the message and the new start; the server’s refusal of the end is said under it', async () => {
    const { world, state } = renderPanel(makeConsoleEventAnswer({ status: 'ongoing' }), {
      paid_orders: 1,
      refundable_orders: 1,
      cancellation: null,
    });
    world.routes[`POST ${POSTPONEMENT}`] = ({ body }) => {
      const { new_end_local } = body as { new_end_local?: string };
      if (new_end_local === '2027-01-30T18:00') {
        return refusal(422, 'validation_failed', 'must be after the new start', {
          new_end_local: ['must be after the new start'],
        });
      }
      state.event = { ...state.event, status: 'postponed' };
      return Response.json({
        id: 3,
        status: 'postponed',
        message: 'The headliner is ill.',
        starts_at: '2027-01-30T14:00:00.000Z',
        ends_at: null,
        buyers_emailed: 1,
      });
    };
    await world.user.click(await screen.findByRole('button', { name: 'Postpone event' }, { timeout: 5_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Postpone Colombo Jazz Night?' });
    expect(within(dialog).getByRole('list', { name: 'What happens' })).toHaveTextContent(
      'Nothing is refunded: tickets stay valid for the new date.',
    );
    await world.user.type(within(dialog).getByLabelText(/^Message/), 'The headliner is ill.');
    const start = within(dialog).getByRole('group', { name: 'New start' });
    await world.user.type(within(start).getByLabelText('New start: Date'), '2027-01-30');
    await world.user.type(within(start).getByLabelText('New start: Time'), '19:30');
    const end = within(dialog).getByRole('group', { name: 'New end' });
    await world.user.type(within(end).getByLabelText('New end: Date'), '2027-01-30');
    await world.user.type(within(end).getByLabelText('New end: Time'), '18:00');
    await world.user.click(within(dialog).getByRole('button', { name: 'Postpone the event' }));
    expect(await within(end).findByRole('alert')).toHaveTextContent('New end must be after the new start');

    await world.user.clear(within(end).getByLabelText('New end: Date'));
    await world.user.clear(within(end).getByLabelText('New end: Time'));
    await world.user.click(within(dialog).getByRole('button', { name: 'Postpone the event' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesOf(world, 'POST', POSTPONEMENT)).toEqual([
      { message: 'The headliner is ill.', new_start_local: '2027-01-30T19:30', new_end_local: '2027-01-30T18:00' },
      { message: 'The headliner is ill.', new_start_local: '2027-01-30T19:30' },
    ]);
  }, 20_000);
});

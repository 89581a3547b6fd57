import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleEventAnswer } from '@marquee/domain/console';
import { eventRoutes, makeChecklistItem, makeConsoleEventAnswer, makeSeatedEventAnswer } from '../test/event-fixtures';
import { bodiesOf, renderConsole, type ApiHandler } from '../test/render-console';
import { refusal } from '../test/team-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const STATUS_PATH = '/api/organiser/acme/events/jazz2026/status';
const EVENT_PAGE = '/organiser/acme/events/jazz2026';

function renderPublish(event: ConsoleEventAnswer, api: Record<string, ApiHandler> = {}) {
  const state = { event };
  const world = renderConsole(`${EVENT_PAGE}?section=publish`, { api: { ...eventRoutes(state), ...api } });
  return { world, state };
}

/** The status route answering the event in its new status (and sale start), as the server keeps it. */
function moving(state: { event: ConsoleEventAnswer }): ApiHandler {
  return ({ body }) => {
    const { to, sale_start_local } = body as { to: ConsoleEventAnswer['status']; sale_start_local?: string };
    state.event = { ...state.event, status: to, sale_start_local: sale_start_local ?? state.event.sale_start_local };
    return Response.json(state.event);
  };
}

const checklist = () => screen.getByRole('list', { name: 'Publishing checklist' });
const line = (label: string) =>
  within(checklist())
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(label))!;

describe('the publishing checklist', () => {
  it('a tick for what is ready; what is missing in the server’s words, with where to put it right', async () => {
    renderPublish(
      makeSeatedEventAnswer({
        checklist: [
          makeChecklistItem('no_banner', 'Upload a banner image.'),
          {
            id: 'seated_package_without_seats',
            message: 'Package "Gold": assign it seats on the map, or make it free seating.',
            package_index: 0,
          },
          makeChecklistItem('no_payment_option', 'Choose at least one way to pay that Marquee can take now.'),
        ],
      }),
    );
    expect(await screen.findByText('3 things stand between the event and its buyers.')).toBeInTheDocument();
    expect(
      within(checklist())
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual([
      'Your organisation is approved by Marquee: ready',
      'It starts in the future, and ends after it starts: ready',
      'A banner image: to put right',
      'A thumbnail image: ready',
      'At least one active ticket package: ready',
      "Every package's sales end after they start, and by the end of the event: ready",
      'Every seated package has seats on the map: to put right',
      'A way to pay that Marquee can take now: to put right',
    ]);
    expect(line('A banner image')).toHaveTextContent('Upload a banner image.');
    expect(within(line('A banner image')).getByRole('link', { name: 'Put it right in Images' })).toHaveAttribute(
      'href',
      `${EVENT_PAGE}?section=images`,
    );
    expect(within(line('Every seated package')).getByRole('link', { name: 'Put it right in Seats' })).toHaveAttribute(
      'href',
      `${EVENT_PAGE}?section=seats`,
    );
    expect(within(line('A way to pay')).getByRole('link', { name: 'Put it right in Details' })).toHaveAttribute(
      'href',
      EVENT_PAGE,
    );
  });

  it('a free event at a venue without a map has no payment or seats line; nothing missing, it says so', async () => {
    renderPublish(makeConsoleEventAnswer({ free_event: true }));
    expect(await screen.findByText('Everything is ready for buyers.')).toBeInTheDocument();
    expect(within(checklist()).getAllByRole('listitem')).toHaveLength(6);
    expect(checklist()).not.toHaveTextContent('A way to pay');
    expect(checklist()).not.toHaveTextContent('seated package');
    expect(checklist()).not.toHaveTextContent('to put right');
  });
});

describe('changing the status', () => {
  it('while the checklist has problems, publishing is refused (409 not_publishable): what is missing is listed', async () => {
    const { world, state } = renderPublish(
      makeConsoleEventAnswer({ checklist: [makeChecklistItem('no_banner', 'Upload a banner image.')] }),
      {
        [`POST ${STATUS_PATH}`]: () => {
          // The checklist is run again on the server: the thumbnail was deleted meanwhile.
          const problems = [
            makeChecklistItem('no_banner', 'Upload a banner image.'),
            makeChecklistItem('no_thumbnail', 'Upload a thumbnail image.'),
          ];
          state.event = { ...state.event, checklist: problems };
          return Response.json(
            {
              code: 'not_publishable',
              message: 'The event cannot be published as ongoing yet: 2 things are missing.',
              problems,
            },
            { status: 409 },
          );
        },
      },
    );
    await world.user.click(await screen.findByRole('button', { name: 'Publish: on sale now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The event cannot be published as ongoing yet: 2 things are missing.',
    );
    const missing = screen.getByRole('list', { name: 'What is missing' });
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Upload a banner image. Put it right in Images', 'Upload a thumbnail image. Put it right in Images']);
    expect(bodiesOf(world, 'POST', STATUS_PATH)).toEqual([{ to: 'ongoing' }]);
    // The event is asked again: its checklist shows what the server found.
    expect(await screen.findByText('2 things stand between the event and its buyers.')).toBeInTheDocument();
    expect(screen.getByText('The event is a draft: only your team sees it.')).toBeInTheDocument();
  });

  it('publishing on sale sends the status, and the page shows the event as the server answers it', async () => {
    const { world, state } = renderPublish(makeConsoleEventAnswer());
    world.routes[`POST ${STATUS_PATH}`] = moving(state);
    expect(await screen.findByText('The event is a draft: only your team sees it.')).toBeInTheDocument();
    await world.user.click(screen.getByRole('button', { name: 'Publish: on sale now' }));
    expect(await screen.findByText('The event is on sale.')).toBeInTheDocument();
    expect(bodiesOf(world, 'POST', STATUS_PATH)).toEqual([{ to: 'ongoing' }]);
    expect(
      screen
        .getAllByRole('button')
        .map((button) => button.textContent)
        .filter((text) => ['Postpone event', 'Close sales', 'Cancel event', 'Publish: on sale now'].includes(text!)),
    ).toEqual(['Close sales', 'Postpone event', 'Cancel event']);
  });

  it('a presale needs when sales open: said under the field and nothing sent; then sent with it', async () => {
    const { world, state } = renderPublish(makeConsoleEventAnswer());
    world.routes[`POST ${STATUS_PATH}`] = moving(state);
    await world.user.click(await screen.findByRole('button', { name: 'Publish as a presale' }));
    const salesOpen = screen.getByRole('group', { name: 'Sales open' });
    expect(within(salesOpen).getByRole('alert')).toHaveTextContent(
      'Sales open must be set: the day and time sales open',
    );
    expect(within(salesOpen).getByLabelText('Sales open: Date')).toHaveFocus();
    expect(bodiesOf(world, 'POST', STATUS_PATH)).toHaveLength(0);

    await world.user.type(within(salesOpen).getByLabelText('Sales open: Date'), '2026-11-01');
    await world.user.type(within(salesOpen).getByLabelText('Sales open: Time'), '10:00');
    await world.user.click(screen.getByRole('button', { name: 'Publish as a presale' }));
    expect(
      await screen.findByText(
        'The event is a presale: sales open at its sale start (sales open Sun, 1 Nov 2026, 10:00 am, Asia/Colombo).',
      ),
    ).toBeInTheDocument();
    expect(bodiesOf(world, 'POST', STATUS_PATH)).toEqual([{ to: 'presale', sale_start_local: '2026-11-01T10:00' }]);
  });

  it('a sale start the server refuses (422) is said under Sales open', async () => {
    const { world } = renderPublish(makeConsoleEventAnswer(), {
      [`POST ${STATUS_PATH}`]: () =>
        refusal(422, 'validation_failed', 'is a time the clocks skip at the venue', {
          sale_start_local: ['is a time the clocks skip at the venue'],
        }),
    });
    const salesOpen = await screen.findByRole('group', { name: 'Sales open' });
    await world.user.type(within(salesOpen).getByLabelText('Sales open: Date'), '2026-11-01');
    await world.user.type(within(salesOpen).getByLabelText('Sales open: Time'), '10:00');
    await world.user.click(screen.getByRole('button', { name: 'Publish, sales opening later' }));
    expect(await within(salesOpen).findByRole('alert')).toHaveTextContent(
      'Sales open is a time the clocks skip at the venue',
    );
    expect(bodiesOf(world, 'POST', STATUS_PATH)).toEqual([{ to: 'pending', sale_start_local: '2026-11-01T10:00' }]);
  });

  it('cancelling and postponing are not status moves: they tell (and refund) every buyer', async () => {
    renderPublish(makeConsoleEventAnswer({ status: 'ongoing', sold: 12 }));
    expect(await screen.findByRole('heading', { name: 'Cancel or postpone' })).toBeInTheDocument();
    const moves = screen.getByRole('heading', { name: 'Change the status' }).parentElement!;
    expect(within(moves).queryByRole('button', { name: /Cancel|Postpone/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel event' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Postpone event' })).toBeInTheDocument();
  });

  it('a move the lifecycle no longer allows (409 conflict): the server’s words', async () => {
    const { world } = renderPublish(makeConsoleEventAnswer({ status: 'ongoing' }), {
      [`POST ${STATUS_PATH}`]: () => refusal(409, 'conflict', 'An event cannot go from cancelled to closed.'),
    });
    await world.user.click(await screen.findByRole('button', { name: 'Close sales' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An event cannot go from cancelled to closed.');
    expect(screen.getByRole('button', { name: 'Close sales' })).not.toHaveAttribute('aria-disabled');
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueStatus } from '@marquee/domain/queue';
import { fakeApi, type ApiCall, type ApiHandler } from '../../../test/fake-api';
import { REASSURANCE, WaitingRoom, type WaitingRoomEvent } from './waiting-room';

const EVENT: WaitingRoomEvent = {
  name: 'Colombo Jazz Night',
  path: '/concerts/colombo-jazz-night/abc123',
  timeZone: 'Asia/Colombo',
};
const QUEUE = '/api/events/abc123/queue';

function makeStatus(overrides: Partial<QueueStatus> = {}): QueueStatus {
  return {
    event_uid: 'abc123',
    state: 'waiting',
    opens_at: null,
    position: 1234,
    estimated_wait_seconds: 180,
    admit_per_minute: 600,
    admitted_until: null,
    poll_after_seconds: 5,
    // 6:30 pm in Colombo (UTC+5:30).
    server_time: '2026-12-05T13:00:00.000Z',
    ...overrides,
  };
}

const PRE_QUEUE = makeStatus({
  state: 'pre_queue',
  opens_at: '2026-12-05T13:30:00.000Z',
  position: null,
  estimated_wait_seconds: null,
});
const ADMITTED = makeStatus({
  state: 'admitted',
  position: null,
  estimated_wait_seconds: null,
  admitted_until: '2026-12-05T13:54:00.000Z',
  // 7:00 pm in Colombo.
  server_time: '2026-12-05T13:30:00.000Z',
});
const EXPIRED = makeStatus({ state: 'expired', position: null, estimated_wait_seconds: null });

/** Answers in turn (the last one again once they run out). */
function answers(...responses: (() => Response)[]): ApiHandler {
  let next = 0;
  return () => {
    const respond = responses[Math.min(next, responses.length - 1)];
    next += 1;
    if (!respond) throw new Error('no answer');
    return respond();
  };
}
const ok = (status: QueueStatus) => () => Response.json(status);
const refusal = (status: number, code: string, message: string) => () => Response.json({ code, message }, { status });

let api: ReturnType<typeof fakeApi>;
const callsOf = (method: string): ApiCall[] =>
  api.calls.filter((call) => call.method === method && call.path === QUEUE);

beforeEach(() => {
  api = fakeApi();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setVisibility('visible');
});

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  // As browsers fire it: at the document, bubbling to the window (where TanStack Query listens).
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

function renderRoom({ isSentFromCheckout = false }: { isSentFromCheckout?: boolean } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/events/:uid/queue',
        element: <WaitingRoom uid="abc123" event={EVENT} isSentFromCheckout={isSentFromCheckout} />,
      },
      { path: '/concerts/colombo-jazz-night/abc123', element: <h1>The event page</h1> },
    ],
    { initialEntries: ['/events/abc123/queue'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** The page's own text, not the live region's copy of it. */
const shown = (text: string | RegExp) => screen.getByText(text, { ignore: '[aria-live], script, style' });
const findShown = (text: string | RegExp) => screen.findByText(text, { ignore: '[aria-live], script, style' });
const liveRegion = () => screen.getByText((_, element) => element?.getAttribute('aria-live') === 'polite');

describe('WaitingRoom', () => {
  it('joins on arrival and, before the sale opens, says when it opens and that nobody needs to refresh', async () => {
    api.routes[`POST ${QUEUE}`] = answers(ok(PRE_QUEUE));
    renderRoom();
    expect(screen.getByRole('heading', { level: 1, name: 'Colombo Jazz Night' })).toBeInTheDocument();
    expect(screen.getByText('Finding your place in line…')).toBeInTheDocument();

    expect(await screen.findByRole('heading', { level: 2, name: 'Waiting for the sale to open' })).toBeInTheDocument();
    expect(
      shown(
        'The sale opens at 7:00 PM GMT+5:30. When it opens, everyone waiting gets a place in line at random, so there is no need to refresh.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(REASSURANCE)).toBeInTheDocument();
    const [join] = callsOf('POST');
    expect(join?.body).toEqual({});
    expect(join?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    // The first answer is the page itself: nothing to announce yet.
    expect(liveRegion()).toBeEmptyDOMElement();
  });

  it('names the day too when the sale opens on another day', async () => {
    api.routes[`POST ${QUEUE}`] = answers(ok({ ...PRE_QUEUE, opens_at: '2026-12-07T04:30:00.000Z' }));
    renderRoom();
    expect(await findShown(/^The sale opens at 10:00 AM GMT\+5:30 on Mon, 7 Dec 2026\./)).toBeInTheDocument();
  });

  it('shows the place in line with the wait and a bar from the first place seen, and announces only new quarters', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    api.routes[`POST ${QUEUE}`] = answers(ok(makeStatus({ position: 1001, estimated_wait_seconds: 180 })));
    api.routes[`GET ${QUEUE}`] = answers(
      ok(makeStatus({ position: 901, estimated_wait_seconds: 150 })),
      ok(makeStatus({ position: 701, estimated_wait_seconds: 70 })),
      ok(makeStatus({ position: 1, estimated_wait_seconds: 20 })),
    );
    renderRoom();
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByRole('heading', { level: 2, name: 'You are in line' })).toBeInTheDocument();
    expect(shown('You are number 1,001 in line. About 3 minutes to go.')).toBeInTheDocument();
    expect(screen.getByText('About 600 buyers are let in each minute.')).toBeInTheDocument();
    expect(screen.getByText(REASSURANCE)).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Your way to the front of the line' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(bar).toHaveAttribute('aria-valuetext', '1,000 people ahead of you (0% of the way)');

    // 10% of the way: the page changes, the live region does not.
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(shown('You are number 901 in line. About 3 minutes to go.')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '10');
    expect(liveRegion()).toBeEmptyDOMElement();

    // 30%: past the first quarter, said politely.
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    expect(liveRegion()).toHaveTextContent('You are number 701 in line. About 1 minute to go.');

    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.getByRole('heading', { level: 2, name: 'You are next in line' })).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuetext', 'Nobody is ahead of you (100% of the way)');
    expect(liveRegion()).toHaveTextContent('You are number 1 in line. Less than a minute to go.');
  });

  it('when admitted, says until when and offers the tickets; the turn is announced', async () => {
    const user = userEvent.setup();
    api.routes[`POST ${QUEUE}`] = answers(
      ok(makeStatus({ position: 2, estimated_wait_seconds: 1, poll_after_seconds: 1 })),
    );
    api.routes[`GET ${QUEUE}`] = answers(ok(ADMITTED));
    const router = renderRoom();
    const heading = await screen.findByRole('heading', { level: 2, name: "It's your turn" }, { timeout: 3000 });
    expect(heading).toBeInTheDocument();
    const sentence = "It's your turn! You have until 7:24 PM GMT+5:30 to choose your tickets.";
    expect(shown(sentence)).toBeInTheDocument();
    expect(liveRegion()).toHaveTextContent(sentence);
    // The server's clock says 7:00 pm: 24 minutes, whatever this device's clock says.
    expect(screen.getByText('About 24 minutes left.')).toBeInTheDocument();
    // Nothing about waiting once it is the buyer's turn.
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText(REASSURANCE)).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Choose your tickets' }));
    expect(router.state.location.pathname).toBe(EVENT.path);
    expect(router.state.location.search).toBe('?step=2');
  });

  it('when the admission ran out, joins again for a new place', async () => {
    const user = userEvent.setup();
    api.routes[`POST ${QUEUE}`] = answers(ok(EXPIRED), ok(makeStatus({ position: 40, estimated_wait_seconds: 4 })));
    renderRoom();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your turn has ended' })).toBeInTheDocument();
    expect(
      shown(
        'The time to choose your tickets ran out before an order was saved. Join the queue again for a new place in line.',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Join the queue again' }));
    expect(await findShown('You are number 40 in line. Less than a minute to go.')).toBeInTheDocument();
    expect(callsOf('POST')).toHaveLength(2);
    expect(liveRegion()).toHaveTextContent('You are number 40 in line.');
  });

  it('asks again only after poll_after_seconds, not while the tab is hidden, and again when it comes back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    api.routes[`POST ${QUEUE}`] = answers(ok(makeStatus({ poll_after_seconds: 8 })));
    api.routes[`GET ${QUEUE}`] = answers(ok(makeStatus({ position: 1000, poll_after_seconds: 8 })));
    renderRoom();
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(callsOf('POST')).toHaveLength(1);
    expect(callsOf('GET')).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(7800));
    expect(callsOf('GET')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(callsOf('GET')).toHaveLength(1);
    expect(shown(/^You are number 1,000 in line\./)).toBeInTheDocument();

    // Hidden: no polls at all.
    setVisibility('hidden');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(callsOf('GET')).toHaveLength(1);

    // Back: asked at once (the last answer is older than the server's interval), then at its pace again.
    setVisibility('visible');
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(callsOf('GET')).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(8000));
    expect(callsOf('GET')).toHaveLength(3);
  });

  it('does not ask sooner than the server said when the tab comes back quickly', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    api.routes[`POST ${QUEUE}`] = answers(ok(makeStatus({ poll_after_seconds: 30 })));
    api.routes[`GET ${QUEUE}`] = answers(ok(makeStatus({ poll_after_seconds: 30 })));
    renderRoom();
    await act(() => vi.advanceTimersByTimeAsync(50));
    setVisibility('hidden');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    setVisibility('visible');
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(callsOf('GET')).toHaveLength(0);
  });

  it('says when too many joins came from the connection, and tries again', async () => {
    const user = userEvent.setup();
    api.routes[`POST ${QUEUE}`] = answers(
      refusal(429, 'rate_limited', 'Too many requests.'),
      ok(makeStatus({ position: 12, estimated_wait_seconds: 1 })),
    );
    renderRoom();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'We could not get you a place in line' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Too many tries to join came from your connection. Wait a minute, then try again.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await findShown('You are number 12 in line. Less than a minute to go.')).toBeInTheDocument();
  });

  it('says when Marquee cannot be reached', async () => {
    api.routes[`POST ${QUEUE}`] = () => Promise.reject(new TypeError('Failed to fetch'));
    renderRoom();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not reach Marquee. Check your connection and try again.',
    );
  });

  it('sends the buyer to the tickets when the sale has no waiting room', async () => {
    api.routes[`POST ${QUEUE}`] = answers(refusal(409, 'conflict', 'This event has no waiting room.'));
    renderRoom();
    expect(
      await screen.findByText('This sale has no waiting room: you can choose your tickets now.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose your tickets' })).toHaveAttribute('href', `${EVENT.path}?step=2`);
  });

  it('says so when the event is not on sale (closed, postponed)', async () => {
    api.routes[`POST ${QUEUE}`] = answers(refusal(409, 'not_on_sale', 'Tickets are not on sale.'));
    renderRoom();
    expect(
      await screen.findByText('Tickets for this event are not on sale, so there is no queue to join.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the event' })).toHaveAttribute('href', EVENT.path);
  });

  it('offers a new place when the server no longer knows this one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    api.routes[`POST ${QUEUE}`] = answers(ok(makeStatus()));
    api.routes[`GET ${QUEUE}`] = answers(refusal(404, 'not_found', 'You have no place in this queue.'));
    renderRoom();
    await act(() => vi.advanceTimersByTimeAsync(5050));
    expect(screen.getByRole('heading', { level: 2, name: 'We could not find your place in line' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join the queue again' })).toBeInTheDocument();
    // No place, nothing to poll.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(callsOf('GET')).toHaveLength(1);
  });

  it('keeps the last place shown when a poll fails, and says so', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    api.routes[`POST ${QUEUE}`] = answers(ok(makeStatus({ position: 50 })));
    api.routes[`GET ${QUEUE}`] = answers(
      refusal(503, 'service_unavailable', 'Busy.'),
      ok(makeStatus({ position: 20 })),
    );
    renderRoom();
    await act(() => vi.advanceTimersByTimeAsync(5050));
    expect(shown(/^You are number 50 in line\./)).toBeInTheDocument();
    expect(screen.getByText(/We could not check your place just now/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(shown(/^You are number 20 in line\./)).toBeInTheDocument();
    expect(screen.queryByText(/We could not check your place just now/)).not.toBeInTheDocument();
  });

  it('tells a buyer the checkout sent here why their order was not saved', async () => {
    api.routes[`POST ${QUEUE}`] = answers(ok(makeStatus()));
    renderRoom({ isSentFromCheckout: true });
    expect(screen.getByText('Your order was not saved')).toBeInTheDocument();
    expect(screen.getByText(/Your chosen tickets are kept/)).toBeInTheDocument();
    await waitFor(() => expect(callsOf('POST')).toHaveLength(1));
  });
});

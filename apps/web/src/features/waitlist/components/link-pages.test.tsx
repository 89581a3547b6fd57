import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WaitlistEntryAnswer, WaitlistOfferAnswer } from '@marquee/domain/waitlist';
import { fakeApi, type ApiCall, type ApiHandler } from '../../../test/fake-api';
import { ConfirmWaitlist } from './confirm-waitlist';
import { LeaveWaitlist } from './leave-waitlist';
import { WaitlistOffer } from './waitlist-offer';

const EVENT = { uid: 'abc123', name: 'Colombo Jazz Night', path: '/concerts/colombo-jazz-night/abc123' };
const WAITING: WaitlistEntryAnswer = {
  status: 'waiting',
  event: EVENT,
  package_name: 'Gold',
  quantity: 2,
  position: 3,
  offer_expires_at: null,
};
const LEFT: WaitlistEntryAnswer = { ...WAITING, status: 'left', position: null };
const OFFER: WaitlistOfferAnswer = {
  order_id: 'MQ7K3F9X2QHD',
  access_token: 'token-123',
  event: EVENT,
  hold_expires_at: '2026-11-27T16:10:00.000Z',
};

let calls: ApiCall[] = [];
let routes: Record<string, ApiHandler> = {};

beforeEach(() => {
  ({ calls, routes } = fakeApi());
  routes['POST /api/waitlist/confirm'] = () => Response.json(WAITING);
  routes['POST /api/waitlist/leave'] = () => Response.json(LEFT);
  routes['POST /api/waitlist/offer'] = () => Response.json(OFFER);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const posts = () => calls.filter((call) => call.method === 'POST').map(({ path, body }) => ({ path, body }));

describe('the confirmation page', () => {
  it('confirms only when the button is pressed, then says the place in line and what happens next', async () => {
    const user = renderPage(<ConfirmWaitlist token="tok-1" />);
    expect(posts()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm my place' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('You are number 3 in line for 2 × Gold — Colombo Jazz Night.');
    expect(status).toHaveTextContent('We e-mail you when tickets come back.');
    expect(status).toHaveTextContent('held for you for 10 minutes');
    expect(status).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Go to Colombo Jazz Night' })).toHaveAttribute('href', EVENT.path);
    expect(posts()).toEqual([{ path: '/api/waitlist/confirm', body: { token: 'tok-1' } }]);
  });

  it('offers to leave the waitlist, with the same token', async () => {
    const user = renderPage(<ConfirmWaitlist token="tok-1" />);
    await user.click(screen.getByRole('button', { name: 'Confirm my place' }));
    await user.click(await screen.findByRole('button', { name: 'Leave the waitlist' }));
    const status = await screen.findByText('You have left the waitlist.');
    expect(status.closest('[role="status"]')).toHaveTextContent(
      'We will not offer you 2 × Gold for Colombo Jazz Night.',
    );
    expect(posts()[1]).toEqual({ path: '/api/waitlist/leave', body: { token: 'tok-1' } });
  });

  it('says so when leaving fails, and keeps the button', async () => {
    routes['POST /api/waitlist/leave'] = () => Response.json({ code: 'internal_error', message: 'x' }, { status: 500 });
    const user = renderPage(<ConfirmWaitlist token="tok-1" />);
    await user.click(screen.getByRole('button', { name: 'Confirm my place' }));
    await user.click(await screen.findByRole('button', { name: 'Leave the waitlist' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(screen.getByRole('button', { name: 'Leave the waitlist' })).toBeInTheDocument();
  });

  it('names an entry that is already further on', async () => {
    routes['POST /api/waitlist/confirm'] = () =>
      Response.json({ ...WAITING, status: 'offered', position: null, offer_expires_at: OFFER.hold_expires_at });
    const user = renderPage(<ConfirmWaitlist token="tok-1" />);
    await user.click(screen.getByRole('button', { name: 'Confirm my place' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Tickets are held for you: 2 × Gold — Colombo Jazz Night.',
    );
  });

  it.each([
    ['link_expired', 410, 'This link has expired.'],
    ['link_invalid', 404, 'This link does not work.'],
  ])('a %s answer says so, with a way on', async (code, status, title) => {
    routes['POST /api/waitlist/confirm'] = () =>
      Response.json({ code, message: 'Join the waitlist again on the event page.' }, { status });
    const user = renderPage(<ConfirmWaitlist token="old" />);
    await user.click(screen.getByRole('button', { name: 'Confirm my place' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent('Join the waitlist again on the event page.');
    expect(screen.getByRole('link', { name: 'Browse events' })).toBeInTheDocument();
  });

  it('keeps the button after a failure it can retry, and shows it is working', async () => {
    routes['POST /api/waitlist/confirm'] = () => Promise.reject(new TypeError('Failed to fetch'));
    const user = renderPage(<ConfirmWaitlist token="tok-1" />);
    await user.click(screen.getByRole('button', { name: 'Confirm my place' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach Marquee.');
    let answer: (response: Response) => void = () => {};
    routes['POST /api/waitlist/confirm'] = () => new Promise<Response>((resolve) => (answer = resolve));
    await user.click(screen.getByRole('button', { name: 'Confirm my place' }));
    expect(await screen.findByRole('button', { name: 'Confirming…' })).toHaveAttribute('aria-disabled', 'true');
    answer(Response.json(WAITING));
    expect(await screen.findByRole('status')).toHaveTextContent('You are number 3 in line');
  });

  it('says the link is incomplete without a token, and sends nothing', () => {
    renderPage(<ConfirmWaitlist token={null} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });
});

describe('the leave page', () => {
  it('leaves with one press of its button, without signing in', async () => {
    const user = renderPage(<LeaveWaitlist token="tok-2" />);
    expect(posts()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Leave the waitlist' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('You have left the waitlist.');
    expect(status).toHaveTextContent('We will not offer you 2 × Gold for Colombo Jazz Night.');
    expect(screen.getByRole('link', { name: 'Go to Colombo Jazz Night' })).toBeInTheDocument();
    expect(posts()).toEqual([{ path: '/api/waitlist/leave', body: { token: 'tok-2' } }]);
  });

  it('says so when the link is not ours', async () => {
    routes['POST /api/waitlist/leave'] = () =>
      Response.json({ code: 'link_invalid', message: 'This link is not valid.' }, { status: 404 });
    const user = renderPage(<LeaveWaitlist token="forged" />);
    await user.click(screen.getByRole('button', { name: 'Leave the waitlist' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This link does not work.');
    expect(alert).toHaveTextContent('This link is not valid.');
  });

  it('says the link is incomplete without a token', () => {
    renderPage(<LeaveWaitlist token={null} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete.');
  });
});

describe('the offer page', () => {
  it('claims the offer only when the button is pressed, and hands it to the route', async () => {
    const onClaimed = vi.fn();
    const user = renderPage(<WaitlistOffer token="tok-3" onClaimed={onClaimed} />);
    expect(posts()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await vi.waitFor(() => expect(onClaimed).toHaveBeenCalledWith(OFFER));
    expect(posts()).toEqual([{ path: '/api/waitlist/offer', body: { token: 'tok-3' } }]);
    // The route navigates away; meanwhile the button cannot claim twice.
    expect(screen.getByRole('button', { name: 'Opening the payment…' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('an offer no longer held says why, with a link to the event when the answer names it', async () => {
    routes['POST /api/waitlist/offer'] = () =>
      Response.json(
        {
          code: 'offer_unavailable',
          message: 'The 10 minutes to pay have passed: the tickets went to the next in line.',
          event: EVENT,
        },
        { status: 409 },
      );
    const user = renderPage(<WaitlistOffer token="tok-3" onClaimed={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('These tickets are not held for you now.');
    expect(alert).toHaveTextContent('The 10 minutes to pay have passed');
    expect(screen.getByRole('link', { name: 'Go to Colombo Jazz Night' })).toHaveAttribute('href', EVENT.path);
  });

  it('an offer_unavailable without the event links to the events', async () => {
    routes['POST /api/waitlist/offer'] = () =>
      Response.json({ code: 'offer_unavailable', message: 'You are still in line.' }, { status: 409 });
    const user = renderPage(<WaitlistOffer token="tok-3" onClaimed={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are still in line.');
    expect(screen.getByRole('link', { name: 'Browse events' })).toBeInTheDocument();
  });

  it('a link that is not ours says so', async () => {
    routes['POST /api/waitlist/offer'] = () =>
      Response.json({ code: 'link_invalid', message: 'This link is not valid.' }, { status: 404 });
    const user = renderPage(<WaitlistOffer token="forged" onClaimed={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link does not work.');
  });

  it('says the link is incomplete without a token', () => {
    renderPage(<WaitlistOffer token={null} onClaimed={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete.');
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmNotifyMe } from './confirm-notify-me';
import { UnsubscribeNotifyMe } from './unsubscribe-notify-me';

const EVENT = { name: 'Colombo Jazz Night', path: '/concerts/colombo-jazz-night/abc123', is_on_sale: false };
const sent: { url: string; body: unknown }[] = [];
let respond: (url: string) => Response = () => new Response(null, { status: 500 });

beforeEach(() => {
  sent.length = 0;
  respond = (url) =>
    url.endsWith('/confirm')
      ? Response.json({ status: 'confirmed', event: EVENT, unsubscribe_token: '7.signed' })
      : Response.json({ status: 'unsubscribed', event: EVENT });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ url: String(input), body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
      return respond(String(input));
    }),
  );
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

describe('the confirmation page', () => {
  it('confirms only when the button is pressed (a mail scanner opening the link confirms nothing)', async () => {
    const user = renderPage(<ConfirmNotifyMe token="tok-1" />);
    expect(sent).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Confirmed.');
    expect(status).toHaveTextContent('We will send you one e-mail when tickets for Colombo Jazz Night go on sale.');
    expect(status).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Go to Colombo Jazz Night' })).toHaveAttribute('href', EVENT.path);
    expect(sent).toEqual([{ url: '/api/notify-me/confirm', body: { token: 'tok-1' } }]);
  });

  it('offers to undo it, with the unsubscribe token it was given', async () => {
    const user = renderPage(<ConfirmNotifyMe token="tok-1" />);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await user.click(await screen.findByRole('button', { name: 'Changed your mind? Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Done: we will not e-mail you about this event.');
    expect(sent[1]).toEqual({ url: '/api/notify-me/unsubscribe', body: { token: '7.signed' } });
  });

  it.each([
    ['link_expired', 410, 'This link has expired.'],
    ['link_invalid', 403, 'This link does not work.'],
  ])('a %s answer says so, with a way on', async (code, status, title) => {
    respond = () => Response.json({ code, message: 'Ask for Notify Me again on the event page.' }, { status });
    const user = renderPage(<ConfirmNotifyMe token="old" />);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent('Ask for Notify Me again on the event page.');
    expect(screen.getByRole('link', { name: 'Browse events' })).toBeInTheDocument();
  });

  it('keeps the button after a failure it can retry, and shows it is working', async () => {
    respond = () => Response.json({ code: 'internal_error', message: 'x' }, { status: 500 });
    const user = renderPage(<ConfirmNotifyMe token="tok-1" />);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    respond = () =>
      Response.json({ status: 'confirmed', event: { ...EVENT, is_on_sale: true }, unsubscribe_token: 't' });
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('status')).toHaveTextContent('are on sale now');
  });

  it('says the link is incomplete without a token, and sends nothing', () => {
    renderPage(<ConfirmNotifyMe token={null} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});

describe('the unsubscribe page', () => {
  it('unsubscribes with one press of its button, without signing in', async () => {
    const user = renderPage(<UnsubscribeNotifyMe token="7.signed" />);
    expect(sent).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('You are unsubscribed.');
    expect(status).toHaveTextContent('We will not e-mail you about Colombo Jazz Night again.');
    expect(sent).toEqual([{ url: '/api/notify-me/unsubscribe', body: { token: '7.signed' } }]);
  });

  it('says so when the link is not ours', async () => {
    respond = () => Response.json({ code: 'link_invalid', message: 'This link is not valid.' }, { status: 403 });
    const user = renderPage(<UnsubscribeNotifyMe token="forged" />);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link does not work.');
  });

  it('works when the event is gone', async () => {
    respond = () => Response.json({ status: 'unsubscribed', event: null });
    const user = renderPage(<UnsubscribeNotifyMe token="7.signed" />);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We will not e-mail you about this event again.');
    expect(screen.getByRole('link', { name: 'Browse events' })).toHaveAttribute('href', '/');
  });

  it('says the link is incomplete without a token', () => {
    renderPage(<UnsubscribeNotifyMe token={null} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete.');
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAltcha } from '../../../test/fake-altcha';
import { NotifyMe } from './notify-me';

interface Sent {
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

const sent: Sent[] = [];
let respond: () => Response | Promise<Response> = () =>
  Response.json({ status: 'pending', message: 'Check your e-mail: we sent you a link to confirm.' }, { status: 202 });

beforeEach(() => {
  sent.length = 0;
  respond = () =>
    Response.json({ status: 'pending', message: 'Check your e-mail: we sent you a link to confirm.' }, { status: 202 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      sent.push({
        url: String(input),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
        headers: Object.fromEntries(headers.entries()),
      });
      return respond();
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderNotifyMe(defaultEmail: string | null = null) {
  render(<NotifyMe eventUid="abc123" eventName="Colombo Jazz Night" defaultEmail={defaultEmail} />);
  return userEvent.setup();
}

describe('Notify Me on the event page', () => {
  it('is a button that opens and closes a small form, by keyboard too', async () => {
    const user = renderNotifyMe();
    const toggle = screen.getByRole('button', { name: 'Notify Me' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();

    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    const form = screen.getByRole('form', { name: 'Notify Me about Colombo Jazz Night' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAttribute('aria-controls', form.id);
    // The field the buyer came for takes the focus; the human check is in the form.
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByTestId('captcha')).toBeInTheDocument();

    await user.click(toggle);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it("starts with the signed-in buyer's e-mail, sends it with the human check, and says to check the e-mail", async () => {
    const user = renderNotifyMe('nimal@example.com');
    await user.click(screen.getByRole('button', { name: 'Notify Me' }));
    expect(screen.getByLabelText('Email')).toHaveValue('nimal@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me the link' }));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Check your e-mail to confirm.');
    expect(status).toHaveTextContent('We sent a link to nimal@example.com');
    expect(status).toHaveFocus();
    expect(sent).toEqual([
      {
        url: '/api/events/abc123/notify-me',
        body: { email: 'nimal@example.com' },
        headers: expect.objectContaining({ 'x-captcha': expect.stringMatching(/^captcha-\d+$/) }),
      },
    ]);
  });

  it('checks the e-mail before sending anything', async () => {
    const user = renderNotifyMe();
    await user.click(screen.getByRole('button', { name: 'Notify Me' }));
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send me the link' }));
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(/Email is invalid/);
    expect(sent).toHaveLength(0);
  });

  it('shows it is sending, and ignores a second press meanwhile', async () => {
    let answer: (response: Response) => void = () => {};
    respond = () => new Promise<Response>((resolve) => (answer = resolve));
    const user = renderNotifyMe('nimal@example.com');
    await user.click(screen.getByRole('button', { name: 'Notify Me' }));
    await user.click(screen.getByRole('button', { name: 'Send me the link' }));
    const busy = await screen.findByRole('button', { name: 'Sending…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.click(busy);
    answer(Response.json({ status: 'pending', message: 'ok' }, { status: 202 }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your e-mail to confirm.');
    expect(sent).toHaveLength(1);
  });

  it.each([
    ['notify_me_closed', 409, 'Notify Me is only for events whose tickets are not on sale yet.'],
    ['rate_limited', 429, 'You have asked for several Notify Me e-mails in a short time.'],
    ['not_found', 404, 'This event does not exist or is no longer listed.'],
  ])('a %s answer shows its message and keeps the form', async (code, status, message) => {
    respond = () => Response.json({ code, message }, { status });
    const user = renderNotifyMe('nimal@example.com');
    await user.click(screen.getByRole('button', { name: 'Notify Me' }));
    await user.click(screen.getByRole('button', { name: 'Send me the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Send me the link' })).toBeInTheDocument();
  });

  it('tells when the human check cannot be solved, and sends nothing', async () => {
    fakeAltcha.outcome = 'error';
    const user = renderNotifyMe('nimal@example.com');
    await user.click(screen.getByRole('button', { name: 'Notify Me' }));
    await user.click(screen.getByRole('button', { name: 'Send me the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The human check could not be completed.');
    expect(sent).toHaveLength(0);
  });

  it('says when the server cannot be reached', async () => {
    respond = () => Promise.reject(new TypeError('Failed to fetch'));
    const user = renderNotifyMe('nimal@example.com');
    await user.click(screen.getByRole('button', { name: 'Notify Me' }));
    await user.click(screen.getByRole('button', { name: 'Send me the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach Marquee.');
  });
});

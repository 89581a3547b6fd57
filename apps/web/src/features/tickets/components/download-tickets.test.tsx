import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_LOOKUP_MESSAGES, type BookingLookupResult } from '@marquee/domain/bookings';
import { ACCOUNT_MESSAGES } from '@marquee/domain/accounts-session';
import { fakeAltcha } from '../../../test/fake-altcha';
import { DownloadTickets } from './download-tickets';

const RESULT: BookingLookupResult = {
  event_name: 'Colombo Jazz Night',
  event_thumb_img: '/images/events/jazz-thumb.svg',
  event_venue: 'Nelum Pokuna, Colombo',
  event_start_date: 'Sat, 5 Dec 2026',
  event_start_time: '7:30 PM GMT+5:30',
  order_id: 'MQ7K3F9X2QHD',
  status: 'complete',
  status_label: 'Complete',
  tot_tickets: 2,
  packages: [{ package: { name: 'Gold' }, ticket_count: 2 }],
  ticket_url: '/api/tickets/MQ7K3F9X2QHD.pdf?expires=1&signature=abc',
  matched_by: 'email',
  tickets: [
    { code: 'T0000000000000001', package_name: 'Gold', seat: 'Stalls · Row A · Seat 1' },
    { code: 'T0000000000000002', package_name: 'Gold', seat: 'Stalls · Row A · Seat 2' },
  ],
};

let respond: (body: unknown) => Response = () => Response.json(RESULT);
const requests: unknown[] = [];

beforeEach(() => {
  requests.length = 0;
  respond = () => Response.json(RESULT);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      requests.push(body);
      return respond(body);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DownloadTickets />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('Download Your Tickets', () => {
  it('asks for both fields before searching', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Search Ticket' }));
    expect(await screen.findByText(BOOKING_LOOKUP_MESSAGES.bookingIdRequired)).toBeInTheDocument();
    expect(screen.getByText(BOOKING_LOOKUP_MESSAGES.nicRequired)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('says the checkout e-mail may stand in for the NIC', () => {
    renderPage();
    expect(screen.getByLabelText('NIC')).toHaveAccessibleDescription(/Enter the e-mail you used at checkout instead/);
  });

  it('shows the booking summary card and the ticket list card with the PDF download', async () => {
    const user = renderPage();
    await user.type(screen.getByLabelText('Booking ID'), ' mq7k3f9x2qhd ');
    await user.type(screen.getByLabelText('NIC'), 'nimal@example.com');
    await user.click(screen.getByRole('button', { name: 'Search Ticket' }));

    const summary = await screen.findByRole('region', { name: 'Colombo Jazz Night' });
    expect(summary).toHaveTextContent('Nelum Pokuna, Colombo');
    expect(summary).toHaveTextContent('MQ7K3F9X2QHD');
    expect(summary).toHaveTextContent('2 × Gold');
    expect(summary).toHaveTextContent('found it with the e-mail used at checkout');
    const list = screen.getByRole('region', { name: 'Your tickets' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Stalls · Row A · Seat 2')).toBeInTheDocument();
    const download = within(list).getByRole('link', { name: 'Download tickets (PDF)' });
    expect(download).toHaveAttribute('href', RESULT.ticket_url);
    expect(download).toHaveAttribute('download', 'MQ7K3F9X2QHD.pdf');
    expect(requests[0]).toEqual({ booking_id: 'mq7k3f9x2qhd', nic: 'nimal@example.com' });
  });

  it.each([
    ['not_found', 404, BOOKING_LOOKUP_MESSAGES.notFound, 'Booking not found'],
    ['not_paid', 409, BOOKING_LOOKUP_MESSAGES.notPaid, 'No tickets to download'],
    ['not_valid', 409, BOOKING_LOOKUP_MESSAGES.notValid, 'No tickets to download'],
    ['rate_limited', 429, BOOKING_LOOKUP_MESSAGES.tooManyAttempts, 'Please wait'],
  ])('a %s answer shows its message', async (code, status, message, title) => {
    respond = () => Response.json({ code, message }, { status });
    const user = renderPage();
    await user.type(screen.getByLabelText('Booking ID'), 'MQ7K3F9X2QHD');
    await user.type(screen.getByLabelText('NIC'), '952345678V');
    await user.click(screen.getByRole('button', { name: 'Search Ticket' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent(message);
  });
});

describe('Download Your Tickets: the human check', () => {
  async function search(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Booking ID'), 'MQ7K3F9X2QHD');
    await user.type(screen.getByLabelText('NIC'), '952345678V');
    await user.click(screen.getByRole('button', { name: 'Search Ticket' }));
  }

  it('a check that cannot be solved sends nothing and says so', async () => {
    fakeAltcha.outcome = 'error';
    const user = renderPage();
    await search(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please try again');
    expect(alert).toHaveTextContent(ACCOUNT_MESSAGES.captchaFailed);
    expect(requests).toHaveLength(0);
  });

  it('a refused check (captcha_failed) is told and solved again for the next try', async () => {
    respond = () =>
      Response.json({ code: 'captcha_failed', message: 'We could not confirm that you are human.' }, { status: 403 });
    const user = renderPage();
    const resetsBefore = fakeAltcha.resets;
    await search(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please try again');
    expect(alert).toHaveTextContent('We could not confirm that you are human.');
    // One reset after the payload was handed out, one more for the refusal.
    expect(fakeAltcha.resets).toBeGreaterThanOrEqual(resetsBefore + 2);
  });
});

import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, type MyBooking } from '@marquee/domain/accounts';
import { KUMARI, renderAccounts } from '../../../test/render-accounts';

afterEach(() => vi.unstubAllGlobals());

const PAID: MyBooking = {
  event_name: 'Colombo Jazz Night',
  event_thumb_img: '/images/events/jazz-thumb.svg',
  event_venue: 'Nelum Pokuna, Colombo',
  event_start_date: 'Sat, 5 Dec 2026',
  event_start_time: '7:30 PM GMT+5:30',
  order_id: 'MQ7K3F9X2QHD',
  status: 'complete',
  status_label: 'Complete',
  tot_tickets: 3,
  packages: [
    { package: { name: 'Gold' }, ticket_count: 2 },
    { package: { name: 'Silver' }, ticket_count: 1 },
  ],
  ticket_url: '/api/tickets/MQ7K3F9X2QHD.pdf?expires=1&signature=abc',
  placed_at: '2026-11-20T10:00:00.000Z',
};
const PENDING: MyBooking = { ...PAID, order_id: 'MQAAAAAAAAAA', status: 'pending', status_label: 'Pending', ticket_url: null };

describe('My bookings', () => {
  it('signed out: asks to sign in, and Sign In opens the login modal', async () => {
    const world = renderAccounts('/my-bookings');
    const main = screen.getByRole('main');
    expect(await within(main).findByText(ACCOUNT_MESSAGES.signInRequired)).toBeInTheDocument();
    expect(world.calls.some((call) => call.path === '/api/me/bookings')).toBe(false);
    await world.user.click(within(main).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('dialog', { name: 'Sign Up or Log In' })).toBeInTheDocument();
  });

  it('lists the bookings with their details, and Download tickets once paid', async () => {
    const world = renderAccounts('/my-bookings', { user: KUMARI });
    world.routes['GET /api/me/bookings'] = () => Response.json({ data: [PENDING, PAID] });
    const list = await screen.findByRole('list', { name: 'Your bookings' });
    const [pending, paid] = within(list).getAllByRole('article');
    expect(pending).toHaveTextContent('Pending');
    expect(within(pending!).queryByRole('link', { name: /Download tickets/ })).not.toBeInTheDocument();
    expect(paid).toHaveAccessibleName('Colombo Jazz Night');
    for (const text of ['Sat, 5 Dec 2026, 7:30 PM GMT+5:30', 'Nelum Pokuna, Colombo', 'MQ7K3F9X2QHD', 'Complete', '3 (2 × Gold, 1 × Silver)']) {
      expect(paid).toHaveTextContent(text);
    }
    const download = within(paid!).getByRole('link', { name: /Download tickets/ });
    expect(download).toHaveAttribute('href', PAID.ticket_url);
    expect(download).toHaveAttribute('download', 'MQ7K3F9X2QHD.pdf');
  });

  it('none yet: says so and links to the events', async () => {
    const world = renderAccounts('/my-bookings', { user: KUMARI });
    world.routes['GET /api/me/bookings'] = () => Response.json({ data: [] });
    expect(await screen.findByRole('heading', { name: 'No bookings yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse events' })).toHaveAttribute('href', '/all');
  });

  it('a failure offers Try again', async () => {
    const world = renderAccounts('/my-bookings', { user: KUMARI });
    world.routes['GET /api/me/bookings'] = () => Response.json({ code: 'internal_error', message: 'Oops.' }, { status: 500 });
    expect(await screen.findByRole('heading', { name: 'Your bookings could not be loaded' })).toBeInTheDocument();
    world.routes['GET /api/me/bookings'] = () => Response.json({ data: [PAID] });
    await world.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Your bookings' })).toBeInTheDocument();
  });
});

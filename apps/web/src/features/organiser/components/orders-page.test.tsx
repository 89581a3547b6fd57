import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeConsoleEvent, renderConsole } from '../test/render-console';
import { asRole, BOOKING_ID, makeDeskOrderSummary, requests } from '../test/desk-fixtures';
import { refusal } from '../test/team-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const events = {
  'GET /api/organiser/acme/events': () =>
    Response.json({ events: [makeConsoleEvent(), makeConsoleEvent({ uid: 'ev2', name: 'Swan Lake' })] }),
};
const orders = (answer = {}) => ({
  'GET /api/organiser/acme/orders': () =>
    Response.json({
      orders: [
        makeDeskOrderSummary(),
        makeDeskOrderSummary({
          booking_id: 'MQ2222222222',
          buyer: { first_name: 'Sunil', last_name: 'Silva' },
          contact: null,
          status: 'pending',
          tickets: 1,
          total: 500_000,
        }),
      ],
      page: 1,
      per_page: 25,
      total: 2,
      ...answer,
    }),
});

const orderUrls = () => requests('/api/organiser/acme/orders').map((call) => call.url);

describe('the orders desk', () => {
  it('lists the orders: Booking ID to its page, buyer, contact or why not, event, status and total', async () => {
    renderConsole('/organiser/acme/orders', { api: { ...events, ...orders() } });
    const table = await screen.findByRole('table', { name: 'Orders' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByRole('link', { name: BOOKING_ID })).toHaveAttribute(
      'href',
      `/organiser/acme/orders/${BOOKING_ID}`,
    );
    expect(first).toHaveTextContent('Nimal Perera');
    expect(first).toHaveTextContent('nimal@example.com');
    expect(first).toHaveTextContent('Colombo Jazz Night');
    expect(first).toHaveTextContent('Paid');
    expect(first).toHaveTextContent('LKR 10,300.00');
    expect(second).toHaveTextContent('Not shown to your role');
    expect(second).toHaveTextContent('Awaiting payment');
    // Phones get a card per order with the same facts.
    const cards = within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[1]).toHaveTextContent('Not shown to your role');
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/organiser/acme/orders');
  });

  it('asks for the search and filters the address holds, and shows them in the form', async () => {
    renderConsole('/organiser/acme/orders?q=perera&event=ev2&status=complete&from=2026-11-01&to=2026-11-30&page=2', {
      api: { ...events, ...orders({ page: 2, total: 30 }) },
    });
    await screen.findByRole('table', { name: 'Orders' });
    expect(orderUrls()).toEqual([
      '/api/organiser/acme/orders?q=perera&event=ev2&status=complete&from=2026-11-01&to=2026-11-30&page=2',
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('perera');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('complete');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Event' })).toHaveValue('ev2'));
    expect(screen.getByLabelText('Made from')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('Made until')).toHaveValue('2026-11-30');
    expect(screen.getByText(/Orders 26–30 of 30/)).toBeInTheDocument();
  });

  it('a search or a filter goes into the address (page 1 again), and Back brings the previous one back', async () => {
    // The fake answers page 1 whatever is asked: Next page then asks for page 2.
    const world = renderConsole('/organiser/acme/orders?page=3', {
      api: { ...events, ...orders({ total: 80 }) },
    });
    await screen.findByRole('table', { name: 'Orders' });
    await world.user.type(screen.getByRole('searchbox', { name: 'Search' }), ' mq7k3f9x2qhd {Enter}');
    await waitFor(() => expect(world.router.state.location.search).toBe('?q=mq7k3f9x2qhd'));
    await screen.findByRole('option', { name: 'Swan Lake' });
    await world.user.selectOptions(screen.getByRole('combobox', { name: 'Event' }), 'Swan Lake');
    await world.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Cancelled');
    await waitFor(() =>
      expect(orderUrls().at(-1)).toBe('/api/organiser/acme/orders?q=mq7k3f9x2qhd&event=ev2&status=cancelled'),
    );
    expect(orderUrls()).toEqual([
      '/api/organiser/acme/orders?page=3',
      '/api/organiser/acme/orders?q=mq7k3f9x2qhd',
      '/api/organiser/acme/orders?q=mq7k3f9x2qhd&event=ev2',
      '/api/organiser/acme/orders?q=mq7k3f9x2qhd&event=ev2&status=cancelled',
    ]);
    await world.user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(world.router.state.location.search).toContain('page=2'));

    await world.router.navigate(-1);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('cancelled'));
    await world.router.navigate(-3);
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue(''));
    expect(world.router.state.location.search).toBe('?page=3');
  });

  it('nothing found: "No orders match"', async () => {
    renderConsole('/organiser/acme/orders?q=nobody', {
      api: { ...events, ...orders({ orders: [], total: 0 }) },
    });
    expect(await screen.findByRole('heading', { name: 'No orders match' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('loading: a placeholder that says so', async () => {
    renderConsole('/organiser/acme/orders', {
      api: { ...events, 'GET /api/organiser/acme/orders': () => new Promise<Response>(() => undefined) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the orders…');
  });

  it('a failure: says so, and Try again asks again', async () => {
    let answers = 0;
    const world = renderConsole('/organiser/acme/orders', {
      api: {
        ...events,
        'GET /api/organiser/acme/orders': () =>
          ++answers === 1
            ? refusal(500, 'internal_error', 'Something went wrong.')
            : orders()['GET /api/organiser/acme/orders'](),
      },
    });
    expect(await screen.findByText('The orders could not be loaded')).toBeInTheDocument();
    await world.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Orders' })).toBeInTheDocument();
  });

  it('the door has no Orders: no link, and the address typed by hand says "Not for your role"', async () => {
    renderConsole('/organiser/acme/orders', { api: { ...asRole('door'), ...events, ...orders() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not for your role' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Orders' })).not.toBeInTheDocument();
    expect(orderUrls()).toEqual([]);
  });

  it('the box office has the Orders section', async () => {
    renderConsole('/organiser/acme/orders', { api: { ...asRole('box_office'), ...events, ...orders() } });
    expect(await screen.findByRole('table', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/organiser/acme/orders');
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventDetail } from '@marquee/domain/catalog';
import type { Order } from '@marquee/domain/orders';
import { EMPTY_SELECTION, type Selection } from '@marquee/domain/selection';
import { makeEventDetail, makeTicketPackage } from '../../../test/catalog-fixtures';
import { fakeApi, type ApiCall, type ApiHandler } from '../../../test/fake-api';
import { makeCreatedOrder } from '../../../test/make-order';
import type { DescribeSeat } from '../lib/checkout-lines';
import { activeOrderStorageKey, idempotencyKeyStorageKey, type BestAvailableChoice } from '../lib/checkout-storage';
import { CheckoutPage } from './checkout-page';

const reloadPage = vi.hoisted(() => vi.fn());
vi.mock('../lib/reload-page', () => ({ reloadPage }));

const GOLD = makeTicketPackage({ id: 1, name: 'Gold', price: 250000 });
const event: EventDetail = makeEventDetail({
  handling_cost: 15000,
  ticket_packages: [GOLD],
  payment_gateways: [{ id: 1, name: 'Card', logo: '/images/gateways/card.svg', kind: 'card' }],
});

const SECTIONS: Record<string, string> = { S: 'Stalls', B: 'Balcony' };
const describeSeat: DescribeSeat = (seatId) => {
  const [section = '', row = '', number = '0'] = seatId.split('-');
  const name = SECTIONS[section];
  if (!name) return undefined;
  return {
    label: `${name} · Row ${row} · Seat ${number}`,
    packageId: 1,
    place: { section: name, row, number: Number(number) },
  };
};

const twoGold: BestAvailableChoice = {
  request: { package_id: 1, quantity: 2, accessible: false },
  sectionName: null,
};

function pickedOrder(seats: string[], retriesLeft: number, overrides: Partial<Order> = {}) {
  return makeCreatedOrder({
    lines: [{ package_id: 1, package_name: 'Gold', unit_price: 250000, ticket_count: 2, amount: 500000, seats }],
    best_available: { package_id: 1, section: null, accessible: false, retries_left: retriesLeft },
    ...overrides,
  });
}

let calls: ApiCall[] = [];
let routes: Record<string, ApiHandler> = {};
const RETRY = 'POST /api/orders/MQ7K3F9X2QHD/best-available/retry';

beforeEach(() => {
  ({ calls, routes } = fakeApi());
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function renderCheckout({
  bestAvailable = twoGold,
  initial = EMPTY_SELECTION,
  onBack = vi.fn(),
  seatPreview = vi.fn((seatIds: readonly string[]) => <p data-testid="preview">{seatIds.join(' ')}</p>),
}: {
  bestAvailable?: BestAvailableChoice | null;
  initial?: Selection;
  onBack?: () => void;
  seatPreview?: (seatIds: readonly string[]) => ReactNode;
} = {}) {
  function Harness() {
    const [selection, setSelection] = useState(initial);
    return (
      <CheckoutPage
        event={event}
        selection={selection}
        onSelectionChange={setSelection}
        describeSeat={describeSeat}
        seatMapStatus="ready"
        onBackToTickets={onBack}
        bestAvailable={bestAvailable}
        seatPreview={seatPreview}
      />
    );
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Harness />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user, onBack, seatPreview };
}

async function fillDetailsAndContinue(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), 'Nimal');
  await user.type(screen.getByLabelText('Last name'), 'Perera');
  await user.type(screen.getByLabelText('Email'), 'nimal@example.com');
  await user.type(screen.getByLabelText('Phone'), '077 123 4567');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

async function proceed(user: ReturnType<typeof userEvent.setup>) {
  await fillDetailsAndContinue(user);
  await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
  await user.click(screen.getByRole('button', { name: /Proceed to pay/ }));
}

describe('checkout with best available (issue 24)', () => {
  it('the summary prices the request before the seats are known; the order asks for best_available, not seats', async () => {
    routes['POST /api/orders'] = () => Response.json(pickedOrder(['S-C-5', 'S-C-6'], 3), { status: 201 });
    const { user } = renderCheckout();
    await fillDetailsAndContinue(user);
    const summary = screen.getByRole('table', { name: 'Your order' });
    expect(within(summary).getByTestId('best-available-note')).toHaveTextContent('2 best available seats, Gold');
    expect(summary).toHaveTextContent(/2 × LKR\s?2,500\.00/);
    expect(summary).toHaveTextContent(/Total\s*LKR\s?5,150\.00/);
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: /Proceed to pay/ }));

    expect(await screen.findByRole('heading', { name: 'Your seats' })).toBeInTheDocument();
    const order = calls.find((call) => call.method === 'POST' && call.path === '/api/orders');
    expect(order?.body).toMatchObject({
      seats: [],
      ticket_package_details: [],
      best_available: { package_id: 1, quantity: 2, accessible: false },
    });
    expect(order?.body).not.toHaveProperty('best_available.section');
  });

  it('names the section and the wheelchair space in the summary', async () => {
    const { user } = renderCheckout({
      bestAvailable: {
        request: { package_id: 1, quantity: 3, section: 'B', accessible: true },
        sectionName: 'Balcony',
      },
    });
    await fillDetailsAndContinue(user);
    expect(screen.getByTestId('best-available-note')).toHaveTextContent(
      '3 best available seats, Gold, in Balcony, with a wheelchair space',
    );
  });

  it('no seats together (409): the message, nothing held, and a way back to step 2', async () => {
    routes['POST /api/orders'] = () =>
      Response.json(
        { code: 'no_seats_together', message: 'There are no 2 seats together left in Gold.' },
        { status: 409 },
      );
    const { user, onBack } = renderCheckout();
    await proceed(user);
    const alert = (await screen.findByText('There are no 2 seats together left in Gold.')).closest('[role="alert"]');
    expect(alert).not.toBeNull();
    expect(screen.queryByText('We are holding your seat...')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(activeOrderStorageKey('abc123'))).toBeNull();
    // The next try is a new order.
    expect(sessionStorage.getItem(idempotencyKeyStorageKey('abc123'))).toBeNull();
    await user.click(within(alert as HTMLElement).getByRole('button', { name: 'Choose seats again' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('the payment step shows the seats, on the map too, and "Try other seats" swaps them keeping the countdown', async () => {
    routes['POST /api/orders'] = () => Response.json(pickedOrder(['S-C-6', 'S-C-5'], 3), { status: 201 });
    let answer: (response: Response) => void = () => undefined;
    routes[RETRY] = () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      });
    const { user, seatPreview } = renderCheckout();
    await proceed(user);
    const seats = await screen.findByRole('region', { name: 'Your seats' });
    expect(within(seats).getByTestId('best-available-seat-list')).toHaveTextContent('Stalls, row C, seats 5 and 6');
    expect(within(seats).getByTestId('preview')).toHaveTextContent('S-C-6 S-C-5');
    expect(seatPreview).toHaveBeenCalledWith(['S-C-6', 'S-C-5']);
    expect(within(seats).getByText(/3 tries left of 3/)).toBeInTheDocument();

    await user.click(within(seats).getByRole('button', { name: 'Try other seats' }));
    const busy = within(seats).getByRole('button', { name: 'Finding other seats…' });
    expect(busy).toBeDisabled();
    const retry = calls.find((call) => `${call.method} ${call.path}` === RETRY);
    expect(retry?.headers.get('Authorization')).toBe('Bearer token-123');
    expect(retry?.body).toEqual({});

    // The hold keeps its deadline whatever the answer says (the server keeps hold_expires_at): no restart.
    await act(async () =>
      answer(
        Response.json(
          pickedOrder(['B-A-1', 'B-A-2'], 2, { hold_expires_at: new Date(Date.now() + 30 * 60_000).toISOString() }),
        ),
      ),
    );
    expect(await within(seats).findByText('Balcony, row A, seats 1 and 2')).toBeInTheDocument();
    expect(within(seats).getByTestId('best-available-status')).toHaveTextContent(
      'Your new seats: Balcony, row A, seats 1 and 2. 2 tries left.',
    );
    expect(within(seats).getByRole('button', { name: 'Try other seats' })).toBeEnabled();
    expect(within(seats).getByText(/2 tries left of 3/)).toBeInTheDocument();
    expect(within(seats).getByTestId('preview')).toHaveTextContent('B-A-1 B-A-2');
    // The totals table of the saved order lists the new seats.
    expect(screen.getByRole('list', { name: 'Seats for Gold' })).toHaveTextContent('Balcony · Row A · Seat 1');
    expect(screen.getByTestId('hold-countdown')).toHaveTextContent(/^(10:00|09:5\d)$/);
  });

  it('nothing else free (409 no_seats_together) keeps the seats and says so', async () => {
    routes['POST /api/orders'] = () => Response.json(pickedOrder(['S-C-5', 'S-C-6'], 1), { status: 201 });
    routes[RETRY] = () =>
      Response.json({ code: 'no_seats_together', message: 'No other seats together are free.' }, { status: 409 });
    const { user } = renderCheckout();
    await proceed(user);
    const seats = await screen.findByRole('region', { name: 'Your seats' });
    expect(within(seats).getByText(/1 try left of 3/)).toBeInTheDocument();
    await user.click(within(seats).getByRole('button', { name: 'Try other seats' }));
    await waitFor(() =>
      expect(within(seats).getByTestId('best-available-status')).toHaveTextContent(
        'No other seats together are free. You keep the seats you have.',
      ),
    );
    expect(within(seats).getByText('Stalls, row C, seats 5 and 6')).toBeInTheDocument();
    expect(within(seats).getByRole('button', { name: 'Try other seats' })).toBeEnabled();
  });

  it('no tries left (409 retries_used): the button goes, focus moves to the heading, and the way on is said', async () => {
    routes['POST /api/orders'] = () => Response.json(pickedOrder(['S-C-5', 'S-C-6'], 2), { status: 201 });
    routes[RETRY] = () =>
      Response.json({ code: 'retries_used', message: 'You have tried other seats 3 times.' }, { status: 409 });
    const { user } = renderCheckout();
    await proceed(user);
    const seats = await screen.findByRole('region', { name: 'Your seats' });
    await user.click(within(seats).getByRole('button', { name: 'Try other seats' }));
    expect(
      await within(seats).findByText(
        'No tries left: keep these seats by paying below, or cancel the order to release them.',
      ),
    ).toBeInTheDocument();
    expect(within(seats).queryByRole('button', { name: 'Try other seats' })).not.toBeInTheDocument();
    expect(within(seats).getByRole('heading', { name: 'Your seats' })).toHaveFocus();
    expect(within(seats).getByTestId('best-available-status')).toHaveTextContent(
      'You have tried other seats 3 times. You keep the seats you have.',
    );
    // Paying is still there.
    expect(screen.getByLabelText('Card number')).toBeInTheDocument();
  });

  it('a reload resumes the order with the seats the server picked', async () => {
    sessionStorage.setItem(
      activeOrderStorageKey('abc123'),
      JSON.stringify({ orderId: 'MQ7K3F9X2QHD', accessToken: 'token-123' }),
    );
    routes['GET /api/orders/MQ7K3F9X2QHD'] = () => Response.json(pickedOrder(['S-C-5', 'S-C-6'], 0));
    renderCheckout();
    const seats = await screen.findByRole('region', { name: 'Your seats' });
    expect(within(seats).getByText('Stalls, row C, seats 5 and 6')).toBeInTheDocument();
    expect(within(seats).queryByRole('button', { name: 'Try other seats' })).not.toBeInTheDocument();
    expect(within(seats).getByText(/No tries left/)).toBeInTheDocument();
  });

  it('an order without best available shows no "Your seats"', async () => {
    routes['POST /api/orders'] = () => Response.json(makeCreatedOrder(), { status: 201 });
    const { user } = renderCheckout({ bestAvailable: null, initial: { packages: { '1': 2 }, seats: [] } });
    await proceed(user);
    expect(await screen.findByText('We are holding your seat...')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your seats' })).not.toBeInTheDocument();
  });
});

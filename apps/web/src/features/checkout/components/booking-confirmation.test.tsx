import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@marquee/domain/orders';
import { PAYMENT_ERROR_MESSAGES, PROMO_LIMIT_REFUNDED_MESSAGE, PAYMENT_MESSAGES } from '@marquee/domain/payments';
import { makeEventDetail } from '../../../test/catalog-fixtures';
import { activeOrderStorageKey, confirmedOrderStorageKey, idempotencyKeyStorageKey } from '../lib/checkout-storage';
import type { DescribeSeat } from '../lib/checkout-lines';
import { makeCreatedOrder } from '../../../test/make-order';
import { BookingConfirmation } from './booking-confirmation';

const EVENT = makeEventDetail({ uid: 'abc123', name: 'Nadagama Nights' });
const ACCESS = { orderId: 'MQ7K3F9X2QHD', accessToken: 'token-123' };

function paidOrder(overrides: Partial<Order> = {}): Order {
  const { access_token: _token, ...order } = makeCreatedOrder({
    status: 'complete',
    paid_at: new Date().toISOString(),
    lines: [
      {
        package_id: 1,
        package_name: 'Gold',
        unit_price: 250000,
        ticket_count: 2,
        amount: 500000,
        seats: ['A-1-1', 'A-1-2'],
      },
    ],
    tickets: [
      { code: 'TK-0001', package_name: 'Gold', seat_id: 'A-1-1' },
      { code: 'TK-0002', package_name: 'Gold', seat_id: 'A-1-2' },
    ],
    ...overrides,
  });
  return order;
}

let orderAnswers: Array<() => Response>;
let orderCalls: Headers[];

beforeEach(() => {
  orderAnswers = [];
  orderCalls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/orders/MQ7K3F9X2QHD') return Response.json({ code: 'not_found', message: 'Not found.' }, { status: 404 });
      orderCalls.push(new Headers(init?.headers));
      const answer = orderAnswers.length > 1 ? orderAnswers.shift() : orderAnswers[0];
      return answer ? answer() : Response.json({ code: 'not_found', message: 'Not found.' }, { status: 404 });
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function storeAccess() {
  sessionStorage.setItem(activeOrderStorageKey('abc123'), JSON.stringify(ACCESS));
  sessionStorage.setItem(idempotencyKeyStorageKey('abc123'), 'key-12345678');
}

const describeSeat: DescribeSeat = (id) =>
  ({
    'A-1-1': { label: 'Stalls · Row 1 · Seat 1', packageId: 1 },
    'A-1-2': { label: 'Stalls · Row 1 · Seat 2', packageId: 1 },
  })[id];

function renderConfirmation(props: { onBooked?: () => void; onChooseTickets?: () => void } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onBooked = props.onBooked ?? vi.fn();
  const onChooseTickets = props.onChooseTickets ?? vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <BookingConfirmation
          event={EVENT}
          orderId="MQ7K3F9X2QHD"
          describeSeat={describeSeat}
          onBooked={onBooked}
          onChooseTickets={onChooseTickets}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), onBooked, onChooseTickets };
}

describe('step 4: the booking confirmation', () => {
  it('a paid order: Booking ID, event, order, tickets and the e-mail; the checkout is over', async () => {
    storeAccess();
    orderAnswers = [() => Response.json(paidOrder())];
    const { onBooked } = renderConfirmation();

    const heading = await screen.findByRole('heading', { level: 2, name: 'Payment successful' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('Your tickets are booked.')).toBeInTheDocument();
    expect(screen.getByTestId('booking-id')).toHaveTextContent('MQ7K3F9X2QHD');
    expect(screen.getByText('Nadagama Nights')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Your order' })).toHaveTextContent('LKR 5,150.00');
    const tickets = within(screen.getByRole('region', { name: 'Your tickets' })).getAllByRole('listitem');
    expect(tickets).toHaveLength(2);
    expect(tickets[0]).toHaveTextContent('Gold');
    expect(tickets[0]).toHaveTextContent('Stalls · Row 1 · Seat 1');
    expect(tickets[0]).toHaveTextContent('TK-0001');
    expect(screen.getByText(/A confirmation e-mail is on its way to/)).toHaveTextContent('nimal@example.com');
    expect(screen.getByRole('link', { name: 'Download Your Tickets' })).toHaveAttribute('href', '/download-tickets');
    expect(orderCalls[0]?.get('Authorization')).toBe('Bearer token-123');

    await waitFor(() => expect(onBooked).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(activeOrderStorageKey('abc123'))).toBeNull();
    expect(sessionStorage.getItem(idempotencyKeyStorageKey('abc123'))).toBeNull();
    // A reload of the confirmation still shows it.
    expect(JSON.parse(sessionStorage.getItem(confirmedOrderStorageKey('abc123')) ?? 'null')).toEqual(ACCESS);
  });

  it('copies the Booking ID', async () => {
    storeAccess();
    orderAnswers = [() => Response.json(paidOrder())];
    const { user } = renderConfirmation();
    await user.click(await screen.findByRole('button', { name: 'Copy Booking ID' }));
    expect(await navigator.clipboard.readText()).toBe('MQ7K3F9X2QHD');
  });

  it('while the payment is being confirmed it says so politely and asks again until it is paid', async () => {
    storeAccess();
    orderAnswers = [
      () => Response.json(paidOrder({ status: 'pending', paid_at: null, tickets: [] })),
      () => Response.json(paidOrder()),
    ];
    const { onBooked } = renderConfirmation();
    expect(await screen.findByText(/We are confirming your payment/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 }).closest('[aria-live="polite"]')).not.toBeNull();
    expect(onBooked).not.toHaveBeenCalled();

    expect(await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 4_000 })).toBeInTheDocument();
    expect(orderCalls).toHaveLength(2);
    expect(onBooked).toHaveBeenCalledTimes(1);
  });

  it('after about two minutes of confirming it says the e-mail will follow', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeAccess();
    orderAnswers = [() => Response.json(paidOrder({ status: 'pending', paid_at: null, tickets: [] }))];
    renderConfirmation();
    expect(await screen.findByText(/We are confirming your payment/)).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(2 * 60_000 + 1_000);
    expect(await screen.findByText(/taking longer than usual/)).toHaveTextContent('nimal@example.com');
    const callsThen = orderCalls.length;
    expect(callsThen).toBeGreaterThan(10);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(orderCalls).toHaveLength(callsThen);
  });

  it('paid after the hold ended and the tickets were gone: the refund message and a way back', async () => {
    storeAccess();
    orderAnswers = [() => Response.json(paidOrder({ status: 'failed', failure_reason: 'sold_out', tickets: [] }))];
    const { user, onBooked, onChooseTickets } = renderConfirmation();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PAYMENT_ERROR_MESSAGES.sold_out);
    await user.click(within(alert).getByRole('button', { name: 'Choose tickets again' }));
    expect(onChooseTickets).toHaveBeenCalled();
    expect(onBooked).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(activeOrderStorageKey('abc123'))).toBeNull();
  });

  it("paid after the promo code's limits were spent: says so, and a way back", async () => {
    storeAccess();
    orderAnswers = [() => Response.json(paidOrder({ status: 'failed', failure_reason: 'promo_limit', tickets: [] }))];
    const { user, onChooseTickets } = renderConfirmation();
    expect(await screen.findByRole('heading', { name: 'Your booking could not be completed' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PROMO_LIMIT_REFUNDED_MESSAGE);
    await user.click(within(alert).getByRole('button', { name: 'Choose tickets again' }));
    expect(onChooseTickets).toHaveBeenCalled();
  });

  it('a cancelled order says the session expired and offers to start again', async () => {
    storeAccess();
    orderAnswers = [() => Response.json(paidOrder({ status: 'cancelled', cancel_reason: 'expired', tickets: [] }))];
    const { user, onChooseTickets } = renderConfirmation();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PAYMENT_MESSAGES.sessionExpired);
    await user.click(within(alert).getByRole('button', { name: 'Start again' }));
    expect(onChooseTickets).toHaveBeenCalled();
  });

  it('without this order in this tab (another device) it points to Download Your Tickets and the e-mail', async () => {
    sessionStorage.setItem(activeOrderStorageKey('abc123'), JSON.stringify({ ...ACCESS, orderId: 'MQ0000000000' }));
    renderConfirmation();
    expect(screen.getByRole('heading', { level: 2, name: 'Your booking' })).toHaveFocus();
    expect(screen.getByText(/We cannot show booking/)).toHaveTextContent('MQ7K3F9X2QHD');
    expect(screen.getByText(/confirmation e-mail/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download Your Tickets' })).toHaveAttribute('href', '/download-tickets');
    expect(orderCalls).toHaveLength(0);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventDetail } from '@marquee/domain/catalog';
import { ACCOUNT_MESSAGES } from '@marquee/domain/accounts-session';
import { BUYER_MESSAGES } from '@marquee/domain/checkout';
import { PAYMENT_ERROR_MESSAGES, type PaymentErrorCode } from '@marquee/domain/payments';
import type { Selection } from '@marquee/domain/selection';
import { makeEventDetail, makeTicketPackage } from '../../../test/catalog-fixtures';
import { activeOrderStorageKey, idempotencyKeyStorageKey } from '../lib/checkout-storage';
import { fakeApi, type ApiCall, type ApiHandler } from '../../../test/fake-api';
import { makeCreatedOrder } from '../../../test/make-order';
import type { DescribeSeat } from '../lib/checkout-lines';
import { fakeAltcha } from '../../../test/fake-altcha';
import { CheckoutPage, type BuyerPrefill } from './checkout-page';

const reloadPage = vi.hoisted(() => vi.fn());
vi.mock('../lib/reload-page', () => ({ reloadPage }));

const GOLD = makeTicketPackage({ id: 1, name: 'Gold', price: 250000 });
const SILVER = makeTicketPackage({ id: 2, name: 'Silver', price: 100000, color_class: 1 });

function makeEvent(overrides: Partial<EventDetail> = {}): EventDetail {
  return makeEventDetail({
    handling_cost: 15000,
    ticket_packages: [GOLD, SILVER],
    payment_gateways: [
      { id: 1, name: 'Card', logo: '/images/gateways/card.svg', kind: 'card' },
      { id: 2, name: 'PayIn3', logo: '/images/gateways/payin3.svg', kind: 'instalments' },
    ],
    ...overrides,
  });
}

let calls: ApiCall[] = [];
let routes: Record<string, ApiHandler> = {};

const createdOrder = makeCreatedOrder;

beforeEach(() => {
  ({ calls, routes } = fakeApi());
  reloadPage.mockReset();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

/** The page as the route wires it: the selection lives above it and changes when the server says so. */
function Harness(props: {
  event: EventDetail;
  initial: Selection;
  describeSeat?: DescribeSeat;
  onBack?: () => void;
  paymentError?: PaymentErrorCode;
  onPaymentErrorShown?: () => void;
  buyerPrefill?: BuyerPrefill | null;
  onEventStale?: () => void;
}) {
  const [selection, setSelection] = useState(props.initial);
  return (
    <>
      <output data-testid="selection">{JSON.stringify(selection)}</output>
      <CheckoutPage
        event={props.event}
        selection={selection}
        onSelectionChange={setSelection}
        describeSeat={props.describeSeat}
        seatMapStatus={props.describeSeat ? 'ready' : 'none'}
        onBackToTickets={props.onBack ?? vi.fn()}
        paymentError={props.paymentError ?? null}
        onPaymentErrorShown={props.onPaymentErrorShown}
        buyerPrefill={props.buyerPrefill ?? null}
        onEventStale={props.onEventStale}
      />
    </>
  );
}

function renderCheckout(event: EventDetail, initial: Selection, extra: Partial<Parameters<typeof Harness>[0]> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Harness event={event} initial={initial} {...extra} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return user;
}

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), 'Nimal');
  await user.type(screen.getByLabelText('Last name'), 'Perera');
  await user.type(screen.getByLabelText('Email'), '  Nimal@Example.COM ');
  await user.type(screen.getByLabelText('Phone'), '077 123 4567');
}

const twoGold: Selection = { packages: { '1': 2 }, seats: [] };

describe('checkout: Confirm details and pay', () => {
  it('opens on step 1 with the heading focused and the other steps closed', async () => {
    renderCheckout(makeEvent(), twoGold);
    // The landing page's focus moves after the first paint (lib/focus-step-heading.ts).
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Confirm details and pay' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Step 1 Ticket Details' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Step 2 Order Summary' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Step 3 Payment Details' })).toBeDisabled();
    // NIC defaults to n/a and is not asked for (spec 3).
    expect(screen.queryByLabelText(/NIC/)).not.toBeInTheDocument();
  });

  it("validates each field with the spec's messages and enables Continue only when all four are valid", async () => {
    const user = renderCheckout(makeEvent(), twoGold);
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();

    await user.type(screen.getByLabelText('First name'), 'Ann');
    await user.type(screen.getByLabelText('Last name'), 'P3rera');
    await user.type(screen.getByLabelText('Email'), 'nimal@');
    await user.type(screen.getByLabelText('Phone'), '12345');
    await user.tab();
    expect(await screen.findByText(BUYER_MESSAGES.firstName)).toBeInTheDocument();
    expect(screen.getByText(BUYER_MESSAGES.lastName)).toBeInTheDocument();
    expect(screen.getByText(BUYER_MESSAGES.email)).toBeInTheDocument();
    expect(screen.getByText(BUYER_MESSAGES.phone)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(continueButton).toBeDisabled();

    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Nimal');
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), "D'Silva-Perera");
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'nimal@example.com');
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '+94 77 123 4567');
    await waitFor(() => expect(continueButton).toBeEnabled());
    expect(screen.queryByText(BUYER_MESSAGES.email)).not.toBeInTheDocument();
  });

  it('Continue opens the order summary: a line per package, Convenience Fee, total and first instalment', async () => {
    const user = renderCheckout(makeEvent(), { packages: { '1': 2, '2': 1 }, seats: [] });
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByRole('button', { name: 'Step 2 Order Summary' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Step 1 Ticket Details' })).toHaveAttribute('aria-expanded', 'false');
    const table = screen.getByRole('table', { name: 'Your order' });
    expect(within(table).getByRole('rowheader', { name: /Gold/ })).toHaveTextContent('2 × LKR 2,500.00');
    expect(within(table).getByRole('row', { name: /Gold/ })).toHaveTextContent('LKR 5,000.00');
    expect(within(table).getByRole('row', { name: /Silver/ })).toHaveTextContent('LKR 1,000.00');
    expect(within(table).getByRole('row', { name: /Subtotal/ })).toHaveTextContent('LKR 6,000.00');
    expect(within(table).getByRole('row', { name: /Convenience Fee/ })).toHaveTextContent('LKR 150.00');
    expect(within(table).getByRole('row', { name: /^Total/ })).toHaveTextContent('LKR 6,150.00');
    expect(within(table).getByRole('row', { name: /First instalment with PayIn3/ })).toHaveTextContent(
      '2,050.00 LKR X 3',
    );
  });

  it('needs tickets from one package for a promo code, and at least 3 characters', async () => {
    const user = renderCheckout(makeEvent(), { packages: { '1': 2, '2': 1 }, seats: [] });
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(screen.getByLabelText('Promo code'), 'AB');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent(BUYER_MESSAGES.promoCode);
    expect(screen.getByLabelText('Promo code')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Promo code'), 'C');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent(BUYER_MESSAGES.promoOnePackage);
    expect(calls.filter((call) => call.path === '/api/promotions/check')).toHaveLength(0);
  });

  it('a refused code (400) shows each message as an info popup and marks the code invalid', async () => {
    routes['POST /api/promotions/check'] = () =>
      Response.json(
        { code: 'promo_refused', message: 'Refused', errors: { promo_code: ['This promo code has expired.', 'Not for these tickets.'] } },
        { status: 400 },
      );
    const user = renderCheckout(makeEvent(), twoGold);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(screen.getByLabelText('Promo code'), 'OLD10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    const first = await screen.findByRole('dialog');
    expect(first).toHaveTextContent('Information: Promo code');
    expect(first).toHaveTextContent('This promo code has expired.');
    expect(first.querySelector('[data-popup-variant]')).toHaveAttribute('data-popup-variant', 'info');
    await user.click(within(first).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Not for these tickets.');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Promo code')).toHaveAttribute('aria-invalid', 'true');

    const [check] = calls.filter((call) => call.path === '/api/promotions/check');
    expect(check?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(check?.body).toEqual({
      promo_code: 'OLD10',
      ticket_package_details: [{ package_id: 1, ticket_count: 2, package_price: 250000 }],
      email: 'nimal@example.com',
      event_id: 1,
    });
  });

  it('any other failure of the check shows an error popup', async () => {
    routes['POST /api/promotions/check'] = () => Response.json({ code: 'service_unavailable', message: 'Server trouble.' }, { status: 503 });
    const user = renderCheckout(makeEvent(), twoGold);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(screen.getByLabelText('Promo code'), 'SAVE10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const popup = await screen.findByRole('dialog');
    expect(popup).toHaveTextContent('Error: Promo code');
    expect(popup).toHaveTextContent('Server trouble.');
  });

  it('an accepted code hides the input, shows the coupon box and the discount; Remove brings the input back', async () => {
    routes['POST /api/promotions/check'] = () =>
      Response.json({
        data: {
          promo_code: 'SAVE10',
          currency: 'LKR',
          subtotal: 500000,
          convenience_fee: 15000,
          disc_amt: 50000,
          total_due: 465000,
        },
      });
    const user = renderCheckout(makeEvent(), twoGold);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(screen.getByLabelText('Promo code'), 'save10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    const coupon = await screen.findByTestId('coupon-box');
    expect(coupon).toHaveTextContent('Coupon SAVE10 applied. You save LKR 500.00.');
    expect(screen.queryByLabelText('Promo code')).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Your order' });
    expect(within(table).getByRole('row', { name: /Discount/ })).toHaveTextContent('LKR 500.00');
    expect(within(table).getByRole('row', { name: /^Total/ })).toHaveTextContent('LKR 4,650.00');

    await user.click(screen.getByRole('button', { name: 'Remove coupon SAVE10' }));
    expect(screen.getByLabelText('Promo code')).toBeInTheDocument();
    expect(within(table).queryByRole('row', { name: /Discount/ })).not.toBeInTheDocument();
  });

  it("applies the event's auto-apply code quietly when the summary opens", async () => {
    routes['POST /api/promotions/check'] = ({ body }) =>
      Response.json({
        data: {
          promo_code: 'AUTO5',
          currency: 'LKR',
          subtotal: 500000,
          convenience_fee: 15000,
          disc_amt: 25000,
          total_due: 490000,
        },
        echoed: body,
      });
    const user = renderCheckout(makeEvent({ promo: true, promo_auto_apply: true, promo_code: 'AUTO5' }), twoGold);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('coupon-box')).toHaveTextContent('Coupon AUTO5 applied.');
  });

  it('Proceed to pay says why it cannot go on, then saves the order once and opens step 3 with the hold', async () => {
    let release: () => void = () => undefined;
    routes['POST /api/orders'] = () =>
      new Promise<Response>((resolve) => {
        release = () => resolve(Response.json(createdOrder(), { status: 201 }));
      });
    const user = renderCheckout(makeEvent(), twoGold);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const proceed = screen.getByRole('button', { name: /Proceed to pay/ });
    expect(proceed).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('proceed-blockers')).toHaveTextContent('Tick the box above');
    await user.click(proceed);
    expect(screen.getByRole('alert')).toHaveTextContent(BUYER_MESSAGES.terms);
    expect(screen.getByRole('checkbox', { name: /I agree to the Terms & Conditions/ })).toHaveFocus();
    expect(calls.filter((call) => call.path === '/api/orders')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(proceed);
    // Disabled while processing: a double click saves nothing twice.
    await waitFor(() => expect(proceed).toBeDisabled());
    await user.click(proceed);
    await act(async () => release());

    expect(await screen.findByText('We are holding your seat...')).toBeInTheDocument();
    expect(screen.getByTestId('hold-countdown')).toHaveTextContent(/^(10:00|09:5\d)$/);
    expect(screen.getByTestId('order-id')).toHaveTextContent('MQ7K3F9X2QHD');
    expect(screen.getByRole('button', { name: 'Step 3 Payment Details' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Step 1 Ticket Details' })).toBeDisabled();

    const orderCalls = calls.filter((call) => call.path === '/api/orders');
    expect(orderCalls).toHaveLength(1);
    expect(orderCalls[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // The human check's payload, solved by itself while the buyer filled in the form.
    expect(orderCalls[0]?.headers.get('X-Captcha')).toMatch(/^captcha-\d+$/);
    expect(orderCalls[0]?.body).toEqual({
      event_id: 1,
      buyer: {
        first_name: 'Nimal',
        last_name: 'Perera',
        email: 'nimal@example.com',
        phone: '077 123 4567',
        nic: 'n/a',
      },
      ticket_package_details: [{ package_id: 1, ticket_count: 2, package_price: 250000 }],
      seats: [],
      promo_code: null,
      payment_gateway_id: 1,
      terms_agreed: true,
    });
    expect(JSON.parse(sessionStorage.getItem(activeOrderStorageKey('abc123')) ?? 'null')).toEqual({
      orderId: 'MQ7K3F9X2QHD',
      accessToken: 'token-123',
    });
  });

  it('seats someone else took (409) are named, removed from the selection, and nothing is held', async () => {
    routes['POST /api/orders'] = () =>
      Response.json(
        { code: 'seats_taken', message: 'Some seats were just taken.', taken_seats: ['A-1-2'], sold_out_packages: [] },
        { status: 409 },
      );
    const describeSeat: DescribeSeat = (id) =>
      ({
        'A-1-1': { label: 'Stalls · Row 1 · Seat 1', packageId: 1 },
        'A-1-2': { label: 'Stalls · Row 1 · Seat 2', packageId: 1 },
      })[id];
    const onBack = vi.fn();
    const user = renderCheckout(makeEvent(), { packages: {}, seats: ['A-1-1', 'A-1-2'] }, { describeSeat, onBack });
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('list', { name: 'Seats for Gold' })).toHaveTextContent('Stalls · Row 1 · Seat 2');
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: /Proceed to pay/ }));

    const notice = await screen.findByText('Sorry, someone else just got some of your tickets.');
    expect(notice.closest('[role="alert"]')).toHaveTextContent('Seats taken: Stalls · Row 1 · Seat 2');
    expect(JSON.parse(screen.getByTestId('selection').textContent ?? '')).toEqual({ packages: {}, seats: ['A-1-1'] });
    expect(screen.queryByText('We are holding your seat...')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose tickets again' }));
    expect(onBack).toHaveBeenCalled();
  });

  it("the server's field errors (422) go back to step 1 beside their fields", async () => {
    routes['POST /api/orders'] = () =>
      Response.json({ code: 'validation_failed', message: 'Invalid input.', errors: { 'buyer.email': [BUYER_MESSAGES.email] } }, { status: 422 });
    const user = renderCheckout(makeEvent(), twoGold);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: /Proceed to pay/ }));
    expect(await screen.findByText(BUYER_MESSAGES.email)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Step 1 Ticket Details' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('a lost answer offers Try again with the same Idempotency-Key', async () => {
    let attempts = 0;
    routes['POST /api/orders'] = () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return Response.json(createdOrder(), { status: 200 });
    };
    const user = renderCheckout(makeEvent(), twoGold);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: /Proceed to pay/ }));
    expect(await screen.findByText(/We could not reach Marquee/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('We are holding your seat...')).toBeInTheDocument();
    const keys = calls.filter((call) => call.path === '/api/orders').map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('at zero the hold is cancelled and the page reloaded', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const now = Date.now();
    routes['POST /api/orders'] = () =>
      Response.json(
        createdOrder({
          hold_expires_at: new Date(now + 3_000).toISOString(),
          server_time: new Date(now).toISOString(),
        }),
        { status: 201 },
      );
    routes['POST /api/orders/MQ7K3F9X2QHD/cancel'] = () => Response.json(createdOrder({ status: 'cancelled' }));
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const queryClient = new QueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <Harness event={makeEvent()} initial={twoGold} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: /Proceed to pay/ }));
    expect(await screen.findByText('We are holding your seat...')).toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime(4_000));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    const cancel = calls.find((call) => call.path === '/api/orders/MQ7K3F9X2QHD/cancel');
    expect(cancel?.headers.get('Authorization')).toBe('Bearer token-123');
    expect(sessionStorage.getItem(activeOrderStorageKey('abc123'))).toBeNull();
  });

  it('Cancel order releases the hold and returns to the summary', async () => {
    routes['POST /api/orders'] = () => Response.json(createdOrder(), { status: 201 });
    routes['POST /api/orders/MQ7K3F9X2QHD/cancel'] = () => Response.json(createdOrder({ status: 'cancelled' }));
    const user = renderCheckout(makeEvent(), twoGold);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: /Proceed to pay/ }));
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Step 2 Order Summary' })).toHaveAttribute('aria-expanded', 'true'),
    );
    expect(screen.queryByText('We are holding your seat...')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(activeOrderStorageKey('abc123'))).toBeNull();
  });

  it('a reload resumes a pending order at step 3; an ended one starts over', async () => {
    sessionStorage.setItem(
      activeOrderStorageKey('abc123'),
      JSON.stringify({ orderId: 'MQ7K3F9X2QHD', accessToken: 'token-123' }),
    );
    routes['GET /api/orders/MQ7K3F9X2QHD'] = () => Response.json(createdOrder());
    renderCheckout(makeEvent(), twoGold);
    expect(await screen.findByText('We are holding your seat...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Step 3 Payment Details' })).toHaveAttribute('aria-expanded', 'true');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('a resumed order that has expired is forgotten', async () => {
    sessionStorage.setItem(
      activeOrderStorageKey('abc123'),
      JSON.stringify({ orderId: 'MQ7K3F9X2QHD', accessToken: 'token-123' }),
    );
    routes['GET /api/orders/MQ7K3F9X2QHD'] = () =>
      Response.json(createdOrder({ status: 'cancelled', cancel_reason: 'expired' }));
    renderCheckout(makeEvent(), twoGold);
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(sessionStorage.getItem(activeOrderStorageKey('abc123'))).toBeNull();
  });

  it("the return address's payment error is shown in step 3 of the resumed order, once", async () => {
    sessionStorage.setItem(
      activeOrderStorageKey('abc123'),
      JSON.stringify({ orderId: 'MQ7K3F9X2QHD', accessToken: 'token-123' }),
    );
    routes['GET /api/orders/MQ7K3F9X2QHD'] = () => Response.json(createdOrder());
    const onPaymentErrorShown = vi.fn();
    renderCheckout(makeEvent(), twoGold, { paymentError: 'card_declined', onPaymentErrorShown });
    const step3 = await screen.findByRole('region', { name: 'Step 3 Payment Details' });
    await waitFor(() => expect(within(step3).getAllByRole('alert')[0]).toHaveTextContent('Your card was declined.'));
    expect(onPaymentErrorShown).toHaveBeenCalledTimes(1);
    expect(await within(step3).findByLabelText('Card number')).toBeInTheDocument();
  });

  it('an expired session is told at the top of the page and the checkout starts over', async () => {
    sessionStorage.setItem(
      activeOrderStorageKey('abc123'),
      JSON.stringify({ orderId: 'MQ7K3F9X2QHD', accessToken: 'token-123' }),
    );
    routes['GET /api/orders/MQ7K3F9X2QHD'] = () =>
      Response.json(createdOrder({ status: 'cancelled', cancel_reason: 'expired' }));
    const onPaymentErrorShown = vi.fn();
    renderCheckout(makeEvent(), twoGold, { paymentError: 'session_expired', onPaymentErrorShown });
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeInTheDocument();
    const heading = screen.getByRole('heading', { level: 2, name: 'Confirm details and pay' });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(PAYMENT_ERROR_MESSAGES.session_expired);
    // At the top: right after the page heading.
    expect(heading.nextElementSibling).toBe(alert);
    // Told from an effect, which may run a moment after the DOM shows the notice.
    await waitFor(() => expect(onPaymentErrorShown).toHaveBeenCalledTimes(1));
  });

  it("a signed-in buyer's name and e-mail start filled in, and what the buyer typed is kept", async () => {
    const prefill = { first_name: 'Kumari', last_name: 'Silva', email: 'kumari@example.com' };
    const user = renderCheckout(makeEvent(), twoGold, { buyerPrefill: prefill });
    expect(await screen.findByDisplayValue('Kumari')).toBe(screen.getByLabelText('First name'));
    expect(screen.getByLabelText('Last name')).toHaveValue('Silva');
    expect(screen.getByLabelText('Email')).toHaveValue('kumari@example.com');
    expect(screen.getByLabelText('Phone')).toHaveValue('');
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Kamala');
    expect(screen.getByLabelText('First name')).toHaveValue('Kamala');
  });

  it('the prefill does not overwrite what was typed before the session was known', async () => {
    const event = makeEvent();
    const queryClient = new QueryClient();
    const user = userEvent.setup();
    const view = render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <Harness event={event} initial={twoGold} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await user.type(screen.getByLabelText('First name'), 'Kamala');
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <Harness
            event={event}
            initial={twoGold}
            buyerPrefill={{ first_name: 'Kumari', last_name: 'Silva', email: 'kumari@example.com' }}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('kumari@example.com'));
    expect(screen.getByLabelText('First name')).toHaveValue('Kamala');
    expect(screen.getByLabelText('Last name')).toHaveValue('Silva');
  });

  it("a resumed order keeps its own buyer, not the session's", async () => {
    sessionStorage.setItem(
      activeOrderStorageKey('abc123'),
      JSON.stringify({ orderId: 'MQ7K3F9X2QHD', accessToken: 'token-123' }),
    );
    routes['GET /api/orders/MQ7K3F9X2QHD'] = () => Response.json(createdOrder());
    renderCheckout(makeEvent(), twoGold, {
      buyerPrefill: { first_name: 'Kumari', last_name: 'Silva', email: 'kumari@example.com' },
    });
    expect(await screen.findByText('We are holding your seat...')).toBeInTheDocument();
    const buyer = createdOrder().buyer;
    expect(screen.getByLabelText('First name')).toHaveValue(buyer.first_name);
    expect(screen.getByLabelText('Email')).toHaveValue(buyer.email);
  });

  it('a refused human check (403) is told and solved again for the next try', async () => {
    routes['POST /api/orders'] = () =>
      Response.json({ code: 'captcha_failed', message: 'We could not confirm that you are human.' }, { status: 403 });
    const user = renderCheckout(makeEvent(), twoGold);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    const resetsBefore = fakeAltcha.resets;
    await user.click(screen.getByRole('button', { name: /Proceed to pay/ }));
    expect(await screen.findByText('We could not confirm that you are human.')).toBeInTheDocument();
    // One reset after the payload was handed out, one more for the refusal.
    expect(fakeAltcha.resets).toBeGreaterThanOrEqual(resetsBefore + 2);
  });

  async function proceed(user: ReturnType<typeof userEvent.setup>) {
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: /Proceed to pay/ }));
  }

  it('a human check that cannot be solved sends nothing and offers Try again', async () => {
    fakeAltcha.outcome = 'error';
    const user = renderCheckout(makeEvent(), twoGold);
    await proceed(user);
    const alert = (await screen.findByText(ACCOUNT_MESSAGES.captchaFailed)).closest('[role="alert"]');
    expect(alert).not.toBeNull();
    expect(within(alert as HTMLElement).getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(calls.filter((call) => call.path === '/api/orders')).toHaveLength(0);
  });

  it('a sold-out package (409 sold_out) is named, removed from the selection, and the event reloaded', async () => {
    routes['POST /api/orders'] = () =>
      Response.json({ code: 'sold_out', message: 'Sold out.', sold_out_packages: [2] }, { status: 409 });
    const onEventStale = vi.fn();
    const user = renderCheckout(makeEvent(), { packages: { '1': 2, '2': 1 }, seats: [] }, { onEventStale });
    await proceed(user);
    const notice = await screen.findByText('Sorry, someone else just got some of your tickets.');
    expect(notice.closest('[role="alert"]')).toHaveTextContent('Sold out: Silver');
    expect(JSON.parse(screen.getByTestId('selection').textContent ?? '')).toEqual({ packages: { '1': 2 }, seats: [] });
    expect(onEventStale).toHaveBeenCalledTimes(1);
  });

  it('an event no longer on sale (409 not_on_sale) is told in a popup, the event reloaded, a new key next time', async () => {
    routes['POST /api/orders'] = () =>
      Response.json({ code: 'not_on_sale', message: 'Tickets are no longer on sale.' }, { status: 409 });
    const onEventStale = vi.fn();
    const user = renderCheckout(makeEvent(), twoGold, { onEventStale });
    await proceed(user);
    const popup = await screen.findByRole('dialog');
    expect(popup).toHaveTextContent('Your order was not saved');
    expect(popup).toHaveTextContent('Tickets are no longer on sale.');
    expect(onEventStale).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(idempotencyKeyStorageKey('abc123'))).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('a refused cancellation keeps the hold and says why', async () => {
    routes['POST /api/orders'] = () => Response.json(createdOrder(), { status: 201 });
    routes['POST /api/orders/MQ7K3F9X2QHD/cancel'] = () =>
      Response.json(
        { code: 'order_paid', message: 'This order is paid and can no longer be cancelled.' },
        { status: 409 },
      );
    const user = renderCheckout(makeEvent(), twoGold);
    await proceed(user);
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const popup = await screen.findByRole('dialog');
    expect(popup).toHaveTextContent('Not cancelled');
    expect(popup).toHaveTextContent('This order is paid and can no longer be cancelled.');
    expect(screen.getByText('We are holding your seat...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeEnabled();
    expect(sessionStorage.getItem(activeOrderStorageKey('abc123'))).not.toBeNull();
  });
});

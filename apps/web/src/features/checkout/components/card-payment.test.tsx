import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES } from '@marquee/domain/payments';
import { CardPayment } from './card-payment';

const navigateToUrl = vi.hoisted(() => vi.fn());
vi.mock('../lib/navigate-to-url', () => ({ navigateToUrl }));

// Stripe's script cannot load here: Stripe.js and Elements are stood in for.
const stripe = vi.hoisted(() => ({ confirmCardPayment: vi.fn() }));
const cardElement = vi.hoisted(() => ({ kind: 'card-element' }));
const loadStripe = vi.hoisted(() => vi.fn(async () => stripe));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: unknown }) => children,
  CardElement: () => <div data-testid="stripe-card-element" />,
  useStripe: () => stripe,
  useElements: () => ({ getElement: () => cardElement }),
}));

let config: { card_provider: 'sandbox' | 'stripe'; stripe_publishable_key: string | null; test_mode: boolean };

beforeEach(() => {
  config = { card_provider: 'stripe', stripe_publishable_key: 'pk_test_123', test_mode: true };
  navigateToUrl.mockReset();
  loadStripe.mockClear();
  stripe.confirmCardPayment.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input) === '/api/payments/config'
        ? Response.json(config)
        : Response.json({ code: 'not_found', message: 'Not found.' }, { status: 404 }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderCardPayment() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <CardPayment
        intentId="pi_1"
        orderId="MQ7K3F9X2QHD"
        clientSecret="pi_1_secret_x"
        amount={515000}
        currency="LKR"
        buyerName="Nimal Perera"
        buyerEmail="nimal@example.com"
        onAttempt={vi.fn()}
        onRestart={vi.fn()}
      />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const returnUrl = () => `${window.location.origin}/api/bookings/status?orderId=MQ7K3F9X2QHD`;

describe('card payment with Stripe Elements', () => {
  it('confirms the card payment with the billing details and the return address, then goes there', async () => {
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const user = renderCardPayment();
    expect(await screen.findByTestId('stripe-card-element')).toBeInTheDocument();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(screen.getByLabelText('Name on card')).toHaveValue('Nimal Perera');
    await user.click(screen.getByRole('button', { name: 'Pay LKR 5,150.00' }));

    await waitFor(() => expect(navigateToUrl).toHaveBeenCalledWith(returnUrl()));
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_x', {
      payment_method: { card: cardElement, billing_details: { name: 'Nimal Perera', email: 'nimal@example.com' } },
      return_url: returnUrl(),
    });
  });

  it("a card error shows Stripe's own message", async () => {
    stripe.confirmCardPayment.mockResolvedValue({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    const user = renderCardPayment();
    await user.click(await screen.findByRole('button', { name: 'Pay LKR 5,150.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(navigateToUrl).not.toHaveBeenCalled();
  });

  it('a cancelled intent shows the session-expired message', async () => {
    stripe.confirmCardPayment.mockResolvedValue({
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'This PaymentIntent has been canceled.',
        payment_intent: { status: 'canceled' },
      },
    });
    const user = renderCardPayment();
    await user.click(await screen.findByRole('button', { name: 'Pay LKR 5,150.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.sessionExpired);
  });

  it('anything else is "An unexpected error occurred."', async () => {
    stripe.confirmCardPayment.mockResolvedValue({ error: { type: 'api_error', message: 'Stripe is down.' } });
    const user = renderCardPayment();
    await user.click(await screen.findByRole('button', { name: 'Pay LKR 5,150.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.unexpected);
  });
});

describe('card payment in the sandbox', () => {
  it("shows our own card form and never loads Stripe's code", async () => {
    config = { card_provider: 'sandbox', stripe_publishable_key: null, test_mode: true };
    renderCardPayment();
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    expect(screen.queryByTestId('stripe-card-element')).not.toBeInTheDocument();
    expect(loadStripe).not.toHaveBeenCalled();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentGateway } from '@marquee/domain/catalog';
import type { Order } from '@marquee/domain/orders';
import {
  CARD_ERROR_MESSAGES,
  PAYMENT_ERROR_MESSAGES,
  PAYMENT_MESSAGES,
  type PaymentErrorCode,
  type SandboxConfirmResponse,
} from '@marquee/domain/payments';
import { fakeApi, type ApiCall, type ApiHandler } from '../../../test/fake-api';
import { makeCreatedOrder } from '../../../test/make-order';
import { PaymentDetailsStep } from './payment-details-step';

const navigateToUrl = vi.hoisted(() => vi.fn());
vi.mock('../lib/navigate-to-url', () => ({ navigateToUrl }));

const GATEWAYS: PaymentGateway[] = [
  { id: 1, name: 'Card', logo: '/images/gateways/card.svg', kind: 'card' },
  { id: 2, name: 'PayIn3', logo: '/images/gateways/payin3.svg', kind: 'instalments' },
];

let calls: ApiCall[] = [];
let routes: Record<string, ApiHandler> = {};

const CONFIRM_PATH = 'POST /api/sandbox/payment_intents/pi_1/confirm';

function confirmAnswer(overrides: Partial<SandboxConfirmResponse> = {}): SandboxConfirmResponse {
  return {
    status: 'succeeded',
    error: null,
    next_action: null,
    return_url: '/api/bookings/status?orderId=MQ7K3F9X2QHD',
    ...overrides,
  };
}

beforeEach(() => {
  ({ calls, routes } = fakeApi());
  navigateToUrl.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderStep(
  order: Order = makeCreatedOrder(),
  extra: { paymentError?: PaymentErrorCode; onExpire?: () => void; onPaymentAttempt?: () => void } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <PaymentDetailsStep
        order={order}
        deadline={Date.now() + 10 * 60_000}
        gateways={GATEWAYS}
        isCancelling={false}
        onCancel={vi.fn()}
        onExpire={extra.onExpire ?? vi.fn()}
        paymentError={extra.paymentError ?? null}
        onPaymentAttempt={extra.onPaymentAttempt ?? vi.fn()}
      />
    </QueryClientProvider>,
  );
  return user;
}

const futureYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM / YY)'), `08${futureYear}`);
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.type(screen.getByLabelText('Name on card'), 'Nimal Perera');
}

const payButton = () => screen.getByRole('button', { name: 'Pay LKR 5,150.00' });

describe('payment details: the sandbox card form', () => {
  it('formats the number in groups of four and checks it (Luhn) as soon as it is complete', async () => {
    const user = renderStep();
    const number = await screen.findByLabelText('Card number');
    await user.type(number, '424242424242424');
    expect(number).toHaveValue('4242 4242 4242 424');
    expect(screen.queryByText(CARD_ERROR_MESSAGES.incorrect_number)).not.toBeInTheDocument();
    await user.type(number, '1');
    expect(number).toHaveValue('4242 4242 4242 4241');
    expect(await screen.findByText(CARD_ERROR_MESSAGES.incorrect_number)).toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'true');

    await user.type(number, '{backspace}2');
    expect(screen.queryByText(CARD_ERROR_MESSAGES.incorrect_number)).not.toBeInTheDocument();
  });

  it('a short number is checked when the field is left', async () => {
    const user = renderStep();
    await user.type(await screen.findByLabelText('Card number'), '4242 4242');
    expect(screen.queryByText(CARD_ERROR_MESSAGES.incorrect_number)).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText(CARD_ERROR_MESSAGES.incorrect_number)).toBeInTheDocument();
  });

  it('writes the expiry as MM / YY and refuses one in the past', async () => {
    const user = renderStep();
    const expiry = await screen.findByLabelText('Expiry (MM / YY)');
    await user.type(expiry, '0120');
    expect(expiry).toHaveValue('01 / 20');
    expect(await screen.findByText(CARD_ERROR_MESSAGES.invalid_expiry)).toBeInTheDocument();
    await user.clear(expiry);
    await user.type(expiry, `9${futureYear}`);
    expect(expiry).toHaveValue(`09 / ${futureYear}`);
    expect(screen.queryByText(CARD_ERROR_MESSAGES.invalid_expiry)).not.toBeInTheDocument();
  });

  it('Pay with empty fields shows every message and sends nothing', async () => {
    const user = renderStep();
    await screen.findByLabelText('Card number');
    await user.click(payButton());
    expect(screen.getByText(CARD_ERROR_MESSAGES.incorrect_number)).toBeInTheDocument();
    expect(screen.getByText(CARD_ERROR_MESSAGES.invalid_expiry)).toBeInTheDocument();
    expect(screen.getByText(CARD_ERROR_MESSAGES.invalid_cvc)).toBeInTheDocument();
    expect(screen.getByText('Enter the name on the card.')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveFocus();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('lists the test cards in test mode; a card fills in the form', async () => {
    const user = renderStep();
    const testCards = await screen.findByRole('region', { name: /Test mode/ });
    expect(within(testCards).getAllByRole('listitem')).toHaveLength(5);
    expect(testCards).toHaveTextContent('4000 0000 0000 0002');
    expect(testCards).toHaveTextContent('Card declined');
    await user.click(screen.getByRole('button', { name: 'Use test card 4242 4242 4242 4242: Payment succeeds' }));
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    const year = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');
    expect(screen.getByLabelText('Expiry (MM / YY)')).toHaveValue(`12 / ${year}`);
    expect(screen.getByLabelText('CVC')).toHaveValue('123');
    expect(screen.getByLabelText('Name on card')).toHaveValue('Nimal Perera');
  });

  it('confirms with the digits and numbers of the card, then goes to the return address', async () => {
    routes[CONFIRM_PATH] = () => Response.json(confirmAnswer());
    const onPaymentAttempt = vi.fn();
    const user = renderStep(undefined, { onPaymentAttempt });
    await fillCard(user, '4242424242424242');
    await user.click(payButton());

    await waitFor(() => expect(navigateToUrl).toHaveBeenCalledWith('/api/bookings/status?orderId=MQ7K3F9X2QHD'));
    const confirm = calls.find((call) => call.method === 'POST');
    expect(confirm?.path).toBe('/api/sandbox/payment_intents/pi_1/confirm');
    expect(confirm?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(confirm?.body).toEqual({
      client_secret: 'pi_1_secret_x',
      card: {
        number: '4242424242424242',
        exp_month: 8,
        exp_year: 2000 + Number(futureYear),
        cvc: '123',
        name: 'Nimal Perera',
      },
    });
    expect(onPaymentAttempt).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Redirecting…' })).toBeDisabled();
  });

  it('disables Pay while the payment is being confirmed', async () => {
    let release: () => void = () => undefined;
    routes[CONFIRM_PATH] = () =>
      new Promise<Response>((resolve) => {
        release = () => resolve(Response.json(confirmAnswer({ status: 'processing' })));
      });
    const user = renderStep();
    await fillCard(user, '4242424242424242');
    await user.click(payButton());
    expect(await screen.findByRole('button', { name: 'Processing…' })).toBeDisabled();
    release();
    await waitFor(() => expect(navigateToUrl).toHaveBeenCalledTimes(1));
  });

  it('a card that needs authentication goes to the 3-D Secure challenge', async () => {
    routes[CONFIRM_PATH] = () =>
      Response.json(confirmAnswer({ status: 'requires_action', next_action: { redirect_url: '/sandbox/3ds/pi_1' } }));
    const user = renderStep();
    await user.click(await screen.findByRole('button', { name: /Use test card 4000 0027 6000 3184/ }));
    await user.click(payButton());
    await waitFor(() => expect(navigateToUrl).toHaveBeenCalledWith('/sandbox/3ds/pi_1'));
  });

  it('a declined card shows its own message and keeps the form', async () => {
    routes[CONFIRM_PATH] = () =>
      Response.json(
        confirmAnswer({
          status: 'requires_payment_method',
          error: { code: 'card_declined', message: CARD_ERROR_MESSAGES.card_declined },
        }),
      );
    const user = renderStep();
    await user.click(await screen.findByRole('button', { name: /Use test card 4000 0000 0000 0002/ }));
    await user.click(payButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(navigateToUrl).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
    expect(payButton()).toBeEnabled();

    // Another card, another try: the failure goes.
    routes[CONFIRM_PATH] = () => Response.json(confirmAnswer());
    await user.click(screen.getByRole('button', { name: /Use test card 4242 4242 4242 4242/ }));
    expect(screen.queryByText('Your card was declined.')).not.toBeInTheDocument();
    await user.click(payButton());
    await waitFor(() => expect(navigateToUrl).toHaveBeenCalledTimes(1));
  });

  it('a cancelled intent (the hold ended) says the session expired and offers to start again', async () => {
    routes[CONFIRM_PATH] = () =>
      Response.json(
        confirmAnswer({
          status: 'canceled',
          error: { code: 'session_expired', message: 'The hold ended.' },
        }),
      );
    const onExpire = vi.fn();
    const user = renderStep(undefined, { onExpire });
    await user.click(await screen.findByRole('button', { name: /Use test card 4242/ }));
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.sessionExpired);
    expect(payButton()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Refresh the page' }));
    expect(onExpire).toHaveBeenCalled();
  });

  it('a server error or a lost connection is "An unexpected error occurred."', async () => {
    routes[CONFIRM_PATH] = () => Response.json({ code: 'internal_error', message: 'Internal Server Error' }, { status: 500 });
    const user = renderStep();
    await user.click(await screen.findByRole('button', { name: /Use test card 4242/ }));
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred.');

    routes[CONFIRM_PATH] = () => {
      throw new TypeError('Failed to fetch');
    };
    await user.click(payButton());
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred.');
    expect(navigateToUrl).not.toHaveBeenCalled();
  });

  it("the sandbox's field errors (422) go beside their fields", async () => {
    routes[CONFIRM_PATH] = () =>
      Response.json(
        { code: 'validation_failed', message: 'Invalid card.', errors: { 'card.cvc': [CARD_ERROR_MESSAGES.invalid_cvc] } },
        { status: 422 },
      );
    const user = renderStep();
    await user.click(await screen.findByRole('button', { name: /Use test card 4242/ }));
    await user.click(payButton());
    expect(await screen.findByText(CARD_ERROR_MESSAGES.invalid_cvc)).toBeInTheDocument();
    expect(screen.getByLabelText('CVC')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('CVC')).toHaveFocus();
  });

  it("shows the return address's payment error at the top of the step", async () => {
    renderStep(undefined, { paymentError: 'insufficient_funds' });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]).toHaveTextContent(PAYMENT_ERROR_MESSAGES.insufficient_funds);
  });
});

describe('payment details: instalments', () => {
  it('explains the three instalments and continues to the provider', async () => {
    const user = renderStep(
      makeCreatedOrder({
        payment: {
          gateway_id: 2,
          kind: 'instalments',
          intent_id: 'pi_9',
          client_secret: null,
          redirect_url: '/sandbox/instalments/pi_9',
        },
      }),
    );
    expect(screen.getByText(/Pay in 3 instalments with PayIn3/)).toHaveTextContent('1,716.67 LKR X 3');
    await user.click(screen.getByRole('button', { name: 'Continue to PayIn3' }));
    expect(navigateToUrl).toHaveBeenCalledWith('/sandbox/instalments/pi_9');
    // No card form, so no configuration asked for.
    expect(calls.find((call) => call.path === '/api/payments/config')).toBeUndefined();
  });

  it("continues to a real provider's own page, on its own origin, exactly as the server gave it", async () => {
    const providerPage = 'https://pay.provider.example/checkout/plan_9?lang=en';
    const user = renderStep(
      makeCreatedOrder({
        payment: {
          gateway_id: 2,
          kind: 'instalments',
          intent_id: 'plan_9',
          client_secret: null,
          redirect_url: providerPage,
        },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Continue to PayIn3' }));
    expect(navigateToUrl).toHaveBeenCalledWith(providerPage);
  });
});

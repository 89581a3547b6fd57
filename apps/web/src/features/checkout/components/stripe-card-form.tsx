import { useId, useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry adds Stripe's script only when loadStripe is called, not on import.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { formatMoney } from '@marquee/domain/money';
import { bookingReturnPath } from '@marquee/domain/payments';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { CardPaymentProps } from '../lib/card-payment';
import { describeStripeError } from '../lib/describe-stripe-error';
import { navigateToUrl } from '../lib/navigate-to-url';
import { UNEXPECTED_FAILURE, type PaymentFailure } from '../lib/payment-failure';
import { PaymentFailureAlert } from './payment-failure-alert';
import { TextField } from '../../../components/ui/text-field';

export interface StripeCardFormProps extends CardPaymentProps {
  publishableKey: string;
}

/** One Stripe.js per key for the page's life: Elements must not be handed a new promise on each render. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  const known = stripeByKey.get(publishableKey);
  if (known) return known;
  const loading = loadStripe(publishableKey);
  stripeByKey.set(publishableKey, loading);
  return loading;
}

/**
 * The card form when Stripe is the card provider: Stripe Elements' CardElement (card details never touch
 * our page), confirmed with confirmCardPayment, which also runs any 3-D Secure challenge. This module is
 * imported lazily, so the sandbox path never downloads Stripe's code.
 */
export function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  const [stripe] = useState(() => stripeFor(publishableKey));
  return (
    <Elements stripe={stripe}>
      <StripeCardFields {...props} />
    </Elements>
  );
}

function StripeCardFields({
  orderId,
  clientSecret,
  amount,
  currency,
  buyerName,
  buyerEmail,
  onAttempt,
  onRestart,
}: CardPaymentProps) {
  const stripe = useStripe();
  const elements = useElements();
  const cardLabelId = useId();
  const cardErrorId = useId();
  const [name, setName] = useState(buyerName);
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [cardError, setCardError] = useState<string | null>(null);
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isLeaving, setIsLeaving] = useState(false);
  const isReady = stripe !== null && elements !== null;
  const isBusy = isSubmitting || isLeaving;
  const isExpired = failure?.kind === 'session_expired';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || isBusy || isExpired) return;
    const card = elements.getElement(CardElement);
    if (!card) return;
    if (name.trim().length < 2) {
      setNameError('Enter the name on the card.');
      return;
    }
    setFailure(null);
    setIsSubmitting(true);
    onAttempt();
    const returnUrl = new URL(bookingReturnPath(orderId), window.location.origin).href;
    try {
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: name.trim(), email: buyerEmail } },
        return_url: returnUrl,
      });
      if (result.error) {
        setFailure(describeStripeError(result.error));
      } else if (['succeeded', 'processing', 'requires_capture'].includes(result.paymentIntent.status)) {
        setIsLeaving(true);
        navigateToUrl(returnUrl);
      } else {
        setFailure(UNEXPECTED_FAILURE);
      }
    } catch {
      setFailure(UNEXPECTED_FAILURE);
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4" aria-label="Card payment">
      <fieldset disabled={isBusy} className="flex flex-col gap-4">
        <legend className="sr-only">Card details</legend>
        <div className="flex flex-col gap-1">
          <span id={cardLabelId} className="text-sm font-semibold text-slate-900">
            Card details
          </span>
          <div
            role="group"
            aria-labelledby={cardLabelId}
            aria-describedby={cardError ? cardErrorId : undefined}
            className={`min-h-11 rounded-lg border bg-white px-3 py-3 ${cardError ? 'border-red-700' : 'border-slate-400'}`}
          >
            {isReady ? null : <Spinner label="Loading the secure card form…" className="text-brand-700" />}
            <CardElement
              options={{ hidePostalCode: true, style: { base: { fontSize: '16px', color: '#0f172a' } } }}
              onChange={(change) => setCardError(change.error?.message ?? null)}
            />
          </div>
          {cardError ? (
            <p id={cardErrorId} role="alert" className="text-sm font-medium text-red-800">
              {cardError}
            </p>
          ) : null}
        </div>
        <TextField
          label="Name on card"
          autoComplete="cc-name"
          value={name}
          error={nameError}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(undefined);
          }}
        />
      </fieldset>
      {failure ? <PaymentFailureAlert failure={failure} onRestart={onRestart} /> : null}
      <Button type="submit" size="lg" disabled={!isReady || isBusy || isExpired} className="w-full sm:w-auto sm:self-start">
        {isLeaving ? 'Redirecting…' : isSubmitting ? 'Processing…' : `Pay ${formatMoney(amount, currency)}`}
      </Button>
    </form>
  );
}

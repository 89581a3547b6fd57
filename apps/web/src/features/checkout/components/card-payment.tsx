import { lazy, Suspense } from 'react';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { usePaymentsConfig } from '../api/get-payments-config';
import type { CardPaymentProps } from '../lib/card-payment';
import { SandboxCardForm } from './sandbox-card-form';

// Stripe's code (and its script) is fetched only when Stripe is the card provider.
const StripeCardForm = lazy(() => import('./stripe-card-form').then((module) => ({ default: module.StripeCardForm })));

const LOADING = <Spinner label="Loading the card form…" className="text-brand-700" />;

/** The card form the server's configuration names: our sandbox's, or Stripe Elements. */
export function CardPayment(props: CardPaymentProps) {
  const config = usePaymentsConfig();
  if (config.isPending) return LOADING;
  if (config.isError) {
    return (
      <ErrorState
        headingLevel={4}
        title="The card form could not be loaded"
        message="Check your connection and try again. Your seats stay held until the timer runs out."
        onRetry={() => void config.refetch()}
        isRetrying={config.isFetching}
      />
    );
  }
  if (config.data.card_provider === 'sandbox') return <SandboxCardForm {...props} />;
  const publishableKey = config.data.stripe_publishable_key;
  if (!publishableKey) {
    return <ErrorState headingLevel={4} title="Card payments are not available right now" message="Please try again later." />;
  }
  return (
    <Suspense fallback={LOADING}>
      <StripeCardForm publishableKey={publishableKey} {...props} />
    </Suspense>
  );
}

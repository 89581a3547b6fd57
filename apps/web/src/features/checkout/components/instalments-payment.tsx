import { useState } from 'react';
import { formatInstalments, formatMoney, type Currency } from '@marquee/domain/money';
import { Button } from '../../../components/ui/button';
import { navigateToUrl } from '../lib/navigate-to-url';
import { UNEXPECTED_FAILURE } from '../lib/payment-failure';
import { PaymentFailureAlert } from './payment-failure-alert';

export interface InstalmentsPaymentProps {
  /** The instalment provider's name (the event's gateway), e.g. PayIn3. */
  providerName: string;
  amount: number;
  currency: Currency;
  /** The provider's hosted approval page (the order's payment.redirect_url). */
  redirectUrl: string | null;
  onAttempt: () => void;
  onRestart: () => void;
}

/**
 * Paying by instalments (spec 9: the total in three): the provider approves the plan on its own page, which
 * ends at the return address.
 */
export function InstalmentsPayment({
  providerName,
  amount,
  currency,
  redirectUrl,
  onAttempt,
  onRestart,
}: InstalmentsPaymentProps) {
  const [isLeaving, setIsLeaving] = useState(false);
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 text-slate-900">
      <p>
        Pay in 3 instalments with {providerName}:{' '}
        <strong className="whitespace-nowrap tabular-nums">{formatInstalments(amount, currency)}</strong> (total{' '}
        {formatMoney(amount, currency)}).
      </p>
      <p className="text-sm text-slate-700">
        You approve the plan on {providerName}'s page, then come straight back here for your tickets.
      </p>
      {redirectUrl ? (
        <Button
          size="lg"
          className="w-full sm:w-auto sm:self-start"
          disabled={isLeaving}
          onClick={() => {
            onAttempt();
            setIsLeaving(true);
            navigateToUrl(redirectUrl);
          }}
        >
          {isLeaving ? 'Redirecting…' : `Continue to ${providerName}`}
        </Button>
      ) : (
        <PaymentFailureAlert failure={UNEXPECTED_FAILURE} onRestart={onRestart} />
      )}
    </div>
  );
}

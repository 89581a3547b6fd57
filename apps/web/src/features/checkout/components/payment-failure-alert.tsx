import { Button } from '../../../components/ui/button';
import type { PaymentFailure } from '../lib/payment-failure';

/** The failure beside the payment form; a session that expired offers to start again (spec: refresh the page). */
export function PaymentFailureAlert({ failure, onRestart }: { failure: PaymentFailure; onRestart: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-950">
      <p className="font-semibold">{failure.message}</p>
      {failure.kind === 'session_expired' ? (
        <Button className="mt-3" variant="secondary" onClick={onRestart}>
          Refresh the page
        </Button>
      ) : failure.kind === 'card' ? (
        <p className="mt-1 text-sm">Nothing was charged. Check your card details or try another card.</p>
      ) : (
        <p className="mt-1 text-sm">Please try again in a moment.</p>
      )}
    </div>
  );
}

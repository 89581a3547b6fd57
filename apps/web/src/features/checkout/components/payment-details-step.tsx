import type { PaymentGateway } from '@marquee/domain/catalog';
import { formatMoney } from '@marquee/domain/money';
import type { Order } from '@marquee/domain/orders';
import { PAYMENT_ERROR_MESSAGES, type PaymentErrorCode } from '@marquee/domain/payments';
import { Button } from '../../../components/ui/button';
import { useHoldCountdown } from '../hooks/use-hold-countdown';
import { formatRemaining } from '../lib/hold-clock';
import type { DescribeSeat } from '../lib/checkout-lines';
import { BestAvailableSeats, type RetryOutcome, type SeatPreview } from './best-available-seats';
import { CardPayment } from './card-payment';
import { InstalmentsPayment } from './instalments-payment';
import { OrderTotals } from './order-totals';

export interface PaymentDetailsStepProps {
  order: Order;
  /** When the hold ends on this device's clock (holdDeadline). */
  deadline: number;
  gateways: PaymentGateway[];
  describeSeat?: DescribeSeat | undefined;
  isCancelling: boolean;
  onCancel: () => void;
  onExpire: () => void;
  /** Why the last payment did not go through (the return address's `?payment_error=`), shown at the top. */
  paymentError?: PaymentErrorCode | null;
  /** The buyer tries to pay again: the earlier failure no longer applies. */
  onPaymentAttempt?: () => void;
  /** Best available (issue 24): the venue's map with the order's seats marked. */
  seatPreview?: SeatPreview | undefined;
  /** Best available (issue 24): "Try other seats". */
  onTryOtherSeats?: (() => Promise<RetryOutcome>) | undefined;
}

/** The hold countdown (spec 4: "We are holding your seat..."), mm:ss, told politely at most once a minute. */
function HoldCountdown({ deadline, onExpire }: { deadline: number; onExpire: () => void }) {
  const { remainingMs, announcement } = useHoldCountdown(deadline, onExpire);
  const isLow = remainingMs <= 60_000;
  return (
    <div
      className={`flex flex-wrap items-center justify-between gap-2 rounded-xl border px-4 py-3 ${
        isLow ? 'border-red-300 bg-red-50 text-red-900' : 'border-accent-400 bg-amber-50 text-slate-900'
      }`}
    >
      <p className="font-semibold">We are holding your seat...</p>
      <p className="text-sm">
        Time left:{' '}
        <time
          dateTime={`PT${Math.ceil(remainingMs / 1000)}S`}
          className="font-mono text-lg font-bold tabular-nums"
          data-testid="hold-countdown"
        >
          {formatRemaining(remainingMs)}
        </time>
      </p>
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

/** Step 3 Payment Details: the hold, the saved order's totals (the server's numbers), the payment method. */
export function PaymentDetailsStep({
  order,
  deadline,
  gateways,
  describeSeat,
  isCancelling,
  onCancel,
  onExpire,
  paymentError = null,
  onPaymentAttempt = () => undefined,
  seatPreview,
  onTryOtherSeats,
}: PaymentDetailsStepProps) {
  const gateway = order.payment ? gateways.find((candidate) => candidate.id === order.payment?.gateway_id) : undefined;
  const instalments = gateways.find((candidate) => candidate.kind === 'instalments');
  const lines = order.lines.map((line) => ({
    packageId: line.package_id,
    name: line.package_name,
    unitPrice: line.unit_price,
    count: line.ticket_count,
    amount: line.amount,
    seatLabels: line.seats.map((seatId) => describeSeat?.(seatId)?.label ?? seatId),
  }));
  const payment = order.payment;

  return (
    <div className="flex flex-col gap-5">
      {paymentError ? (
        <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-950">
          <p className="font-semibold">Your payment did not go through.</p>
          <p>{PAYMENT_ERROR_MESSAGES[paymentError]}</p>
        </div>
      ) : null}
      <HoldCountdown deadline={deadline} onExpire={onExpire} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-900">
        <dt className="text-slate-700">Booking ID</dt>
        <dd className="font-mono font-semibold" data-testid="order-id">
          {order.order_id}
        </dd>
        <dt className="text-slate-700">Amount due</dt>
        <dd className="font-semibold">{formatMoney(order.total, order.currency)}</dd>
      </dl>
      {order.best_available ? (
        <BestAvailableSeats
          order={order}
          describeSeat={describeSeat}
          seatPreview={seatPreview}
          onTryOtherSeats={onTryOtherSeats}
          isDisabled={isCancelling}
        />
      ) : null}
      <OrderTotals
        caption="Your saved order"
        currency={order.currency}
        lines={lines}
        subtotal={order.subtotal}
        convenienceFee={order.convenience_fee}
        discount={order.discount}
        total={order.total}
        instalmentProvider={order.first_instalment !== null ? instalments?.name : undefined}
      />
      {/* A free order is complete when saved and goes straight to the confirmation: it has no step 3. */}
      {payment === null ? null : (
        <>
          <div>
            <h4 className="text-base font-semibold text-brand-950">Payment method</h4>
            <p className="mt-2 flex items-center gap-3 text-slate-900">
              {gateway ? <img src={gateway.logo} alt="" width={80} height={32} className="h-8 w-auto" /> : null}
              <span>{gateway?.name ?? 'Card'}</span>
            </p>
          </div>
          {payment.kind === 'instalments' ? (
            <InstalmentsPayment
              providerName={gateway?.name ?? 'the instalment provider'}
              amount={order.total}
              currency={order.currency}
              redirectUrl={payment.redirect_url}
              onAttempt={onPaymentAttempt}
              onRestart={onExpire}
            />
          ) : payment.client_secret ? (
            <CardPayment
              intentId={payment.intent_id}
              orderId={order.order_id}
              clientSecret={payment.client_secret}
              amount={order.total}
              currency={order.currency}
              buyerName={`${order.buyer.first_name} ${order.buyer.last_name}`}
              buyerEmail={order.buyer.email}
              onAttempt={onPaymentAttempt}
              onRestart={onExpire}
            />
          ) : (
            <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-950">
              {PAYMENT_ERROR_MESSAGES.unexpected}
            </p>
          )}
        </>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button variant="secondary" onClick={onCancel} disabled={isCancelling}>
          {isCancelling ? 'Cancelling…' : 'Cancel order'}
        </Button>
        <p className="text-sm text-slate-700">
          Cancelling releases your seats and takes you back to the order summary.
        </p>
      </div>
    </div>
  );
}

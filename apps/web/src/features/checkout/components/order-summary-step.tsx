import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { BUYER_MESSAGES, PROMO_CODE_MIN_LENGTH, PromoCodeSchema, proceedToPayBlockers } from '@marquee/domain/checkout';
import type { EventDetail } from '@marquee/domain/catalog';
import { formatMoney } from '@marquee/domain/money';
import { PaymentMethodField } from '../../../components/buyer-details/payment-method-field';
import { TermsCheckbox } from '../../../components/buyer-details/terms-checkbox';
import { Button } from '../../../components/ui/button';
import type { CheckoutSummary } from '../lib/checkout-lines';
import { OrderTotals } from './order-totals';

export interface AppliedCoupon {
  code: string;
  discount: number;
  totalDue: number;
}

export interface OrderSummaryStepProps {
  event: EventDetail;
  summary: CheckoutSummary;
  coupon: AppliedCoupon | null;
  isCheckingPromo: boolean;
  /** Set when the last code was refused: the input is marked invalid and this says why. */
  promoError: string | null;
  onApplyPromo: (code: string) => void;
  onRemovePromo: () => void;
  gatewayId: number | undefined;
  onGatewayChange: (id: number) => void;
  isTermsAgreed: boolean;
  onTermsChange: (isAgreed: boolean) => void;
  isProcessing: boolean;
  hasFieldErrors: boolean;
  hasPaymentSecret: boolean;
  onProceed: () => void;
  /** The human check (it solves by itself), shown above Proceed to pay. */
  captcha?: ReactNode;
}

const BLOCKER_TEXT = {
  processing: 'Saving your order…',
  field_errors: 'Fix your details in step 1 first.',
  terms: 'Tick the box above to agree to the Terms & Conditions.',
  payment_started: 'Payment has already started for this order.',
} as const;

/** Step 2 Order Summary: what is bought and for how much, the promo code, the terms and Proceed to pay. */
export function OrderSummaryStep(props: OrderSummaryStepProps) {
  const { event, summary, coupon, isTermsAgreed } = props;
  const totals = summary.totals;
  const discount = coupon?.discount ?? 0;
  const total = coupon ? coupon.totalDue : totals.total;
  const instalments = event.payment_gateways.find((gateway) => gateway.kind === 'instalments');
  const blockers = proceedToPayBlockers({
    isProcessing: props.isProcessing,
    hasFieldErrors: props.hasFieldErrors,
    isTermsAgreed,
    hasPaymentSecret: props.hasPaymentSecret,
  });
  const [showTermsError, setShowTermsError] = useState(false);
  const termsRef = useRef<HTMLInputElement>(null);
  const blockersId = useId();
  // Processing and a started payment leave nothing to do: the button is disabled. Field errors and the
  // terms stay focusable (aria-disabled), and pressing it says what is missing.
  const isHardDisabled = blockers.includes('processing') || blockers.includes('payment_started');

  function onSubmit(formEvent: FormEvent) {
    formEvent.preventDefault();
    if (blockers.includes('terms')) {
      setShowTermsError(true);
      termsRef.current?.focus();
      return;
    }
    if (blockers.length > 0) return;
    props.onProceed();
  }

  return (
    <div className="flex flex-col gap-6">
      <OrderTotals
        caption="Your order"
        currency={event.currency}
        lines={summary.lines.map((line) => ({
          packageId: line.packageId,
          name: line.name,
          unitPrice: line.price,
          count: line.count,
          amount: line.amount,
          seatLabels: line.seatLabels,
          note: line.note,
        }))}
        subtotal={totals.subtotal}
        convenienceFee={totals.convenienceFee}
        discount={discount}
        total={total}
        instalmentProvider={instalments?.name}
      />

      {totals.subtotal > 0 ? (
        <PromoCodeField
          coupon={coupon}
          currency={event.currency}
          isChecking={props.isCheckingPromo}
          error={props.promoError}
          onApply={props.onApplyPromo}
          onRemove={props.onRemovePromo}
          isLocked={props.hasPaymentSecret}
        />
      ) : null}

      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {event.payment_gateways.length > 1 && total > 0 ? (
          <PaymentMethodField
            gateways={event.payment_gateways}
            value={props.gatewayId}
            onChange={props.onGatewayChange}
          />
        ) : null}

        <TermsCheckbox
          ref={termsRef}
          checked={isTermsAgreed}
          onChange={(changeEvent) => {
            props.onTermsChange(changeEvent.target.checked);
            if (changeEvent.target.checked) setShowTermsError(false);
          }}
          error={showTermsError && !isTermsAgreed ? BUYER_MESSAGES.terms : undefined}
        />

        {props.captcha}

        <div className="flex flex-col gap-2">
          <Button
            type="submit"
            size="lg"
            className="w-full sm:w-auto sm:self-start"
            disabled={isHardDisabled}
            aria-disabled={blockers.length > 0 ? true : undefined}
            aria-describedby={blockers.length > 0 ? blockersId : undefined}
            data-blocked={blockers.length > 0 ? '' : undefined}
            style={blockers.length > 0 && !isHardDisabled ? { opacity: 0.6 } : undefined}
          >
            {props.isProcessing ? (
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none"
              />
            ) : null}
            Proceed to pay {total > 0 ? formatMoney(total, event.currency) : ''}
          </Button>
          {blockers.length > 0 ? (
            <ul id={blockersId} className="text-sm text-slate-700" data-testid="proceed-blockers">
              {blockers.map((blocker) => (
                <li key={blocker}>{BLOCKER_TEXT[blocker]}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </form>
    </div>
  );
}

interface PromoCodeFieldProps {
  coupon: AppliedCoupon | null;
  currency: EventDetail['currency'];
  isChecking: boolean;
  error: string | null;
  onApply: (code: string) => void;
  onRemove: () => void;
  isLocked: boolean;
}

/** The promo code (spec 4, 5): at least 3 characters; once applied the input gives way to a coupon box. */
function PromoCodeField({ coupon, currency, isChecking, error, onApply, onRemove, isLocked }: PromoCodeFieldProps) {
  const [code, setCode] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const shown = localError ?? error;

  if (coupon) {
    return (
      <div
        role="status"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-950"
        data-testid="coupon-box"
      >
        <p>
          <span className="font-semibold">Coupon {coupon.code} applied.</span> You save{' '}
          {formatMoney(coupon.discount, currency)}.
        </p>
        {isLocked ? null : (
          <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove coupon ${coupon.code}`}>
            Remove
          </Button>
        )}
      </div>
    );
  }

  function onSubmit(formEvent: FormEvent) {
    formEvent.preventDefault();
    const parsed = PromoCodeSchema.safeParse(code);
    if (!parsed.success) {
      setLocalError(parsed.error.issues[0]?.message ?? BUYER_MESSAGES.promoCode);
      return;
    }
    setLocalError(null);
    onApply(parsed.data);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-semibold text-slate-900">
        Promo code
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={code}
          onChange={(changeEvent) => {
            setCode(changeEvent.target.value);
            setLocalError(null);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          minLength={PROMO_CODE_MIN_LENGTH}
          disabled={isLocked}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? errorId : undefined}
          className={`min-h-11 min-w-0 flex-1 rounded-lg border bg-white px-3 text-base uppercase text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 ${
            shown ? 'border-red-700' : 'border-slate-400'
          }`}
        />
        <Button type="submit" variant="secondary" disabled={isChecking || isLocked}>
          {isChecking ? 'Checking…' : 'Apply'}
        </Button>
      </div>
      {shown ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-800">
          {shown}
        </p>
      ) : null}
    </form>
  );
}

import { memo, useEffect, useId, useReducer, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../components/toaster';
import type { EventDetail } from '@marquee/domain/catalog';
import {
  BuyerDetailsSchema,
  NIC_DEFAULT,
  canContinueFromDetails,
  type BuyerDetails,
  type BuyerDetailsInput,
} from '@marquee/domain/checkout';
import { formatMoney } from '@marquee/domain/money';
import { bookingReturnPath, type PaymentErrorCode } from '@marquee/domain/payments';
import { ticketCount, type Selection } from '@marquee/domain/selection';
import { useCaptchaSubmit } from '../../../components/captcha/use-captcha-submit';
import { usePopupQueue } from '../../../components/ui/popup';
import { cancelOrder } from '../api/cancel-order';
import { retryBestAvailable } from '../api/retry-best-available';
import { useCreateOrder } from '../api/create-order';
import {
  clearIdempotencyKey,
  forgetActiveOrder,
  getIdempotencyKey,
  readActiveOrder,
  saveActiveOrder,
  type BestAvailableChoice,
} from '../lib/checkout-storage';
import {
  createOrderInput,
  summariseSelection,
  withoutUnavailable,
  type DescribeSeat,
  type SeatMapStatus,
} from '../lib/checkout-lines';
import {
  canOpenStep,
  checkoutReducer,
  couponFor,
  holdOf,
  initialCheckoutState,
  type StepNumber,
} from '../lib/checkout-state';
import { errorToScreen } from '../lib/error-to-screen';
import { eventAsksForId } from '../lib/event-asks-for-id';
import { holdDeadline } from '../lib/hold-clock';
import { navigateToUrl } from '../lib/navigate-to-url';
import { restartCheckout } from '../lib/restart-checkout';
import { useApplyPromo } from '../hooks/use-apply-promo';
import { useBuyerPrefill, type BuyerPrefill } from '../hooks/use-buyer-prefill';
import { useResumeOrder } from '../hooks/use-resume-order';
import { useStepFocus } from '../hooks/use-step-focus';
import type { RetryOutcome, SeatPreview } from './best-available-seats';
import { BuyerDetailsStep } from './buyer-details-step';
import {
  NoTicketsNotice,
  PaymentErrorNotice,
  ResumeStatus,
  SaveProblemAlert,
  UnavailableNotice,
  UnpricedSeatsGate,
} from './checkout-notices';
import { CheckoutStep } from './checkout-step';
import { OrderSummaryStep } from './order-summary-step';
import { PaymentDetailsStep } from './payment-details-step';

export type { BuyerPrefill, SeatMapStatus };

export interface CheckoutPageProps {
  event: EventDetail;
  selection: Selection;
  onSelectionChange: (next: Selection) => void;
  /** A seat's label and package, from the seat map (the route builds it; features do not import each other). */
  describeSeat?: DescribeSeat | undefined;
  seatMapStatus?: SeatMapStatus;
  onRetrySeatMap?: () => void;
  /** Back to step 2 of the booking flow (choose tickets again). */
  onBackToTickets: () => void;
  /** The server says the event changed (not on sale, a price changed): reload it. */
  onEventStale?: () => void;
  /** Why the last payment did not go through: the return address came back with `?payment_error=`. */
  paymentError?: PaymentErrorCode | null;
  /** The payment error has been taken in: the route drops it from the URL, so a reload does not repeat it. */
  onPaymentErrorShown?: () => void;
  /** The signed-in buyer's name and e-mail (spec 6): the details start with them, unless already filled. */
  buyerPrefill?: BuyerPrefill | null;
  /**
   * Best available (issue 24): what the buyer asked for at step 2 instead of seats. The server picks and holds
   * the seats when the order is saved; the payment step shows them and lets the buyer try others.
   */
  bestAvailable?: BestAvailableChoice | null;
  /** The venue's map with some seats marked, for the payment step of a best-available order. */
  seatPreview?: SeatPreview | undefined;
}

/**
 * Step 3 of the booking flow (spec 2, 4): "Confirm details and pay", an accordion of 1 Ticket Details,
 * 2 Order Summary and 3 Payment Details. Proceeding saves the order (its tickets held for 10 minutes);
 * the order's id and access token stay in this tab, so a reload resumes it. Where the checkout is lives in
 * checkoutReducer (lib/checkout-state.ts); what a failed call shows, in errorToScreen (lib/error-to-screen.ts).
 * Memoised: it is the booking flow's heaviest render, and its parent renders again with the same props when
 * the session arrives after the page's first render (issue 25).
 */
export const CheckoutPage = memo(function CheckoutPage({
  event,
  selection,
  onSelectionChange,
  describeSeat,
  seatMapStatus = 'none',
  onRetrySeatMap,
  onBackToTickets,
  onEventStale,
  paymentError = null,
  onPaymentErrorShown,
  buyerPrefill = null,
  bestAvailable = null,
  seatPreview,
}: CheckoutPageProps) {
  const { popups, showPopups } = usePopupQueue();
  const isIdRequired = eventAsksForId(event);

  const form = useForm<BuyerDetailsInput, unknown, BuyerDetails>({
    resolver: zodResolver(BuyerDetailsSchema),
    mode: 'onTouched',
    defaultValues: { first_name: '', last_name: '', email: '', phone: '', nic: NIC_DEFAULT },
  });
  const buyerValues = useWatch({ control: form.control });
  const areDetailsValid = canContinueFromDetails(buyerValues);

  // A reload at step 3 resumes the saved order while it is pending and held; otherwise checkout starts over.
  const [state, dispatch] = useReducer(checkoutReducer, null, () =>
    initialCheckoutState({
      hasStoredOrder: readActiveOrder(event.uid) !== null,
      gatewayId: event.payment_gateways[0]?.id,
      paymentError,
    }),
  );
  const { phase, paymentNotice } = state;
  const hold = holdOf(state);
  const coupon = couponFor(state, selection);
  const orderCreation = useCreateOrder();
  const { captcha, submit: submitWithCaptcha } = useCaptchaSubmit();
  const summary = summariseSelection(event, selection, describeSeat, bestAvailable);
  const ticketsChosen = ticketCount(selection) + (bestAvailable?.request.quantity ?? 0);
  const isPricingSeats = summary.unpricedSeats.length > 0 && seatMapStatus === 'loading';
  const { applyPromo, applyEventPromo, isCheckingPromo } = useApplyPromo({
    event,
    selection,
    summary,
    isPricingSeats,
    email: buyerValues.email,
    hasCoupon: coupon !== null,
    dispatch,
    showPopups,
  });

  const { headingRef, stepRefs } = useStepFocus(state.focusRequest);

  // Told once: the route drops `?payment_error=` from the URL so a reload does not tell it again.
  const hasPaymentNotice = paymentNotice !== null;
  const isResuming = phase.name === 'resuming';
  useEffect(() => {
    if (hasPaymentNotice && !isResuming) onPaymentErrorShown?.();
  }, [hasPaymentNotice, isResuming, onPaymentErrorShown]);

  useResumeOrder(event.uid, phase.name === 'resuming' && !phase.hasFailed, dispatch, form.reset);

  useBuyerPrefill(form, buyerPrefill, !isResuming && hold === null);

  function onContinue() {
    dispatch({ type: 'details_completed' });
    applyEventPromo();
  }

  function onProceed() {
    if (phase.name !== 'editing') return;
    const buyer = BuyerDetailsSchema.safeParse(form.getValues());
    if (!buyer.success) {
      void form.trigger();
      dispatch({ type: 'details_invalid' });
      return;
    }
    const order = createOrderInput({
      event,
      selection,
      bestAvailable,
      buyer: buyer.data,
      promoCode: coupon?.code ?? null,
      paymentGatewayId: summary.totals.total > 0 ? state.gatewayId : undefined,
    });
    dispatch({ type: 'save_started' });
    const save = (captcha: string) =>
      orderCreation.mutateAsync({ order, idempotencyKey: getIdempotencyKey(event.uid), captcha });
    void submitWithCaptcha(save).then((created) => {
      const access = { orderId: created.order_id, accessToken: created.access_token };
      saveActiveOrder(event.uid, access);
      // Nothing to pay (a free event): the order is complete already; the return address shows it.
      if (created.status === 'complete') return navigateToUrl(bookingReturnPath(created.order_id));
      dispatch({ type: 'saved', hold: { order: created, access, deadline: holdDeadline(created, Date.now()) } });
    }, onSaveError);
  }

  function onSaveError(error: unknown) {
    const screen = errorToScreen(error, 'save_order');
    // Same Idempotency-Key on a retry: if the first request did save the order, the retry returns it.
    if (screen.kind !== 'retry') clearIdempotencyKey(event.uid);
    if (screen.kind === 'fields') for (const { field, message } of screen.buyer) form.setError(field, { message });
    if (screen.kind === 'unavailable') {
      onSelectionChange(withoutUnavailable(selection, screen.takenSeats, screen.soldOutPackages, describeSeat));
    }
    if (screen.kind === 'popups') showPopups(screen.popups);
    if (screen.refreshesEvent) onEventStale?.();
    dispatch({ type: 'save_failed', screen });
  }

  async function onCancelOrder() {
    if (phase.name !== 'held') return;
    dispatch({ type: 'cancel_started' });
    try {
      await cancelOrder(phase.hold.access);
    } catch (error) {
      const screen = errorToScreen(error, 'cancel_order');
      if (screen.kind === 'popups') {
        dispatch({ type: 'cancel_failed' });
        return showPopups(screen.popups);
      }
    }
    forgetActiveOrder(event.uid);
    dispatch({ type: 'cancelled' });
    toast('Your order was cancelled and your seats released.');
  }

  /** "Try other seats" (issue 24): the new seats replace the old in the hold; its deadline stays. */
  async function onTryOtherSeats(): Promise<RetryOutcome> {
    if (phase.name !== 'held') return { kind: 'refused', message: 'Your order is being cancelled.' };
    const { hold: current } = phase;
    try {
      const order = await retryBestAvailable(current.access);
      dispatch({ type: 'best_available_changed', order });
      return { kind: 'swapped' };
    } catch (error) {
      const screen = errorToScreen(error, 'retry_best_available');
      const info = current.order.best_available;
      // The server says no tries are left: the button goes, whatever this page counted.
      if (screen.isFinal && info) {
        dispatch({
          type: 'best_available_changed',
          order: { ...current.order, best_available: { ...info, retries_left: 0 } },
        });
      }
      return { kind: 'refused', message: screen.message };
    }
  }

  function onHoldEnded() {
    if (phase.name !== 'held' && phase.name !== 'cancelling') return;
    dispatch({ type: 'hold_ended' });
    void restartCheckout(event.uid, phase.hold.access);
  }

  const headingId = useId();
  const page = (content: ReactNode) => (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold text-brand-950 focus:outline-none"
      >
        Confirm details and pay
      </h2>
      {content}
    </section>
  );

  if (phase.name === 'resuming') {
    return page(<ResumeStatus hasFailed={phase.hasFailed} onRetry={() => dispatch({ type: 'resume_retried' })} />);
  }

  const pageNotice = paymentNotice?.placement === 'page' ? <PaymentErrorNotice code={paymentNotice.code} /> : null;
  const unavailable = phase.name === 'editing' ? phase.unavailable : null;
  const unavailableNotice = unavailable ? (
    <UnavailableNotice
      tickets={unavailable}
      packages={event.ticket_packages}
      describeSeat={describeSeat}
      onBackToTickets={onBackToTickets}
    />
  ) : null;

  if (!hold && ticketsChosen === 0) {
    return page(
      <>
        {pageNotice}
        {unavailableNotice}
        {unavailable ? null : <NoTicketsNotice onBackToTickets={onBackToTickets} />}
        {popups}
      </>,
    );
  }

  const stepProps = (step: StepNumber) => ({
    number: step,
    isOpen: state.openStep === step,
    canOpen: canOpenStep(state, step, areDetailsValid),
    onToggle: () => dispatch({ type: 'step_toggled', step }),
    toggleRef: stepRefs[step],
  });
  const total = hold ? hold.order.total : coupon ? coupon.totalDue : summary.totals.total;
  const saveProblem = phase.name === 'editing' ? phase.problem : null;

  return page(
    <>
      {pageNotice}
      {unavailableNotice}
      <CheckoutStep
        {...stepProps(1)}
        title="Ticket Details"
        summary={
          state.hasCompletedDetails ? (
            <p>
              {buyerValues.first_name} {buyerValues.last_name} · {buyerValues.email} · {buyerValues.phone}
            </p>
          ) : null
        }
      >
        <BuyerDetailsStep form={form} isIdRequired={isIdRequired} isLocked={hold !== null} onContinue={onContinue} />
      </CheckoutStep>

      <CheckoutStep
        {...stepProps(2)}
        title="Order Summary"
        summary={
          hold ? (
            <p>
              {hold.order.lines.reduce((sum, line) => sum + line.ticket_count, 0)} tickets · Total{' '}
              {formatMoney(total, event.currency)}
            </p>
          ) : null
        }
      >
        <UnpricedSeatsGate unpricedSeats={summary.unpricedSeats} seatMapStatus={seatMapStatus} onRetry={onRetrySeatMap}>
          <OrderSummaryStep
            event={event}
            summary={summary}
            coupon={coupon}
            isCheckingPromo={isCheckingPromo}
            promoError={state.promoError}
            onApplyPromo={applyPromo}
            onRemovePromo={() => {
              dispatch({ type: 'promo_removed' });
              toast('Coupon removed.');
            }}
            gatewayId={state.gatewayId}
            onGatewayChange={(gatewayId) => dispatch({ type: 'gateway_changed', gatewayId })}
            isTermsAgreed={state.isTermsAgreed}
            onTermsChange={(isAgreed) => dispatch({ type: 'terms_changed', isAgreed })}
            isProcessing={phase.name === 'saving'}
            hasFieldErrors={!areDetailsValid}
            hasPaymentSecret={Boolean(hold?.order.payment?.client_secret)}
            onProceed={onProceed}
            captcha={captcha}
          />
          {saveProblem ? (
            <SaveProblemAlert problem={saveProblem} onRetry={onProceed} onBackToTickets={onBackToTickets} />
          ) : null}
        </UnpricedSeatsGate>
      </CheckoutStep>

      <CheckoutStep {...stepProps(3)} title="Payment Details">
        {hold ? (
          <PaymentDetailsStep
            order={hold.order}
            deadline={hold.deadline}
            gateways={event.payment_gateways}
            describeSeat={describeSeat}
            isCancelling={phase.name === 'cancelling'}
            onCancel={() => void onCancelOrder()}
            onExpire={onHoldEnded}
            paymentError={paymentNotice?.placement === 'payment' ? paymentNotice.code : null}
            onPaymentAttempt={() => dispatch({ type: 'payment_attempted' })}
            seatPreview={seatPreview}
            onTryOtherSeats={onTryOtherSeats}
          />
        ) : null}
      </CheckoutStep>
      {popups}
    </>,
  );
});

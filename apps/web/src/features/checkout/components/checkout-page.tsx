import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../components/toaster';
import { focusStepHeading } from '../../../lib/focus-step-heading';
import type { EventDetail } from '@marquee/domain/catalog';
import {
  BUYER_MESSAGES,
  BuyerDetailsSchema,
  NIC_DEFAULT,
  canContinueFromDetails,
  type BuyerDetails,
  type BuyerDetailsInput,
} from '@marquee/domain/checkout';
import { formatMoney } from '@marquee/domain/money';
import { ACCOUNT_MESSAGES } from '@marquee/domain/accounts-session';
import { UnavailableBodySchema, type CreateOrderInput, type Order } from '@marquee/domain/orders';
import { PAYMENT_ERROR_MESSAGES, bookingReturnPath, type PaymentErrorCode } from '@marquee/domain/payments';
import { ticketCount, type Selection } from '@marquee/domain/selection';
import { useCaptcha } from '../../../components/captcha/captcha';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { usePopupQueue } from '../../../components/ui/popup';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { cancelOrder } from '../api/cancel-order';
import { useCheckPromotion } from '../api/check-promotion';
import { useCreateOrder } from '../api/create-order';
import { getOrder } from '../api/get-order';
import {
  clearIdempotencyKey,
  forgetActiveOrder,
  getIdempotencyKey,
  readActiveOrder,
  saveActiveOrder,
  type ActiveOrder,
} from '../lib/checkout-storage';
import {
  createOrderInput,
  promoCheckRequest,
  summariseSelection,
  withoutUnavailable,
  type DescribeSeat,
} from '../lib/checkout-lines';
import { errorMessages, isRetryable } from '../lib/error-messages';
import { eventAsksForId } from '../lib/event-asks-for-id';
import { holdDeadline } from '../lib/hold-clock';
import { navigateToUrl } from '../lib/navigate-to-url';
import { reloadPage } from '../lib/reload-page';
import { BuyerDetailsStep } from './buyer-details-step';
import { CheckoutStep } from './checkout-step';
import { OrderSummaryStep, type AppliedCoupon } from './order-summary-step';
import { PaymentDetailsStep } from './payment-details-step';

export type SeatMapStatus = 'none' | 'loading' | 'error' | 'ready';

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
}

export interface BuyerPrefill {
  first_name: string;
  last_name: string;
  email: string;
}

type StepNumber = 1 | 2 | 3;

interface SavedOrder {
  order: Order;
  access: ActiveOrder;
  /** When the hold ends on this device's clock. */
  deadline: number;
}

type SaveProblem = { kind: 'network' } | { kind: 'messages'; messages: string[] };

/**
 * A payment error from the return address, and where it is told: in step 3 when the order it was for is
 * resumed, at the top of the page when that order is gone (the checkout starts over), undecided until the
 * resume has answered.
 */
interface PaymentNotice {
  code: PaymentErrorCode;
  placement: 'payment' | 'page' | 'undecided';
}

/** Once the resume has answered: step 3 if the order was resumed, else the top of the page. */
function placePaymentNotice(isResumed: boolean) {
  return (notice: PaymentNotice | null): PaymentNotice | null =>
    notice?.placement === 'undecided' ? { ...notice, placement: isResumed ? 'payment' : 'page' } : notice;
}

const NETWORK_MESSAGE = 'We could not reach Marquee. Check your connection and try again.';

/**
 * Step 3 of the booking flow (spec 2, 4): "Confirm details and pay", an accordion of 1 Ticket Details,
 * 2 Order Summary and 3 Payment Details. Proceeding saves the order (its tickets held for 10 minutes);
 * the order's id and access token stay in this tab, so a reload resumes it.
 */
export function CheckoutPage({
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
}: CheckoutPageProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const step1Ref = useRef<HTMLButtonElement>(null);
  const step2Ref = useRef<HTMLButtonElement>(null);
  const step3Ref = useRef<HTMLButtonElement>(null);
  const { popups, showPopups } = usePopupQueue();
  const isIdRequired = eventAsksForId(event);

  const form = useForm<BuyerDetailsInput, unknown, BuyerDetails>({
    resolver: zodResolver(BuyerDetailsSchema),
    mode: 'onTouched',
    defaultValues: { first_name: '', last_name: '', email: '', phone: '', nic: NIC_DEFAULT },
  });
  const buyerValues = useWatch({ control: form.control });
  const areDetailsValid = canContinueFromDetails(buyerValues);

  const [openStep, setOpenStep] = useState<StepNumber | null>(1);
  const [hasCompletedDetails, setHasCompletedDetails] = useState(false);
  const [saved, setSaved] = useState<SavedOrder | null>(null);
  // A new object per request, so asking twice for the same step focuses it twice.
  const [focusRequest, setFocusRequest] = useState<{ step: StepNumber } | null>(null);

  // The coupon belongs to the selection it was checked for: a changed selection drops it.
  const [couponState, setCouponState] = useState<{ coupon: AppliedCoupon; selection: Selection } | null>(null);
  const coupon = couponState?.selection === selection ? couponState.coupon : null;
  const [promoError, setPromoError] = useState<string | null>(null);
  const [isTermsAgreed, setIsTermsAgreed] = useState(false);
  const [gatewayId, setGatewayId] = useState<number | undefined>(event.payment_gateways[0]?.id);
  const [saveProblem, setSaveProblem] = useState<SaveProblem | null>(null);
  const [unavailable, setUnavailable] = useState<{ seats: string[]; packages: string[] } | null>(null);
  const [isCancelling, setIsCancelling] = useState(false);
  const hasTriedAutoApply = useRef(false);

  const promoCheck = useCheckPromotion();
  const orderCreation = useCreateOrder();
  const { captcha, getPayload: getCaptchaPayload, reset: resetCaptcha } = useCaptcha();
  const [isAwaitingCaptcha, setIsAwaitingCaptcha] = useState(false);
  const summary = summariseSelection(event, selection, describeSeat);
  const isPricingSeats = summary.unpricedSeats.length > 0 && seatMapStatus === 'loading';

  // The step changed without a page load: focus moves to the page heading, then to each step opened.
  useEffect(() => {
    focusStepHeading(headingRef.current);
  }, []);
  useEffect(() => {
    if (focusRequest === null) return;
    const ref = focusRequest.step === 1 ? step1Ref : focusRequest.step === 2 ? step2Ref : step3Ref;
    ref.current?.focus();
  }, [focusRequest]);

  function openStepAndFocus(step: StepNumber) {
    setOpenStep(step);
    setFocusRequest({ step });
  }

  // A reload at step 3 resumes the saved order while it is pending and held; otherwise checkout starts over.
  const [resumeState, setResumeState] = useState<'loading' | 'failed' | 'done'>(() =>
    readActiveOrder(event.uid) ? 'loading' : 'done',
  );
  const [paymentNotice, setPaymentNotice] = useState<PaymentNotice | null>(() =>
    paymentError
      ? {
          code: paymentError,
          placement: paymentError === 'session_expired' || !readActiveOrder(event.uid) ? 'page' : 'undecided',
        }
      : null,
  );
  // Told once: the route drops `?payment_error=` from the URL so a reload does not tell it again.
  const hasPaymentNotice = paymentNotice !== null;
  useEffect(() => {
    if (hasPaymentNotice && resumeState === 'done') onPaymentErrorShown?.();
  }, [hasPaymentNotice, resumeState, onPaymentErrorShown]);
  const { reset } = form;
  useEffect(() => {
    if (resumeState !== 'loading') return;
    const stored = readActiveOrder(event.uid);
    const controller = new AbortController();
    void (async () => {
      if (!stored) return setResumeState('done');
      try {
        const order = await getOrder(stored, controller.signal);
        const deadline = holdDeadline(order, Date.now());
        if (order.status === 'pending' && deadline > Date.now()) {
          reset({ ...order.buyer });
          setHasCompletedDetails(true);
          setSaved({ order, access: stored, deadline });
          setOpenStep(3);
          setPaymentNotice(placePaymentNotice(true));
        } else {
          forgetActiveOrder(event.uid);
          setPaymentNotice(placePaymentNotice(false));
        }
        setResumeState('done');
      } catch (error) {
        if (controller.signal.aborted) return;
        if (isRetryable(error)) return setResumeState('failed');
        forgetActiveOrder(event.uid);
        setPaymentNotice(placePaymentNotice(false));
        setResumeState('done');
      }
    })();
    return () => controller.abort();
  }, [resumeState, event.uid, reset]);

  // Spec 6: a signed-in buyer's name and e-mail are filled in, once, where the buyer has typed nothing and no
  // resumed order brought its own (the resume finishes first).
  const hasPrefilled = useRef(false);
  const { getValues, setValue } = form;
  useEffect(() => {
    if (!buyerPrefill || hasPrefilled.current || resumeState !== 'done' || saved) return;
    hasPrefilled.current = true;
    for (const name of ['first_name', 'last_name', 'email'] as const) {
      const value = buyerPrefill[name].trim();
      if (value && getValues(name) === '') setValue(name, value);
    }
  }, [buyerPrefill, resumeState, saved, getValues, setValue]);

  function applyPromo(code: string, isAuto = false) {
    if (summary.lines.length === 0 || isPricingSeats) return;
    // Spec 5: a promotion needs tickets from a single package.
    if (summary.lines.length > 1) {
      if (!isAuto) setPromoError(BUYER_MESSAGES.promoOnePackage);
      return;
    }
    const email = BuyerDetailsSchema.shape.email.safeParse(buyerValues.email);
    const checkedSelection = selection;
    promoCheck.mutate(promoCheckRequest(event, summary.lines, code, email.success ? email.data : undefined), {
      onSuccess: ({ data }) => {
        setPromoError(null);
        setCouponState({
          coupon: { code: data.promo_code, discount: data.disc_amt, totalDue: data.total_due },
          selection: checkedSelection,
        });
        if (!isAuto) toast.success(`Coupon ${data.promo_code} applied.`);
      },
      onError: (error) => {
        // The event's own code was tried quietly; a refusal then is no news to the buyer.
        if (isAuto) return;
        setPromoError('This promo code cannot be used for these tickets.');
        // Spec 8: a 400 (a promo rule) shows each message as an info popup, anything else as an error popup.
        const variant = error instanceof ApiError && error.status === 400 ? 'info' : 'error';
        const messages = errorMessages(
          error,
          'We could not check the promo code. Check your connection and try again.',
        );
        showPopups(messages.map((message) => ({ variant, title: 'Promo code', message })));
      },
    });
  }

  function onContinue() {
    setHasCompletedDetails(true);
    openStepAndFocus(2);
    if (!hasTriedAutoApply.current && event.promo_auto_apply && event.promo_code && !coupon) {
      hasTriedAutoApply.current = true;
      applyPromo(event.promo_code, true);
    }
  }

  function onSaveError(error: unknown) {
    if (isRetryable(error)) {
      // Same Idempotency-Key on retry: if the first request did save the order, the retry returns it.
      setSaveProblem(
        error instanceof ApiError
          ? { kind: 'messages', messages: errorMessages(error, NETWORK_MESSAGE) }
          : { kind: 'network' },
      );
      return;
    }
    clearIdempotencyKey(event.uid);
    if (!(error instanceof ApiError)) return;
    // The server refused the human check's payload: a new one is solved for the next try.
    if (error.status === 403) resetCaptcha();
    if (error.status === 409) {
      const body = UnavailableBodySchema.safeParse(error.body);
      const takenSeats = body.success ? (body.data.taken_seats ?? []) : [];
      const soldOut = body.success ? (body.data.sold_out_packages ?? []) : [];
      if (takenSeats.length > 0 || soldOut.length > 0) {
        setUnavailable({
          seats: takenSeats.map((seatId) => describeSeat?.(seatId)?.label ?? seatId),
          packages: soldOut.map((id) => event.ticket_packages.find((pkg) => pkg.id === id)?.name ?? `Package ${id}`),
        });
        onSelectionChange(withoutUnavailable(selection, takenSeats, soldOut, describeSeat));
        onEventStale?.();
        return;
      }
      showPopups([{ variant: 'error', title: 'Your order was not saved', message: error.body.message }]);
      onEventStale?.();
      return;
    }
    if (error.status === 422) {
      const fields = error.body.errors ?? {};
      let hasBuyerError = false;
      const others: string[] = [];
      for (const [field, messages] of Object.entries(fields)) {
        const name = field.startsWith('buyer.') ? field.slice('buyer.'.length) : null;
        if (name === 'first_name' || name === 'last_name' || name === 'email' || name === 'phone' || name === 'nic') {
          form.setError(name, { message: messages[0] ?? error.body.message });
          hasBuyerError = true;
        } else if (field === 'promo_code') {
          setCouponState(null);
          setPromoError(messages[0] ?? error.body.message);
        } else {
          others.push(...messages);
        }
      }
      if (hasBuyerError) openStepAndFocus(1);
      if (others.length > 0 || Object.keys(fields).length === 0) {
        setSaveProblem({ kind: 'messages', messages: others.length > 0 ? others : [error.body.message] });
      }
      return;
    }
    showPopups(
      errorMessages(error, NETWORK_MESSAGE).map((message) => ({
        variant: 'error',
        title: 'Your order was not saved',
        message,
      })),
    );
    if (error.status === 404) onEventStale?.();
  }

  function onProceed() {
    if (isAwaitingCaptcha || orderCreation.isPending) return;
    const buyer = BuyerDetailsSchema.safeParse(form.getValues());
    if (!buyer.success) {
      void form.trigger();
      openStepAndFocus(1);
      return;
    }
    setSaveProblem(null);
    setUnavailable(null);
    setPaymentNotice(null);
    const order = createOrderInput({
      event,
      selection,
      buyer: buyer.data,
      promoCode: coupon?.code ?? null,
      paymentGatewayId: summary.totals.total > 0 ? gatewayId : undefined,
    });
    setIsAwaitingCaptcha(true);
    getCaptchaPayload().then(
      (captchaPayload) => {
        setIsAwaitingCaptcha(false);
        saveOrder(order, captchaPayload);
      },
      () => {
        setIsAwaitingCaptcha(false);
        setSaveProblem({ kind: 'messages', messages: [ACCOUNT_MESSAGES.captchaFailed] });
      },
    );
  }

  function saveOrder(order: CreateOrderInput, captchaPayload: string) {
    orderCreation.mutate(
      { order, idempotencyKey: getIdempotencyKey(event.uid), captcha: captchaPayload },
      {
        onSuccess: (created) => {
          const access = { orderId: created.order_id, accessToken: created.access_token };
          saveActiveOrder(event.uid, access);
          // Nothing to pay (a free event): the order is complete already; the return address shows it.
          if (created.status === 'complete') return navigateToUrl(bookingReturnPath(created.order_id));
          setSaved({ order: created, access, deadline: holdDeadline(created, Date.now()) });
          openStepAndFocus(3);
        },
        onError: onSaveError,
      },
    );
  }

  async function onCancelOrder() {
    if (!saved) return;
    setIsCancelling(true);
    try {
      await cancelOrder(saved.access);
    } catch (error) {
      // 404: the order is gone already; anything else leaves it as it was.
      if (!(error instanceof ApiError && error.status === 404)) {
        setIsCancelling(false);
        showPopups(
          errorMessages(error, NETWORK_MESSAGE).map((message) => ({
            variant: 'error',
            title: 'Not cancelled',
            message,
          })),
        );
        return;
      }
    }
    setIsCancelling(false);
    forgetActiveOrder(event.uid);
    setSaved(null);
    openStepAndFocus(2);
    toast('Your order was cancelled and your seats released.');
  }

  const onHoldExpired = useCallback(async () => {
    if (saved) {
      try {
        await cancelOrder(saved.access);
      } catch {
        // The server ends expired holds by itself; the reload starts over either way.
      }
    }
    forgetActiveOrder(event.uid);
    reloadPage();
  }, [saved, event.uid]);

  const headingId = useId();
  const heading = (
    <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-brand-950 focus:outline-none">
      Confirm details and pay
    </h2>
  );

  if (resumeState !== 'done') {
    return (
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        {heading}
        {resumeState === 'loading' ? (
          <Spinner label="Resuming your order…" className="text-brand-700" />
        ) : (
          <ErrorState
            title="Your order could not be loaded"
            message={NETWORK_MESSAGE}
            onRetry={() => setResumeState('loading')}
          />
        )}
      </section>
    );
  }

  const pageNotice =
    paymentNotice?.placement === 'page' ? (
      <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-950">
        <p className="font-semibold">{PAYMENT_ERROR_MESSAGES[paymentNotice.code]}</p>
        {paymentNotice.code === 'session_expired' ? (
          <p className="mt-1">Your seats were released. Go through the steps below to book again.</p>
        ) : null}
      </div>
    ) : null;

  const unavailableNotice = unavailable ? (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-950">
      <p className="font-semibold">Sorry, someone else just got some of your tickets.</p>
      <ul className="mt-1 list-disc pl-5">
        {unavailable.seats.length > 0 ? <li>Seats taken: {unavailable.seats.join(', ')}</li> : null}
        {unavailable.packages.length > 0 ? <li>Sold out: {unavailable.packages.join(', ')}</li> : null}
      </ul>
      <p className="mt-1">We removed them from your selection. Nothing was charged.</p>
      <Button className="mt-3" onClick={onBackToTickets}>
        Choose tickets again
      </Button>
    </div>
  ) : null;

  if (!saved && ticketCount(selection) === 0) {
    return (
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        {heading}
        {pageNotice}
        {unavailableNotice}
        {unavailable ? null : (
          <div className="rounded-xl border border-slate-200 bg-white p-6 text-slate-800">
            <p>You have not picked any tickets yet.</p>
            <Button className="mt-3" onClick={onBackToTickets}>
              Choose tickets
            </Button>
          </div>
        )}
        {popups}
      </section>
    );
  }

  const canOpen: Record<StepNumber, boolean> = {
    1: !saved,
    2: !saved && hasCompletedDetails && areDetailsValid,
    3: saved !== null,
  };
  const toggle = (step: StepNumber) => setOpenStep((current) => (current === step ? null : step));
  const total = saved ? saved.order.total : coupon ? coupon.totalDue : summary.totals.total;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      {heading}
      {pageNotice}
      {unavailableNotice}
      <CheckoutStep
        number={1}
        title="Ticket Details"
        isOpen={openStep === 1}
        canOpen={canOpen[1] || openStep === 1}
        onToggle={() => toggle(1)}
        toggleRef={step1Ref}
        summary={
          hasCompletedDetails ? (
            <p>
              {buyerValues.first_name} {buyerValues.last_name} · {buyerValues.email} · {buyerValues.phone}
            </p>
          ) : null
        }
      >
        <BuyerDetailsStep form={form} isIdRequired={isIdRequired} isLocked={saved !== null} onContinue={onContinue} />
      </CheckoutStep>

      <CheckoutStep
        number={2}
        title="Order Summary"
        isOpen={openStep === 2}
        canOpen={canOpen[2] || openStep === 2}
        onToggle={() => toggle(2)}
        toggleRef={step2Ref}
        summary={
          saved ? (
            <p>
              {ticketCount(selection) || saved.order.lines.reduce((sum, line) => sum + line.ticket_count, 0)} tickets ·
              Total {formatMoney(total, event.currency)}
            </p>
          ) : null
        }
      >
        {summary.unpricedSeats.length > 0 && seatMapStatus === 'loading' ? (
          <Spinner label="Loading your seats…" className="text-brand-700" />
        ) : summary.unpricedSeats.length > 0 && seatMapStatus === 'error' ? (
          <ErrorState
            title="Your seats could not be loaded"
            message={NETWORK_MESSAGE}
            onRetry={onRetrySeatMap}
            headingLevel={4}
          />
        ) : (
          <div className="flex flex-col gap-4">
            {summary.unpricedSeats.length > 0 ? (
              <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-slate-900">
                These seats are no longer on the venue's map and are not included: {summary.unpricedSeats.join(', ')}.
              </p>
            ) : null}
            <OrderSummaryStep
              event={event}
              summary={summary}
              coupon={coupon}
              isCheckingPromo={promoCheck.isPending}
              promoError={promoError}
              onApplyPromo={(code) => applyPromo(code)}
              onRemovePromo={() => {
                setCouponState(null);
                setPromoError(null);
                toast('Coupon removed.');
              }}
              gatewayId={gatewayId}
              onGatewayChange={setGatewayId}
              isTermsAgreed={isTermsAgreed}
              onTermsChange={setIsTermsAgreed}
              isProcessing={orderCreation.isPending || isAwaitingCaptcha}
              hasFieldErrors={!areDetailsValid}
              hasPaymentSecret={Boolean(saved?.order.payment?.client_secret)}
              onProceed={onProceed}
              captcha={captcha}
            />
            {saveProblem ? (
              <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-950">
                {saveProblem.kind === 'network' ? (
                  <p>{NETWORK_MESSAGE}</p>
                ) : (
                  <ul className="list-disc pl-5">
                    {saveProblem.messages.map((message) => (
                      <li key={message}>{message}</li>
                    ))}
                  </ul>
                )}
                <Button
                  className="mt-3"
                  variant="secondary"
                  onClick={onProceed}
                  disabled={orderCreation.isPending || isAwaitingCaptcha}
                >
                  Try again
                </Button>
              </div>
            ) : null}
          </div>
        )}
      </CheckoutStep>

      <CheckoutStep
        number={3}
        title="Payment Details"
        isOpen={openStep === 3}
        canOpen={canOpen[3]}
        onToggle={() => toggle(3)}
        toggleRef={step3Ref}
      >
        {saved ? (
          <PaymentDetailsStep
            order={saved.order}
            deadline={saved.deadline}
            gateways={event.payment_gateways}
            describeSeat={describeSeat}
            isCancelling={isCancelling}
            onCancel={() => void onCancelOrder()}
            onExpire={() => void onHoldExpired()}
            paymentError={paymentNotice?.placement === 'payment' ? paymentNotice.code : null}
            onPaymentAttempt={() => setPaymentNotice(null)}
          />
        ) : null}
      </CheckoutStep>
      {popups}
    </section>
  );
}

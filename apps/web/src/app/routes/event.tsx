import { Suspense, lazy, useCallback, useDeferredValue, useEffect, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { EventDetail } from '@marquee/domain/catalog';
import { expandSeatMap } from '@marquee/domain/seat-map';
import { EMPTY_SELECTION, type Selection } from '@marquee/domain/selection';
import { isOnSale } from '@marquee/domain/statuses';
import { PageContainer } from '../../components/layout/page-container';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { ErrorState } from '../../components/ui/error-state';
import { NotFoundPage } from '../../components/ui/not-found';
import { isApiError } from '../../lib/api-client';
import { useBookingSelection } from '../../lib/use-booking-selection';
import { useDocumentTitle } from '../../lib/use-document-title';
import { TicketListView } from '../../features/booking/components/ticket-list-view';
import { useBookingStep } from '../../features/booking/hooks/use-booking-step';
import { useReconciledSelection } from '../../features/booking/hooks/use-reconciled-selection';
import { useSession } from '../../features/accounts/api/get-session';
import type { BuyerPrefill, SeatMapStatus } from '../../features/checkout/components/checkout-page';
import type { DescribeSeat } from '../../features/checkout/lib/checkout-lines';
import { forgetBestAvailable, readActiveOrder, saveBestAvailable } from '../../features/checkout/lib/checkout-storage';
import { useBestAvailableChoice } from '../../features/checkout/hooks/use-best-available-choice';
import { describeSeatGroups } from '../../features/checkout/lib/checkout-lines';
import { BestAvailablePanel } from '../../features/best-available/components/best-available-panel';
import { SeatPreview } from '../../features/best-available/components/seat-preview';
import { parsePaymentErrorCode } from '../../features/checkout/lib/parse-payment-error-code';
import { getEventQueryOptions, useEvent } from '../../features/event/api/get-event';
import { getSeatMapQueryOptions } from '../../features/seat-map/api/get-seat-map';
import { SeatMapView } from '../../features/seat-map/components/seat-map-view';
import { EventDetails, EventDetailsSkeleton } from '../../features/event/components/event-details';
import { Spinner } from '../../components/ui/spinner';
import { EventAction } from '../../features/event/components/event-action';
import { EventNotifyMe } from './event-notify-me';
import { EventWaitlist, SeatedSoldOutWaitlist, SoldOutSaleAction } from './event-waitlist';
import { WaitingRoomNotice } from '../../features/waiting-room/components/waiting-room-notice';
import { useOnQueueRequired } from '../../features/waiting-room/hooks/use-on-queue-required';
import { useQueueGate, type QueueGate } from '../../features/waiting-room/hooks/use-queue-gate';
import { queuePathOf } from '../../features/waiting-room/lib/queue-paths';
import { SENT_FROM_CHECKOUT } from '../../features/waiting-room/lib/queue-redirect';

// Checkout and the confirmation load when the buyer gets there: steps 1 and 2 (the seat map's first
// render among them) do not download the forms, the card element's code and their validation.
const CheckoutPage = lazy(() =>
  import('../../features/checkout/components/checkout-page').then((module) => ({ default: module.CheckoutPage })),
);
const BookingConfirmation = lazy(() =>
  import('../../features/checkout/components/booking-confirmation').then((module) => ({
    default: module.BookingConfirmation,
  })),
);

/** A malformed uid is as unknown as a missing one. */
function isNotFound(error: Error): boolean {
  return isApiError(error, 'not_found', 'validation_failed', 'bad_request');
}

/** /{type}/{slug}/{uid} (spec 2): the event, found by uid; a stale type or slug moves to the canonical path. */
export function Component() {
  const { type = '', slug = '', uid = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const eventQuery = useEvent(uid);
  const event = eventQuery.data;

  // At the picking step, ask for the seat map alongside the event instead of after it: for a
  // 20,000-seat venue the wait for the event first was most of the time to a drawn map.
  const queryClient = useQueryClient();
  const isPickingStep = new URLSearchParams(location.search).get('step') === '2';
  useEffect(() => {
    if (isPickingStep && uid) void queryClient.prefetchQuery(getSeatMapQueryOptions(uid));
  }, [isPickingStep, uid, queryClient]);
  useDocumentTitle(event?.name);

  // The server answers a wrong slug with a 301 too; this covers navigation inside the app.
  const isCanonical = !event || `/${type}/${slug}/${uid}` === event.path;
  useEffect(() => {
    if (event && !isCanonical) {
      void navigate({ pathname: event.path, search: location.search, hash: location.hash }, { replace: true });
    }
  }, [event, isCanonical, navigate, location.search, location.hash]);

  if (eventQuery.isError && isNotFound(eventQuery.error)) {
    return (
      <NotFoundPage
        title="Event not found"
        message="This event does not exist or is no longer listed. These will take you somewhere useful:"
      />
    );
  }

  return (
    <PageContainer className="flex flex-col gap-6 py-6 sm:py-10">
      <Breadcrumb currentLabel={event?.name} pathname={event?.path} />
      {eventQuery.isPending ? (
        <EventDetailsSkeleton />
      ) : eventQuery.isError ? (
        <ErrorState
          headingLevel={1}
          title="This event could not be loaded"
          onRetry={() => void eventQuery.refetch()}
          isRetrying={eventQuery.isFetching}
        />
      ) : (
        <BookingFlow event={eventQuery.data} />
      )}
    </PageContainer>
  );
}

/**
 * The booking flow's steps (spec 2), kept in `?step=`: 1 the event view, 2 ticket picking (the ticket
 * list, or the seat map when the venue has one), 3 checkout, 4 the confirmation (where the payment's return
 * address lands, `?orderId=`). Steps 2 and 3 exist only while tickets are on sale.
 */
function BookingFlow({ event }: { event: EventDetail }) {
  // A saved order (a waitlist offer's among them) resumes at step 3 even while its held tickets sell the event out.
  const [step, goToStep] = useBookingStep(isOnSale(event.status), readActiveOrder(event.uid) !== null);
  const [storedSelection, setSelection] = useBookingSelection(event.uid);
  const [selection, removedPackages] = useReconciledSelection(event, storedSelection, setSelection);
  // Issue 23: a sale behind a waiting room picks tickets once the queue has let the buyer in; an order refused
  // for want of that (403 queue_required) sends them to the queue.
  const queueGate = useQueueGate(event.uid, event.waiting_room);
  const navigate = useNavigate();
  useOnQueueRequired(() => void navigate(queuePathOf(event.uid), { state: SENT_FROM_CHECKOUT }));
  // Issue 23: the waitlist found tickets after all (not_sold_out): the event as it is now, to choose them.
  const queryClient = useQueryClient();
  const refreshEvent = () => void queryClient.invalidateQueries({ queryKey: getEventQueryOptions(event.uid).queryKey });

  if (step === 1) {
    return (
      <EventDetails
        event={event}
        saleAction={
          waitingRoomSaleAction(event, queueGate) ??
          (event.status === 'soldout' ? (
            <SoldOutSaleAction
              event={event}
              onChooseTickets={() => {
                refreshEvent();
                goToStep(2);
              }}
            />
          ) : undefined)
        }
        notifyMe={<EventNotifyMe event={event} />}
      />
    );
  }

  if (step === 4) {
    return (
      <EventDetails
        event={event}
        stepContent={
          <ConfirmationStepContent
            event={event}
            onBooked={() => {
              setSelection(EMPTY_SELECTION);
              forgetBestAvailable(event.uid);
            }}
            onChooseTickets={() => goToStep(2)}
          />
        }
      />
    );
  }

  if (step === 3) {
    return (
      <EventDetails
        event={event}
        stepContent={
          <CheckoutStepContent
            event={event}
            selection={selection}
            onSelectionChange={setSelection}
            onBackToTickets={() => goToStep(2)}
          />
        }
      />
    );
  }

  if (queueGate.name !== 'open') {
    const notice =
      queueGate.name === 'checking' ? (
        <Spinner label="Checking your place in the queue…" className="text-brand-700" />
      ) : (
        <WaitingRoomNotice uid={event.uid} status={queueGate.status} />
      );
    return <EventDetails event={event} stepContent={notice} />;
  }

  const stepContent =
    event.venue.seat_map === null ? (
      <TicketListView
        event={event}
        selection={selection}
        onSelectionChange={setSelection}
        onCheckout={() => goToStep(3)}
        removedPackages={removedPackages}
        renderSoldOutAction={(ticketPackage) =>
          ticketPackage.active ? (
            <EventWaitlist event={event} packages={[ticketPackage]} onChooseTickets={refreshEvent} />
          ) : null
        }
      />
    ) : (
      <div className="flex flex-col gap-8">
        <BestAvailableStep
          event={event}
          selection={selection}
          soldOutAction={<SeatedSoldOutWaitlist event={event} onChooseTickets={refreshEvent} />}
          onFindSeats={(choice) => {
            // Best available replaces the seats picked on the map (counted tickets stay).
            setSelection({ ...selection, seats: [] });
            saveBestAvailable(event.uid, choice);
            goToStep(3);
          }}
        />
        <SeatMapView
          event={event}
          selection={selection}
          onSelectionChange={setSelection}
          onBack={() => goToStep(1)}
          onContinue={() => {
            // Seats picked on the map: no best-available request goes with them.
            forgetBestAvailable(event.uid);
            goToStep(3);
          }}
          // A saved order holds these seats itself: they show as taken, but they are this buyer's.
          isSelectionHeld={readActiveOrder(event.uid) !== null}
        />
      </div>
    );
  return <EventDetails event={event} stepContent={stepContent} />;
}

/** Issue 24: "Best available" above the map, from the same seat-map query (features/best-available). */
function BestAvailableStep({
  event,
  selection,
  onFindSeats,
  soldOutAction,
}: {
  event: EventDetail;
  selection: Selection;
  onFindSeats: (choice: NonNullable<ReturnType<typeof useBestAvailableChoice>>) => void;
  soldOutAction: ReactNode;
}) {
  const seatMapQuery = useQuery(getSeatMapQueryOptions(event.uid));
  // As the map does (SeatMapView): the options, from every seat, are worked out in a background render, not in
  // the task that delivers the answer.
  const seatMap = useDeferredValue(seatMapQuery.data);
  const initial = useBestAvailableChoice(event.uid);
  return (
    <BestAvailablePanel
      event={event}
      seatMap={seatMap}
      isError={seatMapQuery.isError}
      selection={selection}
      initial={initial}
      onFindSeats={onFindSeats}
      soldOutAction={soldOutAction}
    />
  );
}

/**
 * What checkout needs of the seat map (features/seat-map): each chosen seat's label and package (the package
 * whose seating_range holds it), so the summary prices seats before saving and the confirmation names them.
 */
function useDescribeSeat(event: EventDetail) {
  const hasSeatMap = event.venue.seat_map !== null;
  const seatMapQuery = useQuery({ ...getSeatMapQueryOptions(event.uid), enabled: hasSeatMap });
  const seatMapData = seatMapQuery.data;
  const describeSeat = useMemo<DescribeSeat | undefined>(() => {
    if (!seatMapData?.seat_map) return undefined;
    const packageOf = new Map<string, number>();
    for (const pkg of seatMapData.packages) for (const seatId of pkg.seating_range) packageOf.set(seatId, pkg.id);
    const sectionNames = new Map(seatMapData.seat_map.sections.map((section) => [section.id, section.name]));
    const seats = new Map(expandSeatMap(seatMapData.seat_map).map((seat) => [seat.id, seat]));
    return (seatId) => {
      const seat = seats.get(seatId);
      const packageId = packageOf.get(seatId);
      if (!seat || packageId === undefined) return undefined;
      const section = sectionNames.get(seat.section) ?? seat.section;
      return {
        label: `${section} · Row ${seat.row} · Seat ${seat.number}`,
        packageId,
        place: { section, row: seat.row, number: seat.number },
      };
    };
  }, [seatMapData]);
  // Best available (issue 24): the payment step's small map of the seats the server picked.
  const seatMap = seatMapData?.seat_map ?? null;
  const seatPreview = useMemo(
    () =>
      seatMap
        ? (seatIds: readonly string[]) => (
            <SeatPreview
              seatMap={seatMap}
              seatIds={seatIds}
              description={describeSeatGroups(seatIds, describeSeat).join('; ')}
            />
          )
        : undefined,
    [seatMap, describeSeat],
  );
  const seatMapStatus: SeatMapStatus = !hasSeatMap
    ? 'none'
    : seatMapQuery.isPending
      ? 'loading'
      : seatMapQuery.isError
        ? 'error'
        : 'ready';
  return { describeSeat, seatMapStatus, refetchSeatMap: seatMapQuery.refetch, seatPreview };
}

/**
 * Checkout (features/checkout) with the seat map's seat labels, and the payment error the return address
 * sent back (`?payment_error=`), which is dropped from the URL once shown so a reload does not repeat it.
 */
function CheckoutStepContent({
  event,
  selection,
  onSelectionChange,
  onBackToTickets,
}: {
  event: EventDetail;
  selection: Selection;
  onSelectionChange: (next: Selection) => void;
  onBackToTickets: () => void;
}) {
  const queryClient = useQueryClient();
  const { describeSeat, seatMapStatus, refetchSeatMap, seatPreview } = useDescribeSeat(event);
  const bestAvailable = useBestAvailableChoice(event.uid);
  const [searchParams, setSearchParams] = useSearchParams();
  const paymentError = parsePaymentErrorCode(searchParams.get('payment_error'));
  // Spec 6: a signed-in buyer's name and e-mail are prefilled at checkout.
  const { user } = useSession();
  const buyerPrefill = useMemo<BuyerPrefill | null>(
    () => (user ? { first_name: user.first_name, last_name: user.last_name, email: user.email } : null),
    [user],
  );
  // Stable, like every other prop: CheckoutPage is memoised, so the session or the payments configuration
  // arriving after the first render does not render the whole checkout again (issue 25).
  const onRetrySeatMap = useCallback(() => void refetchSeatMap(), [refetchSeatMap]);
  const onEventStale = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: getEventQueryOptions(event.uid).queryKey }),
    [queryClient, event.uid],
  );
  const onPaymentErrorShown = useCallback(
    () =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('payment_error');
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  return (
    <Suspense fallback={<StepLoading />}>
      <CheckoutPage
        event={event}
        selection={selection}
        onSelectionChange={onSelectionChange}
        describeSeat={describeSeat}
        seatMapStatus={seatMapStatus}
        onRetrySeatMap={onRetrySeatMap}
        onBackToTickets={onBackToTickets}
        onEventStale={onEventStale}
        paymentError={paymentError}
        onPaymentErrorShown={onPaymentErrorShown}
        buyerPrefill={buyerPrefill}
        bestAvailable={bestAvailable}
        seatPreview={seatPreview}
      />
    </Suspense>
  );
}

/** Step 4: the confirmation of the order the return address names, its seats labelled from the seat map. */
function ConfirmationStepContent({
  event,
  onBooked,
  onChooseTickets,
}: {
  event: EventDetail;
  onBooked: () => void;
  onChooseTickets: () => void;
}) {
  const { describeSeat } = useDescribeSeat(event);
  const [searchParams] = useSearchParams();
  return (
    <Suspense fallback={<StepLoading />}>
      <BookingConfirmation
        event={event}
        orderId={searchParams.get('orderId') ?? ''}
        describeSeat={describeSeat}
        onBooked={onBooked}
        onChooseTickets={onChooseTickets}
      />
    </Suspense>
  );
}

/** While a step's code loads (a moment, once). */
function StepLoading() {
  return <Spinner label="Loading…" className="text-brand-700" />;
}

/**
 * Step 1's sale action for a sale behind a waiting room the buyer has not been let in by (issue 23): the way to
 * the queue instead of Book Now; before the sale opens (pending, presale) under the status's message, for the
 * pre-queue. Undefined: the usual action.
 */
function waitingRoomSaleAction(event: EventDetail, queueGate: QueueGate) {
  if (queueGate.name !== 'queue') return undefined;
  const notice = <WaitingRoomNotice uid={event.uid} status={queueGate.status} />;
  if (isOnSale(event.status)) return notice;
  if (event.status !== 'pending' && event.status !== 'presale') return undefined;
  return (
    <div className="flex flex-col gap-4">
      <EventAction event={event} notifyMe={<EventNotifyMe event={event} />} />
      {notice}
    </div>
  );
}

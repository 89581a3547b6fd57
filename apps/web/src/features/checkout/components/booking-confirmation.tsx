import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../../components/toaster';
import type { EventDetail } from '@marquee/domain/catalog';
import { isPaidStatus, normaliseBookingId, type Order } from '@marquee/domain/orders';
import { PAYMENT_ERROR_MESSAGES, PAYMENT_MESSAGES, PROMO_LIMIT_REFUNDED_MESSAGE } from '@marquee/domain/payments';
import { formatEventDate, formatEventTime, formatZoneName } from '@marquee/domain/time';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { isApiRefusal } from '../../../lib/api-refusal';
import { getOrderQueryOptions, type OrderAccess } from '../api/get-order';
import type { DescribeSeat } from '../lib/checkout-lines';
import {
  forgetActiveOrder,
  readActiveOrder,
  readConfirmedOrder,
  rememberConfirmedOrder,
} from '../lib/checkout-storage';
import { OrderTotals } from './order-totals';

/** How often a payment being confirmed is asked about, and for how long before saying it takes longer. */
export const CONFIRMATION_POLL_MS = 2_000;
export const CONFIRMATION_POLL_LIMIT_MS = 2 * 60_000;

export interface BookingConfirmationProps {
  event: EventDetail;
  /** The order the return address named (`?orderId=`). */
  orderId: string;
  /** A seat's label, from the seat map (the route builds it; features do not import each other). */
  describeSeat?: DescribeSeat | undefined;
  /** The order is paid: the route empties the event's booking selection. */
  onBooked: () => void;
  /** Back to choosing tickets (the order ended unpaid). */
  onChooseTickets: () => void;
}

/** The access this tab keeps for the order: while it is being paid, or once it is confirmed (a reload). */
function storedAccess(eventUid: string, orderId: string): OrderAccess | null {
  const wanted = normaliseBookingId(orderId);
  for (const access of [readActiveOrder(eventUid), readConfirmedOrder(eventUid)]) {
    if (access && normaliseBookingId(access.orderId) === wanted) return access;
  }
  return null;
}

/** The step's heading, focused on arrival (the page changed under the buyer: the return address). */
function StepHeading({ id, children }: { id: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h2 id={id} ref={ref} tabIndex={-1} className="text-2xl font-bold text-brand-950 focus:outline-none">
      {children}
    </h2>
  );
}

function DownloadTicketsLink({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) {
  return (
    <ButtonLink to={paths.downloadTickets()} variant={variant} className="self-start">
      Download Your Tickets
    </ButtonLink>
  );
}

/**
 * Step 4 of the booking flow: where the return address lands after a payment. It shows the paid booking
 * (Booking ID, event, order, tickets), waits politely while the payment is being confirmed, or says why
 * the order did not go through.
 */
export function BookingConfirmation(props: BookingConfirmationProps) {
  const [access] = useState(() => storedAccess(props.event.uid, props.orderId));
  const headingId = useId();
  if (!access) {
    return (
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <StepHeading id={headingId}>Your booking</StepHeading>
        <UnknownOrderNotice orderId={props.orderId} />
      </section>
    );
  }
  return <OrderConfirmation {...props} access={access} />;
}

/** Another device or tab (or a link from an e-mail): this page has no access to the order. */
function UnknownOrderNotice({ orderId }: { orderId: string }) {
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-6 text-slate-900">
      <p>
        We cannot show booking <span className="font-mono font-semibold">{orderId}</span> on this device.
      </p>
      <p>
        If your payment went through, a confirmation e-mail with your Booking ID is on its way to the address you gave.
        You can also get your tickets from Download Your Tickets with your Booking ID and NIC.
      </p>
      <DownloadTicketsLink />
    </div>
  );
}

type View =
  | { kind: 'loading' }
  | { kind: 'error'; error: Error }
  | { kind: 'booked'; order: Order }
  | { kind: 'confirming'; isTakingLong: boolean }
  | { kind: 'sold_out' }
  | { kind: 'promo_limit' }
  | { kind: 'failed' }
  | { kind: 'cancelled' };

const HEADINGS: Record<View['kind'], string> = {
  loading: 'Confirming your payment',
  error: 'Your booking',
  booked: 'Payment successful',
  confirming: 'Confirming your payment',
  sold_out: 'Your payment has been refunded',
  promo_limit: 'Your booking could not be completed',
  failed: 'Your payment did not go through',
  cancelled: 'Your session has expired',
};

/** What an order that ended without tickets says. */
const ENDED_MESSAGES: Record<'sold_out' | 'promo_limit' | 'failed' | 'cancelled', string> = {
  sold_out: PAYMENT_ERROR_MESSAGES.sold_out,
  promo_limit: PROMO_LIMIT_REFUNDED_MESSAGE,
  failed: PAYMENT_MESSAGES.unexpected,
  cancelled: PAYMENT_MESSAGES.sessionExpired,
};

function OrderConfirmation({
  event,
  access,
  describeSeat,
  onBooked,
  onChooseTickets,
}: BookingConfirmationProps & { access: OrderAccess }) {
  const headingId = useId();
  const [isTakingLong, setIsTakingLong] = useState(false);
  const [pollRound, setPollRound] = useState(0);
  const query = useQuery({
    ...getOrderQueryOptions(access),
    // A payment being confirmed (the provider's webhook, a bank's approval) is asked about every 2 s.
    refetchInterval: (current) =>
      current.state.data?.status === 'pending' && !isTakingLong ? CONFIRMATION_POLL_MS : false,
    retry: (failureCount, error) => !isApiRefusal(error) && failureCount < 2,
  });
  const status = query.data?.status;
  const isConfirming = status === 'pending';
  const isBooked = isPaidStatus(status);
  const hasEnded = status === 'failed' || status === 'cancelled';

  // Polling stops after about two minutes; the buyer is told the e-mail will follow.
  useEffect(() => {
    if (!isConfirming) return;
    const timer = setTimeout(() => setIsTakingLong(true), CONFIRMATION_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [isConfirming, pollRound]);

  // Once paid: the checkout is over (a new one starts afresh), the selection is emptied, and this tab keeps
  // access to the booking so a reload still shows it. Done once, whatever the route passes as onBooked.
  const hasHandledBooking = useRef(false);
  useEffect(() => {
    if (!isBooked || hasHandledBooking.current) return;
    hasHandledBooking.current = true;
    forgetActiveOrder(event.uid);
    rememberConfirmedOrder(event.uid, access);
    onBooked();
  }, [isBooked, event.uid, access, onBooked]);
  useEffect(() => {
    if (hasEnded) forgetActiveOrder(event.uid);
  }, [hasEnded, event.uid]);

  // What the order says wins over a failed refetch while polling (a blip in the connection).
  const order = query.data;
  const view: View = !order
    ? query.isError
      ? { kind: 'error', error: query.error }
      : { kind: 'loading' }
    : isBooked
      ? { kind: 'booked', order }
      : isConfirming
        ? { kind: 'confirming', isTakingLong }
        : order.status === 'failed'
          ? order.failure_reason === null
            ? { kind: 'failed' }
            : { kind: order.failure_reason }
          : { kind: 'cancelled' };

  let body: ReactNode;
  switch (view.kind) {
    case 'loading':
      body = <Spinner label="Loading your booking…" className="text-brand-700" />;
      break;
    case 'error':
      body = isApiRefusal(view.error) ? (
        <UnknownOrderNotice orderId={access.orderId} />
      ) : (
        <ErrorState
          headingLevel={3}
          title="Your booking could not be loaded"
          message="We could not reach Marquee. Check your connection and try again."
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      );
      break;
    case 'booked':
      body = <BookedOrder event={event} order={view.order} describeSeat={describeSeat} />;
      break;
    case 'confirming':
      body = (
        <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-6 text-slate-900">
          {view.isTakingLong ? (
            <>
              <p>
                Confirming your payment is taking longer than usual. You do not need to pay again: once it is confirmed,
                a confirmation e-mail with your tickets is sent to {order?.buyer.email}.
              </p>
              <Button
                variant="secondary"
                className="self-start"
                onClick={() => {
                  setIsTakingLong(false);
                  setPollRound((round) => round + 1);
                  void query.refetch();
                }}
              >
                Check again
              </Button>
            </>
          ) : (
            <p className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className="size-5 animate-spin rounded-full border-2 border-brand-700 border-r-transparent motion-reduce:animate-none"
              />
              We are confirming your payment… This usually takes a few seconds.
            </p>
          )}
          <p className="text-sm text-slate-700">
            Booking ID <span className="font-mono font-semibold">{access.orderId}</span>
          </p>
        </div>
      );
      break;
    case 'sold_out':
    case 'promo_limit':
    case 'failed':
    case 'cancelled':
      body = (
        <div role="alert" className="flex flex-col gap-3 rounded-2xl border border-red-300 bg-red-50 p-6 text-red-950">
          <p className="font-semibold">
            {ENDED_MESSAGES[view.kind]}
          </p>
          <p className="text-sm">
            Booking ID <span className="font-mono font-semibold">{access.orderId}</span>
          </p>
          <Button className="self-start" onClick={onChooseTickets}>
            {view.kind === 'cancelled' ? 'Start again' : 'Choose tickets again'}
          </Button>
        </div>
      );
      break;
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      {/* The heading and the step's news are read out as they change (confirming, then paid). */}
      <div aria-live="polite" className="flex flex-col gap-1">
        <div className="flex items-center gap-3">
          {view.kind === 'booked' ? (
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-8 shrink-0 text-emerald-700"
              fill="currentColor"
            >
              <path
                fillRule="evenodd"
                d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm4.7 7.7a1 1 0 0 0-1.4-1.4L10.5 13l-1.8-1.8a1 1 0 1 0-1.4 1.4l2.5 2.5a1 1 0 0 0 1.4 0l5.5-5.4Z"
                clipRule="evenodd"
              />
            </svg>
          ) : null}
          <StepHeading id={headingId}>
            {view.kind === 'booked' && view.order.total === 0 ? 'Booking confirmed' : HEADINGS[view.kind]}
          </StepHeading>
        </div>
        {view.kind === 'booked' ? <p className="text-lg text-slate-800">Your tickets are booked.</p> : null}
      </div>
      {body}
    </section>
  );
}

function BookedOrder({
  event,
  order,
  describeSeat,
}: {
  event: EventDetail;
  order: Order;
  describeSeat: DescribeSeat | undefined;
}) {
  const ticketsId = useId();
  const zone = event.venue.time_zone;
  const seatLabel = (seatId: string) => describeSeat?.(seatId)?.label ?? seatId;
  const lines = order.lines.map((line) => ({
    packageId: line.package_id,
    name: line.package_name,
    unitPrice: line.unit_price,
    count: line.ticket_count,
    amount: line.amount,
    seatLabels: line.seats.map((seatId) => seatLabel(seatId)),
  }));

  async function onCopy() {
    try {
      await navigator.clipboard.writeText(order.order_id);
      toast.success('Booking ID copied.');
    } catch {
      toast.error('Could not copy. Select the Booking ID to copy it.');
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 rounded-2xl border border-emerald-300 bg-emerald-50 p-5 text-emerald-950 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="text-sm font-semibold">Booking ID</p>
          <p className="font-mono text-2xl font-bold tracking-wider break-all sm:text-3xl" data-testid="booking-id">
            {order.order_id}
          </p>
          <p className="mt-1 text-sm">Keep it: you need it to download your tickets.</p>
        </div>
        <Button variant="secondary" className="self-start sm:self-center" onClick={() => void onCopy()}>
          Copy Booking ID
        </Button>
      </div>

      <dl className="grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-5 text-slate-900 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <dt className="text-sm font-semibold text-slate-600">Event</dt>
          <dd className="font-semibold">{event.name}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-600">Date</dt>
          <dd>
            <time dateTime={event.start_date}>{formatEventDate(event.start_date, zone)}</time>,{' '}
            {formatEventTime(event.start_date, zone)} {formatZoneName(event.start_date, zone)}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-600">Venue</dt>
          <dd>
            {event.venue.name}, {event.venue.city}
          </dd>
        </div>
      </dl>

      <div className="rounded-2xl border border-slate-200 bg-white p-5">
        <OrderTotals
          caption="Your order"
          currency={order.currency}
          lines={lines}
          subtotal={order.subtotal}
          convenienceFee={order.convenience_fee}
          discount={order.discount}
          total={order.total}
        />
      </div>

      {order.tickets.length > 0 ? (
        <section aria-labelledby={ticketsId} className="flex flex-col gap-3">
          <h3 id={ticketsId} className="text-lg font-semibold text-brand-950">
            Your tickets
          </h3>
          <ul className="flex flex-col divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {order.tickets.map((ticket) => (
              <li key={ticket.code} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-5 py-3">
                <span>
                  <span className="block font-semibold text-slate-900">{ticket.package_name}</span>
                  {ticket.seat_id === null ? null : (
                    <span className="block text-sm text-slate-700">{seatLabel(ticket.seat_id)}</span>
                  )}
                </span>
                <span className="font-mono text-sm text-slate-800">{ticket.code}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 text-slate-900">
        <p>
          A confirmation e-mail is on its way to <span className="font-semibold">{order.buyer.email}</span>.
        </p>
        <DownloadTicketsLink variant="secondary" />
      </div>
    </div>
  );
}

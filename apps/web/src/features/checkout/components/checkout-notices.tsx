import { PAYMENT_ERROR_MESSAGES, type PaymentErrorCode } from '@marquee/domain/payments';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import type { DescribeSeat, SeatMapStatus } from '../lib/checkout-lines';
import type { UnavailableTickets } from '../lib/checkout-state';
import { NETWORK_MESSAGE, type SaveProblem } from '../lib/error-to-screen';

/** A payment error told at the top of the page: the order it was for is gone, the checkout starts over. */
export function PaymentErrorNotice({ code }: { code: PaymentErrorCode }) {
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-950">
      <p className="font-semibold">{PAYMENT_ERROR_MESSAGES[code]}</p>
      {code === 'session_expired' ? (
        <p className="mt-1">Your seats were released. Go through the steps below to book again.</p>
      ) : null}
    </div>
  );
}

/** Tickets someone else got while the order was being saved: named, and a way back to choose again. */
export function UnavailableNotice({
  tickets,
  packages,
  describeSeat,
  onBackToTickets,
}: {
  tickets: UnavailableTickets;
  /** The event's packages, to name the sold-out ones. */
  packages: readonly { id: number; name: string }[];
  describeSeat?: DescribeSeat | undefined;
  onBackToTickets: () => void;
}) {
  const seats = tickets.takenSeats.map((seatId) => describeSeat?.(seatId)?.label ?? seatId);
  const soldOut = tickets.soldOutPackages.map((id) => packages.find((pkg) => pkg.id === id)?.name ?? `Package ${id}`);
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-950">
      <p className="font-semibold">Sorry, someone else just got some of your tickets.</p>
      <ul className="mt-1 list-disc pl-5">
        {seats.length > 0 ? <li>Seats taken: {seats.join(', ')}</li> : null}
        {soldOut.length > 0 ? <li>Sold out: {soldOut.join(', ')}</li> : null}
      </ul>
      <p className="mt-1">We removed them from your selection. Nothing was charged.</p>
      <Button className="mt-3" onClick={onBackToTickets}>
        Choose tickets again
      </Button>
    </div>
  );
}

/**
 * Why the order was not saved, in step 2, with Try again (the same Idempotency-Key when it may have been); when
 * best available found no seats together, with a way back to step 2 instead (fewer seats, another section, the map).
 */
export function SaveProblemAlert({
  problem,
  onRetry,
  onBackToTickets,
}: {
  problem: SaveProblem;
  onRetry: () => void;
  onBackToTickets: () => void;
}) {
  if (problem.kind === 'no_seats_together') {
    return (
      <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-950">
        <p className="font-semibold">{problem.message}</p>
        <p className="mt-1">
          Nothing was held or charged. Ask for fewer seats or another section, or pick seats on the map.
        </p>
        <Button className="mt-3" onClick={onBackToTickets}>
          Choose seats again
        </Button>
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-950">
      {problem.kind === 'network' ? (
        <p>{NETWORK_MESSAGE}</p>
      ) : (
        <ul className="list-disc pl-5">
          {problem.messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <Button className="mt-3" variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** A reload asks about the order this tab saved before showing the checkout: a spinner, or Try again. */
export function ResumeStatus({ hasFailed, onRetry }: { hasFailed: boolean; onRetry: () => void }) {
  return hasFailed ? (
    <ErrorState title="Your order could not be loaded" message={NETWORK_MESSAGE} onRetry={onRetry} />
  ) : (
    <Spinner label="Resuming your order…" className="text-brand-700" />
  );
}

export function NoTicketsNotice({ onBackToTickets }: { onBackToTickets: () => void }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 text-slate-800">
      <p>You have not picked any tickets yet.</p>
      <Button className="mt-3" onClick={onBackToTickets}>
        Choose tickets
      </Button>
    </div>
  );
}

/**
 * The order summary waits for the seat map when seats are still to be priced from it (a spinner, or Try again
 * when it failed); seats no longer on the map are named and left out.
 */
export function UnpricedSeatsGate({
  unpricedSeats,
  seatMapStatus,
  onRetry,
  children,
}: {
  unpricedSeats: string[];
  seatMapStatus: SeatMapStatus;
  onRetry?: (() => void) | undefined;
  children: ReactNode;
}) {
  if (unpricedSeats.length > 0 && seatMapStatus === 'loading') {
    return <Spinner label="Loading your seats…" className="text-brand-700" />;
  }
  if (unpricedSeats.length > 0 && seatMapStatus === 'error') {
    return (
      <ErrorState title="Your seats could not be loaded" message={NETWORK_MESSAGE} onRetry={onRetry} headingLevel={4} />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {unpricedSeats.length > 0 ? (
        <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-slate-900">
          These seats are no longer on the venue's map and are not included: {unpricedSeats.join(', ')}.
        </p>
      ) : null}
      {children}
    </div>
  );
}

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { MAX_BEST_AVAILABLE_RETRIES } from '@marquee/domain/best-available';
import type { Order } from '@marquee/domain/orders';
import { Button } from '../../../components/ui/button';
import { describeSeatGroups, type DescribeSeat } from '../lib/checkout-lines';

/** Draws the venue's map with these seats marked (the route builds it from the seat-map query it already has). */
export type SeatPreview = (seatIds: readonly string[]) => ReactNode;

/** What the last "Try other seats" did: new seats, or why not (the buyer keeps the seats they have). */
export type RetryOutcome = { kind: 'swapped' } | { kind: 'refused'; message: string };

export interface BestAvailableSeatsProps {
  order: Order;
  describeSeat?: DescribeSeat | undefined;
  seatPreview?: SeatPreview | undefined;
  /**
   * Asks the server for other seats; the order given to this component changes when it answers with them.
   * Without it there is no button (the seats are only shown).
   */
  onTryOtherSeats?: (() => Promise<RetryOutcome>) | undefined;
  /** While the order is being cancelled, nothing else may change it. */
  isDisabled: boolean;
}

function triesLeftText(count: number): string {
  return count === 1 ? '1 try left' : `${count} tries left`;
}

/**
 * "Your seats" (issue 24): the seats best available picked for the order, on a small map, and "Try other seats"
 * while tries are left. Accepting them is paying, as for any order.
 */
export function BestAvailableSeats({
  order,
  describeSeat,
  seatPreview,
  onTryOtherSeats,
  isDisabled,
}: BestAvailableSeatsProps) {
  const [isBusy, setIsBusy] = useState(false);
  const [outcome, setOutcome] = useState<RetryOutcome | null>(null);
  const headingId = useId();
  const triesId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const retriesLeft = order.best_available?.retries_left ?? 0;
  const hadButton = useRef(retriesLeft > 0);

  // The button goes once the last try is used: focus moves to the heading instead of being lost.
  useEffect(() => {
    if (hadButton.current && retriesLeft === 0) headingRef.current?.focus();
    hadButton.current = retriesLeft > 0;
  }, [retriesLeft]);

  if (!order.best_available) return null;
  const seatIds = order.lines.flatMap((line) => line.seats);
  const groups = describeSeatGroups(seatIds, describeSeat);

  async function onTry() {
    if (!onTryOtherSeats) return;
    setIsBusy(true);
    setOutcome(null);
    try {
      setOutcome(await onTryOtherSeats());
    } finally {
      setIsBusy(false);
    }
  }

  const announcement =
    outcome === null
      ? ''
      : outcome.kind === 'swapped'
        ? `Your new seats: ${groups.join('; ')}. ${retriesLeft > 0 ? `${triesLeftText(retriesLeft)}.` : 'No tries left.'}`
        : outcome.message;

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
      data-testid="best-available-seats"
    >
      <h4
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-base font-semibold text-brand-950 focus:outline-none"
      >
        Your seats
      </h4>
      <p className="text-sm text-slate-700">
        We picked the best {seatIds.length === 1 ? 'seat' : `${seatIds.length} seats together`} still free and are
        holding {seatIds.length === 1 ? 'it' : 'them'} for you.
      </p>
      <ul className="font-semibold text-slate-900" data-testid="best-available-seat-list">
        {groups.map((group) => (
          <li key={group}>{group}</li>
        ))}
      </ul>
      {seatPreview ? seatPreview(seatIds) : null}
      {!onTryOtherSeats ? null : retriesLeft > 0 ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Button
            variant="secondary"
            className="shrink-0 whitespace-nowrap"
            onClick={() => void onTry()}
            disabled={isBusy || isDisabled}
            aria-describedby={triesId}
          >
            {isBusy ? (
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none"
              />
            ) : null}
            {isBusy ? 'Finding other seats…' : 'Try other seats'}
          </Button>
          <p id={triesId} className="text-sm text-slate-700">
            {triesLeftText(retriesLeft)} of {MAX_BEST_AVAILABLE_RETRIES}. Trying releases these seats only if others are
            found; your time to pay does not restart.
          </p>
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          No tries left: keep these seats by paying below, or cancel the order to release them.
        </p>
      )}
      <p aria-live="polite" aria-atomic="true" className="text-sm text-slate-900" data-testid="best-available-status">
        {announcement}
      </p>
    </section>
  );
}

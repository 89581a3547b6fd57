import { useId } from 'react';
import { Button } from '../../../components/ui/button';

export interface BookingBarProps {
  ticketCount: number;
  totalText: string;
  onCheckout(): void;
}

/**
 * The ticket list's bottom bar (spec 2): ticket count, total and CHECKOUT. Sticky rather than fixed: it
 * stays at the bottom of the screen while the list is in view and comes to rest after the last card, so
 * it never covers a card or the footer on a phone. Count and total are announced politely as they change.
 */
export function BookingBar({ ticketCount, totalText, onCheckout }: BookingBarProps) {
  const emptyHintId = useId();
  const isEmpty = ticketCount === 0;
  return (
    <div
      role="region"
      aria-label="Your selection"
      className="sticky bottom-0 z-20 rounded-t-2xl border border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] sm:rounded-2xl"
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4">
        <p aria-live="polite" aria-atomic="true" className="flex flex-col text-slate-900">
          <span className="text-sm text-slate-700">
            {ticketCount} {ticketCount === 1 ? 'ticket' : 'tickets'}
          </span>
          <span className="text-lg font-bold">
            <span className="sr-only">Total </span>
            {totalText}
          </span>
        </p>
        <div className="flex flex-col items-end gap-1">
          <Button
            size="lg"
            disabled={isEmpty}
            aria-describedby={isEmpty ? emptyHintId : undefined}
            onClick={onCheckout}
          >
            CHECKOUT
          </Button>
          {isEmpty ? (
            <span id={emptyHintId} className="text-xs text-slate-700">
              Add a ticket to check out
            </span>
          ) : null}
        </div>
      </div>
    </div>
  );
}

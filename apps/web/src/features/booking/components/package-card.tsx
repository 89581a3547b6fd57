import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { Currency } from '@marquee/domain/money';
import { formatInstalments, formatMoney } from '@marquee/domain/money';
import type { TicketPackage } from '@marquee/domain/catalog';
import { allowanceHint, remainingAllowance, withPackageCount, type Selection } from '@marquee/domain/selection';
import { Button } from '../../../components/ui/button';

export interface PackageCardProps {
  ticketPackage: TicketPackage;
  currency: Currency;
  isFreeEvent: boolean;
  hasInstalments: boolean;
  selection: Selection;
  onSelectionChange(next: Selection): void;
  /** Shown in place of the counter while the package is sold out (the route's waitlist, issue 23). */
  soldOutAction?: ReactNode;
}

/**
 * One ticket package (spec 4): SOLD OUT badge when sold out, its message when inactive, otherwise ADD,
 * then a minus / count / plus counter. Plus stops at the package, stock and order limits, with the reason shown.
 */
export function PackageCard({
  ticketPackage,
  currency,
  isFreeEvent,
  hasInstalments,
  selection,
  onSelectionChange,
  soldOutAction,
}: PackageCardProps) {
  const headingId = useId();
  const hintId = useId();
  const count = selection.packages[String(ticketPackage.id)] ?? 0;
  const canAdd = remainingAllowance(ticketPackage, selection) > 0;
  const hint = allowanceHint(ticketPackage, selection);
  const isFree = isFreeEvent || ticketPackage.price === 0;
  const isSellable = ticketPackage.active && !ticketPackage.sold_out;

  // ADD turns into the counter and back: keep focus on the control that takes its place.
  const addRef = useRef<HTMLButtonElement>(null);
  const plusRef = useRef<HTMLButtonElement>(null);
  const previousCount = useRef(count);
  useEffect(() => {
    const hasLostFocus = document.activeElement === document.body || document.activeElement === null;
    if (previousCount.current === 0 && count > 0 && hasLostFocus) plusRef.current?.focus();
    if (previousCount.current > 0 && count === 0 && hasLostFocus) addRef.current?.focus();
    previousCount.current = count;
  }, [count]);

  const setCount = (next: number) => onSelectionChange(withPackageCount(selection, ticketPackage.id, next));

  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="text-lg font-bold text-slate-900">
            {ticketPackage.name}
          </h3>
          {ticketPackage.sold_out ? (
            <span className="rounded-full bg-red-700 px-2.5 py-0.5 text-xs font-bold tracking-wide text-white">
              SOLD OUT
            </span>
          ) : null}
        </div>
        {ticketPackage.description ? <p className="text-slate-700">{ticketPackage.description}</p> : null}
        <p className="text-lg font-semibold text-brand-900">
          {isFree ? 'Free Event' : formatMoney(ticketPackage.price, currency)}
        </p>
        {hasInstalments && !isFree ? (
          <p className="text-sm text-slate-700">
            <span className="sr-only">Or in three instalments of </span>
            {formatInstalments(ticketPackage.price, currency)}
          </p>
        ) : null}
      </div>

      <div className="flex flex-col items-start gap-1 sm:items-end">
        {ticketPackage.sold_out ? (
          (soldOutAction ?? null)
        ) : !ticketPackage.active ? (
          <p className="text-sm font-semibold text-slate-700">{ticketPackage.message ?? 'Not on sale right now'}</p>
        ) : count === 0 ? (
          <Button
            ref={addRef}
            variant="secondary"
            disabled={!canAdd}
            aria-describedby={hint ? hintId : undefined}
            aria-label={`ADD ${ticketPackage.name} ticket`}
            onClick={() => setCount(1)}
            className="min-w-24"
          >
            ADD
          </Button>
        ) : (
          <div role="group" aria-label={`${ticketPackage.name} tickets`} className="flex items-center gap-2">
            <Button
              variant="secondary"
              aria-label={`Remove one ${ticketPackage.name} ticket`}
              onClick={() => setCount(count - 1)}
              className="w-11 text-lg"
            >
              <span aria-hidden="true">−</span>
            </Button>
            <output aria-live="off" aria-label={`${ticketPackage.name} tickets selected`} className="min-w-8 text-center text-lg font-bold">
              {count}
            </output>
            <Button
              ref={plusRef}
              variant="secondary"
              aria-label={`Add one ${ticketPackage.name} ticket`}
              aria-describedby={hint ? hintId : undefined}
              disabled={!canAdd}
              onClick={() => setCount(count + 1)}
              className="w-11 text-lg"
            >
              <span aria-hidden="true">+</span>
            </Button>
          </div>
        )}
        {isSellable && hint ? (
          <p id={hintId} className="text-sm text-slate-700">
            {hint}
          </p>
        ) : null}
      </div>
    </li>
  );
}

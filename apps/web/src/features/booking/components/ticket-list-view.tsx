import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { EventDetail, TicketPackage } from '@marquee/domain/catalog';
import { formatMoney } from '@marquee/domain/money';
import { selectionLines, selectionSubtotal, ticketCount, type Selection } from '@marquee/domain/selection';
import { useStepHeadingFocus } from '../hooks/use-step-heading-focus';
import { BookingBar } from './booking-bar';
import { PackageCard } from './package-card';

export interface TicketListViewProps {
  event: EventDetail;
  selection: Selection;
  onSelectionChange(next: Selection): void;
  onCheckout(): void;
  /** Packages dropped from a stored selection because they sold out or went away. */
  removedPackages?: string[];
  /** What a sold-out package's card offers instead of its counter (the route's waitlist, issue 23). */
  renderSoldOutAction?: (ticketPackage: TicketPackage) => ReactNode;
}

/** Whether the event offers paying in three instalments (spec 9). */
export function hasInstalmentGateway(event: Pick<EventDetail, 'payment_gateways'>): boolean {
  return event.payment_gateways.some((gateway) => gateway.kind === 'instalments');
}

/** Step 2 for venues without a seat map: a card per ticket package and a bottom bar with the total. */
export function TicketListView({
  event,
  selection,
  onSelectionChange,
  onCheckout,
  removedPackages = [],
  renderSoldOutAction,
}: TicketListViewProps) {
  const headingId = useId();
  const headingRef = useStepHeadingFocus<HTMLHeadingElement>();
  const hasInstalments = hasInstalmentGateway(event);
  const subtotal = selectionSubtotal(selectionLines(event, selection));

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-brand-950">
        Choose your tickets
      </h2>
      {removedPackages.length > 0 ? (
        <p role="status" className="rounded-lg border border-accent-400 bg-amber-50 p-4 text-slate-900">
          Your selection changed since you last saw it: {removedPackages.join(', ')}{' '}
          {removedPackages.length === 1 ? 'is' : 'are'} no longer available in the number you picked.
        </p>
      ) : null}
      {event.ticket_packages.length === 0 ? (
        <p className="text-slate-800">No ticket packages are on sale for this event.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {event.ticket_packages.map((ticketPackage) => (
            <PackageCard
              key={ticketPackage.id}
              ticketPackage={ticketPackage}
              currency={event.currency}
              isFreeEvent={event.free_event}
              hasInstalments={hasInstalments}
              selection={selection}
              onSelectionChange={onSelectionChange}
              soldOutAction={ticketPackage.sold_out ? renderSoldOutAction?.(ticketPackage) : undefined}
            />
          ))}
        </ul>
      )}
      <Link to="." className="self-start font-semibold text-brand-700 underline hover:text-brand-900">
        Back to the event details
      </Link>
      <BookingBar
        ticketCount={ticketCount(selection)}
        totalText={formatMoney(subtotal, event.currency)}
        onCheckout={onCheckout}
      />
    </section>
  );
}

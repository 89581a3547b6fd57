import { useMemo } from 'react';
import type { EventDetail, TicketPackage } from '@marquee/domain/catalog';
import { useSession } from '../../features/accounts/api/get-session';
import { eventAsksForId } from '../../features/checkout/lib/event-asks-for-id';
import { EventAction } from '../../features/event/components/event-action';
import { JoinWaitlist } from '../../features/waitlist/components/join-waitlist';

/** The packages a waitlist takes (issue 23): on sale, but every ticket sold or held. */
export function waitlistPackagesOf(event: EventDetail): TicketPackage[] {
  return event.ticket_packages.filter((ticketPackage) => ticketPackage.active && ticketPackage.sold_out);
}

interface EventWaitlistProps {
  event: EventDetail;
  packages: readonly TicketPackage[];
  /** The server found tickets after all (409 not_sold_out): reload the event, on to choosing them. */
  onChooseTickets: () => void;
}

/**
 * The event page's "Join the waitlist" (features/waitlist), its form started with the signed-in buyer's name and
 * e-mail and asking for an ID when the checkout would.
 */
export function EventWaitlist({ event, packages, onChooseTickets }: EventWaitlistProps) {
  const { user } = useSession();
  const buyerPrefill = useMemo(
    () => (user ? { first_name: user.first_name, last_name: user.last_name, email: user.email } : null),
    [user],
  );
  return (
    <JoinWaitlist
      event={event}
      packages={packages}
      buyerPrefill={buyerPrefill}
      isIdRequired={eventAsksForId(event)}
      onChooseTickets={onChooseTickets}
    />
  );
}

/** Step 1 of a sold-out event: Tickets Soldout, then the waitlist with a choice of its packages. */
export function SoldOutSaleAction({ event, onChooseTickets }: { event: EventDetail; onChooseTickets: () => void }) {
  const packages = waitlistPackagesOf(event);
  return (
    <div className="flex flex-col gap-3">
      <EventAction event={event} />
      {packages.length > 0 ? (
        <>
          <p className="text-slate-700">
            Join the waitlist: when tickets come back, we offer them in turn and hold them for you for 10 minutes.
          </p>
          <EventWaitlist event={event} packages={packages} onChooseTickets={onChooseTickets} />
        </>
      ) : null}
    </div>
  );
}

/** Under Best available on a seated event: the sold-out packages it cannot offer, and their waitlist. */
export function SeatedSoldOutWaitlist({ event, onChooseTickets }: { event: EventDetail; onChooseTickets: () => void }) {
  const packages = waitlistPackagesOf(event);
  if (packages.length === 0) return null;
  const names = packages.map((ticketPackage) => ticketPackage.name).join(', ');
  return (
    <div className="flex flex-col items-start gap-2 border-t border-slate-200 pt-3">
      <p className="text-slate-700">Sold out: {names}. Join the waitlist to be offered tickets that come back.</p>
      <EventWaitlist event={event} packages={packages} onChooseTickets={onChooseTickets} />
    </div>
  );
}

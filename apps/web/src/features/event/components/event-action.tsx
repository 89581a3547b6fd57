import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { EventDetail } from '@marquee/domain/catalog';
import { bookingStatusLabel, eventActionLabel, isOnSale, unavailableSaleMessage } from '@marquee/domain/statuses';
import { eventPriceText } from '../../../components/ui/event-card';

/**
 * Book Now while the event is on sale; otherwise the spec's unavailable-sale message (Tickets Soldout,
 * Notify Me, Online Tickets Closed, Event Postponed) with the status's action label.
 */
export function EventAction({ event, notifyMe }: { event: EventDetail; notifyMe?: ReactNode }) {
  const price = eventPriceText(event);

  if (isOnSale(event.status)) {
    return (
      <div className="flex flex-col gap-3">
        {price ? <p className="text-lg font-bold text-slate-900">{price}</p> : null}
        {/* The booking flow's step 2 (ticket picking) lives in the URL, like every later step. */}
        <Link
          to="?step=2"
          className="rounded-lg bg-brand-700 px-6 py-3 text-center text-base font-bold text-white shadow-sm hover:bg-brand-900"
        >
          {eventActionLabel(event.status)}
        </Link>
      </div>
    );
  }

  // Notify Me (issue 23), composed by the route (features/notify-me): before the sale opens, in place of the label.
  if (notifyMe && (event.status === 'pending' || event.status === 'presale')) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-lg font-bold text-slate-900">
          {event.status === 'presale'
            ? `${bookingStatusLabel(event.status)}: tickets are not on sale yet.`
            : 'Tickets are not on sale yet.'}
        </p>
        {notifyMe}
      </div>
    );
  }

  const message = unavailableSaleMessage(event.status);
  const label = eventActionLabel(event.status);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-lg font-bold text-slate-900">
        {message ?? `${bookingStatusLabel(event.status)}: tickets are not on sale yet.`}
      </p>
      {/* "View Details" is what a card says to open this page; here it would point nowhere. */}
      {label === 'View Details' ? null : (
        <p className="rounded-lg border border-slate-300 bg-slate-100 px-6 py-3 text-center font-semibold text-slate-800">
          {label}
        </p>
      )}
    </div>
  );
}

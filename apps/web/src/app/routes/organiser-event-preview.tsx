import type { EventDetail } from '@marquee/domain/catalog';
import { eventActionLabel, isOnSale } from '@marquee/domain/statuses';
import { EventDetails } from '../../features/event/components/event-details';

/** Where buyers get the sale action: here only its words, since nothing can be bought from a preview. */
function PreviewSaleAction({ event }: { event: EventDetail }) {
  return (
    <div className="flex flex-col gap-3">
      <p
        aria-disabled="true"
        className="rounded-lg border border-dashed border-slate-400 bg-slate-100 px-6 py-3 text-center font-bold text-slate-800"
      >
        {eventActionLabel(event.status)}
      </p>
      <p className="text-sm text-slate-700">
        {isOnSale(event.status)
          ? 'Buyers choose their tickets from here. Nothing can be bought in the preview.'
          : 'Buyers see this while tickets are not on sale.'}
      </p>
    </div>
  );
}

/**
 * The organiser console's preview of an event: the buyer's own event page (features/event) drawn from the
 * preview's answer, its sale action shown but inert.
 *
 * It is exported by the event route's module (./event) and the console loads it from there: imported from a
 * chunk of the console's own, the event page's components (and what they share with the home page) would
 * leave the event route's chunk for chunks of their own, and every buyer would load more files.
 */
export function EventPreview({ event }: { event: EventDetail }) {
  return <EventDetails event={event} saleAction={<PreviewSaleAction event={event} />} />;
}

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
 * preview's answer, its sale action shown but inert. The console is a build of its own (decisions/036), so
 * drawing the buyer's components here changes nothing in the site's chunks.
 */
export function EventPreview({ event }: { event: EventDetail }) {
  return <EventDetails event={event} saleAction={<PreviewSaleAction event={event} />} />;
}

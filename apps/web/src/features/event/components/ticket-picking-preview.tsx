import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import type { EventDetail } from '@marquee/domain/catalog';
import { TicketPackagesSummary } from './ticket-packages-summary';

/**
 * Step 2 of the booking flow until ticket picking ships: the ticket packages, read only, and a plain
 * note that online booking opens soon. Nothing here pretends to sell.
 */
export function TicketPickingPreview({ event }: { event: EventDetail }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The step changed without a page load: move focus to the new step so keyboard and screen reader users follow.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900">
        Choose your tickets
      </h2>
      <p role="note" className="rounded-lg border border-accent-400 bg-amber-50 p-4 text-slate-900">
        Online booking for this event opens soon. Here are its ticket packages and prices; you will be able to pick and
        pay for tickets on this page.
      </p>
      <TicketPackagesSummary event={event} />
      <Link to="." className="self-start font-semibold text-brand-700 underline hover:text-brand-900">
        Back to the event details
      </Link>
    </section>
  );
}

import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import type { EventDetail } from '@marquee/domain/catalog';
import { ErrorState } from '../../../components/ui/error-state';
import { usePriceList } from '../api/get-price-list';
import { TicketPackageRow } from './ticket-package-row';
import { ConvenienceFeeNote, instalmentProviderName } from './ticket-packages-summary';

/**
 * Step 2 of the booking flow until ticket picking ships: the live price list, read only, and a plain
 * note that online booking opens soon. Nothing here pretends to sell.
 */
export function TicketPickingPreview({ event }: { event: EventDetail }) {
  const priceList = usePriceList(event.uid);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const instalmentProvider = instalmentProviderName(event);

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
      {priceList.isPending ? (
        <p className="text-slate-700">Loading ticket packages…</p>
      ) : priceList.isError ? (
        <ErrorState
          headingLevel={3}
          title="Ticket packages could not be loaded"
          onRetry={() => void priceList.refetch()}
          isRetrying={priceList.isFetching}
        />
      ) : priceList.data.length === 0 ? (
        <p className="text-slate-700">Ticket packages for this event have not been announced yet.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {priceList.data.map((row) => (
            <TicketPackageRow
              key={row.package_id}
              name={row.package_name}
              description={row.package_desc}
              price={row.package_price}
              currency={event.currency}
              isFreeEvent={event.free_event}
              isSoldOut={row.sold_out}
              isActive={row.active}
              message={row.message}
              instalmentProvider={instalmentProvider}
            />
          ))}
        </ul>
      )}
      <ConvenienceFeeNote event={event} />
      <Link to="." className="self-start font-semibold text-brand-700 underline hover:text-brand-900">
        Back to the event details
      </Link>
    </section>
  );
}

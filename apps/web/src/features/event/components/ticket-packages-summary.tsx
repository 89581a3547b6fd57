import type { EventDetail } from '@marquee/domain/catalog';
import { formatMoney } from '@marquee/domain/money';
import { TicketPackageRow } from './ticket-package-row';

/** The provider that splits a payment in 3, when the event accepts it (spec 9: "N CUR X 3"). */
export function instalmentProviderName(event: Pick<EventDetail, 'payment_gateways'>): string | null {
  return event.payment_gateways.find((gateway) => gateway.kind === 'instalments')?.name ?? null;
}

export function ConvenienceFeeNote({ event }: { event: Pick<EventDetail, 'handling_cost' | 'currency'> }) {
  if (event.handling_cost <= 0) return null;
  return (
    <p className="text-sm text-slate-700">
      A Convenience Fee of {formatMoney(event.handling_cost, event.currency)} is added on top at checkout.
    </p>
  );
}

/** The event's ticket packages at a glance: price (or Free Event), instalments, SOLD OUT, inactive message. */
export function TicketPackagesSummary({ event }: { event: EventDetail }) {
  const instalmentProvider = instalmentProviderName(event);
  if (event.ticket_packages.length === 0) {
    return <p className="text-slate-700">Ticket packages for this event have not been announced yet.</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {event.ticket_packages.map((ticketPackage) => (
          <TicketPackageRow
            key={ticketPackage.id}
            name={ticketPackage.name}
            description={ticketPackage.description}
            price={ticketPackage.price}
            currency={event.currency}
            isFreeEvent={event.free_event}
            isSoldOut={ticketPackage.sold_out}
            isActive={ticketPackage.active}
            message={ticketPackage.message}
            instalmentProvider={instalmentProvider}
          />
        ))}
      </ul>
      <ConvenienceFeeNote event={event} />
    </div>
  );
}

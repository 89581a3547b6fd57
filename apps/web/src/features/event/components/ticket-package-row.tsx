import type { Currency } from '@marquee/domain/money';
import { formatInstalments, formatMoney } from '@marquee/domain/money';

export interface TicketPackageRowProps {
  name: string;
  description: string;
  /** Minor units. */
  price: number;
  currency: Currency;
  isFreeEvent: boolean;
  isSoldOut: boolean;
  isActive: boolean;
  /** Shown in place of the price note when the package is inactive. */
  message: string | null;
  /** Name of the instalment provider when the event offers one. */
  instalmentProvider: string | null;
}

/** One ticket package, read only (spec 4 "Ticket package display" without the counters of the booking flow). */
export function TicketPackageRow({
  name,
  description,
  price,
  currency,
  isFreeEvent,
  isSoldOut,
  isActive,
  message,
  instalmentProvider,
}: TicketPackageRowProps) {
  const isFree = isFreeEvent || price === 0;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex flex-col gap-1">
        <h3 className="font-semibold text-slate-900">{name}</h3>
        {description ? <p className="text-sm text-slate-700">{description}</p> : null}
      </div>
      <div className="flex shrink-0 flex-col gap-1 sm:items-end">
        <p className="text-lg font-bold text-slate-900">{isFree ? 'Free Event' : formatMoney(price, currency)}</p>
        {!isFree && instalmentProvider && isActive && !isSoldOut ? (
          <p className="text-sm text-slate-700">
            or {formatInstalments(price, currency)} with {instalmentProvider}
          </p>
        ) : null}
        {isSoldOut ? (
          <span className="self-start rounded-full bg-red-700 px-3 py-1 text-xs font-bold tracking-wide text-white sm:self-end">
            SOLD OUT
          </span>
        ) : !isActive ? (
          <p className="text-sm font-semibold text-amber-800">{message ?? 'Not available'}</p>
        ) : null}
      </div>
    </li>
  );
}

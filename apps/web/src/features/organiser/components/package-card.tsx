import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ConsolePackage } from '@marquee/domain/console';
import { formatMoney, type Currency } from '@marquee/domain/money';
import { formatWallClock } from '../lib/event-display';
import { formatCount } from '../lib/venue-display';
import { StatusPill } from './status-pill';

/** Sold, held and left of the capacity, in words; the bar is only a picture of the words. */
export function CapacityBar({ sold, held, capacity }: { sold: number; held: number; capacity: number }) {
  const share = (count: number) => (capacity > 0 ? Math.min(100, (count / capacity) * 100) : 0);
  const left = Math.max(0, capacity - sold - held);
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm text-slate-900">
        {formatCount(sold)} sold · {formatCount(held)} held · {formatCount(left)} left of {formatCount(capacity)}
      </p>
      <span aria-hidden="true" className="flex h-2.5 w-full overflow-hidden rounded-full bg-slate-200">
        <span className="block h-full bg-brand-700" style={{ width: `${share(sold)}%` }} />
        <span className="block h-full bg-amber-500" style={{ width: `${share(held)}%` }} />
      </span>
    </div>
  );
}

function saleWindowText(pkg: ConsolePackage): string {
  const start = pkg.sale_start_local ? formatWallClock(pkg.sale_start_local) : 'when the event is published';
  const end = pkg.sale_end_local ? formatWallClock(pkg.sale_end_local) : 'the event closes';
  return `From ${start} until ${end}`;
}

export interface PackageCardProps {
  pkg: ConsolePackage;
  currency: Currency;
  isFreeEvent: boolean;
  hasSeatMap: boolean;
  /** The Seats section's address, for a seated package. */
  seatsPath: string;
  /** Edit and Delete, for a role that may change the event. */
  actions: ReactNode;
}

/** One ticket package: price, what is sold and held, its sale window, seating and whether buyers can buy it. */
export function PackageCard({ pkg, currency, isFreeEvent, hasSeatMap, seatsPath, actions }: PackageCardProps) {
  const seated = hasSeatMap && !pkg.free_seating;
  return (
    <article aria-label={pkg.name} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="text-lg font-semibold text-brand-950">{pkg.name}</h3>
          <p className="text-sm text-slate-800">
            {isFreeEvent || pkg.price === 0 ? 'Free' : formatMoney(pkg.price, currency)}
          </p>
        </div>
        <StatusPill tone={pkg.active ? 'green' : 'slate'}>{pkg.active ? 'Active' : 'Inactive'}</StatusPill>
      </div>
      {pkg.description ? <p className="text-sm text-slate-700">{pkg.description}</p> : null}
      {!pkg.active ? (
        <p className="text-sm text-slate-800">
          Buyers read:{' '}
          {pkg.inactive_message ? <q>{pkg.inactive_message}</q> : 'no message (the package shows as unavailable)'}
        </p>
      ) : null}
      <CapacityBar sold={pkg.sold} held={pkg.held} capacity={pkg.capacity} />
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-slate-700">Sales</dt>
        <dd className="text-slate-900">{saleWindowText(pkg)}</dd>
        {pkg.waiting > 0 ? (
          <>
            <dt className="font-semibold text-slate-700">Waitlist</dt>
            <dd className="text-slate-900">
              {formatCount(pkg.waiting)} {pkg.waiting === 1 ? 'buyer waits' : 'buyers wait'} for tickets to come back
            </dd>
          </>
        ) : null}
        <dt className="font-semibold text-slate-700">Per order</dt>
        <dd className="text-slate-900">At most {pkg.max_per_order}</dd>
        <dt className="font-semibold text-slate-700">Seating</dt>
        <dd className="text-slate-900">
          {seated ? (
            <>
              {formatCount(pkg.seat_ids.length)} {pkg.seat_ids.length === 1 ? 'seat' : 'seats'} on the map ·{' '}
              <Link to={seatsPath} className="font-semibold text-brand-700 underline underline-offset-2">
                Assign seats<span className="sr-only"> of {pkg.name}</span>
              </Link>
            </>
          ) : hasSeatMap ? (
            'Free seating: buyers take a number of tickets'
          ) : (
            'Buyers take a number of tickets'
          )}
        </dd>
      </dl>
      {actions}
    </article>
  );
}

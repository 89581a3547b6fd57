import { Link } from 'react-router';
import type { SearchResult } from '@marquee/domain/catalog';
import { formatMoney } from '@marquee/domain/money';
import { eventActionLabel } from '@marquee/domain/statuses';
import { formatEventDate, formatEventTime } from '@marquee/domain/time';

export type SearchResultEvent = SearchResult['data'][number];

interface SearchResultCardProps {
  event: SearchResultEvent;
}

function priceLabel(event: SearchResultEvent): string | null {
  if (event.free_event || event.price_from === 0) return 'Free Event';
  if (event.price_from === null) return null;
  return `From ${formatMoney(event.price_from, event.currency)}`;
}

/** One search result: a row with the thumbnail, what matched (name, artists, venue, city) and the date. */
export function SearchResultCard({ event }: SearchResultCardProps) {
  const price = priceLabel(event);
  const artists = event.artists.join(', ');
  return (
    <article className="group relative flex min-w-0 gap-4 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md sm:p-4">
      <img
        src={event.thumbnail_img}
        alt=""
        width={160}
        height={120}
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] w-24 shrink-0 self-start rounded-xl bg-slate-200 object-cover sm:w-40"
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <h2 className="text-base font-semibold text-brand-950 sm:text-lg">
          {/* The link covers the card (its ::after), so the whole card is one tap target with one name. */}
          <Link to={event.path} className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none">
            {event.name}
          </Link>
        </h2>
        {artists ? <p className="mt-0.5 truncate text-sm text-slate-700">{artists}</p> : null}
        <p className="mt-1 text-sm text-slate-700">
          <time dateTime={event.start_date}>
            {formatEventDate(event.start_date, event.venue.time_zone)},{' '}
            {formatEventTime(event.start_date, event.venue.time_zone)}
          </time>
        </p>
        <p className="text-sm text-slate-700">
          {event.venue.name}, {event.venue.city}
        </p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          {price ? <span className="text-sm font-semibold text-slate-900">{price}</span> : <span />}
          <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700 group-hover:bg-brand-100">
            {eventActionLabel(event.status)}
          </span>
        </div>
      </div>
    </article>
  );
}

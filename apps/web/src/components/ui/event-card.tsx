import { Link } from 'react-router';
import type { EventSummary } from '@marquee/domain/catalog';
import { formatMoney } from '@marquee/domain/money';
import { bookingStatusLabel, eventActionLabel, isOnSale, type EventStatus } from '@marquee/domain/statuses';
import { formatEventDate, formatEventTime, formatZoneName } from '@marquee/domain/time';
import { Skeleton } from './skeleton';

export interface EventCardProps {
  event: EventSummary;
  /** Heading level of the event name, so the page outline stays in order (h2 under an h1, h3 under an h2). */
  headingLevel?: 2 | 3;
  /** Cards in the first screenful load eagerly; the rest wait until they are near the viewport. */
  isAboveTheFold?: boolean;
}

const STATUS_BADGE_CLASSES: Record<EventStatus, string> = {
  ongoing: 'bg-emerald-700 text-white',
  presale: 'bg-brand-700 text-white',
  pending: 'bg-slate-700 text-white',
  soldout: 'bg-red-700 text-white',
  postponed: 'bg-accent-300 text-slate-950',
  closed: 'bg-slate-600 text-white',
};

/** Spec 4's status names (Ongoing, Pre Sale, Sold Out...); postponed and closed are not in that list and read as their action label. */
export function statusBadgeLabel(status: EventStatus): string {
  if (status === 'postponed' || status === 'closed') return eventActionLabel(status);
  return bookingStatusLabel(status);
}

/** "Free Event" for a free event or a zero price, else "From LKR 2,500.00"; nothing when no package is on sale. */
export function eventPriceText(event: Pick<EventSummary, 'free_event' | 'price_from' | 'currency'>): string | null {
  if (event.free_event || event.price_from === 0) return 'Free Event';
  if (event.price_from === null) return null;
  return `From ${formatMoney(event.price_from, event.currency)}`;
}

/**
 * An event in a grid or slider. The whole card is one link (nothing interactive nested in it). Its
 * accessible name is its whole text, so it contains what a speech-input user sees (WCAG 2.5.3).
 */
export function EventCard({ event, headingLevel = 3, isAboveTheFold = false }: EventCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const zone = event.venue.time_zone;
  const price = eventPriceText(event);
  const actionLabel = eventActionLabel(event.status);

  return (
    <Link
      to={event.path}
      className="group flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="relative">
        <EventPoster src={event.thumbnail_img} isAboveTheFold={isAboveTheFold} />
        <span
          className={`absolute top-2 left-2 rounded-full px-2.5 py-1 text-xs font-semibold ${STATUS_BADGE_CLASSES[event.status]}`}
        >
          {statusBadgeLabel(event.status)}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="line-clamp-2 text-lg leading-snug font-semibold text-slate-900 group-hover:text-brand-700">
          {event.name}
        </Heading>
        <div className="flex flex-col gap-1 text-sm text-slate-700">
          <p>
            <time dateTime={event.start_date}>
              {formatEventDate(event.start_date, zone)} · {formatEventTime(event.start_date, zone)}{' '}
              {formatZoneName(event.start_date, zone)}
            </time>
          </p>
          <p>
            {event.venue.name}, {event.venue.city}
          </p>
          {price ? <p className="font-semibold text-slate-900">{price}</p> : null}
        </div>
        <span
          className={`mt-auto self-start rounded-lg px-4 py-2 text-sm font-semibold ${
            isOnSale(event.status)
              ? 'bg-brand-700 text-white group-hover:bg-brand-900'
              : 'border border-slate-300 bg-slate-100 text-slate-800'
          }`}
        >
          {actionLabel}
        </span>
      </div>
    </Link>
  );
}

/** A card's poster: it repeats the event name printed just below it, so it is decorative. */
export function EventPoster({ src, isAboveTheFold }: { src: string; isAboveTheFold: boolean }) {
  return (
    <img
      src={src}
      alt=""
      width={640}
      height={400}
      loading={isAboveTheFold ? 'eager' : 'lazy'}
      decoding="async"
      className="aspect-[8/5] w-full bg-slate-200 object-cover"
    />
  );
}

/** The poster's place while the card's data loads (a category's first view puts the posters in it). */
export function EventPosterSkeleton() {
  return <Skeleton className="aspect-[8/5] w-full rounded-none" />;
}

/** The card's shape while its data loads. */
export function EventCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white"
    >
      <EventPosterSkeleton />
      <div className="flex flex-col gap-3 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="mt-2 h-9 w-24 rounded-lg" />
      </div>
    </div>
  );
}

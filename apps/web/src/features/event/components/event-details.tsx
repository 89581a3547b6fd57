import { useId, type ReactNode } from 'react';
import type { EventDetail } from '@marquee/domain/catalog';
import { formatEventDate, formatEventTime, formatZoneName } from '@marquee/domain/time';
import { Skeleton } from '../../../components/ui/skeleton';
import { EventAction } from './event-action';
import { EventCountdown } from './event-countdown';
import { TicketPackagesSummary } from './ticket-packages-summary';

export interface EventDetailsProps {
  event: EventDetail;
  /**
   * A later booking step (ticket picking, checkout) composed by the route; it takes the place of the
   * description and packages, and of the Book Now action. Absent on step 1, the event view.
   */
  stepContent?: ReactNode;
  /**
   * What the side column offers instead of the sale action (Book Now): the organiser console's preview, where
   * nothing can be bought. Absent on the buyer's page.
   */
  saleAction?: ReactNode;
  /** Notify Me (issue 23; features/notify-me), offered on a pending or presale event in place of its label. */
  notifyMe?: ReactNode;
}

/**
 * The event's banner: the page's largest paint, so it is also in the HTML's first view
 * (prerender/first-views.tsx), painted before the scripts run.
 */
export function EventBanner({ name, src }: { name: string; src: string }) {
  return (
    <img
      src={src}
      alt={`${name} poster`}
      width={1600}
      height={600}
      fetchPriority="high"
      className="aspect-[8/3] w-full rounded-2xl bg-brand-950 object-cover"
    />
  );
}

/**
 * The event page: banner, name, artists, date and time in the venue's zone, venue, countdown, the sale
 * action, description and packages. On a phone the action comes right after the facts; on wide screens
 * it sits in a sticky side column.
 */
export function EventDetails({ event, stepContent, saleAction, notifyMe }: EventDetailsProps) {
  const aboutId = useId();
  const ticketsId = useId();
  const zone = event.venue.time_zone;

  return (
    <article className="flex flex-col gap-6">
      <EventBanner name={event.name} src={event.banner_img} />

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <header className="flex flex-col gap-4 lg:col-start-1 lg:row-start-1">
          <h1 className="text-3xl font-bold tracking-tight text-brand-950 sm:text-4xl">{event.name}</h1>
          {event.artists.length > 0 ? (
            <p className="text-lg text-slate-800">
              <span className="font-semibold">Featuring</span> {event.artists.join(', ')}
            </p>
          ) : null}
          <dl className="grid grid-cols-1 gap-3 text-slate-800 sm:grid-cols-2">
            <div>
              <dt className="text-sm font-semibold text-slate-600">Date</dt>
              <dd>
                <time dateTime={event.start_date}>{formatEventDate(event.start_date, zone)}</time>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-600">Time (venue time)</dt>
              <dd>
                {formatEventTime(event.start_date, zone)} {formatZoneName(event.start_date, zone)}
                {event.end_date ? (
                  <>
                    {' '}
                    to {formatEventTime(event.end_date, zone)} {formatZoneName(event.end_date, zone)}
                  </>
                ) : null}
              </dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-sm font-semibold text-slate-600">Venue</dt>
              <dd>
                <span className="font-semibold">{event.venue.name}</span>, {event.venue.city}
                <br />
                <span className="text-slate-700">{event.venue.address}</span>
              </dd>
            </div>
          </dl>
        </header>

        <aside
          aria-label="Tickets and countdown"
          className="flex flex-col gap-5 self-start rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          <EventCountdown startDate={event.start_date} />
          {stepContent ? null : (saleAction ?? <EventAction event={event} notifyMe={notifyMe} />)}
        </aside>

        <div className="flex flex-col gap-8 lg:col-start-1 lg:row-start-2">
          {stepContent ?? (
            <>
              <section aria-labelledby={aboutId} className="flex flex-col gap-3">
                <h2 id={aboutId} className="text-2xl font-bold tracking-tight text-brand-950">
                  About this event
                </h2>
                {event.description
                  .split(/\n\s*\n/)
                  .filter((paragraph) => paragraph.trim() !== '')
                  .map((paragraph, index) => (
                    <p key={index} className="whitespace-pre-line text-slate-800">
                      {paragraph.trim()}
                    </p>
                  ))}
              </section>
              <section aria-labelledby={ticketsId} className="flex flex-col gap-3">
                <h2 id={ticketsId} className="text-2xl font-bold tracking-tight text-brand-950">
                  Tickets
                </h2>
                <TicketPackagesSummary event={event} />
              </section>
            </>
          )}
        </div>
      </div>
    </article>
  );
}

/** The page's shape while the event loads. */
export function EventDetailsSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      <p className="sr-only">Loading the event…</p>
      <Skeleton className="aspect-[8/3] w-full rounded-2xl" />
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex flex-col gap-4">
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-32 w-full" />
        </div>
        <Skeleton className="h-56 rounded-2xl" />
      </div>
    </div>
  );
}

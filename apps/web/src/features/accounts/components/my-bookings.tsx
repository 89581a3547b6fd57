import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES, type MyBooking } from '@marquee/domain/accounts';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { myBookingsQueryOptions } from '../api/get-my-bookings';
import { sessionQueryKey, useSession } from '../api/get-session';
import { useAuthModals } from './auth-modals-context';

const STATUS_TONES: Record<string, string> = {
  complete: 'bg-emerald-100 text-emerald-900',
  verified: 'bg-emerald-100 text-emerald-900',
  pending: 'bg-amber-100 text-amber-950',
  cancelled: 'bg-slate-200 text-slate-900',
  failed: 'bg-red-100 text-red-900',
};

function BookingCard({ booking }: { booking: MyBooking }) {
  const headingId = `booking-${booking.order_id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm sm:flex-row"
    >
      <img
        src={booking.event_thumb_img}
        alt=""
        width={320}
        height={180}
        loading="lazy"
        className="aspect-video w-full object-cover sm:w-56"
      />
      <div className="flex flex-1 flex-col gap-3 p-5 sm:pl-0">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={headingId} className="text-lg font-bold text-brand-950">
            {booking.event_name}
          </h2>
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONES[booking.status] ?? 'bg-slate-200 text-slate-900'}`}
          >
            {booking.status_label}
          </span>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-900">
          <dt className="text-slate-700">Date</dt>
          <dd>
            {booking.event_start_date}, {booking.event_start_time}
          </dd>
          <dt className="text-slate-700">Venue</dt>
          <dd>{booking.event_venue}</dd>
          <dt className="text-slate-700">Booking ID</dt>
          <dd className="font-mono font-semibold">{booking.order_id}</dd>
          <dt className="text-slate-700">Tickets</dt>
          <dd>
            {booking.tot_tickets}
            {booking.packages.length > 0
              ? ` (${booking.packages.map((item) => `${item.ticket_count} × ${item.package.name}`).join(', ')})`
              : ''}
          </dd>
        </dl>
        {booking.ticket_url ? (
          <div>
            <a
              href={booking.ticket_url}
              download={`${booking.order_id}.pdf`}
              aria-label={`Download tickets for ${booking.event_name}, booking ${booking.order_id}`}
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-900"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
                <path d="M10 2a1 1 0 0 1 1 1v8.6l2.3-2.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L9 11.6V3a1 1 0 0 1 1-1ZM4 15a1 1 0 0 1 1 1v1h10v-1a1 1 0 1 1 2 0v2a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-2a1 1 0 0 1 1-1Z" />
              </svg>
              Download tickets
            </a>
          </div>
        ) : null}
      </div>
    </article>
  );
}

function BookingsSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-4">
      <span className="sr-only">Loading your bookings…</span>
      {[0, 1, 2].map((index) => (
        <div key={index} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-4">
          <Skeleton className="hidden aspect-video w-56 sm:block" />
          <div className="flex flex-1 flex-col gap-3">
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-4 w-1/4" />
          </div>
        </div>
      ))}
    </div>
  );
}

function SignInPrompt() {
  const { openAuthModal, preloadAuthModals } = useAuthModals();
  return (
    <EmptyState
      title="Sign in to see your bookings"
      action={
        <Button aria-haspopup="dialog" onClick={() => openAuthModal('login')} onPointerEnter={preloadAuthModals}>
          Sign In
        </Button>
      }
    >
      <p>{ACCOUNT_MESSAGES.signInRequired}</p>
      <p className="mt-2">
        Booked without an account? Find it on{' '}
        <Link to={paths.downloadTickets()} className="font-semibold text-brand-700 underline">
          Download Tickets
        </Link>
        .
      </p>
    </EmptyState>
  );
}

/** My bookings: the signed-in buyer's bookings, newest first, each with its tickets once paid. */
export function MyBookings() {
  const session = useSession();
  const queryClient = useQueryClient();
  const bookings = useQuery({ ...myBookingsQueryOptions, enabled: session.status === 'authenticated' });
  const isSessionGone = isApiError(bookings.error, 'sign_in_required');
  // The session ended elsewhere: the header learns it too.
  useEffect(() => {
    if (isSessionGone) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, [isSessionGone, queryClient]);

  if (session.status === 'loading') return <BookingsSkeleton />;
  if (session.status === 'unauthenticated') return <SignInPrompt />;
  if (bookings.isPending) return <BookingsSkeleton />;
  if (bookings.isError) {
    if (isSessionGone) return <SignInPrompt />;
    return (
      <ErrorState
        title="Your bookings could not be loaded"
        onRetry={() => void bookings.refetch()}
        isRetrying={bookings.isFetching}
      />
    );
  }
  if (bookings.data.data.length === 0) {
    return (
      <EmptyState
        title="No bookings yet"
        action={<ButtonLink to={paths.category('all')}>Browse events</ButtonLink>}
      >
        <p>Tickets you book while signed in are listed here.</p>
      </EmptyState>
    );
  }
  return (
    <ul className="flex flex-col gap-4" aria-label="Your bookings">
      {bookings.data.data.map((booking) => (
        <li key={booking.order_id}>
          <BookingCard booking={booking} />
        </li>
      ))}
    </ul>
  );
}

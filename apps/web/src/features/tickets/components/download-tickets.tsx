import { useEffect, useRef } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useLookUpBooking } from '../api/look-up-booking';
import { BookingLookupForm } from './booking-lookup-form';
import { BookingResult } from './booking-result';

const NETWORK_MESSAGE = 'We could not reach Marquee. Check your connection and try again.';

/** Download Your Tickets (spec 2): find a booking, then its summary and tickets. */
export function DownloadTickets() {
  const lookup = useLookUpBooking();
  const resultRef = useRef<HTMLDivElement>(null);
  const problem =
    lookup.error instanceof ApiError ? lookup.error.body.message : lookup.error ? NETWORK_MESSAGE : null;

  // A found booking takes focus, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (lookup.data) resultRef.current?.focus();
  }, [lookup.data]);

  return (
    <div className="flex flex-col gap-6">
      <div className="max-w-3xl">
        <BookingLookupForm isSearching={lookup.isPending} onSearch={(request) => lookup.mutate(request)} />
      </div>
      {problem ? (
        <div role="alert" className="max-w-3xl rounded-xl border border-red-300 bg-red-50 p-4 text-red-950">
          <p className="font-semibold">
            {lookup.error instanceof ApiError && lookup.error.status === 429
              ? 'Please wait'
              : lookup.error instanceof ApiError && lookup.error.status === 409
                ? 'No tickets to download'
                : 'Booking not found'}
          </p>
          <p>{problem}</p>
        </div>
      ) : null}
      {lookup.data ? (
        <div ref={resultRef} tabIndex={-1} className="focus:outline-none" aria-live="polite">
          <BookingResult booking={lookup.data} />
        </div>
      ) : null}
    </div>
  );
}

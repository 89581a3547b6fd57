import { useEffect, useRef, useState } from 'react';
import type { BookingLookupRequest } from '@marquee/domain/bookings';
import { ACCOUNT_MESSAGES } from '@marquee/domain/accounts-session';
import { useCaptcha } from '../../../components/captcha/captcha';
import { ApiError } from '../../../lib/api-client';
import { useLookUpBooking } from '../api/look-up-booking';
import { BookingLookupForm } from './booking-lookup-form';
import { BookingResult } from './booking-result';

const NETWORK_MESSAGE = 'We could not reach Marquee. Check your connection and try again.';

function problemTitle(status: number | null): string {
  if (status === 403) return 'Please try again';
  if (status === 429) return 'Please wait';
  if (status === 409) return 'No tickets to download';
  return 'Booking not found';
}

/** Download Your Tickets (spec 2): find a booking, then its summary and tickets. */
export function DownloadTickets() {
  const lookup = useLookUpBooking();
  const { captcha, getPayload, reset: resetCaptcha } = useCaptcha();
  const [isAwaitingCaptcha, setIsAwaitingCaptcha] = useState(false);
  const [isCaptchaFailed, setIsCaptchaFailed] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);
  const problem = isCaptchaFailed
    ? ACCOUNT_MESSAGES.captchaFailed
    : lookup.error instanceof ApiError
      ? lookup.error.body.message
      : lookup.error
        ? NETWORK_MESSAGE
        : null;

  function onSearch(request: BookingLookupRequest) {
    if (isAwaitingCaptcha || lookup.isPending) return;
    setIsCaptchaFailed(false);
    setIsAwaitingCaptcha(true);
    getPayload().then(
      (payload) => {
        setIsAwaitingCaptcha(false);
        lookup.mutate(
          { request, captcha: payload },
          // The server refused the human check's payload: a new one is solved for the next try.
          { onError: (error) => (error instanceof ApiError && error.status === 403 ? resetCaptcha() : undefined) },
        );
      },
      () => {
        setIsAwaitingCaptcha(false);
        lookup.reset();
        setIsCaptchaFailed(true);
      },
    );
  }

  // A found booking takes focus, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (lookup.data) resultRef.current?.focus();
  }, [lookup.data]);

  return (
    <div className="flex flex-col gap-6">
      <div className="max-w-3xl">
        <BookingLookupForm isSearching={lookup.isPending || isAwaitingCaptcha} onSearch={onSearch} captcha={captcha} />
      </div>
      {problem ? (
        <div role="alert" className="max-w-3xl rounded-xl border border-red-300 bg-red-50 p-4 text-red-950">
          <p className="font-semibold">
            {problemTitle(isCaptchaFailed ? 403 : lookup.error instanceof ApiError ? lookup.error.status : null)}
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

import { useEffect, useRef, useState } from 'react';
import type { BookingLookupRequest } from '@marquee/domain/bookings';
import type { ErrorCode } from '@marquee/domain/errors';
import { ACCOUNT_MESSAGES } from '@marquee/domain/accounts-session';
import { CaptchaError } from '../../../components/captcha/captcha-controller';
import { useCaptchaSubmit } from '../../../components/captcha/use-captcha-submit';
import { ApiError } from '../../../lib/api-client';
import { useLookUpBooking } from '../api/look-up-booking';
import { BookingLookupForm } from './booking-lookup-form';
import { BookingResult } from './booking-result';

const NETWORK_MESSAGE = 'We could not reach Marquee. Check your connection and try again.';

function problemTitle(code: ErrorCode | null): string {
  switch (code) {
    case 'captcha_failed':
      return 'Please try again';
    case 'rate_limited':
      return 'Please wait';
    case 'not_paid':
    case 'not_valid':
      return 'No tickets to download';
    default:
      return 'Booking not found';
  }
}

/** Download Your Tickets (spec 2): find a booking, then its summary and tickets. */
export function DownloadTickets() {
  const lookup = useLookUpBooking();
  const { captcha, isSubmitting, submit } = useCaptchaSubmit();
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
    if (isSubmitting || lookup.isPending) return;
    setIsCaptchaFailed(false);
    // The lookup's own failure is its error (shown below); a check that could not be solved sent nothing.
    submit((captchaPayload) => lookup.mutateAsync({ request, captcha: captchaPayload })).catch((error: unknown) => {
      if (!(error instanceof CaptchaError)) return;
      lookup.reset();
      setIsCaptchaFailed(true);
    });
  }

  // A found booking takes focus, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (lookup.data) resultRef.current?.focus();
  }, [lookup.data]);

  return (
    <div className="flex flex-col gap-6">
      <div className="max-w-3xl">
        <BookingLookupForm isSearching={isSubmitting || lookup.isPending} onSearch={onSearch} captcha={captcha} />
      </div>
      {problem ? (
        <div role="alert" className="max-w-3xl rounded-xl border border-red-300 bg-red-50 p-4 text-red-950">
          <p className="font-semibold">
            {problemTitle(
              isCaptchaFailed ? 'captcha_failed' : lookup.error instanceof ApiError ? lookup.error.code : null,
            )}
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

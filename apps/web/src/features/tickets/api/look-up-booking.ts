import { useMutation } from '@tanstack/react-query';
import { BookingLookupResultSchema, type BookingLookupRequest } from '@marquee/domain/bookings';
import { CAPTCHA_HEADER } from '../../../components/captcha/captcha-controller';
import { apiSend } from '../../../lib/api-client';

/** POST /api/bookings/lookup: the booking by Booking ID and NIC (or the checkout e-mail), with the human check. */
export function lookUpBooking({ request, captcha }: { request: BookingLookupRequest; captcha: string }) {
  return apiSend('POST', '/api/bookings/lookup', request, BookingLookupResultSchema, {
    headers: { [CAPTCHA_HEADER]: captcha },
  });
}

export function useLookUpBooking() {
  return useMutation({ mutationFn: lookUpBooking });
}

import { useMutation } from '@tanstack/react-query';
import { BookingLookupResultSchema, type BookingLookupRequest } from '@marquee/domain/bookings';
import { apiSend } from '../../../lib/api-client';

/** POST /api/bookings/lookup: the booking by Booking ID and NIC (or the checkout e-mail). */
export function lookUpBooking(request: BookingLookupRequest) {
  return apiSend('POST', '/api/bookings/lookup', request, BookingLookupResultSchema);
}

export function useLookUpBooking() {
  return useMutation({ mutationFn: lookUpBooking });
}

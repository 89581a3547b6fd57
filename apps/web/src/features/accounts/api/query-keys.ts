/** Query keys the header's code shares with lazily loaded pages (kept apart so the first bundle stays small). */
export const myBookingsQueryKey = ['my-bookings'] as const;

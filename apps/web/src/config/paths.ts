import type { CategoryKey } from '@marquee/domain/categories';

/** Every URL of the web app in one place. */
export const paths = {
  home: () => '/',
  category: (key: CategoryKey) => `/${key}`,
  search: (query?: string) => (query ? `/search?q=${encodeURIComponent(query)}` : '/search'),
  aboutUs: () => '/about-us',
  contactUs: () => '/contact-us',
  privacyPolicy: () => '/privacy-policy',
  termsAndConditions: () => '/terms-and-conditions',
  downloadTickets: () => '/download-tickets',
  myBookings: () => '/my-bookings',
  resetPassword: () => '/reset-password',
  /** Any page with a status message for the login or reset modal (the `reset` query parameter). */
  withResetStatus: (encodedStatus: string) => `/?reset=${encodedStatus}`,
} as const;

import { createBrowserRouter } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './routes/route-error';

/**
 * Routes compose features; each page is its own chunk (route-level code splitting).
 * Explicit paths rank above the dynamic ones, so /about-us never reads as a category. The organiser console
 * (/organiser/*) is another app, built apart (app/console-router.tsx, decisions/036): the server answers its
 * addresses with organiser.html, and none of its code is in this one's chunks.
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, lazy: () => import('./routes/home') },
      { path: 'search', lazy: () => import('./routes/search') },
      { path: 'about-us', lazy: () => import('./routes/about-us') },
      { path: 'contact-us', lazy: () => import('./routes/contact-us') },
      { path: 'privacy-policy', lazy: () => import('./routes/privacy-policy') },
      { path: 'terms-and-conditions', lazy: () => import('./routes/terms-and-conditions') },
      { path: 'download-tickets', lazy: () => import('./routes/download-tickets') },
      { path: 'my-bookings', lazy: () => import('./routes/my-bookings') },
      { path: 'reset-password', lazy: () => import('./routes/reset-password') },
      { path: 'notify-me/confirm', lazy: () => import('./routes/notify-me-confirm') },
      { path: 'notify-me/unsubscribe', lazy: () => import('./routes/notify-me-unsubscribe') },
      { path: 'waitlist/confirm', lazy: () => import('./routes/waitlist-confirm') },
      { path: 'waitlist/leave', lazy: () => import('./routes/waitlist-leave') },
      { path: 'waitlist/offer', lazy: () => import('./routes/waitlist-offer') },
      { path: 'events/:uid/queue', lazy: () => import('./routes/event-queue') },
      { path: ':category', lazy: () => import('./routes/category') },
      { path: ':type/:slug/:uid', lazy: () => import('./routes/event') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);

import { createBrowserRouter } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './routes/route-error';

/**
 * Routes compose features; each page is its own chunk (route-level code splitting).
 * Explicit paths rank above the dynamic ones, so /about-us never reads as a category.
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
      // The organiser console: a chunk of its own that no buyer page imports. `:org/*` outranks the event
      // route's three dynamic segments (/organiser/acme/venues is not an event).
      {
        path: 'organiser',
        children: [
          { index: true, lazy: () => import('./routes/organiser') },
          { path: ':org/*', lazy: () => import('./routes/organiser') },
        ],
      },
      { path: ':category', lazy: () => import('./routes/category') },
      { path: ':type/:slug/:uid', lazy: () => import('./routes/event') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);

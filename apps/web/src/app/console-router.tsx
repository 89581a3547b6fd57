import { createBrowserRouter, redirectDocument } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './routes/route-error';

/**
 * The organiser console's routes, an app built apart from the site's (decisions/036): the server answers
 * /organiser/* with organiser.html, whose script starts this router. /organiser chooses an organisation,
 * /organiser/{org}/* is its console, and /organiser/join, /new and /operator are the pages outside one
 * (app/routes/organiser.tsx tells them apart). Every other address is the site's (the header's links, an
 * event's page): it is loaded as a document, so the site's own app answers it.
 */
export const consoleRouter = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        path: 'organiser',
        children: [
          { index: true, lazy: () => import('./routes/organiser') },
          { path: ':org/*', lazy: () => import('./routes/organiser') },
        ],
      },
      {
        path: '*',
        loader: ({ request }) => {
          const url = new URL(request.url);
          return redirectDocument(`${url.pathname}${url.search}${url.hash}`);
        },
      },
    ],
  },
]);

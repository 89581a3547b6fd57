import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { createBrowserRouter } from 'react-router';
import { fetchCsrfCookie } from '../lib/csrf-cookie';
import { App } from './app';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * Renders an app's router into #root: the site's (src/main.tsx) and the organiser console's
 * (src/console-main.tsx).
 */
export function startApp(router: Router): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  // Spec 7: the CSRF cookie is asked for on app start, so the first form sent carries its token.
  void fetchCsrfCookie();
  // The first render waits for the page's route code (preloaded with the HTML): until then #root keeps the
  // first view the server sent, which React then replaces in one commit, instead of an empty page between.
  // (A promise, not a top-level await: with one, the bundler split the entry into some thirty chunks.)
  const whenRouterReady = (): Promise<void> => {
    if (router.state.initialized) return Promise.resolve();
    return new Promise((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (!state.initialized) return;
        unsubscribe();
        resolve();
      });
    });
  };
  // Rendered as a transition: React renders the page in slices, giving the main thread back between them
  // (a tap or a scroll on the first view is answered), and commits it in one go as before.
  void whenRouterReady().then(() =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      ),
    ),
  );
}

import { PAGE_MODULES_META_NAME } from '@marquee/domain/first-views';
import { afterNextPaint } from './after-next-paint';

/**
 * How an HTML entry starts its app (the site's boot.ts, the console's console-boot.ts). The page's first
 * paint needs only the HTML and the stylesheet: the server sends the page's first view in #root
 * (decisions/022). So the app's code is asked for after that paint (decisions/023): until then the
 * stylesheet and the banner have the connection to themselves, and the phone paints before it compiles and
 * runs 150 KB of script. The page's chunks (the app's and the route's), named by the server, are all asked
 * for at once (`modulepreload`).
 */

/** A new task: what runs next does not lengthen the current one (the main thread can paint or answer a tap). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function afterFirstPaint(): Promise<void> {
  // A tab opened in the background paints nothing and runs no animation frames until shown: start at once.
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise<void>((resolve) => afterNextPaint(resolve));
}

function preloadPageModules(): void {
  const names = document.querySelector<HTMLMetaElement>(`meta[name="${PAGE_MODULES_META_NAME}"]`)?.content ?? '';
  for (const href of names.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

/**
 * The first `Intl.DateTimeFormat` a page makes loads the browser's locale and time zone data: about 13 ms on
 * this project's machine, 50 at Lighthouse's 4x slowdown, inside whichever render formats the first date.
 * A page the server sent has done it already, in <head> while its stylesheet downloaded (the server's
 * lib/locale-data-script.ts), and this costs nothing; otherwise (Vite's dev server) it is done here, in a task
 * of its own while the chunks download, so the formatters the pages make later cost under a millisecond each.
 */
function loadDateFormatting(): void {
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(0);
}

/**
 * Starts an app after the first paint: its page's chunks preloaded, the date formatting data loaded, React
 * in a task of its own, then each of `loadApp`'s steps in a task of its own (the site's: the catalogue's schemas,
 * then the app), so no task holds the main thread as long as all of them together did.
 */
export function bootApp(...loadApp: (() => Promise<unknown>)[]): void {
  let booting: Promise<unknown> = afterFirstPaint()
    .then(() => {
      preloadPageModules();
      return nextTask();
    })
    .then(() => {
      loadDateFormatting();
      return nextTask();
    })
    .then(() => import('react-dom/client'));
  for (const step of loadApp) booting = booting.then(nextTask).then(step);
  void booting.catch(showFirstViewAlone);
}

/**
 * The app's code could not be had (offline, or a page left open across a release): the first view is all
 * there is. It is made usable (its links are real links) and says what happened, instead of staying inert.
 */
function showFirstViewAlone(error: unknown): void {
  console.error('The app could not be loaded.', error);
  const root = document.getElementById('root');
  const firstView = root?.querySelector(':scope > [inert]');
  firstView?.removeAttribute('inert');
  firstView?.removeAttribute('aria-hidden');
  const alert = document.createElement('p');
  alert.setAttribute('role', 'alert');
  alert.className = 'bg-accent-300 px-4 py-3 text-center font-semibold text-slate-950';
  alert.textContent = 'Marquee could not load completely. Check your connection and reload the page.';
  root?.prepend(alert);
}

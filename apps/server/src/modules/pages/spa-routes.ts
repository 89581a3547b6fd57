import { CATEGORY_KEYS } from '@marquee/domain/categories';

/**
 * The web app's routes as the server must know them, to answer with the right status before the SPA
 * loads (crawlers and link previews read it). Keep in step with apps/web/src/app/router.tsx.
 */
export const STATIC_PAGES = [
  'about-us',
  'contact-us',
  'privacy-policy',
  'terms-and-conditions',
  'search',
  'download-tickets',
] as const;

/** The organiser console's first segment (apps/web/src/app/router.tsx: `organiser/*`). */
export const CONSOLE_SEGMENT = 'organiser';

/** The waiting room's pages: /events/{uid}/queue (apps/web/src/app/router.tsx). No category is named so. */
export const QUEUE_SEGMENT = 'events';

/** Pages opened from links in e-mails (apps/web/src/app/router.tsx). */
const LINK_PAGES = new Set([
  'notify-me/confirm',
  'notify-me/unsubscribe',
  'waitlist/confirm',
  'waitlist/leave',
  'waitlist/offer',
]);

const SINGLE_SEGMENT_PAGES = new Set<string>([...CATEGORY_KEYS, ...STATIC_PAGES]);

export type SpaRoute =
  /** A page the SPA has: home (no segment), a category, a static page (one segment). */
  | { kind: 'page'; segments: [] | [string] }
  /** /{type}/{slug}/{uid}: the server looks the event up. */
  | { kind: 'event'; segments: [string, string, string]; uid: string }
  /** /organiser and everything under it: the organiser console (the SPA routes within it; never indexed). */
  | { kind: 'console' }
  /** /events/{uid}/queue: an event's waiting room (issue 23; never indexed). */
  | { kind: 'queue'; uid: string }
  /** A page a link in an e-mail opens (Notify Me's, the waitlist's): the SPA's, never indexed. */
  | { kind: 'link-page' }
  /** A path that looks like a file (has an extension) but is not one of the built files. */
  | { kind: 'missing-file' }
  /** Anything else: the SPA shows its not-found page, with status 404. */
  | { kind: 'unknown' };

/** Classifies a request path (without its query string). */
export function classifySpaPath(pathname: string): SpaRoute {
  const segments: string[] = [];
  for (const raw of pathname.split('/')) {
    if (raw === '') continue;
    try {
      segments.push(decodeURIComponent(raw));
    } catch {
      return { kind: 'unknown' };
    }
  }
  const last = segments.at(-1);
  if (last !== undefined && /\.[A-Za-z0-9]+$/.test(last)) return { kind: 'missing-file' };
  if (segments.length === 0) return { kind: 'page', segments: [] };
  const [first, second, third] = segments;
  if (first === CONSOLE_SEGMENT) return { kind: 'console' };
  if (segments.length === 1 && first !== undefined)
    return SINGLE_SEGMENT_PAGES.has(first) ? { kind: 'page', segments: [first] } : { kind: 'unknown' };
  if (segments.length === 2 && LINK_PAGES.has(`${first}/${second}`)) return { kind: 'link-page' };
  if (segments.length === 3 && first === QUEUE_SEGMENT && second !== undefined && third === 'queue') {
    return { kind: 'queue', uid: second };
  }
  if (segments.length === 3 && first !== undefined && second !== undefined && third !== undefined) {
    return { kind: 'event', segments: [first, second, third], uid: third };
  }
  return { kind: 'unknown' };
}

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

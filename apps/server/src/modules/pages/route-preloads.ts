import { z } from 'zod';
import { CATEGORIES, CATEGORY_KEYS } from '@marquee/domain/categories';
import type { SpaRoute } from './spa-routes';

/**
 * What a page of the web app fetches first, so the HTML can name it: the route's own code (its lazy chunk
 * and the chunks that chunk imports, which the browser otherwise finds only after the entry script has run)
 * and its first API requests. Each is a round trip saved on a phone's connection; keep the fetches in step
 * with the web app's fetchers (the URL must match byte for byte, or the browser fetches twice).
 */
export interface RoutePreloads {
  /** Source paths as Vite's manifest names them, e.g. `src/app/routes/home.tsx`. */
  routeSource: string;
  /** Same-origin API paths the page fetches at once. */
  fetches: string[];
  /** A category page's list (the query of its first fetch), for its first view. */
  list?: { path: string; query: { category: string; page: number; per_page: number } };
  /** The home page's Trending Events of its active tab (its first fetch), for its data block. */
  trending?: { path: string; query: { category: (typeof CATEGORY_KEYS)[number]; limit: number } };
}

const ROUTES_DIR = 'src/app/routes';
/** features/home/api/get-trending-events.ts: TRENDING_LIMIT. */
const TRENDING_LIMIT = 8;
/** features/catalog/api/get-events.ts: EVENTS_PER_PAGE. */
const EVENTS_PER_PAGE = 12;
const CATEGORY_KEY_SET = new Set<string>(CATEGORY_KEYS);

/** The route of a classified path (apps/web/src/app/router.tsx) and its first fetches. */
export function routePreloads(route: SpaRoute, search: string): RoutePreloads | null {
  const query = new URLSearchParams(search);
  switch (route.kind) {
    case 'missing-file':
      return null;
    case 'unknown':
      return { routeSource: `${ROUTES_DIR}/not-found.tsx`, fetches: [] };
    case 'console':
      return { routeSource: `${ROUTES_DIR}/organiser.tsx`, fetches: [] };
    case 'link-page':
      return null;
    case 'queue':
      // The waiting room names its event (features/waiting-room): its detail, asked for with the page. The place
      // itself is a POST (a join), never preloaded.
      return { routeSource: `${ROUTES_DIR}/event-queue.tsx`, fetches: [`/api/events/${encodeURIComponent(route.uid)}`] };
    case 'event': {
      // features/event/api/get-event.ts, and at the picking step features/seat-map/api/get-seat-map.ts.
      const base = `/api/events/${encodeURIComponent(route.uid)}`;
      return {
        routeSource: `${ROUTES_DIR}/event.tsx`,
        fetches: query.get('step') === '2' ? [base, `${base}/seat-map`] : [base],
      };
    }
    case 'page':
      break;
  }
  const name = route.segments[0];
  if (name === undefined) {
    // Home: features/home/api (trending for the active ?tab, banners, testimonials).
    const tabParam = query.get('tab');
    const homeTabs = CATEGORIES.filter((category) => category.isHomeTab);
    const tab =
      (tabParam !== null && /^\d+$/.test(tabParam) ? homeTabs.find((c) => c.id === Number(tabParam)) : undefined) ??
      homeTabs[0];
    const trendingQuery = { category: tab?.key ?? 'all', limit: TRENDING_LIMIT };
    const trendingPath = `/api/events/trending?${new URLSearchParams({ category: trendingQuery.category, limit: String(TRENDING_LIMIT) }).toString()}`;
    return {
      routeSource: `${ROUTES_DIR}/home.tsx`,
      fetches: [trendingPath, '/api/banners', '/api/testimonials'],
      trending: { path: trendingPath, query: trendingQuery },
    };
  }
  if (CATEGORY_KEY_SET.has(name)) {
    // app/routes/category.tsx reads ?page as a whole number from 1, anything else as 1.
    const pageParam = query.get('page');
    const page = pageParam !== null && /^\d{1,4}$/.test(pageParam) ? Math.max(1, Number(pageParam)) : 1;
    const listQuery = { category: name, page, per_page: EVENTS_PER_PAGE };
    const path = `/api/events?${new URLSearchParams(Object.entries(listQuery).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
    return { routeSource: `${ROUTES_DIR}/category.tsx`, fetches: [path], list: { path, query: listQuery } };
  }
  return { routeSource: `${ROUTES_DIR}/${name}.tsx`, fetches: [] };
}

const ManifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    dynamicImports: z.array(z.string()).optional(),
  }),
);

/**
 * Vite's build manifest (dist/.vite/manifest.json): for a route's source file, the hashed chunks its page
 * needs beyond the entry (apps/web/src/boot.ts) and what the entry imports: the app it imports after the
 * first paint (src/main.tsx and its imports) and the route's own code.
 */
export class RouteChunks {
  readonly #chunks = new Map<string, string[]>();

  constructor(manifestJson: unknown) {
    const manifest = ManifestSchema.parse(manifestJson);
    const closure = (key: string, into: Set<string>) => {
      const chunk = manifest[key];
      if (!chunk || into.has(chunk.file)) return;
      into.add(chunk.file);
      for (const imported of chunk.imports ?? []) closure(imported, into);
    };
    // The entry (index.html's script) and what it imports are in the HTML already; the app it imports after
    // the first paint (src/main.tsx) and the route's own code are what the page asks for then.
    const entryFiles = new Set<string>();
    const appKeys: string[] = [];
    for (const [key, chunk] of Object.entries(manifest)) {
      if (!chunk.isEntry) continue;
      closure(key, entryFiles);
      appKeys.push(...(chunk.dynamicImports ?? []));
    }
    for (const key of Object.keys(manifest)) {
      if (!key.startsWith(`${ROUTES_DIR}/`)) continue;
      const files = new Set<string>();
      for (const appKey of appKeys) closure(appKey, files);
      closure(key, files);
      this.#chunks.set(
        key,
        [...files].filter((file) => !entryFiles.has(file)).map((file) => `/${file}`),
      );
    }
  }

  /** Absolute paths of the page's chunks beyond the entry's (the app's, then the route's); none for a source the build does not have. */
  for(routeSource: string): readonly string[] {
    return this.#chunks.get(routeSource) ?? [];
  }
}

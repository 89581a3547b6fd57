import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../../config';
import { eventPageMetaOf, type CatalogService } from '../catalog/service';
import { DEFAULT_CATALOG_CACHE_TTL_MS } from '../../lib/json-response-cache';
import { TtlCache } from '../../lib/ttl-cache';
import {
  EventDetailSchema,
  EventListQuerySchema,
  EventListSchema,
  type Banner,
  type EventDetail,
  type EventList,
  TestimonialListSchema,
  TrendingEventsSchema,
  type EventSummary,
  type Testimonial,
} from '@marquee/domain/catalog';
import { FirstViews } from './first-views';
import { IndexHtmlTemplate, encodePath, eventPageMeta, type PageMeta } from './html-meta';
import { RouteChunks, routePreloads } from './route-preloads';
import { classifySpaPath, type SpaRoute } from './spa-routes';

export interface PagesServiceDeps {
  /** The catalogue the API serves too (one instance, one set of caches). */
  catalog: CatalogService;
  config: AppConfig;
}

/** What a page's GET gets (routes.ts turns it into the HTTP answer). */
export type PageAnswer =
  /** The page's HTML: 200, or 404 for an unknown path or event (the SPA shows its not-found page). */
  | { kind: 'html'; status: 200 | 404; html: string; noindex?: true; document?: 'console' }
  /** A non-canonical event address: a 301 to the event's own path (the query string kept). */
  | { kind: 'redirect'; location: string }
  /** A path that looks like a file but is none of the built ones: the server's own 404. */
  | { kind: 'missing-file' }
  /** No web app build (API only): the 404 that tells the operator to build it. */
  | { kind: 'not-built' };

export interface PagesService {
  /** The built web app's folder (apps/web/dist) whose files are served as they are; null without a build. */
  readonly distDir: string | null;
  /** The answer to a GET of `pathname` (raw, still percent-encoded; not an API path) with `search` ('' or `?…`). */
  page(pathname: string, search: string): Promise<PageAnswer>;
}

/**
 * The page renderer: every SPA page's HTML, with the status that tells crawlers the truth (404 for unknown
 * paths and events, 301 from a non-canonical event address), and event pages' Open Graph and Twitter tags
 * so shared links preview well. Every page's head names what the app will fetch first (route-preloads.ts:
 * the route's chunks from Vite's manifest, its first API requests, an event's banner), so the browser asks
 * for them with the HTML instead of after the scripts have run.
 *
 * The build (index.html, Vite's manifest, the first views) is read once, here: `npm start` builds before
 * the server starts; a rebuild needs a restart. Without a build every page is `not-built`.
 */
export function createPagesService({ catalog, config }: PagesServiceDeps): PagesService {
  const distDir = config.webDistDir;
  const indexPath = distDir ? join(distDir, 'index.html') : null;
  if (!distDir || !indexPath || !existsSync(indexPath)) {
    return { distDir: null, page: async () => ({ kind: 'not-built' }) };
  }

  const template = new IndexHtmlTemplate(readFileSync(indexPath, 'utf8'));
  const defaultHtml = template.render(template.defaultMeta);
  // Built with `build.manifest`: which hashed chunks each route needs. An older build without it still works.
  const readManifest = (name: string): unknown => {
    const path = join(distDir, '.vite', name);
    return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
  };
  const routeChunks = new RouteChunks(readManifest('manifest.json'));
  // The organiser console, an app built apart (apps/web/organiser.html, decisions/036): its page and its chunks.
  const consolePath = join(distDir, 'organiser.html');
  const consoleApp = existsSync(consolePath)
    ? {
        template: new IndexHtmlTemplate(readFileSync(consolePath, 'utf8')),
        chunks: new RouteChunks(readManifest('console-manifest.json')),
      }
    : null;
  const firstViewsPath = join(distDir, '.vite', 'first-views.json');
  const firstViews = new FirstViews(
    existsSync(firstViewsPath) ? JSON.parse(readFileSync(firstViewsPath, 'utf8')) : null,
  );
  /**
   * The page's HTML: its route's code and first requests named in the head, its first view in #root, and
   * the first API answers the server already has in the page (those are not fetched again).
   */
  const renderPage = (
    route: SpaRoute,
    search: string,
    meta: PageMeta = template.defaultMeta,
    page: { pathname: string; content?: string; responses?: Readonly<Record<string, unknown>> } = { pathname: '/' },
  ): string => {
    const preloads = routePreloads(route, search);
    if (!preloads) return defaultHtml;
    const firstView = firstViews.page(page.pathname, page.content);
    return template.render({
      ...meta,
      pageModules: routeChunks.for(preloads.routeSource),
      preloadFetches: preloads.fetches.filter((path) => page.responses?.[path] === undefined),
      ...(firstView === null ? {} : { firstView }),
      ...(page.responses ? { initialResponses: page.responses } : {}),
    });
  };
  // Event pages are what gets shared; a short cache keeps a burst of previews (or a crawler) off the database.
  const eventPages = new TtlCache<{ event: EventDetail | null }>({
    ttlMs: DEFAULT_CATALOG_CACHE_TTL_MS,
    maxEntries: 5_000,
  });
  // The home page carries its banners (its largest paint is the first one), its Trending Events and its
  // testimonials, so the app's first render has them all and is not rendered again as each arrives (on a
  // slow phone each of those renders blocked a tap: issue 25); the same short cache.
  const homeBanners = new TtlCache<Banner[]>({ ttlMs: DEFAULT_CATALOG_CACHE_TTL_MS, maxEntries: 1 });
  const homeTrending = new TtlCache<{ data: EventSummary[] }>({ ttlMs: DEFAULT_CATALOG_CACHE_TTL_MS, maxEntries: 16 });
  const homeTestimonials = new TtlCache<Testimonial[]>({ ttlMs: DEFAULT_CATALOG_CACHE_TTL_MS, maxEntries: 1 });
  // A category page carries its page of events; keyed by the API path it stands for.
  const categoryLists = new TtlCache<EventList>({ ttlMs: DEFAULT_CATALOG_CACHE_TTL_MS, maxEntries: 1_000 });

  const pageAnswer = async (pathname: string, search: string): Promise<PageAnswer> => {
    if (pathname === '/index.html') return html(200, defaultHtml);

    const route = classifySpaPath(pathname);
    switch (route.kind) {
      case 'page': {
        const list = routePreloads(route, search)?.list;
        if (list) {
          // A category: its page of events in the data block, their posters in the first view's cards.
          const query = EventListQuerySchema.safeParse(list.query);
          const events = query.success
            ? await categoryLists.getOrLoad(list.path, async () =>
                EventListSchema.parse(await catalog.listEvents(query.data)),
              )
            : null;
          return html(
            200,
            renderPage(route, search, withImage(template.defaultMeta, events?.data[0]?.thumbnail_img), {
              pathname,
              content: firstViews.category(list.query.category, events?.data ?? []) ?? '',
              ...(events ? { responses: { [list.path]: events } } : {}),
            }),
          );
        }
        if (route.segments.length > 0) return html(200, renderPage(route, search, template.defaultMeta, { pathname }));
        // Home: the first banner in the first view (and asked for with the HTML); the banners, the active tab's
        // Trending Events and the testimonials in the data block.
        const trending = routePreloads(route, search)?.trending;
        const [banners, trendingEvents, testimonials] = await Promise.all([
          homeBanners.getOrLoad('banners', () => catalog.listBanners()),
          // Parsed as the API's answers are serialised: exactly their fields.
          trending
            ? homeTrending.getOrLoad(trending.path, async () =>
                TrendingEventsSchema.parse(await catalog.listTrending(trending.query)),
              )
            : null,
          homeTestimonials.getOrLoad('testimonials', async () =>
            TestimonialListSchema.parse(await catalog.listTestimonials()),
          ),
        ]);
        return html(
          200,
          renderPage(route, search, withImage(template.defaultMeta, banners[0]?.image), {
            pathname,
            content: firstViews.home(banners) ?? '',
            responses: {
              '/api/banners': banners,
              '/api/testimonials': testimonials,
              ...(trending && trendingEvents ? { [trending.path]: trendingEvents } : {}),
            },
          }),
        );
      }
      case 'console': {
        // The console is for its members, never indexed: its own page, naming its own app's chunks.
        if (!consoleApp) return { kind: 'not-built' };
        const preloads = routePreloads(route, search);
        return {
          kind: 'html',
          status: 200,
          html: consoleApp.template.render({
            ...consoleApp.template.defaultMeta,
            pageModules: preloads ? consoleApp.chunks.for(preloads.routeSource) : [],
          }),
          noindex: true,
          // Its own Content-Security-Policy: the gate scanner compiles WebAssembly (plugins/security-headers.ts).
          document: 'console',
        };
      }
      case 'link-page':
        return { kind: 'html', status: 200, html: defaultHtml, noindex: true };
      case 'queue':
        // The SPA's shell; the waiting room's route puts the place in it for browsers without JavaScript.
        return { kind: 'html', status: 200, html: renderPage(route, search, template.defaultMeta, { pathname }), noindex: true };
      case 'missing-file':
        return { kind: 'missing-file' };
      case 'unknown':
        return html(404, renderPage(route, search, template.defaultMeta, { pathname }));
      case 'event': {
        // One read for the page: its link-preview tags, its first view and the data block (the API's answer to
        // its first request, GET /api/events/{uid}, serialised as the API does).
        const { event } = await eventPages.getOrLoad(route.uid, async () => {
          const found = await catalog.findEvent(route.uid);
          return { event: found ? EventDetailSchema.parse(found) : null };
        });
        if (!event) return html(404, defaultHtml);
        if (`/${route.segments.join('/')}` !== event.path) {
          return { kind: 'redirect', location: `${encodePath(event.path)}${search}` };
        }
        const page = eventPageMetaOf(event);
        const meta = eventPageMeta(page, config.publicUrl);
        const responses = { [`/api/events/${encodeURIComponent(route.uid)}`]: event };
        const content =
          firstViews.eventTop({ type: route.segments[0] ?? '', name: event.name, bannerImg: event.banner_img }) ?? '';
        return html(
          200,
          // Every step shows the event's banner first: the page's largest paint, so asked for with the HTML.
          renderPage(route, search, withImage(meta, page.image), {
            pathname,
            content,
            responses,
          }),
        );
      }
    }
  };
  return { distDir, page: pageAnswer };
}

/** The page's HTML with its status. */
function html(status: 200 | 404, body: string): PageAnswer {
  return { kind: 'html', status, html: body };
}

/** The page's largest image, asked for with the HTML when it is on this site (not another site's URL). */
function withImage(meta: PageMeta, image: string | undefined): PageMeta {
  return image?.startsWith('/') && !image.startsWith('//') ? { ...meta, preloadImage: encodeURI(image) } : meta;
}

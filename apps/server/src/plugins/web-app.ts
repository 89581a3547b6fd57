import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppConfig } from '../config';
import { eventPageMetaOf, type CatalogService } from '../modules/catalog/service';
import { DEFAULT_CATALOG_CACHE_TTL_MS } from '../modules/catalog/json-response-cache';
import { TtlCache } from '../modules/catalog/ttl-cache';
import {
  EventDetailSchema,
  EventListQuerySchema,
  EventListSchema,
  type Banner,
  type EventDetail,
  type EventList,
} from '@marquee/domain/catalog';
import { FirstViews } from './web-app/first-views';
import { IndexHtmlTemplate, encodePath, eventPageMeta, type PageMeta } from './web-app/html-meta';
import { RouteChunks, routePreloads } from './web-app/route-preloads';
import { classifySpaPath, isApiPath, type SpaRoute } from './web-app/spa-routes';

export interface WebAppOptions {
  /** The catalogue the API serves too (one instance, one set of caches). */
  catalog: CatalogService;
  config: AppConfig;
}

/** Vite's content-hashed output: a changed file gets a new name, so it can be cached for ever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Unhashed files (favicon, fonts, images): cached briefly, revalidated after. */
const SHORT = 'public, max-age=600';
/** index.html names the current hashed bundles, so it is always revalidated. */
const NO_CACHE = 'no-cache';

const NOT_BUILT_MESSAGE =
  'The web app is not built. Run `npm run build` (or `npm start`, which builds it) and restart the server.';

/**
 * Serves the built web app (apps/web/dist) beside the API: static files, and index.html for every
 * other non-API GET (the SPA routes in the browser). The status tells crawlers the truth: 404 for
 * unknown paths and events, 301 from a non-canonical event address, and event pages carry their
 * Open Graph and Twitter tags so shared links preview well. Every page's head names what the app will
 * fetch first (route-preloads.ts: the route's chunks from Vite's manifest, its first API requests, an
 * event's banner), so the browser asks for them with the HTML instead of after the scripts have run.
 *
 * Without a build (API-only, e.g. tests or `npm run serve` before `npm run build`), non-API GETs get a
 * 404 that tells the operator to build the web app.
 */
export const webApp: FastifyPluginAsync<WebAppOptions> = async (app, { catalog, config }) => {
  const distDir = config.webDistDir;
  const indexPath = distDir ? join(distDir, 'index.html') : null;
  if (!distDir || !indexPath || !existsSync(indexPath)) {
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      if (isApiPath(splitUrl(request.url).pathname)) return reply.callNotFound();
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      if (wantsHtml) {
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(`<!doctype html><title>Marquee</title><p>${NOT_BUILT_MESSAGE.replace(/`/g, '')}</p>`);
      }
      return reply.code(404).send({ message: NOT_BUILT_MESSAGE });
    });
    return;
  }

  // Read once: `npm start` builds before the server starts; a rebuild needs a restart.
  const template = new IndexHtmlTemplate(readFileSync(indexPath, 'utf8'));
  const defaultHtml = template.render(template.defaultMeta);
  // Built with `build.manifest`: which hashed chunks each route needs. An older build without it still works.
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  const routeChunks = new RouteChunks(existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {});
  const firstViewsPath = join(distDir, '.vite', 'first-views.json');
  const firstViews = new FirstViews(existsSync(firstViewsPath) ? JSON.parse(readFileSync(firstViewsPath, 'utf8')) : null);
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
  // The home page carries its banners (its largest paint is the first one); the same short cache.
  const homeBanners = new TtlCache<Banner[]>({ ttlMs: DEFAULT_CATALOG_CACHE_TTL_MS, maxEntries: 1 });
  // A category page carries its page of events; keyed by the API path it stands for.
  const categoryLists = new TtlCache<EventList>({ ttlMs: DEFAULT_CATALOG_CACHE_TTL_MS, maxEntries: 1_000 });

  await app.register(fastifyStatic, {
    root: distDir,
    // One route per built file; every other path falls through to the SPA handler below.
    wildcard: false,
    index: false,
    globIgnore: ['index.html'],
    cacheControl: false,
    setHeaders(reply, filePath) {
      const isHashedAsset = relative(distDir, filePath).split(sep)[0] === 'assets';
      reply.header('cache-control', isHashedAsset ? IMMUTABLE : SHORT);
    },
  });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const { pathname, search } = splitUrl(request.url);
    if (isApiPath(pathname)) return reply.callNotFound();
    if (pathname === '/index.html') return sendHtml(reply, 200, defaultHtml);

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
          return sendHtml(
            reply,
            200,
            renderPage(route, search, withImage(template.defaultMeta, events?.data[0]?.thumbnail_img), {
              pathname,
              content: firstViews.category(list.query.category, events?.data ?? []) ?? '',
              ...(events ? { responses: { [list.path]: events } } : {}),
            }),
          );
        }
        if (route.segments.length > 0)
          return sendHtml(reply, 200, renderPage(route, search, template.defaultMeta, { pathname }));
        // Home: the first banner in the first view (and asked for with the HTML), the banners in the data block.
        const banners = await homeBanners.getOrLoad('banners', () => catalog.listBanners());
        return sendHtml(
          reply,
          200,
          renderPage(route, search, withImage(template.defaultMeta, banners[0]?.image), {
            pathname,
            content: firstViews.home(banners) ?? '',
            responses: { '/api/banners': banners },
          }),
        );
      }
      case 'missing-file':
        return reply.callNotFound();
      case 'unknown':
        return sendHtml(reply, 404, renderPage(route, search, template.defaultMeta, { pathname }));
      case 'event': {
        // One read for the page: its link-preview tags, its first view and the data block (the API's answer to
        // its first request, GET /api/events/{uid}, serialised as the API does).
        const { event } = await eventPages.getOrLoad(route.uid, async () => {
          const found = await catalog.findEvent(route.uid);
          return { event: found ? EventDetailSchema.parse(found) : null };
        });
        if (!event) return sendHtml(reply, 404, defaultHtml);
        if (`/${route.segments.join('/')}` !== event.path) {
          return reply.redirect(`${encodePath(event.path)}${search}`, 301);
        }
        const page = eventPageMetaOf(event);
        const meta = eventPageMeta(page, config.publicUrl);
        const responses = { [`/api/events/${encodeURIComponent(route.uid)}`]: event };
        const content =
          firstViews.eventTop({ type: route.segments[0] ?? '', name: event.name, bannerImg: event.banner_img }) ?? '';
        return sendHtml(
          reply,
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
  });
};

/** The page's largest image, asked for with the HTML when it is on this site (not another site's URL). */
function withImage(meta: PageMeta, image: string | undefined): PageMeta {
  return image?.startsWith('/') && !image.startsWith('//') ? { ...meta, preloadImage: encodeURI(image) } : meta;
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(html);
}

/** The raw (still percent-encoded) path, and the query string with its `?` or ''. */
function splitUrl(url: string): { pathname: string; search: string } {
  const queryStart = url.indexOf('?');
  return queryStart === -1
    ? { pathname: url, search: '' }
    : { pathname: url.slice(0, queryStart), search: url.slice(queryStart) };
}

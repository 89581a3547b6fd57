import { relative, sep } from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { PagesService } from './service';
import { isApiPath } from './spa-routes';

export interface PagesModuleOptions {
  /** The page renderer (services.ts): the build it read, each page's HTML and its caches. */
  service: PagesService;
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
 * Serves the built web app (apps/web/dist) beside the API: static files, and for every other non-API GET
 * (the SPA routes in the browser) the page the service renders (service.ts: its status, link-preview tags,
 * preloads and first view).
 *
 * Without a build (API-only, e.g. tests or `npm run serve` before `npm run build`), non-API GETs get a
 * 404 that tells the operator to build the web app.
 */
export const pagesModule: FastifyPluginAsync<PagesModuleOptions> = async (app, { service }) => {
  const { distDir } = service;
  if (distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      // One route per built file; every other path falls through to the SPA handler below.
      wildcard: false,
      index: false,
      // The build writes each asset compressed beside it (apps/web/scripts/precompress-assets.mjs): sent as
      // it is when the browser takes that encoding, so no page load costs the server a compression. Those
      // copies are not files of their own to ask for.
      preCompressed: true,
      globIgnore: ['index.html', '**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders(reply, filePath) {
        const isHashedAsset = relative(distDir, filePath).split(sep)[0] === 'assets';
        reply.header('cache-control', isHashedAsset ? IMMUTABLE : SHORT);
      },
    });
  }

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const { pathname, search } = splitUrl(request.url);
    if (isApiPath(pathname)) return reply.callNotFound();
    const answer = await service.page(pathname, search);
    switch (answer.kind) {
      case 'html':
        if (answer.noindex) reply.header('x-robots-tag', 'noindex, nofollow');
        if (answer.document === 'console') reply.header('content-security-policy', app.consoleContentSecurityPolicy);
        return sendHtml(reply, answer.status, answer.html);
      case 'redirect':
        return reply.redirect(answer.location, 301);
      case 'missing-file':
        return reply.callNotFound();
      case 'not-built': {
        const wantsHtml = (request.headers.accept ?? '').includes('text/html');
        if (wantsHtml) {
          return reply
            .code(404)
            .type('text/html; charset=utf-8')
            .send(`<!doctype html><title>Marquee</title><p>${NOT_BUILT_MESSAGE.replace(/`/g, '')}</p>`);
        }
        return reply.code(404).send({ code: 'not_found', message: NOT_BUILT_MESSAGE });
      }
    }
  });
};

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

import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { createBanner, createEvent, createVenue } from '@marquee/db/factories';
import { eventPath } from '@marquee/domain/slug';
import { escapeHtml } from './html-meta';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Marquee: tickets</title>
    <meta name="description" content="Buy tickets &amp; more." />
    <!--app-meta-->
    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">
  </head>
  <body><div id="root"><!--shell--><div class="bar">Marquee</div><!--/shell--></div><!--initial-data--><script type="module" src="/assets/index-abc123.js"></script></body>
</html>
`;

/** The organiser console's page (apps/web/organiser.html): its own entry script, no first view. */
const CONSOLE_HTML = INDEX_HTML.replace(
  '<title>Marquee: tickets</title>',
  '<title>Organiser console | Marquee</title>',
).replace('/assets/index-abc123.js', '/assets/console-boot-k1.js');

const DAY = 24 * 3_600_000;
const fromNow = (ms: number): Date => new Date(Date.now() + ms);

let distDir: string;
const BIG_CHUNK = `export const words = ${JSON.stringify('marquee '.repeat(500))};`;
let t: TestApp;
const event = { uid: '', path: '' };
const nasty = { uid: '', path: '' };
const sinhala = { uid: '', path: '' };

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'marquee-web-dist-'));
  mkdirSync(join(distDir, 'assets'));
  mkdirSync(join(distDir, 'images'));
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(distDir, 'assets', 'index-abc123.js'), 'console.log("app");');
  // A chunk the build compressed ahead (apps/web/scripts/precompress-assets.mjs), big enough to be worth it.
  writeFileSync(join(distDir, 'assets', 'big-abc123.js'), BIG_CHUNK);
  writeFileSync(join(distDir, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG_CHUNK));
  writeFileSync(join(distDir, 'assets', 'big-abc123.js.gz'), gzipSync(BIG_CHUNK));
  writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(distDir, 'images', 'poster.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // Vite's manifest, as the build writes it: the entry, two route chunks and a chunk they share.
  mkdirSync(join(distDir, '.vite'));
  // The first views the web build renders (apps/web/src/prerender), reduced to their slots.
  const eventTop = '<nav>__MQ_EVENT_NAME__</nav><img src="__MQ_EVENT_BANNER__" alt="__MQ_EVENT_NAME__ poster">';
  writeFileSync(
    join(distDir, '.vite', 'first-views.json'),
    JSON.stringify({
      shells: {
        '': '<header>any</header><main><!--first-view-content--></main>',
        concerts: '<header>concerts</header><main><!--first-view-content--></main>',
      },
      events: { concerts: eventTop, theatre: eventTop },
      pages: { '/download-tickets': '<header>download</header><main><form>Find your booking</form></main>' },
      home: {
        withSubtitle:
          '<img src="__MQ_BANNER_IMAGE__"><p>__MQ_BANNER_TITLE__</p><p>__MQ_BANNER_SUBTITLE__</p><!--first-view-banner-controls--><h2>Trending</h2>',
        withoutSubtitle:
          '<img src="__MQ_BANNER_IMAGE__"><p>__MQ_BANNER_TITLE__</p><!--first-view-banner-controls--><h2>Trending</h2>',
        controls: '<div class="controls"></div>',
      },
      categories: {
        pages: { concerts: '<h1>Concerts</h1><ul>' + '<li><!--first-view-card-poster--></li>'.repeat(6) + '</ul>' },
        poster: {
          eager: '<img src="__MQ_POSTER_IMAGE__" loading="eager">',
          lazy: '<img src="__MQ_POSTER_IMAGE__" loading="lazy">',
        },
        placeholder: '<div class="skeleton"></div>',
      },
    }),
  );
  writeFileSync(
    join(distDir, '.vite', 'manifest.json'),
    JSON.stringify({
      // The entry (boot) imports the app after the first paint; the app's own chunks are not the route's.
      'index.html': { file: 'assets/index-abc123.js', isEntry: true, dynamicImports: ['src/main.tsx'] },
      'src/main.tsx': { file: 'assets/main-m1.js', isDynamicEntry: true, imports: ['_react-r1.js', 'index.html'] },
      '_react-r1.js': { file: 'assets/react-r1.js' },
      '_card-c1.js': { file: 'assets/card-c1.js', imports: ['_react-r1.js'] },
      'src/app/routes/home.tsx': {
        file: 'assets/home-h1.js',
        isDynamicEntry: true,
        imports: ['_card-c1.js', 'index.html'],
      },
      'src/app/routes/event.tsx': { file: 'assets/event-e1.js', isDynamicEntry: true, imports: ['_card-c1.js'] },
    }),
  );

  // The console, built apart (decisions/036): its page and its manifest, whose chunks are not the site's.
  writeFileSync(join(distDir, 'organiser.html'), CONSOLE_HTML);
  writeFileSync(
    join(distDir, '.vite', 'console-manifest.json'),
    JSON.stringify({
      'organiser.html': { file: 'assets/console-boot-k1.js', isEntry: true, dynamicImports: ['src/console-main.tsx'] },
      'src/console-main.tsx': {
        file: 'assets/console-main-k2.js',
        isDynamicEntry: true,
        imports: ['_react-k3.js', 'organiser.html'],
      },
      '_react-k3.js': { file: 'assets/react-k3.js' },
      'src/app/routes/organiser.tsx': {
        file: 'assets/organiser-k4.js',
        isDynamicEntry: true,
        imports: ['_react-k3.js'],
      },
    }),
  );

  t = await buildTestApp({ webDistDir: distDir, publicUrl: 'https://tickets.example.com' });
  const venue = await createVenue(t.db, { name: 'Nelum Pokuna', city: 'Colombo' });
  const row = await createEvent(t.db, {
    venueId: venue.id,
    name: 'Jazz Night',
    type: 'concerts',
    startDate: new Date('2030-12-05T14:00:00Z'),
    description: 'Smooth jazz by the lake.',
    bannerImg: '/images/poster.svg',
  });
  Object.assign(event, { uid: row.uid, path: `/concerts/jazz-night/${row.uid}` });
  const nastyRow = await createEvent(t.db, {
    venueId: venue.id,
    name: `Rock & Roll <script>alert("x")</script> 'Live' $& $1`,
    type: 'theatre',
    startDate: fromNow(3 * DAY),
    description: '<b>bold</b> & "quoted"',
    bannerImg: 'https://cdn.example.com/banner.png?a=1&b=2',
  });
  Object.assign(nasty, { uid: nastyRow.uid, path: `/theatre/rock-roll-scriptalertxscript-live-1/${nastyRow.uid}` });
  const sinhalaRow = await createEvent(t.db, {
    venueId: venue.id,
    name: 'සිංහල ගී',
    type: 'concerts',
    startDate: fromNow(4 * DAY),
  });
  Object.assign(sinhala, { uid: sinhalaRow.uid, path: eventPath(sinhalaRow) });
  await createBanner(t.db, {
    title: 'Season <opens> & "more"',
    subtitle: '',
    image: '/images/banners/first banner.svg',
    sortOrder: 1,
  });
  await createBanner(t.db, { title: 'Second', sortOrder: 2 });
});

afterAll(async () => {
  await t?.close();
  rmSync(distDir, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

describe('static files', () => {
  it('serves hashed assets as immutable for a year', async () => {
    const response = await get('/assets/index-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe('console.log("app");');
  });

  it('serves other files with a short cache', async () => {
    for (const url of ['/favicon.svg', '/images/poster.svg']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('public, max-age=600');
    }
  });

  it('sends the copy the build compressed ahead, as it is, in the encoding the browser takes', async () => {
    const brotli = await get('/assets/big-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BIG_CHUNK);
    const gzip = await get('/assets/big-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_CHUNK);
    const plain = await get('/assets/big-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_CHUNK);
    // The compressed copies are not files of their own.
    for (const url of ['/assets/big-abc123.js.br', '/assets/big-abc123.js.gz'])
      expect((await get(url)).statusCode, url).toBe(404);
  });

  it('answers 404 (not the SPA) for a missing file', async () => {
    const response = await get('/assets/index-missing.js');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/json/);
  });
});

describe('the SPA', () => {
  it.each([
    '/',
    '/index.html',
    '/all',
    '/concerts',
    '/theatre',
    '/dance',
    '/uni-events',
    '/about-us',
    '/contact-us',
    '/privacy-policy',
    '/terms-and-conditions',
    '/search?q=jazz',
    '/download-tickets',
    '/concerts/',
  ])('serves index.html for %s, never cached', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toMatch(/<div id="root">.+<\/div>/);
    expect(response.body).not.toContain('<!--app-meta-->');
    // Only the home page (its banners) and categories (their events) carry data here; event pages below.
    expect(response.body.includes('marquee-initial-responses')).toBe(
      /^\/((all|concerts|theatre|dance|uni-events)\/?)?$/.test(url),
    );
    expect(response.body).toContain('<title>Marquee: tickets</title>');
    expect(response.body).toContain('<meta property="og:title" content="Marquee: tickets" />');
    expect(response.body).toContain('<meta property="og:description" content="Buy tickets &amp; more." />');
  });

  it.each(['/foo', '/not-a-category', '/concerts/jazz', '/a/b/c/d'])(
    'serves index.html with status 404 for %s',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toMatch(/<div id="root">.+<\/div>/);
    },
  );

  it.each(['/organiser', '/organiser/lanka-live', '/organiser/lanka-live/events/abc123', '/organiser/join?token=x'])(
    'serves the organiser console at %s (200), never indexed and never looked up as an event',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toMatch(/<div id="root">.+<\/div>/);
      expect(response.body).not.toContain('marquee-initial-responses');
      // The console's own page and chunks, none of the site's.
      expect(response.body).toContain('<title>Organiser console | Marquee</title>');
      expect(response.body).toContain('src="/assets/console-boot-k1.js"');
      expect(response.body).toContain('/assets/console-main-k2.js /assets/react-k3.js /assets/organiser-k4.js');
      expect(response.body).not.toContain('index-abc123.js');
      expect(response.body).not.toContain('main-m1.js');
    },
  );

  it("runs one inline script, first in <head> (the locale data, while the stylesheet downloads), allowed by its hash alone", async () => {
    const script = "new Intl.DateTimeFormat('en-GB',{dateStyle:'medium',timeZone:'UTC'}).format(0)";
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    for (const url of ['/', '/concerts', event.path, '/download-tickets', '/organiser']) {
      const response = await get(url);
      const head = /<head>([\s\S]*)<\/head>/.exec(response.body)?.[1] ?? '';
      const inline = [...head.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1]);
      expect(inline, url).toEqual([script]);
      // Before the stylesheet (index.html puts it after the server's tags), after the server's preloads.
      const at = head.indexOf(`<script>${script}</script>`);
      expect(at, url).toBeLessThan(head.indexOf('<link rel="stylesheet"'));
      expect(at, url).toBeGreaterThan(head.lastIndexOf('rel="preload"'));
      const scriptSrc = (/script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1] ?? '').split(' ');
      expect(scriptSrc, url).toContain(hash);
      expect(scriptSrc, url).not.toContain("'unsafe-inline'");
    }
  });

  it("gives WebAssembly (the gate scanner's QR decoder) to the console's page only", async () => {
    const scriptSrcOf = (csp: unknown) => (/script-src ([^;]*)/.exec(String(csp))?.[1] ?? '').split(' ');
    for (const url of ['/organiser', '/organiser/lanka-live/events/abc123/gate']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(scriptSrcOf(response.headers['content-security-policy'])).toContain("'wasm-unsafe-eval'");
      expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    }
    for (const url of ['/', '/concerts', event.path, '/no-such-page']) {
      const response = await get(url);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(scriptSrcOf(response.headers['content-security-policy']), url).toContain("'self'");
      expect(scriptSrcOf(response.headers['content-security-policy']), url).not.toContain("'wasm-unsafe-eval'");
    }
    const api = await get('/api/events');
    expect(String(api.headers['content-security-policy'])).not.toContain('wasm');
  });

  it('answers HEAD like GET', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/concerts' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });

  it('leaves unknown API paths and other methods to the JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['POST', '/concerts'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json<{ message: string }>().message, url).toMatch(/^No route/);
    }
  });
});

describe('event pages', () => {
  it('injects Open Graph and Twitter tags for a known event', async () => {
    const response = await get(event.path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    expect(html).toContain('<title>Jazz Night | Marquee</title>');
    expect(html).not.toContain('<title>Marquee: tickets</title>');
    expect(html).toContain('<meta property="og:title" content="Jazz Night" />');
    expect(html).toContain('<meta property="og:type" content="website" />');
    expect(html).toContain(`<meta property="og:url" content="https://tickets.example.com${event.path}" />`);
    expect(html).toContain('<meta property="og:image" content="https://tickets.example.com/images/poster.svg" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    // When and where in the venue's time zone (Colombo, UTC+5:30), then the description.
    expect(html).toContain(
      '<meta property="og:description" content="Thu, 5 Dec 2030, 7:30 PM at Nelum Pokuna, Colombo. Smooth jazz by the lake." />',
    );
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it('names the event, its banner and its route chunks, and at the picking step the seat map, as the app fetches them', async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="fetch" href="([^"]+)" crossorigin \/>/g)].map((m) => m[1]);
    const modules = (html: string) =>
      /<meta name="marquee-page-modules" content="([^"]+)" \/>/.exec(html)?.[1]?.split(' ') ?? [];
    // The event itself is in the page (see 'carries its first view and its event'), so it is not fetched.
    expect(preloads((await get(event.path)).body)).toEqual([]);
    expect(preloads((await get(`${event.path}?step=3`)).body)).toEqual([]);
    const html = (await get(`${event.path}?utm_source=x&step=2`)).body;
    expect(preloads(html)).toEqual([`/api/events/${event.uid}/seat-map`]);
    // The app's chunks (what the entry imports after the first paint), then the route's chunk and what it imports.
    expect(modules(html)).toEqual([
      '/assets/main-m1.js',
      '/assets/react-r1.js',
      '/assets/event-e1.js',
      '/assets/card-c1.js',
    ]);
    expect(html).toContain('<link rel="preload" as="image" href="/images/poster.svg" fetchpriority="high" />');
    // Before the scripts, so the requests start while they download.
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('<script'));
    // A stale address still redirects first, keeping the step.
    const moved = await get(`/concerts/old-name/${event.uid}?step=2`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`${event.path}?step=2`);
  });

  it("names the home page's and a category's first requests, in the app's words", async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="fetch" href="([^"]+)" crossorigin \/>/g)].map((m) => m[1]);
    const home = (await get('/?tab=2')).body;
    // The home page's first requests are all in the page (see 'carries its first banner').
    expect(preloads(home)).toEqual([]);
    expect(home).toContain(
      '<meta name="marquee-page-modules" content="/assets/main-m1.js /assets/react-r1.js /assets/home-h1.js /assets/card-c1.js" />',
    );
    // A category's events are in the page (see 'carries a category's events'), except past the API's last page.
    expect(preloads((await get('/dance?page=3')).body)).toEqual([]);
    expect(preloads((await get('/dance?page=1001')).body)).toEqual([
      '/api/events?category=dance&amp;page=1001&amp;per_page=12',
    ]);
    expect(preloads((await get('/about-us')).body)).toEqual([]);
  });

  it('carries its first view (the frame of its category, breadcrumb and banner) and its event as the API sends it', async () => {
    const html = (await get(event.path)).body;
    expect(html).toContain(
      '<div id="root"><div aria-hidden="true" inert><header>concerts</header><main>' +
        '<nav>Jazz Night</nav><img src="/images/poster.svg" alt="Jazz Night poster"></main></div></div>',
    );
    const data = /<script type="application\/json" id="marquee-initial-responses">(.*?)<\/script>/.exec(html)?.[1];
    const api = await get(`/api/events/${event.uid}`);
    expect(JSON.parse(data ?? 'null')).toEqual({ [`/api/events/${event.uid}`]: api.json() });
    // Before the app's script, after #root.
    expect(html.indexOf('marquee-initial-responses')).toBeGreaterThan(html.indexOf('<div id="root">'));
    expect(html.indexOf('marquee-initial-responses')).toBeLessThan(html.indexOf('<script type="module"'));
    // Other pages: the frame alone (their category's, or the plain one), and no data; a category the build
    // has no first view for gets its frame.
    expect((await get('/theatre')).body).toContain(
      '<div id="root"><div aria-hidden="true" inert><header>any</header><main></main></div></div>',
    );
    expect((await get('/about-us')).body).toContain(
      '<div id="root"><div aria-hidden="true" inert><header>any</header><main></main></div></div>',
    );
    // An unknown event: index.html's own shell, no data.
    const unknown = (await get('/concerts/nothing/zzzz9999')).body;
    expect(unknown).toContain('<div class="bar">Marquee</div>');
    expect(unknown).not.toContain('marquee-initial-responses');
  });

  it("carries the home page's first banner in its first view, and its banners, trending events and testimonials as the API sends them", async () => {
    const html = (await get('/')).body;
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json"/.exec(html)?.[1] ?? '';
    // The first banner, escaped, without a subtitle line (it has none), and the controls' place (two banners).
    expect(root).toContain(
      '<img src="/images/banners/first banner.svg"><p>Season &#60;opens&#62; &#38; &#34;more&#34;</p><div class="controls"></div><h2>Trending</h2>',
    );
    expect(html).toContain(
      '<link rel="preload" as="image" href="/images/banners/first%20banner.svg" fetchpriority="high" />',
    );
    const data =
      /<script type="application\/json" id="marquee-initial-responses">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(data).not.toContain('<');
    const trending = '/api/events/trending?category=all&limit=8';
    expect(JSON.parse(data)).toEqual({
      '/api/banners': (await get('/api/banners')).json(),
      [trending]: (await get(trending)).json(),
      '/api/testimonials': (await get('/api/testimonials')).json(),
    });
    expect((JSON.parse(data) as Record<string, { data: unknown[] }>)[trending]?.data.length).toBeGreaterThan(0);
    // Another tab's list, under its own address.
    const theatre = '/api/events/trending?category=theatre&limit=8';
    const tabData = /id="marquee-initial-responses">(.*?)<\/script>/.exec((await get('/?tab=2')).body)?.[1] ?? '';
    expect(Object.keys(JSON.parse(tabData) as object)).toContain(theatre);
  });

  it("carries a category's events as the API sends them, their posters in its first view's cards", async () => {
    const api = '/api/events?category=concerts&page=1&per_page=12';
    const list = (await get(api)).json() as { data: { thumbnail_img: string }[] };
    // Jazz Night and the Sinhala event (createEvent gives each a thumbnail), soonest first.
    expect(list.data).toHaveLength(2);
    const html = (await get('/concerts?page=x')).body;
    const [first, second] = list.data.map((event) => escapeHtml(event.thumbnail_img));
    expect(html).toContain(
      `<h1>Concerts</h1><ul><li><img src="${first}" loading="eager"></li><li><img src="${second}" loading="eager"></li>${'<li><div class="skeleton"></div></li>'.repeat(4)}</ul>`,
    );
    expect(html).toContain(`<link rel="preload" as="image" href="${first}" fetchpriority="high" />`);
    const data =
      /<script type="application\/json" id="marquee-initial-responses">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(data)).toEqual({ [api]: list });
    // A page past the API's last one: the placeholders, no data (the app shows the API's answer).
    const far = (await get('/concerts?page=1001')).body;
    expect(far).toContain(`<h1>Concerts</h1><ul>${'<li><div class="skeleton"></div></li>'.repeat(6)}</ul>`);
    expect(far).not.toContain('marquee-initial-responses');
  });

  it('renders a page that needs no data whole: Download Your Tickets', async () => {
    const html = (await get('/download-tickets')).body;
    expect(html).toContain(
      '<div id="root"><div aria-hidden="true" inert><header>download</header><main><form>Find your booking</form></main></div></div>',
    );
    // Another path of its section gets the frame.
    expect((await get('/download-tickets/x')).body).not.toContain('Find your booking');
  });

  it('escapes everything that comes from data', async () => {
    const response = await get(nasty.path);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>bold');
    const name = `Rock & Roll <script>alert("x")</script> 'Live' $& $1`;
    expect(html).toContain(`<meta property="og:title" content="${escapeHtml(name)}" />`);
    expect(html).toContain(`<title>${escapeHtml(name)} | Marquee</title>`);
    expect(html).toContain('<meta property="og:image" content="https://cdn.example.com/banner.png?a=1&amp;b=2" />');
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    // In the first view, as text and attributes; in the data, with no `<` that could end the element.
    expect(html).toContain(
      '<nav>Rock &#38; Roll &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#39;Live&#39; $&#38; $1</nav>',
    );
    expect(html).toContain('<img src="https://cdn.example.com/banner.png?a=1&#38;b=2" alt="Rock &#38; Roll');
    const data =
      /<script type="application\/json" id="marquee-initial-responses">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(data).not.toContain('<');
    expect(JSON.parse(data)[`/api/events/${nasty.uid}`].name).toBe(name);
  });

  it('serves events whose slug is not ASCII', async () => {
    expect(sinhala.path).toMatch(/^\/concerts\/[^\p{ASCII}-]+-[^\p{ASCII}]+\//u);
    const response = await get(encodePath(sinhala.path));
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<meta property="og:title" content="සිංහල ගී" />');
  });

  it.each([
    ['a wrong slug', (p: string, uid: string) => `/concerts/wrong-slug/${uid}`],
    ['a wrong type', (p: string, uid: string) => `/dance/jazz-night/${uid}`],
    ['an unknown type', (p: string, uid: string) => `/foo/jazz-night/${uid}`],
  ])('redirects %s to the canonical address, keeping the query string', async (_label, wrong) => {
    const plain = await get(wrong(event.path, event.uid));
    expect(plain.statusCode).toBe(301);
    expect(plain.headers['location']).toBe(event.path);
    const withQuery = await get(`${wrong(event.path, event.uid)}?utm_source=x&step=2`);
    expect(withQuery.statusCode).toBe(301);
    expect(withQuery.headers['location']).toBe(`${event.path}?utm_source=x&step=2`);
  });

  it('percent-encodes a non-ASCII canonical address in the redirect', async () => {
    const response = await get(`/concerts/x/${sinhala.uid}`);
    expect(response.statusCode).toBe(301);
    expect(response.headers['location']).toBe(encodePath(sinhala.path));
  });

  it.each(['/concerts/no-such-event/zzzz9999', '/concerts/x/NOT-A-UID', "/concerts/x/'or'1'='1"])(
    'serves the SPA with 404 for the unknown event %s',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<title>Marquee: tickets</title>');
    },
  );
});

describe('the waiting room page without JavaScript (issue 23)', () => {
  it('joins on the visit, writes the place into the page, refreshes itself, and a refresh keeps the place', async () => {
    const room = await createEvent(t.db, { waitingRoom: true, admitPerMinute: 10 });
    // Someone is ahead, so this browser waits.
    const ahead = await t.app.inject({ url: `/events/${room.uid}/queue`, headers: { accept: 'text/html' }, remoteAddress: '10.7.0.1' });
    expect(ahead.statusCode).toBe(200);
    // Nobody is let in during this test, however slow the machine: the room's next tick is an hour away.
    await t.db.execute(sql`UPDATE queue_rooms SET ticked_at = now() + interval '1 hour' WHERE event_id = ${room.id}`);
    const first = await t.app.inject({ url: `/events/${room.uid}/queue`, headers: { accept: 'text/html' }, remoteAddress: '10.7.0.2' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(first.headers['cache-control']).toBe('no-store');
    const cookie = [first.headers['set-cookie']].flat().find((line) => line?.startsWith('mq_queue='))?.split(';')[0];
    expect(cookie).toBeTruthy();
    expect(first.body).toMatch(/<noscript><meta http-equiv="refresh" content="\d+">/);
    const place = /You are number (\d+) in line/.exec(first.body)?.[1];
    expect(place).toBeDefined();
    // The page is the SPA's (its scripts still run for browsers with JavaScript).
    expect(first.body).toContain('assets/index-abc123.js');
    const again = await t.app.inject({
      url: `/events/${room.uid}/queue`,
      headers: { accept: 'text/html', cookie: cookie ?? '' },
      remoteAddress: '10.7.0.2',
    });
    expect(/You are number (\d+) in line/.exec(again.body)?.[1]).toBe(place);
    // An event without a waiting room says so; an unknown one too, in words.
    const plain = await createEvent(t.db);
    const none = await t.app.inject({ url: `/events/${plain.uid}/queue`, headers: { accept: 'text/html' } });
    expect(none.statusCode).toBe(200);
    expect(none.body).toContain('This sale has no waiting room');
  });
});

import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { expectCaptchaSolved } from './support/captcha';
import { findEvent } from './support/catalog';

/**
 * A page's first view (decisions/022, 023) is what the HTML and the stylesheet paint before any script
 * runs; React then replaces it in one commit. It must be the page the buyer then gets, in the same place:
 * measured here with JavaScript off (the first view alone) and on (the app, once it has replaced the first
 * view), on a phone's width and a desktop's.
 */
interface Landmark {
  /** The element whose box must not move, and what identifies it (its image or its text). */
  locate: (page: Page) => Locator;
  identity: (element: Locator) => Promise<string | null>;
}

const imageSource: Landmark['identity'] = (element) => element.getAttribute('src');
const text: Landmark['identity'] = (element) => element.textContent();

async function measure(browser: Browser, path: string, landmark: Landmark, javaScriptEnabled: boolean, width: number) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(path);
    const firstView = page.locator('#root > div[inert]');
    // Without scripts the first view stays; with them the app has replaced it.
    if (javaScriptEnabled) await expect(firstView).toHaveCount(0);
    else await expect(firstView).toHaveCount(1);
    const element = landmark.locate(page);
    await expect(element).toBeVisible();
    return {
      box: await element.boundingBox(),
      identity: await landmark.identity(element),
      headerHeight: (await page.locator('header').first().boundingBox())?.height,
    };
  } finally {
    await context.close();
  }
}

/** One width a test: each loads its page four times (twice without scripts, twice with). */
async function expectSameFirstView(browser: Browser, path: string, landmark: Landmark, width: number): Promise<void> {
  const before = await measure(browser, path, landmark, false, width);
  const after = await measure(browser, path, landmark, true, width);
  expect(before.identity, `what ${path} shows first at ${width}px`).toBe(after.identity);
  expect(before.box, `where ${path} shows it at ${width}px`).toEqual(after.box);
  expect(before.headerHeight, `the header of ${path} at ${width}px`).toBe(after.headerHeight);
}

/** Resolves after `count` frames have been painted: a busy machine paints fewer a second, so frames, not time. */
async function waitForFrames(page: Page, count: number): Promise<void> {
  await page.evaluate(
    (frames) =>
      new Promise<void>((resolve) => {
        let left = frames;
        const tick = () => (--left > 0 ? requestAnimationFrame(tick) : resolve());
        requestAnimationFrame(tick);
      }),
    count,
  );
}

for (const width of [390, 1280]) {
  test.describe(`at ${width}px`, () => {
    test('home: the first banner is painted from the HTML exactly where the slider shows it', async ({ browser }) => {
      await expectSameFirstView(
        browser,
        '/',
        { locate: (page) => page.locator('main img').first(), identity: imageSource },
        width,
      );
    });

    test("a category: the first card's poster is painted from the HTML exactly where the card shows it", async ({
      browser,
    }) => {
      await expectSameFirstView(
        browser,
        '/all',
        { locate: (page) => page.locator('main ul img').first(), identity: imageSource },
        width,
      );
    });

    test('Download Your Tickets: the whole page is in the HTML, its form where the app draws it', async ({
      browser,
    }) => {
      await expectSameFirstView(
        browser,
        '/download-tickets',
        {
          locate: (page) => page.locator('main form'),
          identity: async (form) => (await form.locator('button[type="submit"]').textContent()) ?? null,
        },
        width,
      );
      await expectSameFirstView(
        browser,
        '/download-tickets',
        { locate: (page) => page.locator('main h1'), identity: text },
        width,
      );
    });

    test('an event page: its breadcrumb and banner are painted from the HTML exactly where the page then draws them', async ({
      browser,
      request,
    }) => {
      const summary = await findEvent(request, (e) => e.status === 'ongoing');
      await expectSameFirstView(
        browser,
        summary.path,
        { locate: (page) => page.locator('main img').first(), identity: async (banner) => banner.getAttribute('alt') },
        width,
      );
      await expectSameFirstView(
        browser,
        summary.path,
        { locate: (page) => page.locator('nav[aria-label="Breadcrumb"]'), identity: text },
        width,
      );
    });

    test('nothing moves while Download Your Tickets and its human check load', async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      // Every layout shift from the first paint on, with what moved.
      await page.addInitScript(() => {
        const shifts: string[] = [];
        Object.assign(window, { layoutShifts: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[])
            shifts.push(
              `${entry.value}: ${entry.sources.map((s) => (s.node as Element | undefined)?.outerHTML.slice(0, 80)).join(', ')}`,
            );
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto('/download-tickets');
      // Loaded means the widget has come in and solved its check (its last change of content), then a few
      // frames for a shift that change might still cause.
      await expectCaptchaSolved(page);
      await waitForFrames(page, 10);
      expect(await page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts)).toEqual([]);
      await context.close();
    });
  });
}

test("when the app's code cannot be had, the first view becomes the page and says so", async ({ page }) => {
  await page.route(/\/assets\/framework-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/download-tickets');
  await expect(page.getByRole('alert')).toHaveText(
    'Marquee could not load completely. Check your connection and reload the page.',
  );
  // No longer inert or hidden: its links work as plain links.
  await expect(page.locator('#root [inert]')).toHaveCount(0);
  await page.getByRole('link', { name: 'Concerts' }).first().click();
  await expect(page).toHaveURL(/\/concerts$/);
});

test("the home page's first render has all its data: banners, Trending Events and testimonials come in the HTML, not fetched after", async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) fetched.push(pathname);
  });
  await page.goto('/');
  await expect(page.locator('#root > div[inert]')).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Trending in all categories' }).getByRole('link').first(),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Testimonials' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fetched.filter((path) => /^\/api\/(banners|testimonials|events\/trending)/.test(path))).toEqual([]);
});

/** Issue 9's budget: the scripts the home page loads, each compressed with gzip at level 9 as bench/web counts them. */
const HOME_JS_BUDGET_BYTES = 150 * 1024;

test(`the home page's JavaScript stays under ${HOME_JS_BUDGET_BYTES / 1024} KB gzipped (issue 9)`, async ({ page }) => {
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.set(new URL(response.url()).pathname, response.body());
  });
  await page.goto('/');
  await expect(page.locator('#root > div[inert]')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Testimonials' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all(
    [...scripts].map(async ([path, body]) => ({ path, gzip: gzipSync(await body, { level: 9 }).length })),
  );
  const total = sizes.reduce((sum, script) => sum + script.gzip, 0);
  const listing = sizes
    .sort((a, b) => b.gzip - a.gzip)
    .map((script) => `${(script.gzip / 1024).toFixed(1)} KB ${script.path}`)
    .join('\n');
  expect(sizes.length, 'scripts the home page loaded').toBeGreaterThan(1);
  expect(total, `the home page's scripts, gzipped:\n${listing}`).toBeLessThan(HOME_JS_BUDGET_BYTES);
});

import { expect, test } from '@playwright/test';
import { formatEventTime } from '@marquee/domain/time';
import { LIVE_EVENT_MESSAGE } from '@marquee/domain/countdown';
import { unavailableSaleMessage } from '@marquee/domain/statuses';
import { findEvent, getEventDetail } from './support/catalog';

test.describe('event page', () => {
  test("shows an on-sale event with Book Now, its time in the venue's zone and its packages", async ({
    page,
    request,
  }) => {
    const summary = await findEvent(
      request,
      (e) => e.status === 'ongoing' && Date.parse(e.start_date) > Date.now() + 86_400_000,
    );
    const event = await getEventDetail(request, summary.uid);
    await page.goto(event.path);
    await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(event.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expect(page.getByRole('main')).toContainText(formatEventTime(event.start_date, event.venue.time_zone));
    await expect(page.getByRole('main')).toContainText(event.venue.name);
    await expect(
      page
        .getByRole('link', { name: 'Book Now' })
        .or(page.getByRole('button', { name: 'Book Now' }))
        .first(),
    ).toBeVisible();
    const firstPackage = event.ticket_packages[0];
    if (firstPackage) await expect(page.getByRole('main')).toContainText(firstPackage.name);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(event.name);
  });

  for (const status of ['soldout', 'pending', 'closed', 'postponed'] as const) {
    test(`a ${status} event shows "${unavailableSaleMessage(status)}"`, async ({ page, request }) => {
      const event = await findEvent(request, (e) => e.status === status);
      await page.goto(event.path);
      await expect(page.getByText(unavailableSaleMessage(status) ?? '', { exact: true }).first()).toBeVisible();
    });
  }

  test('a live event shows Live Event Now in Progress!', async ({ page, request }) => {
    const event = await findEvent(request, (e) => Date.parse(e.start_date) <= Date.now());
    await page.goto(event.path);
    await expect(page.getByText(LIVE_EVENT_MESSAGE)).toBeVisible();
  });

  test('a wrong slug redirects to the canonical address', async ({ page, request }) => {
    const event = await findEvent(request, () => true);
    const wrong = `/${event.type}/not-the-right-slug/${event.uid}`;
    const response = await request.get(wrong, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()['location']).toBe(event.path);
    await page.goto(wrong);
    await expect(page).toHaveURL(new RegExp(`${event.path}$`));
  });

  test('an unknown event shows a real not-found page', async ({ page }) => {
    const response = await page.goto('/concerts/no-such-event/zzzz9999');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
  });

  test('the served HTML carries Open Graph and Twitter tags for link previews', async ({ request }) => {
    const event = await findEvent(request, () => true);
    const html = await (await request.get(event.path)).text();
    expect(html).toContain(`<meta property="og:title" content="${event.name.replace(/&/g, '&amp;')}"`);
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+"/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
  });
});

import { expect, test } from '@playwright/test';
import { eventActionLabel } from '@marquee/domain/statuses';
import { listEvents } from './support/catalog';

test.describe('category pages', () => {
  for (const category of ['concerts', 'theatre', 'dance', 'uni-events', 'all'] as const) {
    test(`/${category} lists its events with a breadcrumb`, async ({ page, request }) => {
      const events = await listEvents(request, category);
      await page.goto(`/${category}`);
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Home');
      const first = events[0];
      if (!first) {
        await expect(page.getByText(/Apologies, currently, there are no .*events in progress\./)).toBeVisible();
        return;
      }
      const card = page.locator(`a[href="${first.path}"]`).first();
      await expect(card).toBeVisible();
      await expect(card).toContainText(first.name);
      await expect(card).toContainText(eventActionLabel(first.status));
    });
  }

  test('paginates with the page in the URL', async ({ page, request }) => {
    const events = await listEvents(request, 'all');
    // The demo catalogue has more than one page of 12 events.
    expect(events.length).toBeGreaterThan(12);
    await page.goto('/all');
    await page.getByRole('link', { name: /next/i }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    const second = events[12];
    if (second) await expect(page.locator(`a[href="${second.path}"]`).first()).toBeVisible();
  });

  test('an unknown category shows the not-found page with a way back', async ({ page }) => {
    const response = await page.goto('/not-a-category');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: /home/i }).first().click();
    await expect(page).toHaveURL(/\/$/);
  });
});

import { expect, test } from '@playwright/test';

test('on a phone the home page fits the screen and search is reachable', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Trending Events' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByRole('combobox', { name: /search/i })).toBeVisible();
});

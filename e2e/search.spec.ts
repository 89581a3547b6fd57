import { expect, test } from '@playwright/test';
import { findEvent } from './support/catalog';

test.describe('search', () => {
  test('suggests events while typing and opens the results page on Enter', async ({ page, request }) => {
    const event = await findEvent(request, () => true);
    const word = event.name.split(/\s+/).find((w) => w.length >= 4) ?? event.name;
    const prefix = word.slice(0, Math.max(3, word.length - 1));

    await page.goto('/');
    const box = page.getByRole('combobox', { name: /search/i });
    await expect(box).toHaveAttribute('placeholder', 'Search for Events Artists, Venues');
    await box.fill(prefix);
    await expect(page.getByRole('option').first()).toBeVisible();
    await expect(page.getByRole('listbox')).toContainText(event.name);

    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(prefix)}`));
    await expect(page.getByRole('main').locator(`a[href="${event.path}"]`).first()).toBeVisible();
  });

  test('finds events by venue city and says so when nothing matches', async ({ page, request }) => {
    const event = await findEvent(request, () => true);
    await page.goto(`/search?q=${encodeURIComponent(event.venue.city)}`);
    await expect(page.getByRole('main').locator(`a[href="${event.path}"]`).first()).toBeVisible();

    await page.goto('/search?q=zzqqxxnothing');
    await expect(page.getByText(/No events match/)).toBeVisible();
  });

  test('keyboard: arrows pick a suggestion and Enter opens it', async ({ page, request }) => {
    const event = await findEvent(request, (e) => e.name.length > 6);
    await page.goto('/');
    const box = page.getByRole('combobox', { name: /search/i });
    await box.fill(event.name);
    await expect(page.getByRole('option').first()).toBeVisible();
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(event.path.replace(/[/]/g, '\\/') + '$'));
  });
});

import { expect, test } from '@playwright/test';

test.describe('home', () => {
  test('shows the category tabs, Trending Events with View All to the active category, and the sliders', async ({
    page,
  }) => {
    await page.goto('/');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(['All', 'Concerts', 'Theatre', 'Dance']);
    await expect(page.getByRole('heading', { name: 'Trending Events' })).toBeVisible();

    const viewAll = page.getByRole('link', { name: 'View All' });
    await expect(viewAll).toHaveAttribute('href', '/all');
    await page.getByRole('tab', { name: 'Theatre' }).click();
    await expect(page.getByRole('tab', { name: 'Theatre' })).toHaveAttribute('aria-selected', 'true');
    await expect(viewAll).toHaveAttribute('href', '/theatre');

    // Keyboard: arrow keys move between tabs.
    await page.getByRole('tab', { name: 'Theatre' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Dance' })).toBeFocused();

    await viewAll.click();
    await expect(page).toHaveURL(/\/theatre$/);
  });

  test('shows testimonials and the footer with the current year', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /what (people|our) .*say|testimonials/i })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
    for (const href of ['/about-us', '/contact-us', '/privacy-policy', '/terms-and-conditions']) {
      await expect(page.getByRole('contentinfo').locator(`a[href="${href}"]`)).toBeVisible();
    }
  });

  test('the static pages have real content', async ({ page }) => {
    for (const path of ['/about-us', '/contact-us', '/privacy-policy', '/terms-and-conditions']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect((await page.getByRole('main').innerText()).length).toBeGreaterThan(800);
    }
  });
});

test('no page breaks its Content Security Policy (zod is told not to probe for eval before it loads)', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
    );
  });
  for (const path of ['/', '/concerts', '/download-tickets']) {
    await page.goto(path);
    await expect(page.getByRole('contentinfo')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual(
      [],
    );
  }
});

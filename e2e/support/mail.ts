import { expect, type Page } from '@playwright/test';

/**
 * The newest e-mail to this address with this subject, from the local outbox viewer (/dev/mail): its HTML. Polls
 * the viewer until the e-mail is there (the outbox sends from a worker), leaving the page on the e-mail's view.
 */
export async function readMail(page: Page, to: string, subject: string): Promise<string> {
  let href: string | null = null;
  await expect
    .poll(
      async () => {
        await page.goto('/dev/mail');
        const link = page.getByRole('row').filter({ hasText: to }).getByRole('link', { name: subject }).first();
        href = (await link.count()) > 0 ? await link.getAttribute('href') : null;
        return href;
      },
      { timeout: 30_000 },
    )
    .not.toBeNull();
  await page.goto(href ?? '/dev/mail');
  return (await page.locator('iframe').getAttribute('srcdoc')) ?? '';
}

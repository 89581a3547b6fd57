import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * The human check (ALTCHA) solves by itself when its form is shown: about a second on an idle machine (0.5 to
 * 1 s of proof of work in Node here), but a test machine running several browsers and servers on two cores
 * has taken 6 to 30 s in the browser's workers.
 */
export const CAPTCHA_TIMEOUT = 90_000;

/**
 * Waits for the widget to say it is verified before a spec submits, so the step after the submit keeps its
 * usual timeout; the test gets the wait's budget on top of its own.
 */
export async function expectCaptchaSolved(scope: Page | Locator): Promise<void> {
  test.info().setTimeout(test.info().timeout + CAPTCHA_TIMEOUT);
  await expect(scope.getByTestId('captcha').locator('[data-state="verified"]').first()).toBeAttached({
    timeout: CAPTCHA_TIMEOUT,
  });
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';

/** The demo's organiser accounts as the server wrote them beside its database (`npm start` prints the same). */
interface DemoAccounts {
  password: string;
  totpSecret: string;
  accounts: { email: string; role: string; organisation: string | null; twoFactor: boolean }[];
}

export function demoAccounts(): DemoAccounts {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it for the server it starts).');
  return JSON.parse(readFileSync(join(dataDir, 'demo-accounts.json'), 'utf8')) as DemoAccounts;
}

/**
 * Signs in at /organiser as a demo account: the site's own modal, then the authenticator's code (computed from
 * the demo's secret, as an authenticator app would) for an account with two factors on.
 */
export async function signInToConsole(page: Page, email: string): Promise<void> {
  const demo = demoAccounts();
  const account = demo.accounts.find((candidate) => candidate.email === email);
  if (!account) throw new Error(`No demo account ${email}.`);
  await page.goto('/organiser');
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign Up or Log In' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(demo.password);
  await dialog.getByRole('button', { name: 'Log In' }).click();
  if (account.twoFactor) {
    const code = dialog.getByRole('textbox', { name: /code/i });
    await expect(code).toBeFocused();
    await code.fill(new TOTP({ secret: demo.totpSecret, digits: 6, period: 30 }).generate());
    await dialog.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeVisible();
  // The sign-in's toast leaves by itself after its 3 s. Waited for here so that it cannot start fading out
  // while a test's axe check measures its colours (half-faded text fails contrast) or cover the console's
  // header while a test clicks there.
  await expect(page.getByText('You are signed in.')).toHaveCount(0);
}

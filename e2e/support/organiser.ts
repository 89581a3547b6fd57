import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import sharp from 'sharp';
import type { EventDetail } from '@marquee/domain/catalog';
import { getEventDetail } from './catalog';

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

/** A PNG of `width` by `height` (a gradient): what an organiser's banner or thumbnail would be. */
async function pictureOf(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#1e1b4b"/><stop offset="1" stop-color="#fbbf24"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export interface NewEventOnSale {
  /** The demo organisation whose owner makes the event. */
  org: string;
  venueName: string;
  eventName: string;
  /** Its one package: free seating (the venue has no seat map), sold by the card. */
  packageName: string;
  capacity: number;
  /** What the spec sets on the "Create an event" form beyond the basics (a waiting room, say), before it is sent. */
  configure?: (form: Locator) => Promise<void>;
}

/**
 * The organisation's owner makes a venue (no seat map) and an event with one package through the console's own
 * forms, gives it its pictures and publishes it on sale; the page stays signed in to the console, on the event.
 * A spec that needs an event no other spec's buyer meets (a queue, a sold-out package) makes its own with this.
 */
export async function putNewEventOnSale(page: Page, options: NewEventOnSale): Promise<EventDetail> {
  const { venueName, eventName, packageName } = options;
  await signInToConsole(page, `owner@${options.org}.example`);

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Venues' }).click();
  await page.getByRole('link', { name: 'Add a venue' }).click();
  const venue = page.getByRole('form', { name: 'Add a venue' });
  await venue.getByLabel('Name').fill(venueName);
  await venue.getByLabel('City').fill('Colombo');
  await venue.getByRole('button', { name: 'Add the venue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: venueName })).toBeVisible();

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Events' }).click();
  await page.getByRole('link', { name: 'Create an event' }).click();
  const create = page.getByRole('form', { name: 'Create an event' });
  await create.getByLabel('Name').fill(eventName);
  await create.getByLabel('Category').selectOption({ label: 'Concerts' });
  await create.getByLabel('Venue').selectOption({ label: `${venueName}, Colombo` });
  await create.getByLabel('Starts: Date').fill(daysFromNow(30));
  await create.getByLabel('Starts: Time').fill('19:00');
  await create.getByRole('checkbox', { name: 'Card' }).check();
  await options.configure?.(create);
  await create.getByRole('button', { name: 'Create the event' }).click();
  await expect(page.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
  const sections = page.getByRole('navigation', { name: 'Event sections' });

  await sections.getByRole('link', { name: /Ticket packages/ }).click();
  const packages = page.getByRole('region', { name: 'Ticket packages' });
  await packages.getByRole('button', { name: 'Add a package' }).click();
  const form = packages.getByRole('form', { name: 'Add a ticket package' });
  await form.getByLabel('Name').fill(packageName);
  await form.getByLabel(/^Price/).fill('2,500.00');
  // A venue without a seat map: every package is free seating, and has a capacity.
  await form.getByLabel('Capacity').fill(String(options.capacity));
  await form.getByRole('button', { name: 'Add the package' }).click();
  await expect(packages.getByRole('article', { name: packageName })).toBeVisible();

  await sections.getByRole('link', { name: /Images/ }).click();
  const images = page.getByRole('region', { name: 'Images' });
  for (const [kind, width, height] of [
    ['Banner', 1600, 600],
    ['Thumbnail', 600, 400],
  ] as const) {
    const card = images.getByRole('region', { name: kind });
    await card.locator('input[type="file"]').setInputFiles({
      name: `${kind.toLowerCase()}.png`,
      mimeType: 'image/png',
      buffer: await pictureOf(width, height),
    });
    await expect(card.getByRole('img', { name: `The current ${kind.toLowerCase()} of ${eventName}` })).toBeVisible();
  }

  await sections.getByRole('link', { name: /Publish/ }).click();
  const publish = page.getByRole('region', { name: 'Publish' });
  await expect(publish.getByText('Everything is ready for buyers.')).toBeVisible();
  await publish.getByRole('button', { name: 'Publish: on sale now' }).click();
  await expect(page.getByRole('main').getByText('On sale', { exact: true }).first()).toBeVisible();

  const uid = /\/events\/([^/?#]+)/.exec(page.url())?.[1];
  if (!uid) throw new Error(`No event uid in ${page.url()}.`);
  // The catalogue may answer from its cache for a few seconds after publishing.
  let event: EventDetail | undefined;
  await expect(async () => {
    event = await getEventDetail(page.request, uid);
  }).toPass({ timeout: 20_000 });
  if (!event) throw new Error(`The catalogue does not list ${eventName}.`);
  return event;
}

import { expect, test, type APIRequestContext } from '@playwright/test';
import type { EventDetail } from '@marquee/domain/catalog';
import { formatMoney } from '@marquee/domain/money';
import { remainingAllowance, EMPTY_SELECTION } from '@marquee/domain/selection';
import { getEventDetail, listEvents } from './support/catalog';

/** An on-sale event at a venue without a seat map, with a package that can take two tickets. */
async function findListEvent(request: APIRequestContext): Promise<{ event: EventDetail; packageIndex: number }> {
  const candidates = (await listEvents(request)).filter((e) => e.status === 'ongoing');
  for (const summary of candidates) {
    const event = await getEventDetail(request, summary.uid);
    if (event.venue.seat_map !== null) continue;
    const packageIndex = event.ticket_packages.findIndex(
      (p) => p.active && !p.sold_out && remainingAllowance(p, EMPTY_SELECTION) >= 2,
    );
    if (packageIndex >= 0) return { event, packageIndex };
  }
  throw new Error('The demo catalogue has no on-sale event without a seat map and with a package on sale.');
}

test('the ticket list: pick, reload, check out, and Back returns to the list', async ({ page, request }) => {
  const { event, packageIndex } = await findListEvent(request);
  const ticketPackage = event.ticket_packages[packageIndex];
  if (!ticketPackage) throw new Error('unreachable');
  const unitPrice = event.free_event ? 0 : ticketPackage.price;

  await page.goto(event.path);
  await page.getByRole('link', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\?step=2$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Choose your tickets' })).toBeFocused();

  const card = page.getByRole('listitem', { name: ticketPackage.name, exact: true });
  await card.getByRole('button', { name: /^ADD/ }).click();
  await card.getByRole('button', { name: `Add one ${ticketPackage.name} ticket` }).click();
  const bar = page.getByRole('region', { name: 'Your selection' });
  await expect(bar).toContainText('2 tickets');
  await expect(bar).toContainText(formatMoney(unitPrice * 2, event.currency));

  await page.reload();
  await expect(card.getByRole('status', { name: `${ticketPackage.name} tickets selected` })).toHaveText('2');
  await expect(bar).toContainText(formatMoney(unitPrice * 2, event.currency));

  await bar.getByRole('button', { name: 'CHECKOUT' }).click();
  await expect(page).toHaveURL(/\?step=3$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Confirm details and pay' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Step 1 Ticket Details' })).toHaveAttribute('aria-expanded', 'true');

  await page.goBack();
  await expect(page).toHaveURL(/\?step=2$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Choose your tickets' })).toBeVisible();
  await expect(card.getByRole('status', { name: `${ticketPackage.name} tickets selected` })).toHaveText('2');
});

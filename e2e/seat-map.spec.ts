import { expect, test, type Page } from '@playwright/test';
import type { EventDetail, TicketPackage } from '@marquee/domain/catalog';
import { formatMoney } from '@marquee/domain/money';
import {
  clickSeat,
  findSeatMapEvent,
  freeSeatsOf,
  holdSeatsAsAnotherBuyer,
  packageRow,
  seatPoint,
  type SeatMapEvent,
} from './support/seat-map';

/*
 * Specs share one server and database. These pick their seats from the back of each package's range
 * (other specs take from the front), and only the live-availability test holds seats, which it gives
 * back at the end.
 */

/** The map polls GET /seats every 5 s and the server may reuse an answer for 1 s. */
const LIVE_TIMEOUT_MS = 15_000;

/** An open, numbered package with room for a few seats. */
function numberedPackage(event: EventDetail, skip = 0): TicketPackage {
  const open = event.ticket_packages.filter((p) => p.active && !p.sold_out && !p.free_seating && p.max_per_order >= 3);
  const pkg = open[skip];
  if (!pkg) throw new Error(`${event.name} has no open numbered package to use.`);
  return pkg;
}

function money(event: EventDetail, minor: number): string {
  return event.free_event ? 'Free' : formatMoney(minor, event.currency);
}

function seatOf(venue: SeatMapEvent, id: string) {
  const seat = venue.seats.get(id);
  if (!seat) throw new Error(`Seat ${id} is not on the map.`);
  return seat;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const seatMapRegion = (page: Page) => page.getByRole('application', { name: /seat map/ });
const announced = (page: Page) => page.getByTestId('seat-map-focus');
const total = (page: Page) => page.getByTestId('selection-total');

test.describe('seat map (Lotus Pond Theatre)', () => {
  test('choose by click, by keyboard and from the list; Continue, Back and reload keep the seats', async ({
    page,
    request,
  }) => {
    const lotus = await findSeatMapEvent(request, 'lotus');
    const { event } = lotus;
    const pkg = numberedPackage(event);
    const [first, second, third] = await freeSeatsOf(request, lotus, pkg.id, 3, 10);
    if (!first || !second || !third) throw new Error('unreachable');

    await page.goto(event.path);
    await page.getByRole('link', { name: 'Book Now' }).click();
    await expect(page).toHaveURL(/\?step=2$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Choose your seats' })).toBeVisible();
    await expect(seatMapRegion(page)).toHaveAccessibleName('Lotus Pond Theatre seat map');
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await expect(continueButton).toBeDisabled();

    // Click a seat: its package's row shows one ticket and the total; click again to release it.
    await clickSeat(page, seatOf(lotus, first));
    const row = packageRow(page, pkg.name);
    await expect(row.getByRole('rowheader')).toContainText(`Seats ${first}`);
    await expect(row.getByRole('cell').nth(1)).toHaveText('1');
    await expect(total(page)).toHaveText(money(event, pkg.price));
    await expect(page.locator(`[data-selected-seat="${first}"]`)).toHaveCount(1);
    await expect(continueButton).toBeEnabled();
    await clickSeat(page, seatOf(lotus, first));
    await expect(row).toHaveCount(0);
    await expect(page.locator(`[data-selected-seat="${first}"]`)).toHaveCount(0);
    await expect(continueButton).toBeDisabled();

    // Keyboard: a click also puts the focus ring on its seat; Space and Enter toggle it, arrows move.
    const selectedSeats = page.locator('[data-selected-seat]');
    await clickSeat(page, seatOf(lotus, second));
    await expect(announced(page)).toHaveText(new RegExp(`, ${escapeRegExp(pkg.name)}, .*, selected$`));
    await seatMapRegion(page).focus();
    await page.keyboard.press('Space');
    await expect(announced(page)).toHaveText(/, available$/);
    await expect(row).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(announced(page)).toHaveText(/, selected$/);
    await expect(row.getByRole('rowheader')).toContainText(`Seats ${second}`);
    const secondLabel = await announced(page).textContent();
    await page.keyboard.press('ArrowRight');
    await expect(announced(page)).not.toHaveText(secondLabel ?? '');
    await expect(announced(page)).toHaveText(/, available$/);
    await page.keyboard.press('Enter');
    await expect(announced(page)).toHaveText(/, selected$/);
    await expect(selectedSeats).toHaveCount(2);
    await page.keyboard.press(' ');
    await expect(selectedSeats).toHaveCount(1);
    await expect(row.getByRole('rowheader')).toContainText(`Seats ${second}`);

    // The list alternative: section, row, then a checkbox per seat.
    const seat3 = seatOf(lotus, third);
    await page.getByRole('button', { name: 'Choose seats from a list' }).click();
    const sectionName = lotus.seatMap.seat_map?.sections.find((s) => s.id === seat3.section)?.name ?? seat3.section;
    await page.getByRole('combobox', { name: /^Section/ }).selectOption({ label: sectionName });
    await page.getByRole('combobox', { name: /^Row/ }).selectOption(seat3.row);
    await page.getByRole('checkbox', { name: new RegExp(`row ${seat3.row}, seat ${seat3.number}, `) }).check();
    await expect(row.getByRole('cell').nth(1)).toHaveText('2');
    await expect(row.getByRole('rowheader')).toContainText(`Seats ${second}, ${third}`);
    await expect(total(page)).toHaveText(money(event, pkg.price * 2));

    // Continue goes to checkout; browser Back returns with the seats still chosen.
    await continueButton.click();
    await expect(page).toHaveURL(/\?step=3$/);
    await page.goBack();
    await expect(page).toHaveURL(/\?step=2$/);
    await expect(row.getByRole('cell').nth(1)).toHaveText('2');

    // A reload keeps the selection (sessionStorage) and draws it on the map.
    await page.reload();
    await expect(row.getByRole('rowheader')).toContainText(`Seats ${second}, ${third}`);
    await expect(page.locator(`[data-selected-seat="${third}"]`)).toHaveCount(1);

    // The step's Back button returns to the event.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === event.path && url.search === '');
    await expect(page.getByRole('link', { name: 'Book Now' })).toBeVisible();
  });
});

test.describe('seat map (generic venue)', () => {
  test('a free-seating package’s seat explains itself instead of being chosen', async ({ page, request }) => {
    const venue = await findSeatMapEvent(request, 'generic', (e) =>
      e.ticket_packages.some((p) => p.active && !p.sold_out && p.free_seating),
    );
    const { event } = venue;
    const lawn = event.ticket_packages.find((p) => p.active && !p.sold_out && p.free_seating);
    const seatId = venue.seatMap.packages.find((p) => p.id === lawn?.id)?.seating_range.at(-1);
    if (!lawn || !seatId) throw new Error('unreachable');

    await page.goto(`${event.path}?step=2`);
    await expect(page.getByRole('heading', { level: 2, name: 'Choose your seats' })).toBeVisible();
    await clickSeat(page, seatOf(venue, seatId));
    await expect(page.getByRole('status').filter({ hasText: 'not numbered' })).toHaveText(
      `Seats in ${lawn.name} are not numbered: choose how many tickets in the table below.`,
    );
    await expect(page.locator(`[data-selected-seat="${seatId}"]`)).toHaveCount(0);
    // The counter in the table is the way to choose them.
    await packageRow(page, lawn.name)
      .getByRole('button', { name: `Add a ${lawn.name} ticket` })
      .click();
    await expect(packageRow(page, lawn.name).getByRole('cell').nth(1)).toContainText('1');
    await expect(total(page)).toHaveText(money(event, lawn.price));
  });

  test('live availability: seats another buyer takes turn reserved, and leave this buyer’s selection', async ({
    page,
    request,
  }) => {
    // Up to two polls to wait for (taken, then given back).
    test.setTimeout(60_000);
    const venue = await findSeatMapEvent(request, 'generic', (e) => (e.venue.seat_map?.seat_count ?? 0) >= 1000);
    const { event } = venue;
    const pkg = numberedPackage(event);
    // Seats well away from the other tests' picks.
    const [mine, kept, theirs] = await freeSeatsOf(request, venue, pkg.id, 3, 40);
    if (!mine || !kept || !theirs) throw new Error('unreachable');

    await page.goto(`${event.path}?step=2`);
    await expect(page.getByRole('heading', { level: 2, name: 'Choose your seats' })).toBeVisible();
    await clickSeat(page, seatOf(venue, mine));
    await clickSeat(page, seatOf(venue, kept));
    const row = packageRow(page, pkg.name);
    await expect(row.getByRole('rowheader')).toContainText(`Seats ${mine}, ${kept}`);
    await expect(page.getByRole('alert')).toBeEmpty();

    const cancelOrder = await holdSeatsAsAnotherBuyer(request, event, [mine, theirs]);
    try {
      const seat = seatOf(venue, mine);
      const section = venue.seatMap.seat_map?.sections.find((s) => s.id === seat.section)?.name ?? seat.section;
      await expect(page.getByRole('alert')).toContainText(
        `Seat ${seat.number} in row ${seat.row} of ${section} was just taken by someone else and removed from your selection.`,
        { timeout: LIVE_TIMEOUT_MS },
      );
      await expect(row.getByRole('rowheader')).toContainText(`Seats ${kept}`);
      await expect(row.getByRole('rowheader')).not.toContainText(mine);
      await expect(total(page)).toHaveText(money(event, pkg.price));
      await expect(page.locator('[data-reserved-seats]')).toHaveAttribute('data-reserved-seats', /^[1-9]/);

      // Both held seats show as reserved and cannot be chosen, on the map and in the list.
      await clickSeat(page, seatOf(venue, theirs));
      await expect(page.getByRole('status').filter({ hasText: 'already taken' })).toBeVisible();
      await expect(page.locator(`[data-selected-seat="${theirs}"]`)).toHaveCount(0);
      await expect(announced(page)).toHaveText(/, reserved$/);
      await page.getByRole('button', { name: 'Choose seats from a list' }).click();
      await page.getByRole('combobox', { name: /^Section/ }).selectOption({ label: section });
      await page.getByRole('combobox', { name: /^Row/ }).selectOption(seat.row);
      const checkbox = page.getByRole('checkbox', {
        name: new RegExp(`row ${seat.row}, seat ${seat.number}, .*reserved$`),
      });
      await expect(checkbox).toBeDisabled();

      await page.getByRole('alert').getByRole('button', { name: 'Dismiss' }).click();
      await expect(page.getByRole('alert')).toBeEmpty();
    } finally {
      await cancelOrder();
    }
    // Given back: the next poll paints the seat available again.
    await expect(announced(page)).toHaveText(/, available$/, { timeout: LIVE_TIMEOUT_MS });
  });
});

test.describe('seat map on a phone', () => {
  test.use({ viewport: { width: 412, height: 839 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('the map fits the screen and a tap chooses a seat', async ({ page, request }) => {
    const lotus = await findSeatMapEvent(request, 'lotus');
    const pkg = numberedPackage(lotus.event);
    const [seatId] = await freeSeatsOf(request, lotus, pkg.id, 1, 20);
    if (!seatId) throw new Error('unreachable');

    await page.goto(`${lotus.event.path}?step=2`);
    await expect(page.getByRole('heading', { level: 2, name: 'Choose your seats' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const { x, y } = await seatPoint(page, seatOf(lotus, seatId));
    await page.touchscreen.tap(x, y);
    await expect(page.locator(`[data-selected-seat="${seatId}"]`)).toHaveCount(1);
    await expect(packageRow(page, pkg.name).getByRole('rowheader')).toContainText(`Seats ${seatId}`);
  });
});

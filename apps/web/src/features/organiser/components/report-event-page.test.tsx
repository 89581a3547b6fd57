import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPORT_REFRESH_MS, type EventReportAnswer } from '@marquee/domain/reports';
import { eventReportQueryOptions } from '../api/get-event-report';
import { eventRoutes, makeConsoleEventAnswer } from '../test/event-fixtures';
import { makeMe, makeMembership, renderConsole } from '../test/render-console';
import { refusal } from '../test/team-fixtures';
import { FixedSizeResizeObserver } from '../test/fixed-size-resize-observer';

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', FixedSizeResizeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const REPORT = '/api/organiser/acme/events/jazz2026/report';
/** A busy machine's first render of the console (its chunk, then three answers) can take seconds. */
const SLOW = { timeout: 10_000 };
const reportShown = () => screen.findByRole('heading', { level: 1, name: 'Sales report: Colombo Jazz Night' }, SLOW);
const PAGE = '/organiser/acme/events/jazz2026/report';

function makeEventReport(overrides: Partial<EventReportAnswer> = {}): EventReportAnswer {
  return {
    event: {
      uid: 'jazz2026',
      name: 'Colombo Jazz Night',
      currency: 'LKR',
      status: 'ongoing',
      starts_at: '2026-12-05T14:00:00.000Z',
      time_zone: 'Asia/Colombo',
    },
    totals: {
      tickets_sold: 7,
      revenue: 1_234_500,
      gross: 1_334_500,
      refunded: 100_000,
      discount_given: 25_000,
      orders: 4,
      comps: 2,
      refunds_count: 1,
    },
    per_day: [
      { date: '2026-11-01', tickets: 5, revenue: 900_000 },
      { date: '2026-11-02', tickets: 0, revenue: 0 },
      { date: '2026-11-03', tickets: 2, revenue: 334_500 },
    ],
    packages: [
      { id: 1, name: 'General', capacity: 100, sold: 6, held: 3, left: 91, comps: 1 },
      { id: 2, name: 'VIP', capacity: 10, sold: 3, held: 0, left: 7, comps: 1 },
    ],
    promotions: [{ code: 'TENOFF', orders: 1, tickets: 2, discount: 25_000 }],
    check_in: {
      checked_in: 3,
      total: 9,
      lists: [
        { id: 1, name: 'Main gate', checked_in: 3, total: 9 },
        { id: 2, name: 'VIP gate', checked_in: 1, total: 4 },
      ],
    },
    generated_at: '2026-11-27T10:00:00.000Z',
    ...overrides,
  };
}

function renderReport(answer: () => Response = () => Response.json(makeEventReport()), role = 'manager' as const) {
  return renderConsole(PAGE, {
    api: {
      'GET /api/organiser/me': () => Response.json(makeMe({ organisations: [makeMembership({ role })] })),
      [`GET ${REPORT}`]: answer,
    },
  });
}

describe("an event's sales report", { timeout: 30_000 }, () => {
  it('shows the totals as tiles in the currency, with refunds, discounts and comps', async () => {
    renderReport();
    expect(await reportShown()).toBeVisible();
    const tiles = screen.getByLabelText('Totals in LKR');
    const tile = (label: string) => within(tiles).getByText(label).parentElement;
    expect(tile('Revenue')).toHaveTextContent('LKR 12,345.00');
    expect(tile('Tickets sold')).toHaveTextContent('7');
    expect(tile('Tickets sold')).toHaveTextContent('4 orders');
    expect(tile('Gross')).toHaveTextContent('LKR 13,345.00');
    expect(tile('Refunded')).toHaveTextContent('LKR 1,000.00');
    expect(tile('Refunded')).toHaveTextContent('1 refund');
    expect(tile('Discounts given')).toHaveTextContent('LKR 250.00');
    expect(tile('Comps')).toHaveTextContent('2');
  });

  it('draws the days as a chart, and gives the same numbers as a table behind "Show as table"', async () => {
    const { user } = renderReport();
    await reportShown();
    const section = screen.getByRole('region', { name: 'Tickets and revenue per day' });
    // The chart (its own chunk) is drawn, hidden from assistive technology: the table says the same.
    await waitFor(() => expect(section.querySelector('.recharts-surface')).not.toBeNull(), SLOW);
    expect(section.querySelector('[aria-hidden="true"] .recharts-surface')).not.toBeNull();
    // Nothing in the tab order inside what is hidden from assistive technology (axe: aria-hidden-focus).
    expect(section.querySelector('[aria-hidden="true"] [tabindex]:not([tabindex="-1"])')).toBeNull();
    expect(within(section).getByText(/Asia\/Colombo/)).toBeVisible();

    const table = within(section).getByRole('table', { name: 'Tickets and revenue, day by day', hidden: true });
    expect(table).not.toBeVisible();
    await user.click(within(section).getByText('Show as table'));
    expect(table).toBeVisible();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Sun, 1 Nov 20265LKR 9,000.00',
      'Mon, 2 Nov 20260LKR 0.00',
      'Tue, 3 Nov 20262LKR 3,345.00',
    ]);
  });

  it('shows each package sold / comps / on hold / left, the promo codes used and check-in per list', async () => {
    renderReport();
    await reportShown();
    const packages = screen.getByRole('table', { name: 'Tickets per package' });
    const general = within(packages).getByRole('row', { name: /General/ });
    expect(
      within(general)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['5', '1', '3', '91', '100']);
    await waitFor(
      () => expect(screen.getByRole('region', { name: 'Packages' }).querySelector('.recharts-surface')).not.toBeNull(),
      SLOW,
    );

    const promotions = screen.getByRole('table', { name: 'Promo codes used' });
    expect(within(promotions).getByRole('row', { name: /TENOFF/ })).toHaveTextContent('TENOFF12LKR 250.00');

    const vipGate = screen.getByRole('progressbar', { name: 'VIP gate' });
    expect(vipGate).toHaveAttribute('aria-valuenow', '1');
    expect(vipGate).toHaveAttribute('aria-valuetext', '1 of 4 checked in (25%)');
    expect(screen.getByRole('progressbar', { name: 'The whole event' })).toHaveAttribute(
      'aria-valuetext',
      '3 of 9 checked in (33%)',
    );
  });

  it('says "No sales yet" before the first sale, and still shows the packages', async () => {
    renderReport(() =>
      Response.json(
        makeEventReport({
          totals: {
            tickets_sold: 0,
            revenue: 0,
            gross: 0,
            refunded: 0,
            discount_given: 0,
            orders: 0,
            comps: 0,
            refunds_count: 0,
          },
          per_day: [],
          promotions: [],
          packages: [{ id: 1, name: 'General', capacity: 100, sold: 0, held: 2, left: 98, comps: 0 }],
          check_in: { checked_in: 0, total: 0, lists: [] },
        }),
      ),
    );
    expect(await screen.findByRole('heading', { name: 'No sales yet' }, SLOW)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Tickets and revenue per day' })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Tickets per package' })).toHaveTextContent('98');
    expect(screen.getByText(/No check-in lists yet/)).toBeVisible();
  });

  it('says so when the report cannot be loaded, and offers a retry', async () => {
    const { user, routes } = renderReport(() => refusal(500, 'internal_error', 'Something went wrong.'));
    expect(await screen.findByText('The report could not be loaded', {}, SLOW)).toBeVisible();
    routes[`GET ${REPORT}`] = () => Response.json(makeEventReport());
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await reportShown()).toBeVisible();
  });

  it("is a 404 page for another organisation's event", async () => {
    renderReport(() => refusal(404, 'not_found', 'No such event.'));
    expect(await screen.findByRole('heading', { name: 'No such event' }, SLOW)).toBeVisible();
  });

  it('is linked from the event page for the roles with report.read only', async () => {
    const eventPage = (role: 'manager' | 'box_office') =>
      renderConsole('/organiser/acme/events/jazz2026', {
        api: {
          ...eventRoutes({ event: makeConsoleEventAnswer() }),
          'GET /api/organiser/me': () => Response.json(makeMe({ organisations: [makeMembership({ role })] })),
        },
      });
    eventPage('manager');
    expect(await screen.findByRole('link', { name: 'Sales report' }, SLOW)).toHaveAttribute('href', PAGE);
    cleanup();
    eventPage('box_office');
    expect(await screen.findByRole('link', { name: 'Preview as buyers see it' }, SLOW)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Sales report' })).not.toBeInTheDocument();
  });

  it('is refreshed every 15 seconds while shown', () => {
    expect(eventReportQueryOptions('acme', 'jazz2026').refetchInterval).toBe(REPORT_REFRESH_MS);
    expect(REPORT_REFRESH_MS).toBe(15_000);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrganisationReportAnswer } from '@marquee/domain/reports';
import { FixedSizeResizeObserver } from '../test/fixed-size-resize-observer';
import { makeConsoleEvent, makeMe, makeMembership, renderConsole } from '../test/render-console';

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', FixedSizeResizeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const REPORT = '/api/organiser/acme/report';
const SLOW = { timeout: 10_000 };

const ZERO = {
  tickets_sold: 0,
  revenue: 0,
  gross: 0,
  refunded: 0,
  discount_given: 0,
  orders: 0,
  comps: 0,
  refunds_count: 0,
};

function makeOrganisationReport(overrides: Partial<OrganisationReportAnswer> = {}): OrganisationReportAnswer {
  return {
    totals: [
      { ...ZERO, currency: 'LKR', tickets_sold: 12, revenue: 2_400_000, gross: 2_400_000, orders: 5 },
      { ...ZERO, currency: 'SGD', tickets_sold: 3, revenue: 24_000, gross: 24_000, orders: 1, comps: 1 },
    ],
    per_day: [
      { currency: 'LKR', days: [{ date: '2026-11-01', tickets: 12, revenue: 2_400_000 }] },
      { currency: 'SGD', days: [{ date: '2026-11-02', tickets: 3, revenue: 24_000 }] },
    ],
    events: [
      {
        uid: 'jazz2026',
        name: 'Colombo Jazz Night',
        status: 'ongoing',
        starts_at: '2026-12-05T14:00:00.000Z',
        time_zone: 'Asia/Colombo',
        currency: 'LKR',
        tickets_sold: 12,
        comps: 0,
        capacity: 400,
        revenue: 2_400_000,
      },
      {
        uid: 'marina01',
        name: 'Marina Lights',
        status: 'presale',
        starts_at: '2026-12-20T11:00:00.000Z',
        time_zone: 'Asia/Singapore',
        currency: 'SGD',
        tickets_sold: 3,
        comps: 1,
        capacity: 50,
        revenue: 24_000,
      },
    ],
    generated_at: '2026-11-27T10:00:00.000Z',
    ...overrides,
  };
}

function renderReport(
  answer: OrganisationReportAnswer = makeOrganisationReport(),
  role: 'owner' | 'manager' | 'box_office' | 'door' = 'manager',
) {
  return renderConsole('/organiser/acme/reports', {
    api: {
      'GET /api/organiser/me': () => Response.json(makeMe({ organisations: [makeMembership({ role })] })),
      'GET /api/organiser/acme/events': () => Response.json({ events: [makeConsoleEvent()] }),
      [`GET ${REPORT}`]: () => Response.json(answer),
    },
  });
}

describe("the organisation's sales report", { timeout: 30_000 }, () => {
  it('is in the console nav for roles with report.read, and keeps each currency apart', async () => {
    renderReport();
    const lkr = await screen.findByRole('region', { name: 'Sales in LKR' }, SLOW);
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/organiser/acme/reports');

    const sgd = screen.getByRole('region', { name: 'Sales in SGD' });
    const tile = (region: HTMLElement, currency: string, label: string) =>
      within(within(region).getByLabelText(`Totals in ${currency}`)).getByText(label).parentElement;
    expect(tile(lkr, 'LKR', 'Revenue')).toHaveTextContent('LKR 24,000.00');
    expect(tile(sgd, 'SGD', 'Revenue')).toHaveTextContent('SGD 240.00');
    expect(tile(sgd, 'SGD', 'Comps')).toHaveTextContent('1');
    expect(within(lkr).queryByText(/SGD/)).not.toBeInTheDocument();
    await waitFor(() => expect(lkr.querySelector('.recharts-surface')).not.toBeNull(), SLOW);
    expect(
      within(sgd).getByRole('table', { name: 'Tickets and revenue per day in SGD', hidden: true }),
    ).toHaveTextContent('SGD 240.00');
  });

  it('lists every event with its sold of capacity and revenue, each a link to its own report', async () => {
    renderReport();
    const table = await screen.findByRole('table', { name: 'Sales per event' }, SLOW);
    const marina = within(table).getByRole('row', { name: /Marina Lights/ });
    expect(within(marina).getByRole('link', { name: 'Marina Lights' })).toHaveAttribute(
      'href',
      '/organiser/acme/events/marina01/report',
    );
    expect(marina).toHaveTextContent('3 of 50');
    expect(marina).toHaveTextContent('+ 1 comps');
    expect(marina).toHaveTextContent('SGD 240.00');
    expect(marina).toHaveTextContent('Presale');
  });

  it('says "No sales yet" when nothing was sold, and still lists the events', async () => {
    renderReport(makeOrganisationReport({ totals: [], per_day: [] }));
    expect(await screen.findByRole('heading', { name: 'No sales yet' }, SLOW)).toBeVisible();
    expect(screen.getByRole('table', { name: 'Sales per event' })).toHaveTextContent('Colombo Jazz Night');
  });

  it('is not offered to the box office, and a typed address says it is not for the role', async () => {
    renderReport(makeOrganisationReport(), 'box_office');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not for your role' }, SLOW)).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).queryByRole('link', { name: 'Reports' })).not.toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventRoutes, makeConsoleEventAnswer } from '../test/event-fixtures';
import { makeMe, makeMembership, makeVenue, renderConsole } from '../test/render-console';

/**
 * The event page's Export menu (issue 22; docs/decisions/042): plain download links to the streamed files, shown
 * only to roles with `export.run`, saying whether the files hold buyers' contact details.
 */
function renderAs(me: ReturnType<typeof makeMe>) {
  const state = { event: makeConsoleEventAnswer() };
  return renderConsole('/organiser/acme/events/jazz2026', {
    api: {
      'GET /api/organiser/me': () => Response.json(me),
      'GET /api/organiser/acme/venues': () => Response.json({ venues: [makeVenue()] }),
      ...eventRoutes(state),
    },
  });
}

/** The page's heading once the event has loaded (the first render of a file loads the console's lazy parts). */
const pageLoaded = () => screen.findByRole('heading', { level: 1, name: 'Colombo Jazz Night' }, { timeout: 10_000 });

const exportMenu = () => screen.getByText('Export', { selector: 'summary' });

describe('the Export menu', () => {
  it('offers a manager the attendees and orders as CSV and Excel, as download links to the API', async () => {
    const world = renderAs(makeMe());
    expect(await pageLoaded()).toBeInTheDocument();
    // A native disclosure (its summary opens it from the keyboard in browsers; jsdom acts on the click), closed
    // until asked.
    const details = exportMenu().closest('details');
    expect(details).not.toHaveAttribute('open');
    await world.user.click(exportMenu());
    expect(details).toHaveAttribute('open');
    const links = within(screen.getByRole('list', { name: 'Export files' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Attendees (CSV)', '/api/organiser/acme/events/jazz2026/exports/attendees.csv'],
      ['Attendees (Excel)', '/api/organiser/acme/events/jazz2026/exports/attendees.xlsx'],
      ['Orders (CSV)', '/api/organiser/acme/events/jazz2026/exports/orders.csv'],
      ['Orders (Excel)', '/api/organiser/acme/events/jazz2026/exports/orders.xlsx'],
    ]);
    for (const link of links) expect(link).toHaveAttribute('download');
    expect(screen.getByText(/include buyers' e-mail addresses and phone numbers/)).toBeInTheDocument();
    // The first render of the file loads the console's lazy parts: slow on a busy machine.
  }, 20_000);

  it('is not offered to a role without export.run (the box office)', async () => {
    renderAs(makeMe({ organisations: [makeMembership({ role: 'box_office' })] }));
    expect(await pageLoaded()).toBeInTheDocument();
    expect(screen.queryByText('Export', { selector: 'summary' })).not.toBeInTheDocument();
  });

  it('is not offered to a Marquee operator, who only reads', async () => {
    renderAs(makeMe({ organisations: [], is_operator: true }));
    expect(await pageLoaded()).toBeInTheDocument();
    expect(screen.queryByText('Export', { selector: 'summary' })).not.toBeInTheDocument();
  });
});

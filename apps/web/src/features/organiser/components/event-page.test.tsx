import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleEventAnswer } from '@marquee/domain/console';
import {
  eventRoutes,
  makeChecklistItem,
  makeConsoleEventAnswer,
  makeConsolePackage,
  makeEventDetail,
  makeSeatedEventAnswer,
} from '../test/event-fixtures';
import { bodiesOf, makeMe, makeMembership, makeVenue, renderConsole } from '../test/render-console';
import { refusal } from '../test/team-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const EVENT_PATH = '/api/organiser/acme/events/jazz2026';

const venues = { 'GET /api/organiser/acme/venues': () => Response.json({ venues: [makeVenue()] }) };
const as = (role: 'box_office' | 'door') => ({
  'GET /api/organiser/me': () => Response.json(makeMe({ organisations: [makeMembership({ role })] })),
});

/** The event's page over a server that keeps `state.event` (a handler may change it, as the server would). */
function renderEvent(event: ConsoleEventAnswer, path = '/organiser/acme/events/jazz2026', api = {}) {
  const state = { event };
  const world = renderConsole(path, { api: { ...venues, ...eventRoutes(state), ...api } });
  return { world, state };
}

const sectionNav = () => screen.getByRole('navigation', { name: 'Event sections' });
const sectionLink = (name: string) => within(sectionNav()).getByRole('link', { name: new RegExp(`^${name}`) });

describe('the event page', () => {
  it('loading: a placeholder that says so', async () => {
    renderConsole('/organiser/acme/events/jazz2026', {
      api: { [`GET ${EVENT_PATH}`]: () => new Promise<Response>(() => undefined) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Event' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the event…');
  });

  it('its sections are links (`?section=`): the details first, Seats only at a venue with a seat map', async () => {
    const { world } = renderEvent(makeSeatedEventAnswer());
    expect(await screen.findByRole('heading', { level: 1, name: 'Colombo Jazz Night' })).toBeInTheDocument();
    expect(
      within(sectionNav())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['1Details', '2Ticket packages', '3Seats', '4Images', '5Publish', '6Promotions', '7Preview']);
    expect(sectionLink('Details')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('form', { name: 'Event details' })).toBeInTheDocument();

    await world.user.click(sectionLink('Ticket packages'));
    expect(world.router.state.location.search).toBe('?section=packages');
    expect(await screen.findByRole('heading', { level: 2, name: 'Ticket packages' })).toBeInTheDocument();
    expect(sectionLink('Ticket packages')).toHaveAttribute('aria-current', 'page');
    expect(sectionLink('Details')).not.toHaveAttribute('aria-current');
    expect(screen.queryByRole('form', { name: 'Event details' })).not.toBeInTheDocument();

    await world.user.click(sectionLink('Details'));
    expect(world.router.state.location.search).toBe('');
    expect(await screen.findByRole('form', { name: 'Event details' })).toBeInTheDocument();
  });

  it('a section the event does not have (Seats without a seat map, or a made-up one) opens the details', async () => {
    renderEvent(makeConsoleEventAnswer(), '/organiser/acme/events/jazz2026?section=seats');
    expect(await screen.findByRole('form', { name: 'Event details' })).toBeInTheDocument();
    expect(within(sectionNav()).queryByRole('link', { name: /^Seats/ })).not.toBeInTheDocument();
    expect(sectionLink('Details')).toHaveAttribute('aria-current', 'page');
  });

  it('counts what the checklist asks for beside the section that puts it right', async () => {
    renderEvent(
      makeSeatedEventAnswer({
        checklist: [
          makeChecklistItem('organisation_not_approved'),
          makeChecklistItem('start_in_past'),
          makeChecklistItem('no_banner'),
          makeChecklistItem('no_thumbnail'),
          makeChecklistItem('no_payment_option'),
          makeChecklistItem('seated_package_without_seats'),
          makeChecklistItem('end_before_start'),
        ],
      }),
      '/organiser/acme/events/jazz2026?section=images',
    );
    await screen.findByRole('navigation', { name: 'Event sections' });
    const toDo = (name: string) => sectionLink(name).textContent?.match(/(\d+) things? to put right/)?.[1] ?? null;
    expect(['Details', 'Ticket packages', 'Seats', 'Images', 'Publish', 'Preview'].map(toDo)).toEqual([
      '3',
      null,
      '1',
      '2',
      // Marquee's approval is put right nowhere on this page.
      null,
      null,
    ]);
    expect(sectionLink('Seats')).toHaveTextContent('1 thing to put right');
    expect(sectionLink('Images')).toHaveAttribute('aria-current', 'page');
  });

  it('saving the details sends only what changed, and shows the event as the server answers it', async () => {
    const { world, state } = renderEvent(makeConsoleEventAnswer(), undefined, {
      [`PATCH ${EVENT_PATH}`]: () => {
        state.event = { ...state.event, name: 'Colombo Jazz Night II', handling_cost: 20000 };
        return Response.json(state.event);
      },
    });
    const details = await screen.findByRole('form', { name: 'Event details' });
    await world.user.clear(within(details).getByLabelText('Name'));
    await world.user.type(within(details).getByLabelText('Name'), 'Colombo Jazz Night II');
    await world.user.clear(within(details).getByLabelText('Handling cost (LKR)'));
    await world.user.type(within(details).getByLabelText('Handling cost (LKR)'), '200');
    await world.user.click(within(details).getByRole('button', { name: 'Save the details' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Colombo Jazz Night II' })).toBeInTheDocument();
    expect(bodiesOf(world, 'PATCH', EVENT_PATH)).toEqual([{ name: 'Colombo Jazz Night II', handling_cost: 20000 }]);
  });

  it('a role that may only read (box office) sees every section without its controls', async () => {
    const { world } = renderEvent(
      makeSeatedEventAnswer({ checklist: [makeChecklistItem('no_banner')] }),
      '/organiser/acme/events/jazz2026',
      as('box_office'),
    );
    const details = await screen.findByRole('form', { name: 'Event details' });
    expect(screen.getByText('Your role can look at this event but not change it.')).toBeInTheDocument();
    expect(within(details).getByLabelText('Name')).toBeDisabled();
    expect(within(details).getByLabelText('Venue')).toBeDisabled();
    expect(within(details).queryByRole('button', { name: 'Save the details' })).not.toBeInTheDocument();
    expect(within(details).queryByRole('link', { name: 'Add a venue' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Change history' })).not.toBeInTheDocument();

    await world.user.click(sectionLink('Ticket packages'));
    expect(await screen.findByRole('article', { name: 'Gold' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a package' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();

    await world.user.click(sectionLink('Seats'));
    expect(await screen.findByText(/Your role cannot change them/)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();

    await world.user.click(sectionLink('Images'));
    expect(await screen.findByRole('heading', { level: 3, name: 'Banner' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Upload a/)).not.toBeInTheDocument();

    await world.user.click(sectionLink('Publish'));
    expect(await screen.findByRole('list', { name: 'Publishing checklist' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Change the status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Publish/ })).not.toBeInTheDocument();
    expect(world.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('the door role cannot open an event at all (the API would refuse it too)', async () => {
    const { world } = renderEvent(makeConsoleEventAnswer(), undefined, as('door'));
    expect(await screen.findByRole('heading', { name: 'Your role does not allow this' })).toBeInTheDocument();
    expect(bodiesOf(world, 'GET', EVENT_PATH)).toHaveLength(0);
  });

  it('a cancelled event says it can no longer change, and offers nothing to change it', async () => {
    const { world } = renderEvent(makeConsoleEventAnswer({ status: 'cancelled' }));
    expect(await screen.findByText('This event is cancelled: it can no longer be changed.')).toBeInTheDocument();
    const details = screen.getByRole('form', { name: 'Event details' });
    expect(within(details).getByLabelText('Name')).toBeDisabled();
    expect(within(details).queryByRole('button', { name: 'Save the details' })).not.toBeInTheDocument();

    await world.user.click(sectionLink('Ticket packages'));
    expect(await screen.findByRole('article', { name: 'Gold' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a package' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Gold' })).not.toBeInTheDocument();

    await world.user.click(sectionLink('Publish'));
    expect(await screen.findByText('The event is cancelled: it can no longer change.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Change the status' })).not.toBeInTheDocument();
  });

  it('another organisation’s event (or none): No such event, with the way back', async () => {
    renderConsole('/organiser/acme/events/nope');
    expect(await screen.findByRole('heading', { name: 'No such event' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All events' })).toHaveAttribute('href', '/organiser/acme/events');
  });
});

describe('ticket packages', () => {
  const PACKAGES_PATH = `${EVENT_PATH}/packages`;
  const atPackages = '/organiser/acme/events/jazz2026?section=packages';

  it('each package: price, sold, held and left, its sale window; a package with sales cannot be deleted', async () => {
    renderEvent(
      makeConsoleEventAnswer({
        packages: [
          makeConsolePackage({ sold: 30, held: 5, sale_end_local: '2026-12-05T18:00' }),
          makeConsolePackage({
            id: 12,
            name: 'Student',
            price: 0,
            active: false,
            inactive_message: 'Back on Friday',
          }),
        ],
      }),
      atPackages,
    );
    const gold = await screen.findByRole('article', { name: 'Gold' });
    expect(gold).toHaveTextContent('LKR 5,000.00');
    expect(gold).toHaveTextContent('30 sold · 5 held · 65 left of 100');
    expect(gold).toHaveTextContent('From when the event is published until Sat, 5 Dec 2026, 6:00 pm');
    expect(within(gold).getByRole('button', { name: 'Delete Gold' })).toBeDisabled();
    expect(within(gold).getByRole('button', { name: 'Delete Gold' })).toHaveAccessibleDescription(
      'Tickets of this package were sold or held: it cannot be deleted. Make it inactive instead.',
    );
    const student = screen.getByRole('article', { name: 'Student' });
    expect(student).toHaveTextContent('Free');
    expect(student).toHaveTextContent('Inactive');
    expect(student).toHaveTextContent('Buyers read: Back on Friday');
    expect(within(student).getByRole('button', { name: 'Delete Student' })).toBeEnabled();
  });

  it('adding a package sends its fields (money in minor units, the sale end as the venue’s clocks read it)', async () => {
    const { world, state } = renderEvent(makeConsoleEventAnswer(), atPackages, {
      [`POST ${PACKAGES_PATH}`]: () => {
        const created = makeConsolePackage({ id: 12, name: 'Early Bird', price: 250000, capacity: 50 });
        state.event = { ...state.event, packages: [...state.event.packages, created] };
        return Response.json(created, { status: 201 });
      },
    });
    await world.user.click(await screen.findByRole('button', { name: 'Add a package' }));
    const form = screen.getByRole('form', { name: 'Add a ticket package' });
    expect(within(form).getByLabelText('Name')).toHaveFocus();
    await world.user.type(within(form).getByLabelText('Name'), 'Early Bird');
    await world.user.type(within(form).getByLabelText('Price (LKR)'), '2,500');
    await world.user.type(within(form).getByLabelText('Capacity'), '50');
    await world.user.type(within(form).getByLabelText('Sales end: Date'), '2026-12-01');
    await world.user.type(within(form).getByLabelText('Sales end: Time'), '23:59');
    await world.user.click(within(form).getByRole('button', { name: 'Add the package' }));

    expect(await screen.findByRole('article', { name: 'Early Bird' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a ticket package' })).not.toBeInTheDocument();
    expect(bodiesOf(world, 'POST', PACKAGES_PATH)).toEqual([
      {
        name: 'Early Bird',
        description: '',
        price: 250000,
        capacity: 50,
        max_per_order: 10,
        sale_start_local: null,
        sale_end_local: '2026-12-01T23:59',
        active: true,
        inactive_message: null,
        free_seating: false,
      },
    ]);
  });

  it('at a venue with a seat map, a seated package sends no capacity: its seats are its capacity', async () => {
    const { world } = renderEvent(makeSeatedEventAnswer(), atPackages, {
      [`POST ${PACKAGES_PATH}`]: () =>
        Response.json(makeConsolePackage({ id: 14, name: 'Box', free_seating: false, capacity: 0 }), {
          status: 201,
        }),
    });
    await world.user.click(await screen.findByRole('button', { name: 'Add a package' }));
    const form = screen.getByRole('form', { name: 'Add a ticket package' });
    expect(within(form).queryByLabelText('Capacity')).not.toBeInTheDocument();
    expect(form).toHaveTextContent('Its seats on the map: 0 now. Assign them in the Seats section.');
    await world.user.type(within(form).getByLabelText('Name'), 'Box');
    await world.user.type(within(form).getByLabelText('Price (LKR)'), '12000');
    await world.user.click(within(form).getByRole('button', { name: 'Add the package' }));
    await waitFor(() => expect(bodiesOf(world, 'POST', PACKAGES_PATH)).toHaveLength(1));
    expect(bodiesOf(world, 'POST', PACKAGES_PATH)[0]).toMatchObject({
      name: 'Box',
      price: 1200000,
      capacity: null,
      free_seating: false,
    });
  });

  it('editing sends only what changed', async () => {
    const { world, state } = renderEvent(makeConsoleEventAnswer(), atPackages, {
      [`PATCH ${PACKAGES_PATH}/11`]: () => {
        const saved = makeConsolePackage({ capacity: 150, active: false, inactive_message: 'Back on Friday' });
        state.event = { ...state.event, packages: [saved] };
        return Response.json(saved);
      },
    });
    await world.user.click(await screen.findByRole('button', { name: 'Edit Gold' }));
    const form = screen.getByRole('form', { name: 'Edit Gold' });
    expect(within(form).getByLabelText('Price (LKR)')).toHaveValue('5,000.00');
    await world.user.clear(within(form).getByLabelText('Capacity'));
    await world.user.type(within(form).getByLabelText('Capacity'), '150');
    await world.user.click(within(form).getByRole('checkbox', { name: 'Active' }));
    await world.user.type(within(form).getByLabelText('Message while inactive'), 'Back on Friday');
    await world.user.click(within(form).getByRole('button', { name: 'Save the package' }));

    const gold = await screen.findByRole('article', { name: 'Gold' });
    expect(gold).toHaveTextContent('0 sold · 0 held · 150 left of 150');
    expect(bodiesOf(world, 'PATCH', `${PACKAGES_PATH}/11`)).toEqual([
      { capacity: 150, active: false, inactive_message: 'Back on Friday' },
    ]);
  });

  it('a capacity under the tickets sold and held (409 capacity_below_taken) is said under Capacity', async () => {
    const { world } = renderEvent(
      makeConsoleEventAnswer({ packages: [makeConsolePackage({ sold: 30, held: 5 })] }),
      atPackages,
      {
        [`PATCH ${PACKAGES_PATH}/11`]: () =>
          refusal(409, 'capacity_below_taken', 'The capacity must be at least 35: 35 tickets are sold or held.', {
            capacity: ['must be at least 35: 35 tickets are sold or held'],
          }),
      },
    );
    await world.user.click(await screen.findByRole('button', { name: 'Edit Gold' }));
    const form = screen.getByRole('form', { name: 'Edit Gold' });
    await world.user.clear(within(form).getByLabelText('Capacity'));
    await world.user.type(within(form).getByLabelText('Capacity'), '20');
    await world.user.click(within(form).getByRole('button', { name: 'Save the package' }));

    expect(
      await within(form).findByText('Capacity must be at least 35: 35 tickets are sold or held'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Capacity')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Capacity')).toHaveFocus();
    expect(bodiesOf(world, 'PATCH', `${PACKAGES_PATH}/11`)).toEqual([{ capacity: 20 }]);
  });
});

describe('the preview page', () => {
  it('draws the preview answer with the buyer’s page, and says buyers cannot see a draft', async () => {
    const { world } = renderEvent(makeConsoleEventAnswer(), '/organiser/acme/events/jazz2026?section=preview', {
      [`GET ${EVENT_PATH}/preview`]: () =>
        Response.json(makeEventDetail({ name: 'Colombo Jazz Night', status: 'ongoing', banner_img: '' })),
    });
    await world.user.click(await screen.findByRole('link', { name: 'Open the preview' }));
    expect(world.router.state.location.pathname).toBe('/organiser/acme/events/jazz2026/preview');
    const preview = await screen.findByTestId('event-preview');
    expect(within(preview).getByRole('heading', { name: 'Colombo Jazz Night' })).toBeInTheDocument();
    // A draft without a banner: a placeholder of the banner's shape stands in.
    expect(preview).toHaveAttribute('data-banner', 'placeholder');
    const note = screen.getByRole('note', { name: 'Preview' });
    expect(await within(note).findByText('Preview: buyers cannot see this draft')).toBeInTheDocument();
    expect(note).toHaveTextContent('Read only: nothing can be bought from the preview.');
    expect(screen.getByRole('link', { name: '← Back to the event' })).toHaveAttribute(
      'href',
      '/organiser/acme/events/jazz2026',
    );
  });

  it('a published event: this is how buyers see it, with its own banner', async () => {
    renderEvent(makeConsoleEventAnswer({ status: 'ongoing' }), '/organiser/acme/events/jazz2026/preview', {
      [`GET ${EVENT_PATH}/preview`]: () =>
        Response.json(makeEventDetail({ banner_img: '/media/jazz2026/banner.webp' })),
    });
    const preview = await screen.findByTestId('event-preview');
    expect(preview).toHaveAttribute('data-banner', '/media/jazz2026/banner.webp');
    expect(await screen.findByText('This is how buyers see it')).toBeInTheDocument();
  });

  it('no such event: says so', async () => {
    renderConsole('/organiser/acme/events/nope/preview');
    expect(await screen.findByRole('heading', { name: 'No such event' })).toBeInTheDocument();
    expect(screen.queryByTestId('event-preview')).not.toBeInTheDocument();
  });
});

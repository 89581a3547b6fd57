import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GenericLayoutSpec } from '@marquee/domain/authoring';
import type { VenueAnswer } from '@marquee/domain/console';
import { bodiesOf, makeVenue, renderConsole } from '../test/render-console';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SPEC: GenericLayoutSpec = {
  stage_label: 'Stage',
  sections: [
    {
      id: 'A',
      name: 'Stalls',
      rows: [{ seats: 10 }, { seats: 10 }, { seats: 10 }],
      row_labels: 'letters',
      first_row: 1,
      numbering: 'ltr',
      aisles: [],
      beside_previous: false,
    },
  ],
};

function renderVenue(venue: VenueAnswer) {
  const world = renderConsole('/organiser/acme/venues/7', {
    api: { 'GET /api/organiser/acme/venues/7': () => Response.json(venue) },
  });
  return world;
}

const seatCount = () => screen.getByTestId('seat-count');
const preview = () => screen.getByTestId('preview');

describe('the layout builder', () => {
  it('a saved layout: its sections as numbers, the total and the preview; typing rows updates both', async () => {
    const world = renderVenue(makeVenue({ layout: { kind: 'generic', spec: SPEC, seat_count: 30 } }));
    const section = await screen.findByRole('region', { name: 'Section 1: Stalls' });
    expect(seatCount()).toHaveTextContent('Total: 30 seats');
    expect(preview()).toHaveAttribute('data-seats', '30');

    const rows = within(section).getByLabelText('Number of rows');
    expect(rows).toHaveValue('3');
    await world.user.clear(rows);
    await world.user.type(rows, '12');
    expect(seatCount()).toHaveTextContent('Total: 120 seats');
    await waitFor(() => expect(preview()).toHaveAttribute('data-seats', '120'));

    const seats = within(section).getByLabelText('Seats per row');
    await world.user.clear(seats);
    await world.user.type(seats, '25');
    expect(seatCount()).toHaveTextContent('Total: 300 seats');
    await waitFor(() => expect(preview()).toHaveAttribute('data-seats', '300'));
  });

  it('row by row: each row its own seats; the total follows', async () => {
    const world = renderVenue(makeVenue({ layout: { kind: 'generic', spec: SPEC, seat_count: 30 } }));
    const section = await screen.findByRole('region', { name: 'Section 1: Stalls' });
    await world.user.click(within(section).getByRole('radio', { name: 'Row by row' }));
    const rowB = within(section).getByRole('group', { name: 'Row B' });
    const seats = within(rowB).getByLabelText('Seats');
    await world.user.clear(seats);
    await world.user.type(seats, '14');
    expect(seatCount()).toHaveTextContent('Total: 34 seats');
    await world.user.click(within(section).getByRole('button', { name: 'Add a row' }));
    expect(within(section).getByRole('group', { name: 'Row D' })).toBeInTheDocument();
    expect(seatCount()).toHaveTextContent('Total: 44 seats');
    await waitFor(() => expect(preview()).toHaveAttribute('data-seats', '44'));
  });

  it('no seat map yet: choosing one starts a section; a second section with the same id says so', async () => {
    const world = renderVenue(makeVenue());
    await world.user.click(await screen.findByRole('radio', { name: 'Seats on a seat map built here' }));
    expect(seatCount()).toHaveTextContent('Total: 200 seats');
    await world.user.click(screen.getByRole('button', { name: 'Add a section' }));
    const second = screen.getByRole('region', { name: 'Section 2: Section 2' });
    expect(within(second).getByLabelText('Id')).toHaveValue('B');
    expect(preview()).toHaveAttribute('data-sections', 'A,B');

    await world.user.clear(within(second).getByLabelText('Id'));
    await world.user.type(within(second).getByLabelText('Id'), 'a');
    expect(within(second).getByText('Id is already the id of section 1 ("Stalls")')).toBeInTheDocument();
    expect(within(second).getByLabelText('Id')).toHaveAttribute('aria-invalid', 'true');
    // The preview keeps the last layout without mistakes.
    expect(screen.getByText('The preview shows the last layout without mistakes.')).toBeInTheDocument();
    expect(preview()).toHaveAttribute('data-sections', 'A,B');

    await world.user.click(screen.getByRole('button', { name: 'Save the seat map' }));
    expect(await screen.findByText(/The seat map has mistakes/)).toBeInTheDocument();
    expect(bodiesOf(world, 'PUT', '/api/organiser/acme/venues/7/layout')).toHaveLength(0);
    await waitFor(() => expect(within(second).getByLabelText('Id')).toHaveFocus());
  });

  it('Save sends the spec, and shows the venue as the server answers it', async () => {
    const world = renderVenue(makeVenue());
    world.routes['PUT /api/organiser/acme/venues/7/layout'] = () =>
      Response.json(makeVenue({ layout: { kind: 'generic', spec: SPEC, seat_count: 30 } }));
    await world.user.click(await screen.findByRole('radio', { name: 'Seats on a seat map built here' }));
    const section = screen.getByRole('region', { name: 'Section 1: Stalls' });
    await world.user.clear(within(section).getByLabelText('Number of rows'));
    await world.user.type(within(section).getByLabelText('Number of rows'), '2');
    await world.user.clear(within(section).getByLabelText('Aisles after seats'));
    await world.user.type(within(section).getByLabelText('Aisles after seats'), '5, 15');
    await world.user.click(screen.getByRole('button', { name: 'Save the seat map' }));
    await waitFor(() => expect(bodiesOf(world, 'PUT', '/api/organiser/acme/venues/7/layout')).toHaveLength(1));
    expect(bodiesOf(world, 'PUT', '/api/organiser/acme/venues/7/layout')[0]).toEqual({
      kind: 'generic',
      spec: {
        stage_label: 'Stage',
        sections: [
          {
            id: 'A',
            name: 'Stalls',
            rows: [{ seats: 20 }, { seats: 20 }],
            row_labels: 'letters',
            first_row: 1,
            numbering: 'ltr',
            aisles: [5, 15],
            beside_previous: false,
          },
        ],
      },
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save the seat map' })).not.toHaveAttribute('aria-disabled'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('row by row: wheelchair spaces and companion seats per row, checked as typed, counted under the preview and saved', async () => {
    const world = renderVenue(makeVenue({ layout: { kind: 'generic', spec: SPEC, seat_count: 30 } }));
    world.routes['PUT /api/organiser/acme/venues/7/layout'] = () =>
      Response.json(makeVenue({ layout: { kind: 'generic', spec: SPEC, seat_count: 30 } }));
    const section = await screen.findByRole('region', { name: 'Section 1: Stalls' });
    expect(within(section).getByText(/To mark wheelchair spaces and companion seats/)).toBeInTheDocument();
    expect(screen.getByTestId('accessible-places')).toHaveTextContent('No wheelchair spaces or companion seats yet');
    await world.user.click(within(section).getByRole('radio', { name: 'Row by row' }));

    const rowA = within(section).getByRole('group', { name: 'Row A' });
    const wheelchair = within(rowA).getByLabelText('Wheelchair spaces (seat numbers)');
    const companion = within(rowA).getByLabelText('Companion seats (seat numbers)');
    await world.user.type(wheelchair, '1, 10');
    await world.user.type(companion, '1');
    expect(within(rowA).getByText('Companion seats must not include seat 1: it is a wheelchair space')).toBeVisible();
    expect(companion).toHaveAttribute('aria-invalid', 'true');
    await world.user.clear(companion);
    await world.user.type(companion, '2 9');
    expect(companion).not.toHaveAttribute('aria-invalid');
    await world.user.type(wheelchair, ', 11');
    expect(
      within(rowA).getByText('Wheelchair spaces must be between 1 and 10: seat 11 is not in the row'),
    ).toBeVisible();
    await world.user.type(wheelchair, '{Backspace}{Backspace}{Backspace}{Backspace}');
    await waitFor(() =>
      expect(screen.getByTestId('accessible-places')).toHaveTextContent(
        'Accessible places: 2 wheelchair spaces and 2 companion seats, marked on the map.',
      ),
    );

    const offeredFirst = screen.getByLabelText('Sections offered first (ids, in order)');
    await world.user.type(offeredFirst, 'B');
    expect(
      screen.getByText("Sections offered first must be ids of the layout's sections: there is no section B"),
    ).toBeVisible();
    await world.user.clear(offeredFirst);
    await world.user.type(offeredFirst, 'a');

    await world.user.click(screen.getByRole('button', { name: 'Save the seat map' }));
    await waitFor(() => expect(bodiesOf(world, 'PUT', '/api/organiser/acme/venues/7/layout')).toHaveLength(1));
    expect(bodiesOf(world, 'PUT', '/api/organiser/acme/venues/7/layout')[0]).toMatchObject({
      kind: 'generic',
      spec: {
        sections: [{ rows: [{ seats: 10, wheelchair: [1, 10], companion: [2, 9] }, { seats: 10 }, { seats: 10 }] }],
        best_sections: ['a'],
      },
    });
  });

  it("the server's 422 goes under its field", async () => {
    const world = renderVenue(makeVenue({ layout: { kind: 'generic', spec: SPEC, seat_count: 30 } }));
    world.routes['PUT /api/organiser/acme/venues/7/layout'] = () =>
      Response.json(
        {
          code: 'validation_failed',
          message: 'is reserved',
          errors: { 'spec.sections.0.name': ['is reserved'] },
        },
        { status: 422 },
      );
    await world.user.click(await screen.findByRole('button', { name: 'Save the seat map' }));
    const section = screen.getByRole('region', { name: 'Section 1: Stalls' });
    expect(await within(section).findByText('Name is reserved')).toBeInTheDocument();
    expect(screen.getByText('The seat map was not saved: is reserved')).toBeInTheDocument();
    // Editing clears the server's word until it is asked again.
    await world.user.type(within(section).getByLabelText('Name'), ' Hall');
    expect(within(section).queryByText('Name is reserved')).not.toBeInTheDocument();
  });

  it('a locked layout: says why, and nothing can be changed or saved', async () => {
    renderVenue(
      makeVenue({ layout: { kind: 'generic', spec: SPEC, seat_count: 30 }, layout_locked: true, event_count: 2 }),
    );
    expect(await screen.findByText(/The seat map cannot change any more/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save the seat map' })).toBeDisabled();
    expect(screen.getByLabelText('Number of rows')).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'From a ticket list (no seat map)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add a section' })).toBeDisabled();
  });

  it('locked meanwhile (409 layout_locked on save): says so and disables Save', async () => {
    const world = renderVenue(makeVenue({ layout: { kind: 'generic', spec: SPEC, seat_count: 30 } }));
    world.routes['PUT /api/organiser/acme/venues/7/layout'] = () =>
      Response.json(
        { code: 'layout_locked', message: 'An event at this venue has sold tickets: its seat map cannot change.' },
        { status: 409 },
      );
    await world.user.click(await screen.findByRole('button', { name: 'Save the seat map' }));
    expect(
      await screen.findByText('An event at this venue has sold tickets: its seat map cannot change.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save the seat map' })).toBeDisabled();
    expect(screen.getByText(/The seat map cannot change any more/)).toBeInTheDocument();
  });

  it('a special map is kept, not edited', async () => {
    renderVenue(makeVenue({ layout: { kind: 'special', type: 'lotus', seat_count: 20964 } }));
    expect(await screen.findByText(/This venue has a seat map drawn for it \(20,964 seats\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save the seat map' })).not.toBeInTheDocument();
  });

  it('another organisation’s venue (or none): not found', async () => {
    renderConsole('/organiser/acme/venues/99');
    expect(await screen.findByRole('heading', { name: 'No such venue' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All venues' })).toHaveAttribute('href', '/organiser/acme/venues');
  });
});

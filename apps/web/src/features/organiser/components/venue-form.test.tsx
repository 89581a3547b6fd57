import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, makeVenue, renderConsole } from '../test/render-console';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Add a venue', () => {
  it("starts in the organisation's country; a country's zones, its main zone first; the schema's messages", async () => {
    const world = renderConsole('/organiser/acme/venues/new');
    const form = await screen.findByRole('form', { name: 'Add a venue' });
    const country = within(form).getByLabelText('Country');
    const zone = within(form).getByLabelText('Time zone');
    expect(country).toHaveValue('LK');
    expect(zone).toHaveValue('Asia/Colombo');

    await world.user.selectOptions(country, 'AU');
    expect(zone).toHaveValue('Australia/Sydney');
    const zones = within(zone)
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(zones[0]).toBe('Australia/Sydney');
    expect(zones).toEqual(expect.arrayContaining(['Australia/Perth', 'Australia/Adelaide', 'Australia/Brisbane']));
    expect(zones.every((each) => each?.startsWith('Australia/'))).toBe(true);

    await world.user.click(within(form).getByRole('button', { name: 'Add the venue' }));
    expect(await within(form).findByText('Name must not be empty')).toBeInTheDocument();
    expect(within(form).getByText('City must not be empty')).toBeInTheDocument();
    expect(bodiesOf(world, 'POST', '/api/organiser/acme/venues')).toHaveLength(0);
  });

  it("sends the fields; the server's 422 goes under its field; then the new venue's page", async () => {
    const world = renderConsole('/organiser/acme/venues/new');
    world.routes['POST /api/organiser/acme/venues'] = () =>
      Response.json(
        {
          code: 'validation_failed',
          message: 'is already a venue of this organisation',
          errors: { name: ['is already a venue of this organisation'] },
        },
        { status: 422 },
      );
    const form = await screen.findByRole('form', { name: 'Add a venue' });
    await world.user.type(within(form).getByLabelText('Name'), 'Lionel Wendt');
    await world.user.type(within(form).getByLabelText('City'), 'Colombo');
    await world.user.click(within(form).getByRole('button', { name: 'Add the venue' }));
    expect(await within(form).findByText('Name is already a venue of this organisation')).toBeInTheDocument();

    const created = makeVenue({ id: 12, name: 'Lionel Wendt Theatre' });
    world.routes['POST /api/organiser/acme/venues'] = () => Response.json(created, { status: 201 });
    world.routes['GET /api/organiser/acme/venues/12'] = () => Response.json(created);
    await world.user.type(within(form).getByLabelText('Name'), ' Theatre');
    await world.user.click(within(form).getByRole('button', { name: 'Add the venue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lionel Wendt Theatre' })).toBeInTheDocument();
    expect(world.router.state.location.pathname).toBe('/organiser/acme/venues/12');
    expect(bodiesOf(world, 'POST', '/api/organiser/acme/venues').at(-1)).toEqual({
      name: 'Lionel Wendt Theatre',
      address: '',
      city: 'Colombo',
      country: 'LK',
      time_zone: 'Asia/Colombo',
    });
  });
});

describe("a venue's details", () => {
  it('sends only what changed', async () => {
    const world = renderConsole('/organiser/acme/venues/7', {
      api: { 'GET /api/organiser/acme/venues/7': () => Response.json(makeVenue()) },
    });
    world.routes['PATCH /api/organiser/acme/venues/7'] = () => Response.json(makeVenue({ city: 'Colombo 7' }));
    const form = await screen.findByRole('form', { name: 'Venue details' });
    const city = within(form).getByLabelText('City');
    await world.user.type(city, ' 7');
    await world.user.click(within(form).getByRole('button', { name: 'Save the details' }));
    await waitFor(() =>
      expect(bodiesOf(world, 'PATCH', '/api/organiser/acme/venues/7')).toEqual([{ city: 'Colombo 7' }]),
    );
    await waitFor(() =>
      expect(within(screen.getByRole('form', { name: 'Venue details' })).getByLabelText('City')).toHaveValue(
        'Colombo 7',
      ),
    );
  });
});

import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PromoCodeAnswer, PromoListAnswer } from '@marquee/domain/promotions-console';
import { eventRoutes, makeConsoleEventAnswer } from '../test/event-fixtures';
import { bodiesOf, makeMe, makeMembership, renderConsole } from '../test/render-console';
import { refusal } from '../test/team-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PROMOTIONS = '/api/organiser/acme/events/jazz2026/promotions';
const PAGE = '/organiser/acme/events/jazz2026?section=promotions';

function makeCode(overrides: Partial<PromoCodeAnswer> = {}): PromoCodeAnswer {
  return {
    id: 1,
    code: 'SUMMER10',
    kind: 'percent',
    value: 10,
    package_ids: [],
    valid_from: null,
    valid_to: null,
    max_uses: 100,
    max_uses_per_email: null,
    active: true,
    used_count: 3,
    usage: { orders: 3, tickets: 7, discount: 105_000 },
    created_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The promotions section over a server that keeps its codes in `state.list`. */
function renderPromotions(api = {}, role: 'owner' | 'manager' | 'box_office' = 'manager') {
  const state: { list: PromoListAnswer } = { list: { currency: 'LKR', codes: [makeCode()] } };
  const world = renderConsole(PAGE, {
    api: {
      ...eventRoutes({ event: makeConsoleEventAnswer() }),
      'GET /api/organiser/me': () => Response.json(makeMe({ organisations: [makeMembership({ role })] })),
      [`GET ${PROMOTIONS}`]: () => Response.json(state.list),
      ...api,
    },
  });
  return { world, state };
}

const section = () => screen.getByRole('region', { name: 'Promotions' });

describe('the promotions section', () => {
  it('is a section of the event page: the codes with their usage and a CSV link', async () => {
    renderPromotions();
    const nav = await screen.findByRole('navigation', { name: 'Event sections' });
    expect(within(nav).getByRole('link', { name: /^Promotions/ })).toHaveAttribute('aria-current', 'page');
    const row = await screen.findByRole('row', { name: /SUMMER10/ });
    expect(within(row).getByText('10% off')).toBeInTheDocument();
    expect(within(row).getByText('3 of 100')).toBeInTheDocument();
    expect(within(row).getByText('7')).toBeInTheDocument();
    expect(within(row).getByText('LKR 1,050.00')).toBeInTheDocument();
    expect(within(section()).getByRole('link', { name: 'Download the codes as CSV' })).toHaveAttribute(
      'href',
      `${PROMOTIONS}/export`,
    );
  });

  it('is not offered to the box office (no promo.read)', async () => {
    renderPromotions({}, 'box_office');
    const nav = await screen.findByRole('navigation', { name: 'Event sections' });
    expect(within(nav).queryByRole('link', { name: /Promotions/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Promotions' })).not.toBeInTheDocument();
  });

  it("makes a code, and puts the server's 422 under its field", async () => {
    const { world, state } = renderPromotions({
      [`POST ${PROMOTIONS}`]: () =>
        refusal(422, 'validation_failed', 'Choose packages of this event.', {
          package_ids: ['Choose packages of this event.'],
        }),
    });
    const form = await screen.findByRole('form', { name: 'New promo code' });
    await world.user.type(within(form).getByLabelText('Code'), 'vip');
    await world.user.type(within(form).getByLabelText('Value'), '15');
    await world.user.click(within(form).getByLabelText('Gold'));
    await world.user.click(within(form).getByRole('button', { name: 'Make the code' }));
    expect(await within(form).findByText('Choose packages of this event.')).toBeInTheDocument();
    expect(bodiesOf(world, 'POST', PROMOTIONS)).toEqual([
      {
        code: 'vip',
        kind: 'percent',
        value: 15,
        package_ids: [11],
        valid_from: null,
        valid_to: null,
        max_uses: null,
        max_uses_per_email: null,
        active: true,
      },
    ]);

    world.routes[`POST ${PROMOTIONS}`] = () => {
      const made = makeCode({ id: 2, code: 'VIP', value: 15, used_count: 0 });
      state.list = { ...state.list, codes: [...state.list.codes, made] };
      return Response.json(made, { status: 201 });
    };
    await world.user.click(within(form).getByRole('button', { name: 'Make the code' }));
    expect(await screen.findByRole('row', { name: /VIP/ })).toBeInTheDocument();
  });

  it('a duplicate code: the 409 is said above the form', async () => {
    const { world } = renderPromotions({
      [`POST ${PROMOTIONS}`]: () => refusal(409, 'conflict', 'This event already has that code.'),
    });
    const form = await screen.findByRole('form', { name: 'New promo code' });
    await world.user.type(within(form).getByLabelText('Code'), 'SUMMER10');
    await world.user.type(within(form).getByLabelText('Value'), '10');
    await world.user.click(within(form).getByRole('button', { name: 'Make the code' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This event already has that code.');
  });

  it('generates N codes, a fixed amount in minor units', async () => {
    const { world } = renderPromotions({
      [`POST ${PROMOTIONS}/generate`]: () => Response.json({ count: 25, codes: [] }, { status: 201 }),
    });
    const form = await screen.findByRole('form', { name: 'Generate promo codes' });
    await world.user.type(within(form).getByLabelText('Prefix'), 'VIP-');
    await world.user.clear(within(form).getByLabelText('How many'));
    await world.user.type(within(form).getByLabelText('How many'), '25');
    await world.user.selectOptions(within(form).getByLabelText('Kind'), 'fixed');
    await world.user.type(within(form).getByLabelText('Value'), '500');
    await world.user.click(within(form).getByRole('button', { name: 'Generate the codes' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('25 codes made');
    expect(bodiesOf(world, 'POST', `${PROMOTIONS}/generate`)).toEqual([
      expect.objectContaining({ prefix: 'VIP-', count: 25, kind: 'fixed', value: 50_000, max_uses: 1 }),
    ]);
  });

  it('deactivates a code', async () => {
    const { world, state } = renderPromotions({
      [`POST ${PROMOTIONS}/1/deactivate`]: () => {
        const inactive = makeCode({ active: false });
        state.list = { ...state.list, codes: [inactive] };
        return Response.json(inactive);
      },
    });
    await world.user.click(await screen.findByRole('button', { name: 'Deactivate SUMMER10' }));
    const row = await screen.findByRole('row', { name: /Inactive/ });
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });
});

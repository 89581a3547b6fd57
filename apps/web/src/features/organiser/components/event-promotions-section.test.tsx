import { screen, waitFor, within } from '@testing-library/react';
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
    auto_apply: false,
    used_count: 3,
    usage: { orders: 3, tickets: 7, discount: 105_000 },
    created_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}
const UNUSED = makeCode({ id: 2, code: 'SPRING', used_count: 0, usage: { orders: 0, tickets: 0, discount: 0 } });

/** The promotions section over a server that keeps its codes in `state.list`. */
function renderPromotions(
  api = {},
  role: 'owner' | 'manager' | 'box_office' = 'manager',
  codes: PromoCodeAnswer[] = [makeCode()],
) {
  const state: { list: PromoListAnswer } = { list: { currency: 'LKR', codes } };
  const world = renderConsole(PAGE, {
    api: {
      ...eventRoutes({ event: makeConsoleEventAnswer() }),
      'GET /api/organiser/me': () => Response.json(makeMe({ organisations: [makeMembership({ role })] })),
      [`GET ${PROMOTIONS}`]: () => Response.json(state.list),
      ...api,
    },
  });
  /** Answers a PATCH or action with the code changed, and lists it so. */
  const changed = (id: number, change: Partial<PromoCodeAnswer>) => {
    const code = { ...(state.list.codes.find((each) => each.id === id) ?? makeCode()), ...change };
    state.list = { ...state.list, codes: state.list.codes.map((each) => (each.id === id ? code : each)) };
    return Response.json(code);
  };
  return { world, state, changed };
}

const section = () => screen.getByRole('region', { name: 'Promotions' });
/** The first render loads the console's chunks: more than the default second on a busy machine. */
const SLOW = { timeout: 5_000 };
const findSection = () => screen.findByRole('region', { name: 'Promotions' }, SLOW);
const card = (code: string) => screen.findByRole('article', { name: code }, SLOW);
const factOf = (article: HTMLElement, term: string) =>
  within(article).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

// The console's first render loads its chunks: slow on a busy two-core machine.
describe('the promotions section', { timeout: 20_000 }, () => {
  it('is a section of the event page: each code with its usage report, and the CSV link', async () => {
    renderPromotions();
    const nav = await screen.findByRole('navigation', { name: 'Event sections' }, SLOW);
    expect(within(nav).getByRole('link', { name: /^Promotions/ })).toHaveAttribute('aria-current', 'page');
    const summer = await card('SUMMER10');
    expect(factOf(summer, 'Discount')).toBe('10% off');
    expect(factOf(summer, 'Uses')).toBe('3 of 100');
    expect(factOf(summer, 'Orders')).toBe('3');
    expect(factOf(summer, 'Tickets')).toBe('7');
    expect(factOf(summer, 'Discount given')).toBe('LKR 1,050.00');
    expect(factOf(summer, 'Packages')).toBe('All packages');
    expect(within(section()).getByRole('link', { name: 'Download the codes as CSV' })).toHaveAttribute(
      'href',
      `${PROMOTIONS}/export`,
    );
  });

  it('says so when there are none', async () => {
    renderPromotions({}, 'manager', []);
    expect(await within(await findSection()).findByText(/No promo codes yet/)).toBeInTheDocument();
    expect(within(section()).queryByRole('link', { name: 'Download the codes as CSV' })).not.toBeInTheDocument();
  });

  it('says so while loading, and when the list cannot be loaded, with a retry', async () => {
    let fail = true;
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { world } = renderPromotions({
      [`GET ${PROMOTIONS}`]: async () => {
        await answered;
        return fail
          ? refusal(500, 'internal_error', 'Something went wrong.')
          : Response.json({ currency: 'LKR', codes: [makeCode()] });
      },
    });
    const region = await findSection();
    expect(within(region).getByText('Loading the promo codes…')).toBeInTheDocument();
    release();
    expect(await within(region).findByText('The promo codes could not be loaded')).toBeInTheDocument();
    fail = false;
    await world.user.click(within(region).getByRole('button', { name: /Try again/ }));
    expect(await card('SUMMER10')).toBeInTheDocument();
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
        auto_apply: false,
      },
    ]);

    world.routes[`POST ${PROMOTIONS}`] = () => {
      const made = makeCode({ id: 2, code: 'VIP', value: 15, used_count: 0 });
      state.list = { ...state.list, codes: [...state.list.codes, made] };
      return Response.json(made, { status: 201 });
    };
    await world.user.click(within(form).getByRole('button', { name: 'Make the code' }));
    expect(await card('VIP')).toBeInTheDocument();
  });

  it('makes an auto-apply code; a second one is refused with the 409 naming the first', async () => {
    const { world } = renderPromotions({
      [`POST ${PROMOTIONS}`]: () =>
        refusal(
          409,
          'conflict',
          'SUMMER10 is already applied automatically: unmark it first (one code per event is).',
          {
            auto_apply: ['SUMMER10 is already applied automatically: unmark it first (one code per event is).'],
          },
        ),
    });
    const form = await screen.findByRole('form', { name: 'New promo code' });
    await world.user.type(within(form).getByLabelText('Code'), 'WELCOME');
    await world.user.type(within(form).getByLabelText('Value'), '20');
    await world.user.click(within(form).getByLabelText('Apply automatically at checkout'));
    await world.user.click(within(form).getByRole('button', { name: 'Make the code' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('SUMMER10 is already applied automatically');
    expect(bodiesOf(world, 'POST', PROMOTIONS)).toEqual([
      expect.objectContaining({ code: 'WELCOME', auto_apply: true }),
    ]);
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

  it('generates N codes, a fixed amount in minor units, never auto-applied', async () => {
    const { world } = renderPromotions({
      [`POST ${PROMOTIONS}/generate`]: () => Response.json({ count: 25, codes: [] }, { status: 201 }),
    });
    const form = await screen.findByRole('form', { name: 'Generate promo codes' });
    expect(within(form).queryByLabelText('Apply automatically at checkout')).not.toBeInTheDocument();
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
    expect(bodiesOf(world, 'POST', `${PROMOTIONS}/generate`)[0]).not.toHaveProperty('auto_apply');
  });

  it('deactivates a code and reactivates it; a refusal of the reactivation is said', async () => {
    const { world, changed } = renderPromotions({
      [`POST ${PROMOTIONS}/1/deactivate`]: () => changed(1, { active: false }),
    });
    await world.user.click(await screen.findByRole('button', { name: 'Deactivate SUMMER10' }));
    const summer = await card('SUMMER10');
    expect(await within(summer).findByText('Inactive')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('SUMMER10 is deactivated.');

    world.routes[`PATCH ${PROMOTIONS}/1`] = () =>
      refusal(409, 'conflict', 'SPRING is already applied automatically: unmark it first (one code per event is).');
    await world.user.click(within(summer).getByRole('button', { name: 'Reactivate SUMMER10' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent('SPRING is already applied automatically');

    world.routes[`PATCH ${PROMOTIONS}/1`] = () => changed(1, { active: true });
    await world.user.click(within(summer).getByRole('button', { name: 'Reactivate SUMMER10' }));
    expect(await within(summer).findByRole('button', { name: 'Deactivate SUMMER10' })).toBeInTheDocument();
    expect(bodiesOf(world, 'PATCH', `${PROMOTIONS}/1`)).toEqual([{ active: true }, { active: true }]);
  });

  it('changes an unused code with the keyboard: only the fields changed are sent', async () => {
    const { world, changed } = renderPromotions({}, 'manager', [UNUSED]);
    world.routes[`PATCH ${PROMOTIONS}/2`] = () => changed(2, { value: 25, max_uses: 40, auto_apply: true });
    const spring = await card('SPRING');
    within(spring).getByRole('button', { name: 'Change SPRING' }).focus();
    await world.user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Change SPRING' });
    expect(within(dialog).getByLabelText('Kind')).toBeEnabled();
    const value = within(dialog).getByLabelText('Value');
    expect(value).toHaveValue('10');
    await world.user.clear(value);
    await world.user.type(value, '25');
    await world.user.clear(within(dialog).getByLabelText('Most uses in all'));
    await world.user.type(within(dialog).getByLabelText('Most uses in all'), '40');
    await world.user.click(within(dialog).getByLabelText('Apply automatically at checkout'));
    await world.user.click(within(dialog).getByRole('button', { name: 'Save the changes' }));
    expect(await screen.findByText('Applied automatically')).toBeInTheDocument();
    expect(bodiesOf(world, 'PATCH', `${PROMOTIONS}/2`)).toEqual([{ value: 25, max_uses: 40, auto_apply: true }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The focus goes back to the button that opened the dialog.
    await waitFor(() => expect(within(spring).getByRole('button', { name: 'Change SPRING' })).toHaveFocus());
  });

  it("a used code's kind and value are disabled with the reason; a refusal is said in the dialog", async () => {
    const { world } = renderPromotions({
      [`PATCH ${PROMOTIONS}/1`]: () =>
        refusal(422, 'validation_failed', 'The limit cannot be below the uses already made. (3 so far)', {
          max_uses: ['The limit cannot be below the uses already made. (3 so far)'],
        }),
    });
    await world.user.click(await screen.findByRole('button', { name: 'Change SUMMER10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change SUMMER10' });
    expect(within(dialog).getByLabelText('Kind')).toBeDisabled();
    expect(within(dialog).getByLabelText('Value')).toBeDisabled();
    expect(within(dialog).getByLabelText('Value')).toHaveAccessibleDescription(/Used 3 times: its kind and value/);
    await world.user.clear(within(dialog).getByLabelText('Most uses in all'));
    await world.user.type(within(dialog).getByLabelText('Most uses in all'), '2');
    await world.user.click(within(dialog).getByRole('button', { name: 'Save the changes' }));
    expect(await within(dialog).findByText(/cannot be below the uses already made/)).toBeInTheDocument();
    // Kind and value were not sent.
    expect(bodiesOf(world, 'PATCH', `${PROMOTIONS}/1`)).toEqual([{ max_uses: 2 }]);
    await world.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  });

  it('deletes a code never used after a question; a used one says why it cannot be deleted', async () => {
    const { world, state } = renderPromotions({}, 'manager', [makeCode(), UNUSED]);
    const summer = await card('SUMMER10');
    expect(within(summer).queryByRole('button', { name: 'Delete SUMMER10' })).not.toBeInTheDocument();
    expect(within(summer).getByText(/Cannot be deleted: It has been used/)).toBeInTheDocument();

    world.routes[`DELETE ${PROMOTIONS}/2`] = () =>
      refusal(409, 'conflict', 'This code has been used: deactivate it instead of deleting it.');
    await world.user.click(within(await card('SPRING')).getByRole('button', { name: 'Delete SPRING' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete SPRING?' });
    await world.user.click(within(dialog).getByRole('button', { name: 'Delete the code' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('deactivate it instead');

    world.routes[`DELETE ${PROMOTIONS}/2`] = () => {
      state.list = { ...state.list, codes: [makeCode()] };
      return new Response(null, { status: 204 });
    };
    await world.user.click(within(dialog).getByRole('button', { name: 'Delete the code' }));
    expect(await screen.findByText('SPRING is deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'SPRING' })).not.toBeInTheDocument();
    // Its card is gone: the focus goes to the section's heading.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Promotions' })).toHaveFocus());
    expect(bodiesOf(world, 'DELETE', `${PROMOTIONS}/2`)).toHaveLength(2);
  });
});

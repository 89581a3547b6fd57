import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey, WebhookDelivery, WebhookEndpoint } from '@marquee/domain/integrations';
import { bodiesOf, makeMe, makeMembership, renderConsole } from '../test/render-console';
import { refusal } from '../test/team-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SECRET = `mq_live_${'x'.repeat(43)}`;
const asOwner = {
  'GET /api/organiser/me': () => Response.json(makeMe({ organisations: [makeMembership({ role: 'owner' })] })),
};

function makeKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 3,
    name: 'Accounting export',
    prefix: 'mq_live_Ab3x',
    scopes: ['order.read', 'report.read'],
    event_uids: null,
    created_at: '2026-11-20T08:00:00.000Z',
    created_by: 'kumari@example.com',
    last_used_at: null,
    revoked_at: null,
    ...overrides,
  };
}

function makeEndpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: 5,
    url: 'https://hooks.acme.example/marquee',
    description: null,
    events: ['order.completed'],
    active: true,
    created_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

function makeDelivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 9,
    event_id: 'evt_1',
    event_type: 'order.completed',
    status: 'delivered',
    attempts: 2,
    last_status_code: 200,
    last_error: null,
    last_attempt_at: '2026-11-20T09:00:00.000Z',
    next_attempt_at: null,
    created_at: '2026-11-20T08:59:00.000Z',
    ...overrides,
  };
}

const lists = (keys: ApiKey[] = [], endpoints: WebhookEndpoint[] = []) => ({
  'GET /api/organiser/acme/api-keys': () => Response.json({ keys }),
  'GET /api/organiser/acme/webhooks': () => Response.json({ endpoints }),
});

describe('the Integrations page', { timeout: 30_000 }, () => {
  it('is in the nav for owners only', async () => {
    renderConsole('/organiser/acme/audit', { api: { ...asOwner, ...lists() } });
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Integrations' })).toHaveAttribute(
      'href',
      '/organiser/acme/integrations',
    );
  });

  it('a manager sees no link, and the address says the role does not allow it', async () => {
    renderConsole('/organiser/acme/integrations', { api: lists() });
    expect(await screen.findByRole('heading', { name: 'Not for your role' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Integrations' })).not.toBeInTheDocument();
  });

  it('loading, then empty: says so for keys and endpoints', async () => {
    renderConsole('/organiser/acme/integrations', {
      api: {
        ...asOwner,
        'GET /api/organiser/acme/api-keys': () => new Promise<Response>(() => undefined),
        'GET /api/organiser/acme/webhooks': () => Response.json({ endpoints: [] }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations' })).toBeInTheDocument();
    expect(await screen.findByText('Loading the API keys…')).toBeInTheDocument();
    expect(await screen.findByText('No webhook endpoints yet.')).toBeInTheDocument();
  });

  it('a failure says so, with Try again', async () => {
    renderConsole('/organiser/acme/integrations', {
      api: {
        ...asOwner,
        ...lists(),
        'GET /api/organiser/acme/api-keys': () => refusal(500, 'internal_error', 'Something went wrong on our side.'),
      },
    });
    expect(await screen.findByText('The API keys could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('makes a key with the chosen scopes and shows its secret once, with Copy and a warning', async () => {
    const world = renderConsole('/organiser/acme/integrations', {
      api: {
        ...asOwner,
        ...lists(),
        'POST /api/organiser/acme/api-keys': () =>
          Response.json({ key: makeKey({ name: 'Kiosk' }), secret: SECRET }, { status: 201 }),
      },
    });
    await world.user.click(await screen.findByRole('button', { name: 'New API key' }));
    const dialog = screen.getByRole('dialog', { name: 'New API key' });
    // Nothing chosen: the form says so before asking the server.
    await world.user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Kiosk');
    await world.user.click(within(dialog).getByRole('button', { name: 'Make the key' }));
    expect(await within(dialog).findByText('Choose at least one permission for the key.')).toBeInTheDocument();
    expect(bodiesOf(world, 'POST', '/api/organiser/acme/api-keys')).toEqual([]);
    // Never offered: what a key may not be given.
    expect(within(dialog).queryByRole('checkbox', { name: /team/i })).not.toBeInTheDocument();

    await world.user.click(within(dialog).getByRole('checkbox', { name: 'Read orders' }));
    await world.user.click(within(dialog).getByRole('checkbox', { name: 'Read sales reports' }));
    Object.assign(world.routes, lists([makeKey({ name: 'Kiosk' })]));
    await world.user.click(within(dialog).getByRole('button', { name: 'Make the key' }));

    const reveal = await screen.findByRole('region', { name: 'The key “Kiosk”' });
    expect(reveal).toHaveTextContent(SECRET);
    expect(reveal).toHaveTextContent('Copy it now: it will not be shown again.');
    expect(bodiesOf(world, 'POST', '/api/organiser/acme/api-keys')).toEqual([
      { name: 'Kiosk', scopes: ['order.read', 'report.read'] },
    ]);
    await world.user.click(within(reveal).getByRole('button', { name: 'Copy' }));
    expect(await within(reveal).findByText('Copied.')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(SECRET);
    await world.user.click(within(reveal).getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    const keys = await screen.findByRole('list', { name: 'API keys' });
    expect(keys).toHaveTextContent('mq_live_Ab3x…');
    expect(keys).toHaveTextContent('Read orders, Read sales reports');
  });

  it('revokes a key after asking', async () => {
    const world = renderConsole('/organiser/acme/integrations', {
      api: {
        ...asOwner,
        ...lists([makeKey()]),
        'POST /api/organiser/acme/api-keys/3/revoke': () =>
          Response.json(makeKey({ revoked_at: '2026-11-21T08:00:00.000Z' })),
      },
    });
    await world.user.click(await screen.findByRole('button', { name: 'Revoke the key Accounting export' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke “Accounting export”?' });
    expect(bodiesOf(world, 'POST', '/api/organiser/acme/api-keys/3/revoke')).toEqual([]);
    await world.user.click(within(dialog).getByRole('button', { name: 'Revoke the key' }));
    await waitFor(() => expect(bodiesOf(world, 'POST', '/api/organiser/acme/api-keys/3/revoke')).toHaveLength(1));
  });

  it("adds an endpoint: the server's refusal of the address is said under it", async () => {
    const world = renderConsole('/organiser/acme/integrations', {
      api: {
        ...asOwner,
        ...lists(),
        'POST /api/organiser/acme/webhooks': () =>
          Response.json(
            {
              code: 'webhook_url_refused',
              message: 'This address points inside a private network.',
              errors: { url: ['This address points inside a private network.'] },
            },
            { status: 422 },
          ),
      },
    });
    await world.user.click(await screen.findByRole('button', { name: 'Add an endpoint' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a webhook endpoint' });
    const address = within(dialog).getByRole('textbox', { name: /Address/ });
    await world.user.type(address, 'https://10.0.0.5/hook');
    await world.user.click(within(dialog).getByRole('checkbox', { name: 'Ticket checked in' }));
    await world.user.click(within(dialog).getByRole('button', { name: 'Add the endpoint' }));
    await waitFor(() => expect(address).toHaveAccessibleDescription(/private network/));
    expect(bodiesOf(world, 'POST', '/api/organiser/acme/webhooks')).toEqual([
      { url: 'https://10.0.0.5/hook', events: ['order.completed', 'ticket.checked_in'] },
    ]);

    world.routes['POST /api/organiser/acme/webhooks'] = () =>
      Response.json({ endpoint: makeEndpoint(), secret: 'whsec_abc' }, { status: 201 });
    Object.assign(world.routes, lists([], [makeEndpoint()]));
    await world.user.clear(address);
    await world.user.type(address, 'https://hooks.acme.example/marquee');
    await world.user.click(within(dialog).getByRole('button', { name: 'Add the endpoint' }));
    const reveal = await screen.findByRole('region', { name: /signing secret/ });
    expect(reveal).toHaveTextContent('whsec_abc');
    expect(await screen.findByRole('list', { name: 'Webhook endpoints' })).toHaveTextContent(
      'https://hooks.acme.example/marquee',
    );
  });

  it("shows an endpoint's delivery log and sends a test event", async () => {
    const world = renderConsole('/organiser/acme/integrations', {
      api: {
        ...asOwner,
        ...lists([], [makeEndpoint()]),
        'GET /api/organiser/acme/webhooks/5/deliveries': () =>
          Response.json({
            deliveries: [
              makeDelivery(),
              makeDelivery({
                id: 8,
                status: 'pending',
                attempts: 1,
                last_status_code: 500,
                next_attempt_at: '2026-11-20T09:05:00.000Z',
              }),
            ],
          }),
        'POST /api/organiser/acme/webhooks/5/test': () =>
          Response.json({ delivery: makeDelivery({ status: 'pending', attempts: 0 }) }, { status: 202 }),
      },
    });
    const toggle = await screen.findByRole('button', { name: 'Show deliveries' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await world.user.click(toggle);
    const log = await screen.findByRole('list', { name: 'Deliveries' });
    const [delivered, retrying] = within(log).getAllByRole('listitem');
    expect(delivered).toHaveTextContent('Delivered (HTTP 200)');
    expect(delivered).toHaveTextContent('Attempt 2');
    expect(retrying).toHaveTextContent('Retrying (HTTP 500)');
    await world.user.click(screen.getByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(bodiesOf(world, 'POST', '/api/organiser/acme/webhooks/5/test')).toHaveLength(1));
  });
});

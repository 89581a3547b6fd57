import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrganisationRole } from '@marquee/domain/permissions';
import { registerErrorHandling } from './errors';
import { organiserOf, organiserRoutesOf, registerOrganiserAccess, type OrganiserAccessDeps } from './organiser-access';

/**
 * The guard's declarations fail closed at boot, and its event scope (step 5) on a bare Fastify with the
 * reads stubbed: the database-backed steps are covered through the real routes (modules/organisations).
 */
let apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
});

const EVENTS = { ours: { id: 11, uid: 'ours11' }, limited: { id: 12, uid: 'ours12' } };

function deps(member: { role: OrganisationRole; allEvents: boolean; eventIds?: number[] }): OrganiserAccessDeps {
  return {
    currentSession: async (request) => (request.headers.cookie ? { userId: 'u1', sessionId: 's1' } : null),
    findOrganisationAndMembership: async (slug) =>
      slug === 'our-org'
        ? { organisationId: 1, slug, membership: { memberId: 5, role: member.role, allEvents: member.allEvents } }
        : null,
    findSignedInFacts: async () => ({
      email: 'm@example.com',
      twoFactorEnabled: true,
      secondFactor: true,
      isOperator: false,
    }),
    findMemberEventIds: async () => member.eventIds ?? [],
    findEventOfOrganisation: async (organisationId, uid) =>
      organisationId === 1 ? (Object.values(EVENTS).find((event) => event.uid === uid) ?? null) : null,
  };
}

function appWith(access: OrganiserAccessDeps, declare: (app: FastifyInstance) => void): FastifyInstance {
  const app = Fastify();
  apps.push(app);
  registerErrorHandling(app);
  registerOrganiserAccess(app, access);
  void app.register(async (child) => declare(child));
  return app;
}

describe('registerOrganiserAccess at boot', () => {
  it('refuses to start when a console route declares no permission', async () => {
    for (const url of ['/api/organiser/:org/venues', '/api/operator/organisations', '/api/organiser']) {
      const app = appWith(deps({ role: 'owner', allEvents: true }), (child) => {
        child.get(url, async () => ({}));
      });
      await expect(app.ready(), url).rejects.toThrow(/must declare config\.permission/);
    }
  });

  it('refuses declarations the guard could not check', async () => {
    const cases: [string, { permission: 'event.write' | 'platform.read'; scope?: 'event' }][] = [
      ['/api/organiser/venues', { permission: 'event.write' }],
      ['/api/organiser/:org/events', { permission: 'event.write', scope: 'event' }],
      ['/api/organiser/:org', { permission: 'platform.read' }],
      ['/api/operator/organisations', { permission: 'event.write' }],
    ];
    for (const [url, config] of cases) {
      const app = appWith(deps({ role: 'owner', allEvents: true }), (child) => {
        child.get(url, { config }, async () => ({}));
      });
      await expect(app.ready(), url).rejects.toThrow();
    }
  });

  it('records every console route with its permission and scope, and leaves other routes alone', async () => {
    const app = appWith(deps({ role: 'owner', allEvents: true }), (child) => {
      child.get('/api/organiser/:org', { config: { permission: 'organisation.read' } }, async () => ({}));
      child.patch(
        '/api/organiser/:org/events/:eventUid',
        { config: { permission: 'event.write', scope: 'event' } },
        async () => ({}),
      );
      child.get('/api/events', async () => ({}));
    });
    await app.ready();
    expect(organiserRoutesOf(app)).toEqual([
      { method: 'GET', url: '/api/organiser/:org', permission: 'organisation.read', scope: 'organisation' },
      { method: 'PATCH', url: '/api/organiser/:org/events/:eventUid', permission: 'event.write', scope: 'event' },
    ]);
  });
});

describe("the guard's event scope", () => {
  const eventRoute = (child: FastifyInstance) => {
    child.get(
      '/api/organiser/:org/events/:eventUid',
      { config: { permission: 'event.read', scope: 'event' } },
      async (request) => ({ event: organiserOf(request).event, eventIds: organiserOf(request).eventIds }),
    );
    child.post('/api/organiser/:org/venues', { config: { permission: 'venue.write' } }, async () => ({ ok: true }));
  };
  const get = (app: FastifyInstance, uid: string) =>
    app.inject({ method: 'GET', url: `/api/organiser/our-org/events/${uid}`, headers: { cookie: 'x=1' } });

  it("finds the event inside the organisation, and only among a limited member's events", async () => {
    const all = appWith(deps({ role: 'manager', allEvents: true }), eventRoute);
    expect((await get(all, EVENTS.ours.uid)).json()).toEqual({ event: EVENTS.ours, eventIds: 'all' });
    expect((await get(all, 'elsewhere')).statusCode).toBe(404);

    const limited = appWith(deps({ role: 'manager', allEvents: false, eventIds: [EVENTS.limited.id] }), eventRoute);
    expect((await get(limited, EVENTS.limited.uid)).json()).toEqual({ event: EVENTS.limited, eventIds: [12] });
    const outside = await get(limited, EVENTS.ours.uid);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ code: 'not_found' });
  });

  it('refuses a limited member what acts on the organisation itself, whatever the role', async () => {
    const post = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/organiser/our-org/venues', headers: { cookie: 'x=1' } });
    const limited = appWith(deps({ role: 'manager', allEvents: false, eventIds: [12] }), eventRoute);
    const refused = await post(limited);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
    const unlimited = appWith(deps({ role: 'manager', allEvents: true }), eventRoute);
    expect((await post(unlimited)).statusCode).toBe(200);
  });
});

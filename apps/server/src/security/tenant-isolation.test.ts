import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { can, isOrganisationWide, isPermission, ORGANISATION_ROLES } from '@marquee/domain/permissions';
import { organiserRoutesOf, SIGNED_IN, type OrganiserRoute } from '../plugins/organiser-access';
import { buildTestApp, type TestApp } from '../test-support/build-test-app';
import {
  buildConsoleFixture,
  CONSOLE_EXEMPLARS,
  consoleContentDigest,
  OPERATOR_EXEMPLARS,
  ORGANISATION_FREE_ROUTES,
  sendConsole,
  type ConsoleExemplar,
  type ConsoleFixture,
  type ConsoleRequest,
} from '../test-support/console-fixture';

/**
 * Tenant isolation, proven over every console route (issue 21; decisions/032). The routes come from the
 * guard's own registry, so a route added without an entry in CONSOLE_EXEMPLARS fails here. For each:
 * - a member of ours with the ids of their rows under our address, and with their address: refused (404,
 *   or 422 for an id in a body, as for an id that does not exist), and not one row of any console table changed;
 * - every role of ours that lacks the route's permission: 403, nothing changed; a member limited to one event:
 *   refused the organisation-wide permissions, and 404 for the other events;
 * - and the same request, sent by their own owner, is not refused (so the refusals above are about the
 *   organisation, not a malformed request).
 */
let t: TestApp;
let f: ConsoleFixture;

beforeAll(async () => {
  t = await buildTestApp();
  f = await buildConsoleFixture(t);
});
afterAll(async () => {
  await t?.close();
});

const key = (route: OrganiserRoute) => `${route.method} ${route.url}`;
const codeOf = (body: string) => ErrorBodySchema.parse(JSON.parse(body)).code;

function exemplarOf(route: OrganiserRoute): ConsoleExemplar {
  const exemplar = CONSOLE_EXEMPLARS[key(route)];
  if (!exemplar) throw new Error(`${key(route)}: add it to CONSOLE_EXEMPLARS (test-support/console-fixture.ts)`);
  return exemplar;
}

async function build(exemplar: ConsoleExemplar, slug: string, target: ConsoleFixture['ours']): Promise<ConsoleRequest> {
  const prepared = exemplar.prepare ? await exemplar.prepare(t, target) : {};
  return exemplar.request(slug, target, prepared, f);
}

/** Sends the request and expects it refused with one of `statuses`, every console table as it was. */
async function expectRefusedUnchanged(
  request: ConsoleRequest,
  actor: Parameters<typeof sendConsole>[2],
  statuses: number[],
) {
  const before = await consoleContentDigest(t.db);
  const answer = await sendConsole(t, request, actor);
  expect(statuses, `${request.method} ${request.url}: ${answer.statusCode} ${answer.body}`).toContain(
    answer.statusCode,
  );
  expect(await consoleContentDigest(t.db), `${request.method} ${request.url} wrote`).toEqual(before);
  return answer;
}

const organisationRoutes = () =>
  organiserRoutesOf(t.app).filter((route) => route.url.startsWith('/api/organiser/') && route.permission !== SIGNED_IN);

describe('the registry', () => {
  it('has an exemplar for every organisation route, and a reason for every route acting on no organisation', () => {
    const routes = organiserRoutesOf(t.app);
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      if (route.url.startsWith('/api/operator/')) expect(OPERATOR_EXEMPLARS, key(route)).toHaveProperty([key(route)]);
      else if (route.permission === SIGNED_IN)
        expect(ORGANISATION_FREE_ROUTES, key(route)).toHaveProperty([key(route)]);
      else exemplarOf(route);
    }
    // And nothing listed that the app does not have.
    const registered = new Set(routes.map(key));
    for (const listed of [
      ...Object.keys(CONSOLE_EXEMPLARS),
      ...Object.keys(OPERATOR_EXEMPLARS),
      ...Object.keys(ORGANISATION_FREE_ROUTES),
    ]) {
      expect(registered, listed).toContain(listed);
    }
  });
});

describe('another organisation, whatever ids are sent', () => {
  it.each(Object.keys(CONSOLE_EXEMPLARS))('%s', async (route) => {
    const exemplar = CONSOLE_EXEMPLARS[route]!;
    const owner = f.ours.actors.owner;
    // Their rows under our address.
    if (exemplar.carriesIds) {
      const request = await build(exemplar, f.ours.slug, f.theirs);
      const answer = await expectRefusedUnchanged(request, owner, [404, 422]);
      expect(['not_found', 'validation_failed']).toContain(codeOf(answer.body));
    }
    // Their address: it does not exist for us.
    const theirs = await build(exemplar, f.theirs.slug, f.theirs);
    const answer = await expectRefusedUnchanged(theirs, owner, [404]);
    expect(codeOf(answer.body)).toBe('not_found');
    // Their owner's same request is no refusal of who they are.
    const own = await sendConsole(t, await build(exemplar, f.theirs.slug, f.theirs), f.theirs.actors.owner);
    expect([401, 403, 404, 422], `${route} by its own owner: ${own.statusCode} ${own.body}`).not.toContain(
      own.statusCode,
    );
  });
});

describe('roles without the permission', () => {
  it.each(Object.keys(CONSOLE_EXEMPLARS))('%s', async (route) => {
    const registered = organisationRoutes().find((each) => key(each) === route);
    if (!registered || !isPermission(registered.permission)) throw new Error(`${route} is not an organisation route`);
    const { permission, scope } = registered;
    const exemplar = CONSOLE_EXEMPLARS[route]!;
    for (const role of ORGANISATION_ROLES.filter((each) => !can(each, permission))) {
      const answer = await expectRefusedUnchanged(
        await build(exemplar, f.ours.slug, f.ours),
        f.ours.actors[role],
        [403],
      );
      expect(codeOf(answer.body), role).toBe('forbidden');
    }
    // A manager limited to the other event.
    const limited = f.ours.actors.limitedManager;
    if (!can('manager', permission)) return;
    if (isOrganisationWide(permission)) {
      await expectRefusedUnchanged(await build(exemplar, f.ours.slug, f.ours), limited, [403]);
    } else if (scope === 'event') {
      // f.ours.eventUid is not theirs: it does not exist for them.
      await expectRefusedUnchanged(await build(exemplar, f.ours.slug, f.ours), limited, [404]);
    }
  });
});

describe('the operator routes', () => {
  it.each(Object.keys(OPERATOR_EXEMPLARS))('%s: to every member, even an owner, they do not exist', async (route) => {
    const request = OPERATOR_EXEMPLARS[route]!(f);
    for (const role of ORGANISATION_ROLES) {
      const answer = await expectRefusedUnchanged(request, f.theirs.actors[role], [404]);
      expect(codeOf(answer.body)).toBe('not_found');
    }
    await expectRefusedUnchanged(request, undefined, [401]);
  });
});

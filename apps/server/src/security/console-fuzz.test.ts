import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { organiserRoutesOf } from '../plugins/organiser-access';
import { buildTestApp, type TestApp } from '../test-support/build-test-app';
import {
  buildConsoleFixture,
  CONSOLE_EXEMPLARS,
  consoleContentDigest,
  OPERATOR_EXEMPLARS,
  sendConsole,
  type ConsoleFixture,
  type ConsoleRequest,
} from '../test-support/console-fixture';
import { encodeAnything, hostileText, hostileValue, pathsOf, replaceAt } from '../test-support/fuzz';
import type { OrganiserTestActor } from '../test-support/organiser-actor';

/**
 * The console's routes fuzzed (issue 21), as security/fuzz.test.ts does the buyer's: each route's valid
 * request (test-support/console-fixture.ts) sent by a member who may use it, with one part swapped for a
 * hostile value (a path segment, a body field, the whole body, the content type). Whatever comes in: no 5xx,
 * a refusal in the error shape, and a refusal changes no row of any console table. The routes come from the
 * guard's registry, so a new console route without a valid request fails the coverage test below.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

let t: TestApp;
let f: ConsoleFixture;

beforeAll(async () => {
  t = await buildTestApp();
  f = await buildConsoleFixture(t);
});
afterAll(async () => {
  await t?.close();
});

/** The signed-in routes that act on no organisation, with a valid request each. */
const SIGNED_IN_EXEMPLARS: Record<string, () => ConsoleRequest> = {
  'GET /api/organiser/me': () => ({ method: 'GET', url: '/api/organiser/me' }),
  'POST /api/organiser/organisations': () => ({
    method: 'POST',
    url: '/api/organiser/organisations',
    body: { name: 'Fuzz Society', slug: 'fuzz-society', country: 'LK', contact_email: 'fuzz@example.com' },
  }),
  'POST /api/organiser/invitations/accept': () => ({
    method: 'POST',
    url: '/api/organiser/invitations/accept',
    body: { token: 'A'.repeat(43) },
  }),
};

/** The public address of uploaded images. */
const MEDIA = 'GET /media/:file';

interface Case {
  request: () => Promise<ConsoleRequest>;
  actor: () => OrganiserTestActor;
}

function cases(): Record<string, Case> {
  const all: Record<string, Case> = {};
  for (const [route, exemplar] of Object.entries(CONSOLE_EXEMPLARS)) {
    all[route] = {
      request: async () =>
        exemplar.request(f.ours.slug, f.ours, exemplar.prepare ? await exemplar.prepare(t, f.ours) : {}, f),
      actor: () => f.ours.actors.owner,
    };
  }
  for (const [route, exemplar] of Object.entries(OPERATOR_EXEMPLARS)) {
    all[route] = { request: async () => exemplar(f), actor: () => f.operator };
  }
  for (const [route, exemplar] of Object.entries(SIGNED_IN_EXEMPLARS)) {
    all[route] = { request: async () => exemplar(), actor: () => f.ours.actors.manager };
  }
  all[MEDIA] = {
    request: async () => ({ method: 'GET', url: `/media/${f.ours.mediaFile}` }),
    actor: () => f.ours.actors.owner,
  };
  return all;
}

type Mutation =
  | { kind: 'segment'; pick: number; value: string }
  | { kind: 'field'; pick: number; value: unknown }
  | { kind: 'body'; value: unknown }
  | { kind: 'content-type'; value: string }
  | { kind: 'query'; value: string };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('segment' as const), pick: fc.nat(), value: hostileText }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('field' as const), pick: fc.nat(), value: hostileValue }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('body' as const), value: hostileValue }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('content-type' as const),
      value: fc.constantFrom('text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'image/svg+xml', ''),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('query' as const), value: hostileText }) },
);

/** The request with one part swapped; the first segments (`/api/organiser`) are the router's, not input. */
function mutate(request: ConsoleRequest, change: Mutation): ConsoleRequest & { rawContentType?: string } {
  switch (change.kind) {
    case 'segment': {
      const segments = request.url.split('/');
      const inputs = segments.map((_, index) => index).filter((index) => index >= 3);
      const at = inputs[change.pick % Math.max(inputs.length, 1)];
      if (at === undefined) return request;
      segments[at] = encodeAnything(change.value) || '%20';
      return { ...request, url: segments.join('/') };
    }
    case 'field': {
      if (request.body === undefined || Buffer.isBuffer(request.body)) return { ...request, body: change.value };
      const paths = pathsOf(request.body).filter((path) => path.length > 0);
      const path = paths[change.pick % Math.max(paths.length, 1)] ?? [];
      return { ...request, body: replaceAt(request.body, path, change.value) };
    }
    case 'body':
      return { ...request, body: change.value };
    case 'content-type':
      return { ...request, body: request.body ?? {}, rawContentType: change.value };
    case 'query':
      return {
        ...request,
        url: `${request.url}?limit=${encodeAnything(change.value)}&before=${encodeAnything(change.value)}`,
      };
  }
}

function send(request: ConsoleRequest & { rawContentType?: string }, actor: OrganiserTestActor) {
  if (request.rawContentType === undefined) return sendConsole(t, request, actor);
  const payload = Buffer.isBuffer(request.body) ? request.body : JSON.stringify(request.body ?? {});
  return t.app.inject({
    method: request.method,
    url: request.url,
    payload,
    headers: { cookie: actor.cookie, 'content-type': request.rawContentType },
  });
}

describe('the console fuzz list', () => {
  it('has a valid request for every console route and the images address', () => {
    const registered = organiserRoutesOf(t.app).map((route) => `${route.method} ${route.url}`);
    expect([...registered, MEDIA].sort()).toEqual(Object.keys(cases()).sort());
  });
});

describe('every console route, fuzzed', () => {
  it.each(Object.keys(cases()))('%s: no 5xx, refusals in the error shape, a refusal writes nothing', async (route) => {
    const entry = cases()[route]!;
    await fc.assert(
      fc.asyncProperty(mutation, async (change) => {
        const request = mutate(await entry.request(), change);
        const before = await consoleContentDigest(t.db);
        const answer = await send(request, entry.actor());
        const context = `${request.method} ${request.url} ${JSON.stringify(request.body)?.slice(0, 200)} → ${answer.statusCode} ${answer.body.slice(0, 300)}`;
        expect(answer.statusCode, context).toBeLessThan(500);
        if (answer.statusCode >= 400) {
          const body = ErrorBodySchema.safeParse(answer.json());
          expect(body.success, context).toBe(true);
          if (answer.statusCode === 422)
            expect(Object.keys(body.data?.errors ?? {}).length, context).toBeGreaterThan(0);
          expect(await consoleContentDigest(t.db), context).toEqual(before);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organisationMembers, organisations, platformOperators } from '@marquee/db/schema';
import { createOrganisation, type Organisation } from '@marquee/db/factories';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { OrganisationAnswerSchema, OrganiserMeAnswerSchema } from '@marquee/domain/organiser';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { createOrganiserActor } from '../../test-support/organiser-actor';

/**
 * The console's guard on the organisation routes (issue 21): session → membership (or operator) → second
 * factor → permission, in that order, each refusal with its documented code.
 */
let t: TestApp;
let ours: Organisation;
let theirs: Organisation;

beforeAll(async () => {
  t = await buildTestApp();
  ours = await createOrganisation(t.db, { name: 'Lotus Hall Productions' });
  theirs = await createOrganisation(t.db, { name: 'Another Promoter' });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const codeOf = (body: unknown) => ErrorBodySchema.parse(body).code;

describe('GET /api/organiser/:org', () => {
  it('asks an anonymous caller to sign in', async () => {
    const answer = await get(`/api/organiser/${ours.slug}`);
    expect(answer.statusCode).toBe(401);
    expect(codeOf(answer.json())).toBe('sign_in_required');
    // Fastify's automatic HEAD of the GET is guarded alike.
    expect((await t.app.inject({ method: 'HEAD', url: `/api/organiser/${ours.slug}` })).statusCode).toBe(401);
  });

  it('answers a member of another organisation 404, as for one that does not exist', async () => {
    const stranger = await createOrganiserActor(t, { organisation: theirs, role: 'owner', twoFactor: true });
    for (const slug of [ours.slug, 'no-such-organisation', 'NOT A SLUG']) {
      const answer = await get(`/api/organiser/${encodeURIComponent(slug)}`, stranger.cookie);
      expect(answer.statusCode, slug).toBe(404);
      expect(codeOf(answer.json())).toBe('not_found');
    }
    // Their own organisation opens: the 404 above is about ours, not about them.
    expect((await get(`/api/organiser/${theirs.slug}`, stranger.cookie)).statusCode).toBe(200);
  });

  it('lets a door member read the organisation (door has organisation.read), without a second factor', async () => {
    const door = await createOrganiserActor(t, { organisation: ours, role: 'door' });
    const answer = await get(`/api/organiser/${ours.slug}`, door.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(OrganisationAnswerSchema.parse(answer.json())).toEqual({
      slug: ours.slug,
      name: 'Lotus Hall Productions',
      country: ours.country,
      status: 'approved',
      contact_email: ours.contactEmail,
    });
  });

  it('refuses an owner whose session was not made with a second factor', async () => {
    const notEnrolled = await createOrganiserActor(t, { organisation: ours, role: 'owner' });
    const noCodeThisSession = await createOrganiserActor(t, {
      organisation: ours,
      role: 'manager',
      twoFactor: { enabled: true, session: false },
    });
    for (const actor of [notEnrolled, noCodeThisSession]) {
      const answer = await get(`/api/organiser/${ours.slug}`, actor.cookie);
      expect(answer.statusCode).toBe(403);
      expect(codeOf(answer.json())).toBe('two_factor_required');
    }
  });

  it('lets an owner with a second-factor session in', async () => {
    const owner = await createOrganiserActor(t, { organisation: ours, role: 'owner', twoFactor: true });
    const answer = await get(`/api/organiser/${ours.slug}`, owner.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(OrganisationAnswerSchema.parse(answer.json()).slug).toBe(ours.slug);
  });

  it('lets a platform operator read any organisation, with a second factor only', async () => {
    const operator = await createOrganiserActor(t, { organisation: ours, role: null, twoFactor: true });
    const withoutCode = await createOrganiserActor(t, { organisation: ours, role: null });
    await t.db.insert(platformOperators).values([{ userId: operator.userId }, { userId: withoutCode.userId }]);
    expect((await get(`/api/organiser/${theirs.slug}`, operator.cookie)).statusCode).toBe(200);
    const refused = await get(`/api/organiser/${theirs.slug}`, withoutCode.cookie);
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused.json())).toBe('two_factor_required');
  });
});

describe('GET /api/organiser/me', () => {
  it('asks an anonymous caller to sign in', async () => {
    const answer = await get('/api/organiser/me');
    expect(answer.statusCode).toBe(401);
    expect(codeOf(answer.json())).toBe('sign_in_required');
  });

  it("lists the user's memberships only, and where their second factor stands", async () => {
    const third = await createOrganisation(t.db, { name: 'Zebra Society', status: 'pending', approvedAt: null });
    const member = await createOrganiserActor(t, { organisation: ours, role: 'box_office', allEvents: false });
    await t.db.insert(organisationMembers).values({ organisationId: third.id, userId: member.userId, role: 'door' });
    // Someone else's membership of `theirs` is not the user's.
    await createOrganiserActor(t, { organisation: theirs, role: 'door' });

    const answer = await get('/api/organiser/me', member.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(OrganiserMeAnswerSchema.parse(answer.json())).toEqual({
      organisations: [
        { slug: ours.slug, name: 'Lotus Hall Productions', status: 'approved', role: 'box_office', all_events: false },
        { slug: third.slug, name: 'Zebra Society', status: 'pending', role: 'door', all_events: true },
      ],
      is_operator: false,
      two_factor: { enabled: false, this_session: false },
    });
  });

  it('says when the account has two factors and this session was made with one, and when it is an operator', async () => {
    const enrolled = await createOrganiserActor(t, { organisation: ours, role: null, twoFactor: true });
    await t.db.insert(platformOperators).values({ userId: enrolled.userId });
    const answer = await get('/api/organiser/me', enrolled.cookie);
    expect(OrganiserMeAnswerSchema.parse(answer.json())).toEqual({
      organisations: [],
      is_operator: true,
      two_factor: { enabled: true, this_session: true },
    });
  });
});

describe('POST /api/organiser/organisations', () => {
  const create = (cookie: string | undefined, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/organiser/organisations',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(body),
    });
  const body = (slug: string) => ({
    name: 'Galle Jazz Collective',
    slug,
    country: 'LK',
    contact_email: 'Hello@Galle-Jazz.example',
  });
  const rowsWithSlug = async (slug: string) =>
    (await t.db.select().from(organisations).where(eq(organisations.slug, slug))).length;

  it('makes a pending organisation with the caller as its owner, audited', async () => {
    const founder = await createOrganiserActor(t, { organisation: ours, role: null });
    const answer = await create(founder.cookie, body('galle-jazz'));
    expect(answer.statusCode, answer.body).toBe(201);
    expect(OrganisationAnswerSchema.parse(answer.json())).toEqual({
      slug: 'galle-jazz',
      name: 'Galle Jazz Collective',
      country: 'LK',
      status: 'pending',
      contact_email: 'hello@galle-jazz.example',
    });
    const me = OrganiserMeAnswerSchema.parse((await get('/api/organiser/me', founder.cookie)).json());
    expect(me.organisations).toEqual([
      expect.objectContaining({ slug: 'galle-jazz', role: 'owner', status: 'pending' }),
    ]);
    const [organisation] = await t.db.select().from(organisations).where(eq(organisations.slug, 'galle-jazz'));
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.organisationId, organisation!.id));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'organisation.create', actorUserId: founder.userId, actorRole: 'owner' }),
    ]);
  });

  it('refuses a taken, reserved or malformed address with a 422 on slug, and writes nothing', async () => {
    const founder = await createOrganiserActor(t, { organisation: ours, role: null });
    for (const slug of [ours.slug, 'organisations', 'me', 'No Caps', 'ab']) {
      const before = await t.db.select().from(organisations);
      const answer = await create(founder.cookie, body(slug));
      expect(answer.statusCode, slug).toBe(422);
      expect(ErrorBodySchema.parse(answer.json()).errors).toHaveProperty('slug');
      expect(await t.db.select().from(organisations)).toEqual(before);
    }
    expect(await rowsWithSlug('organisations')).toBe(0);
  });

  it('asks an anonymous caller to sign in', async () => {
    const answer = await create(undefined, body('anonymous-org'));
    expect(answer.statusCode).toBe(401);
    expect(await rowsWithSlug('anonymous-org')).toBe(0);
  });

  it('lets one account have at most three organisations waiting, even when it asks for many at once', async () => {
    const founder = await createOrganiserActor(t, { organisation: ours, role: null });
    const answers = await Promise.all(
      ['wave-one', 'wave-two', 'wave-three', 'wave-four', 'wave-five'].map((slug) =>
        create(founder.cookie, body(slug)),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 409, 409]);
    const mine = await t.db.select().from(organisations).where(eq(organisations.createdBy, founder.userId));
    expect(mine).toHaveLength(3);
  });
});

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, events, ticketPackages, venues } from '@marquee/db/schema';
import { createOrganisation, type Organisation } from '@marquee/db/factories';
import { ConsoleImportAnswerSchema } from '@marquee/domain/console';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app';
import { consoleContentDigest } from '../../test-support/console-fixture';
import { createOrganiserActor, type OrganiserTestActor } from '../../test-support/organiser-actor';

/**
 * The console's import (issue 21): the JSON importer's file, tried and applied in the organisation's scope,
 * every event a draft; refused all or nothing with every problem under `file.…`.
 */
const EXAMPLE: unknown = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../../../docs/examples/events-import.json', import.meta.url)), 'utf8'),
);

let t: TestApp;
let ours: Organisation;
let owner: OrganiserTestActor;

/**
 * The example file's events that define their venue (the others name a demo venue, which a new organisation
 * has not), their packages' sold counts left out (the console counts sales from none).
 */
function exampleFile(): { events: Record<string, unknown>[] } {
  const file = structuredClone(EXAMPLE) as {
    events: { venue: Record<string, unknown>; ticket_packages: Record<string, unknown>[] }[];
  };
  file.events = file.events.filter((event) => 'country' in event.venue);
  for (const event of file.events) for (const pkg of event.ticket_packages) delete pkg.sold_count;
  return file as unknown as { events: Record<string, unknown>[] };
}

const post = (actor: OrganiserTestActor, slug: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/organiser/${slug}/imports`,
    headers: { cookie: actor.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

beforeAll(async () => {
  t = await buildTestApp();
  ours = await createOrganisation(t.db);
  owner = await createOrganiserActor(t, { organisation: ours, role: 'owner', twoFactor: true });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/organiser/:org/imports', () => {
  it('tries the file (the default) and writes nothing, then applies it: every event a draft of the organisation', async () => {
    const before = await consoleContentDigest(t.db);
    const tried = await post(owner, ours.slug, { file: exampleFile() });
    expect(tried.statusCode, tried.body).toBe(200);
    const dry = ConsoleImportAnswerSchema.parse(tried.json());
    expect(dry.dry_run).toBe(true);
    expect(dry.events.length).toBe(exampleFile().events.length);
    expect(await consoleContentDigest(t.db)).toEqual(before);

    const applied = await post(owner, ours.slug, { dry_run: false, file: exampleFile() });
    expect(applied.statusCode, applied.body).toBe(200);
    const answer = ConsoleImportAnswerSchema.parse(applied.json());
    expect(answer).toMatchObject({ dry_run: false, events: dry.events, ticket_packages: dry.ticket_packages });
    const rows = await t.db.select().from(events).where(eq(events.organisationId, ours.id));
    expect(rows.map((row) => row.uid).sort()).toEqual(answer.events.map((event) => event.uid).sort());
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['draft']));
    const made = await t.db.select().from(venues).where(eq(venues.organisationId, ours.id));
    expect(made.length).toBe(answer.venues_created.length);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'import.apply'));
    expect(audit).toMatchObject({ organisationId: ours.id, actorUserId: owner.userId });

    // The same file again: its events exist, so it is refused as a whole.
    const again = await post(owner, ours.slug, { dry_run: false, file: exampleFile() });
    expect(again.statusCode).toBe(422);
  });

  it('refuses a file with problems, listing each under file.{path}, and writes nothing', async () => {
    const file = exampleFile();
    const [first] = file.events as { name: string; ticket_packages: { price: unknown }[] }[];
    first!.name = `${first!.name} (bad)`;
    first!.ticket_packages[0]!.price = -5;
    const before = await consoleContentDigest(t.db);
    const answer = await post(owner, ours.slug, { dry_run: false, file });
    expect(answer.statusCode).toBe(422);
    const body = ErrorBodySchema.parse(answer.json());
    expect(Object.keys(body.errors ?? {})).toContain('file.events[0].ticket_packages[0].price');
    expect(await consoleContentDigest(t.db)).toEqual(before);
  });

  it('refuses sold counts: the console counts sales from none', async () => {
    const org = await createOrganisation(t.db);
    const its = await createOrganiserActor(t, { organisation: org, role: 'owner', twoFactor: true });
    const file = exampleFile() as { events: { ticket_packages: Record<string, unknown>[] }[] };
    file.events[0]!.ticket_packages[0]!.sold_count = 3;
    const answer = await post(its, org.slug, { dry_run: false, file });
    expect(answer.statusCode).toBe(422);
    expect(
      Object.keys(ErrorBodySchema.parse(answer.json()).errors ?? {}).some((key) => key.endsWith('.sold_count')),
    ).toBe(true);
    expect(await t.db.select().from(events).where(eq(events.organisationId, org.id))).toEqual([]);
  });

  it('refuses what is not a file (422), and roles without import.run (403)', async () => {
    for (const body of [{ file: 'not a file' }, { file: { events: 'x' } }, { dry_run: 'yes', file: {} }, {}]) {
      const answer = await post(owner, ours.slug, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(422);
    }
    for (const role of ['box_office', 'door'] as const) {
      const member = await createOrganiserActor(t, { organisation: ours, role });
      expect((await post(member, ours.slug, { file: exampleFile() })).statusCode).toBe(403);
    }
    const limited = await createOrganiserActor(t, {
      organisation: ours,
      role: 'manager',
      allEvents: false,
      twoFactor: true,
    });
    expect((await post(limited, ours.slug, { file: exampleFile() })).statusCode).toBe(403);
  });

  it('keeps packages of an import under the importing organisation only', async () => {
    const org = await createOrganisation(t.db);
    const its = await createOrganiserActor(t, { organisation: org, role: 'owner', twoFactor: true });
    const file = exampleFile();
    for (const event of file.events as { name: string; uid?: string }[]) event.name = `${event.name} (other)`;
    const answer = await post(its, org.slug, { dry_run: false, file });
    expect(answer.statusCode, answer.body).toBe(200);
    const packages = await t.db
      .select({ organisationId: events.organisationId })
      .from(ticketPackages)
      .innerJoin(events, eq(events.id, ticketPackages.eventId))
      .where(eq(events.organisationId, org.id));
    expect(packages.length).toBeGreaterThan(0);
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandSeatMap, SeatMapSchema } from '@marquee/domain/seat-map';
import { createDb } from '../client';
import { events, organisations, promoCodes, ticketPackages, venues } from '../schema';
import { seedDemoIfEmpty } from '../seed/seed-demo';
import { createOrganisation } from '../testing/factories';
import { createTestDb, type TestDb } from '../testing/test-db';
import {
  EventImportError,
  importEvents,
  loadEventImport,
  planEventImport,
  readExistingCatalogue,
  writeEventImport,
} from './import-events';

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
const EXAMPLE_PATH = resolve(REPO_ROOT, 'docs/examples/events-import.json');

/** A fresh copy of the example file (plain JSON, edited freely by each test). */
function example(): { events: Record<string, unknown>[] } {
  const parsed: unknown = JSON.parse(readFileSync(EXAMPLE_PATH, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || !('events' in parsed) || !Array.isArray(parsed.events))
    throw new Error('bad example');
  return { events: parsed.events };
}

function packagesOf(event: Record<string, unknown> | undefined): Record<string, unknown>[] {
  const list = event?.ticket_packages;
  if (!Array.isArray(list)) throw new Error('no ticket_packages');
  return list;
}

async function issuesOf(promise: Promise<unknown>): Promise<{ path: string; message: string }[]> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof EventImportError) return error.issues;
    throw error;
  }
  throw new Error('expected the import to be refused');
}

let handle: TestDb;
/** The demo's Lotus Pond Theatre Company, which owns the Lotus Pond Theatre the example refers to. */
let lotusPond: { organisationId: number };
/** Another demo organisation: the Lotus Pond Theatre is not its venue. */
let lankaLive: { organisationId: number };

async function demoOrganisation(slug: string): Promise<{ organisationId: number }> {
  const [row] = await handle.db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.slug, slug));
  if (!row) throw new Error(`no demo organisation ${slug}`);
  return { organisationId: row.id };
}

async function counts() {
  const [e] = await handle.db.select({ n: count() }).from(events);
  const [v] = await handle.db.select({ n: count() }).from(venues);
  const [p] = await handle.db.select({ n: count() }).from(ticketPackages);
  const [c] = await handle.db.select({ n: count() }).from(promoCodes);
  return { events: e?.n, venues: v?.n, packages: p?.n, promos: c?.n };
}

beforeAll(async () => {
  handle = await createTestDb();
  // The example refers to the demo's Lotus Pond Theatre by name.
  await seedDemoIfEmpty(handle.db);
  lotusPond = await demoOrganisation('lotus-pond');
  lankaLive = await demoOrganisation('lanka-live');
});

afterAll(async () => {
  await handle.close();
});

describe('importEvents', () => {
  it('refuses a bad field in the third event, names it, and imports nothing', async () => {
    const before = await counts();
    const file = example();
    const pkg = packagesOf(file.events[2])[1];
    if (pkg) pkg.price = -5;
    const issues = await issuesOf(importEvents(handle.db, file, lotusPond));
    expect(issues).toEqual([
      { path: 'events[2].ticket_packages[1].price', message: 'must be a whole number of minor units >= 0' },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('reports every schema problem at once with its path', async () => {
    const file = example();
    const first = file.events[0];
    if (first) {
      first.type = 'opera';
      first.start_date = '20 Feb 2027';
    }
    const third = file.events[2];
    if (third) third.currency = 'USD';
    const pkg = packagesOf(file.events[3])[0];
    if (pkg) pkg.price = 12.5;
    const issues = await issuesOf(importEvents(handle.db, file, lotusPond));
    expect(issues.map((issue) => issue.path)).toEqual([
      'events[0].type',
      'events[0].start_date',
      'events[2].currency',
      'events[3].ticket_packages[0].price',
    ]);
    expect(issues[0]?.message).toBe('must be one of concerts, theatre, dance, uni-events');
    expect(await issuesOf(importEvents(handle.db, [], lotusPond))).toEqual([
      { path: '(file)', message: 'the file must be a JSON object with an "events" list' },
    ]);
  });

  it("refuses an event's buyer limits out of range, with their paths (decisions/029)", async () => {
    const before = await counts();
    const file = example();
    const first = file.events[0];
    if (first) {
      first.max_held_per_buyer = 0;
      first.hold_cooldown_seconds = 7200;
      first.max_free_per_buyer = 2.5;
    }
    expect(await issuesOf(importEvents(handle.db, file, lotusPond))).toEqual([
      { path: 'events[0].max_held_per_buyer', message: 'must be a whole number >= 1' },
      { path: 'events[0].hold_cooldown_seconds', message: 'must be at most 3600 (an hour)' },
      { path: 'events[0].max_free_per_buyer', message: 'must be a whole number >= 1' },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('checks against the database too (sections, venues, gateways, currency) and writes nothing', async () => {
    const before = await counts();
    const file = example();
    const lotusPackage = packagesOf(file.events[2])[0];
    if (lotusPackage) lotusPackage.sections = ['I1', 'Z9'];
    const second = file.events[1];
    if (second) {
      second.venue = 'Nowhere Hall';
      second.payment_gateway_ids = [1, 7];
    }
    const fourth = file.events[3];
    if (fourth) fourth.venue = { name: 'Lotus Pond Theatre', city: 'Colombo' };
    const issues = await issuesOf(importEvents(handle.db, file, lotusPond));
    expect(issues.map((issue) => issue.path)).toEqual([
      'events[1].payment_gateway_ids[1]',
      'events[1].venue',
      'events[2].ticket_packages[0].sections[1]',
      'events[3].currency',
      'events[3].ticket_packages[0].sections[0]',
      'events[3].ticket_packages[1].sections[0]',
    ]);
    expect(issues.find((issue) => issue.path === 'events[2].ticket_packages[0].sections[1]')?.message).toMatch(
      /has no section "Z9"/,
    );
    // The new venue of events[0] was not created either.
    expect(await counts()).toEqual(before);
    expect(await handle.db.select().from(venues).where(eq(venues.name, 'Hanthana Quarry Amphitheatre'))).toEqual([]);
  });

  it("looks venues up within the organisation: another organisation's venue is unknown", async () => {
    const before = await counts();
    const issues = await issuesOf(importEvents(handle.db, example(), lankaLive));
    expect(issues).toEqual([
      {
        path: 'events[2].venue',
        message: 'no venue "Lotus Pond Theatre" in Colombo exists; define it with name, city, country and time_zone',
      },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('does a dry run without writing', async () => {
    const before = await counts();
    const result = await importEvents(handle.db, example(), { ...lotusPond, dryRun: true });
    expect(result.dryRun).toBe(true);
    expect(result.events).toHaveLength(4);
    expect(await counts()).toEqual(before);
  });

  it('imports the example file: venues, seats, promo codes, search', async () => {
    const before = await counts();
    const result = await importEvents(handle.db, example(), lotusPond);
    expect(result.events).toHaveLength(4);
    expect(result.venuesCreated.map((venue) => venue.name)).toEqual([
      'Hanthana Quarry Amphitheatre',
      'Tiong Bahru Salon',
    ]);
    expect(result.ticketPackages).toBe(9);
    expect(result.promoCodes).toBe(2);
    const after = await counts();
    expect(after.events).toBe((before.events ?? 0) + 4);
    expect(after.venues).toBe((before.venues ?? 0) + 2);

    const quarry = result.events[0];
    expect(quarry?.path).toBe(`/concerts/quarry-sessions-sunset-acoustic/${quarry?.uid}`);
    const [event] = await handle.db
      .select()
      .from(events)
      .where(eq(events.uid, quarry?.uid ?? ''));
    expect(event).toMatchObject({
      currency: 'LKR',
      promo: true,
      promoAutoApply: true,
      promoCode: 'QUARRY10',
      handlingCost: 15000,
      freeSeating: true,
      thumbnailImg: '/images/events/default-concerts-thumb.svg',
      // Its own buyer limits (decisions/029), and the default for the one it does not set.
      maxHeldPerBuyer: 6,
      holdCooldownSeconds: 300,
      maxFreePerBuyer: 4,
    });
    expect(event?.startDate.toISOString()).toBe('2027-02-20T12:00:00.000Z');
    // Written under the importing organisation: its events and the venues the file created.
    expect(event?.organisationId).toBe(lotusPond.organisationId);
    const created = await handle.db
      .select({ organisationId: venues.organisationId })
      .from(venues)
      .where(eq(venues.name, 'Hanthana Quarry Amphitheatre'));
    expect(created).toEqual([{ organisationId: lotusPond.organisationId }]);
    const codes = await handle.db
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.eventId, event?.id ?? 0));
    const terrace = (
      await handle.db
        .select()
        .from(ticketPackages)
        .where(eq(ticketPackages.eventId, event?.id ?? 0))
    ).find((p) => p.name === 'Terrace');
    expect(codes.find((code) => code.code === 'QUARRY10')?.packageIds).toEqual([terrace?.id]);

    // Both Hanthana events share the one new venue.
    const second = await handle.db
      .select()
      .from(events)
      .where(eq(events.uid, result.events[1]?.uid ?? ''));
    expect(second[0]?.venueId).toBe(event?.venueId);
    // An event that sets no buyer limits has the defaults.
    expect(second[0]).toMatchObject({ maxHeldPerBuyer: 10, holdCooldownSeconds: 180, maxFreePerBuyer: 4 });

    // Seated packages own their sections' seats.
    const [veena] = await handle.db
      .select()
      .from(events)
      .where(eq(events.uid, result.events[2]?.uid ?? ''));
    const [lotus] = await handle.db
      .select()
      .from(venues)
      .where(eq(venues.id, veena?.venueId ?? 0));
    const seats = expandSeatMap(SeatMapSchema.parse(lotus?.seatMap));
    const veenaPackages = await handle.db
      .select()
      .from(ticketPackages)
      .where(eq(ticketPackages.eventId, veena?.id ?? 0));
    expect(veenaPackages.reduce((sum, p) => sum + p.capacity, 0)).toBe(seats.length);
    const circle = veenaPackages.find((p) => p.name === 'Lotus Circle');
    expect(circle?.seatingRange).toEqual(seats.filter((s) => s.section.startsWith('I')).map((s) => s.id));
    expect(veenaPackages.find((p) => p.name === 'Outer Ring')).toMatchObject({
      active: false,
      inactiveMessage: 'Outer Ring seats go on sale on 1 February.',
    });

    const found = await handle.db
      .select({ uid: events.uid })
      .from(events)
      .where(eq(events.name, 'Tiong Bahru Chamber Nights'));
    expect(found).toHaveLength(1);
  });

  it("cannot write an event at another organisation's venue, even from a forged plan (composite key)", async () => {
    const loaded = loadEventImport(example());
    if (!loaded.ok) throw new Error('example');
    const file = {
      ...loaded.file,
      events: loaded.file.events.filter((event) => event.name === 'Moonlit Veena Recital'),
    };
    file.events = file.events.map((event) => ({ ...event, uid: 'forged01' }));
    const plan = planEventImport(
      file,
      await readExistingCatalogue(handle.db, file, lotusPond.organisationId),
      lotusPond,
    );
    expect(plan.issues).toEqual([]);
    const before = await counts();
    const refusal = await writeEventImport(handle.db, { ...plan, organisationId: lankaLive.organisationId }).then(
      () => 'written',
      (error: unknown) => {
        const messages: string[] = [];
        for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) messages.push(cause.message);
        return messages.join(' / ');
      },
    );
    expect(refusal).toMatch(/events_organisation_venue_fk/);
    expect(await counts()).toEqual(before);
  });

  it('refuses the same file twice (the uids already exist)', async () => {
    const before = await counts();
    const issues = await issuesOf(importEvents(handle.db, example(), lotusPond));
    expect(issues).toHaveLength(4);
    expect(issues[0]?.path).toBe('events[0].name');
    expect(issues[0]?.message).toMatch(/already exists/);
    expect(await counts()).toEqual(before);
  });
});

/** Runs the CLI on the embedded database in `dataDir`'s parent DATA_DIR. */
function runCli(dataDir: string, args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return spawnSync(resolve(REPO_ROOT, 'node_modules/.bin/tsx'), ['src/import/cli.ts', ...args], {
    cwd: resolve(REPO_ROOT, 'packages/db'),
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('npm run events:import (cli)', () => {
  it('prints each problem with its path and exits 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'marquee-import-'));
    try {
      const file = example();
      const pkg = packagesOf(file.events[2])[1];
      if (pkg) pkg.price = 'free';
      const path = join(dir, 'events.json');
      writeFileSync(path, JSON.stringify(file));
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: join(dir, 'data') };
      delete env.DATABASE_URL;
      const run = spawnSync(resolve(REPO_ROOT, 'node_modules/.bin/tsx'), ['src/import/cli.ts', path], {
        cwd: resolve(REPO_ROOT, 'packages/db'),
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('1 problem; nothing was imported.');
      expect(run.stderr).toContain('events[2].ticket_packages[1].price: must be a whole number of minor units >= 0');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses without --organisation or with an unknown one, listing the organisations; imports under one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'marquee-import-'));
    try {
      const dataDir = join(dir, 'data');
      const embedded = createDb({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
      await embedded.migrate();
      await createOrganisation(embedded.db, { slug: 'cli-organiser', name: 'CLI Organiser' });
      await createOrganisation(embedded.db, { slug: 'cli-pending', name: 'CLI Pending', status: 'pending' });
      await embedded.close();
      const path = join(dir, 'events.json');
      writeFileSync(path, JSON.stringify(example()));

      const without = runCli(dataDir, [path]);
      expect(without.status).toBe(1);
      expect(without.stderr).toContain('--organisation SLUG');
      expect(without.stderr).toContain('cli-organiser  CLI Organiser');
      expect(without.stderr).toContain('cli-pending  CLI Pending (pending)');

      const unknown = runCli(dataDir, [path, '--organisation', 'nobody']);
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toContain('No organisation has the slug "nobody"');
      expect(unknown.stderr).toContain('cli-organiser');

      const pending = runCli(dataDir, [path, '--organisation=cli-pending']);
      expect(pending.status).toBe(1);
      expect(pending.stderr).toContain('"cli-pending" is pending');

      // The example's Lotus Pond Theatre is not this organisation's venue; the rest would import.
      const refused = runCli(dataDir, [path, '--organisation', 'cli-organiser']);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('events[2].venue: no venue "Lotus Pond Theatre" in Colombo exists');
      const file = example();
      file.events.splice(2, 1);
      writeFileSync(path, JSON.stringify(file));
      const imported = runCli(dataDir, [path, '--organisation', 'cli-organiser']);
      expect(imported.status, imported.stderr).toBe(0);
      expect(imported.stdout).toContain('Imported for cli-organiser: 3 events');

      const check = createDb({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
      try {
        const owners = await check.db
          .selectDistinct({ slug: organisations.slug })
          .from(events)
          .innerJoin(organisations, eq(organisations.id, events.organisationId));
        expect(owners).toEqual([{ slug: 'cli-organiser' }]);
      } finally {
        await check.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

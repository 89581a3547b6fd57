/**
 * npm run events:import -- FILE --organisation SLUG [--dry-run]
 *
 * Imports a JSON file of events (format: packages/domain/src/catalog/event-import.schema.ts, example:
 * docs/examples/events-import.json) all-or-nothing, under one approved organisation: its venues are the
 * ones the file may refer to, and the venues and events written are its. The database is chosen as the
 * server chooses it: DATABASE_URL → PostgreSQL; otherwise the embedded PGlite in $DATA_DIR/pglite
 * (DATA_DIR defaults to ./data, relative to the repository root).
 */
import { isAbsolute, resolve } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { createDb, dbConfigFromEnv, type Db } from '../client';
import { organisations } from '../schema';
import { EventImportError, importEventFile, readEventImportFile, type ImportIssue } from './import-events';

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');

const USAGE = `Usage: npm run events:import -- FILE --organisation SLUG [--dry-run]

  FILE                  a JSON file of events (see docs/examples/events-import.json)
  --organisation SLUG   the organisation the events (and new venues) belong to; the file may
                        refer only to its venues. Without it, the organisations are listed.
  --dry-run             check everything against the database, then roll back

Database: DATABASE_URL (PostgreSQL) when set, otherwise the embedded database in
DATA_DIR/pglite (DATA_DIR defaults to ./data in the repository root).`;

function refuse(filePath: string, issues: ImportIssue[]): number {
  console.error(`${filePath}: ${issues.length} ${issues.length === 1 ? 'problem' : 'problems'}; nothing was imported.`);
  for (const issue of issues) console.error(`  ${issue.path}: ${issue.message}`);
  return 1;
}

interface Arguments {
  files: string[];
  organisation: string | undefined;
  dryRun: boolean;
  help: boolean;
  /** An unknown flag, or --organisation without its slug. */
  bad: boolean;
}

function parseArguments(argv: readonly string[]): Arguments {
  const parsed: Arguments = { files: [], organisation: undefined, dryRun: false, help: false, bad: false };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    if (arg === '--dry-run') parsed.dryRun = true;
    else if (arg === '--help') parsed.help = true;
    else if (arg.startsWith('--organisation=')) parsed.organisation = arg.slice('--organisation='.length);
    else if (arg === '--organisation') {
      const slug = argv[index + 1];
      if (slug === undefined || slug.startsWith('--')) parsed.bad = true;
      else {
        parsed.organisation = slug;
        index += 1;
      }
    } else if (arg.startsWith('--')) parsed.bad = true;
    else parsed.files.push(arg);
  }
  if (parsed.organisation === '') parsed.bad = true;
  return parsed;
}

/** The organisations, one a line, for an operator choosing one. */
async function listOrganisations(db: Db): Promise<string> {
  const rows = await db
    .select({ slug: organisations.slug, name: organisations.name, status: organisations.status })
    .from(organisations)
    .orderBy(asc(organisations.slug));
  if (rows.length === 0) return '  (none: this database has no organisations yet)';
  return rows
    .map((row) => `  ${row.slug}  ${row.name}${row.status === 'approved' ? '' : ` (${row.status})`}`)
    .join('\n');
}

/** The approved organisation the import is for, or a refusal (printed, with the organisations listed). */
async function chooseOrganisation(db: Db, slug: string | undefined): Promise<number | null> {
  if (slug === undefined) {
    console.error(
      `Give the organisation the events belong to: --organisation SLUG. Organisations:\n${await listOrganisations(db)}`,
    );
    return null;
  }
  const [found] = await db
    .select({ id: organisations.id, status: organisations.status })
    .from(organisations)
    .where(eq(organisations.slug, slug));
  if (!found) {
    console.error(`No organisation has the slug "${slug}". Organisations:\n${await listOrganisations(db)}`);
    return null;
  }
  if (found.status !== 'approved') {
    console.error(
      `The organisation "${slug}" is ${found.status}: only an approved organisation's events are imported.`,
    );
    return null;
  }
  return found.id;
}

async function main(argv: string[]): Promise<number> {
  const { files, organisation, dryRun, help, bad } = parseArguments(argv);
  if (help || bad || files.length !== 1) {
    console.error(USAGE);
    return help ? 0 : 1;
  }

  // npm runs this script inside packages/db; a relative FILE means relative to where the operator typed the command.
  const invokedFrom = process.env.INIT_CWD ?? process.cwd();
  const [fileArg = ''] = files;
  const filePath = isAbsolute(fileArg) ? fileArg : resolve(invokedFrom, fileArg);
  // The file's own mistakes (missing, not JSON, not the format) are reported before the database is
  // opened (that takes seconds for PGlite).
  const loaded = readEventImportFile(filePath);
  if (!loaded.ok) return refuse(filePath, loaded.issues);

  const dataDir = resolve(REPO_ROOT, process.env.DATA_DIR ?? './data');
  const config = dbConfigFromEnv({ DATABASE_URL: process.env.DATABASE_URL }, resolve(dataDir, 'pglite'));
  if (config.kind === 'pglite') {
    console.log(`Database: the embedded database in ${resolve(dataDir, 'pglite')}.`);
    console.log('  Stop the Marquee server first: the embedded database has no lock between processes, and two');
    console.log('  processes writing to one data folder can corrupt it. (With DATABASE_URL this does not apply.)');
  } else {
    console.log('Database: PostgreSQL from DATABASE_URL.');
  }

  const handle = createDb(config);
  try {
    await handle.migrate();
    const organisationId = await chooseOrganisation(handle.db, organisation);
    if (organisationId === null) return 1;
    const result = await importEventFile(handle.db, loaded.file, { organisationId, dryRun });
    const verb = dryRun ? 'Checked (dry run, nothing written)' : 'Imported';
    console.log(
      `${verb} for ${organisation}: ${result.events.length} events, ${result.ticketPackages} ticket packages, ${result.promoCodes} promo codes.`,
    );
    for (const venue of result.venuesCreated)
      console.log(`  new venue: ${venue.name}, ${venue.city}${dryRun ? '' : ` (id ${venue.id})`}`);
    for (const event of result.events) console.log(`  ${event.uid}  ${event.path}`);
    return 0;
  } catch (error) {
    if (error instanceof EventImportError) return refuse(filePath, error.issues);
    console.error(
      `The import failed and was rolled back; nothing was imported.\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));

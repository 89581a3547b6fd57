/**
 * npm run events:import -- FILE [--dry-run]
 *
 * Imports a JSON file of events (format: packages/domain/src/catalog/event-import.schema.ts, example:
 * docs/examples/events-import.json) all-or-nothing. The database is chosen as the server chooses it:
 * DATABASE_URL → PostgreSQL; otherwise the embedded PGlite in $DATA_DIR/pglite (DATA_DIR defaults to
 * ./data, relative to the repository root).
 */
import { isAbsolute, resolve } from 'node:path';
import { createDb, dbConfigFromEnv } from '../client';
import { EventImportError, importEventFile, readEventImportFile, type ImportIssue } from './import-events';

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');

const USAGE = `Usage: npm run events:import -- FILE [--dry-run]

  FILE       a JSON file of events (see docs/examples/events-import.json)
  --dry-run  check everything against the database, then roll back

Database: DATABASE_URL (PostgreSQL) when set, otherwise the embedded database in
DATA_DIR/pglite (DATA_DIR defaults to ./data in the repository root).`;

function refuse(filePath: string, issues: ImportIssue[]): number {
  console.error(`${filePath}: ${issues.length} ${issues.length === 1 ? 'problem' : 'problems'}; nothing was imported.`);
  for (const issue of issues) console.error(`  ${issue.path}: ${issue.message}`);
  return 1;
}

async function main(argv: string[]): Promise<number> {
  const flags = argv.filter((arg) => arg.startsWith('--'));
  const files = argv.filter((arg) => !arg.startsWith('--'));
  if (
    flags.includes('--help') ||
    files.length !== 1 ||
    flags.some((flag) => flag !== '--dry-run' && flag !== '--help')
  ) {
    console.error(USAGE);
    return flags.includes('--help') ? 0 : 1;
  }
  const dryRun = flags.includes('--dry-run');

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
    const result = await importEventFile(handle.db, loaded.file, { dryRun });
    const verb = dryRun ? 'Checked (dry run, nothing written)' : 'Imported';
    console.log(
      `${verb}: ${result.events.length} events, ${result.ticketPackages} ticket packages, ${result.promoCodes} promo codes.`,
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

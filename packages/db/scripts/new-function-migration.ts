/**
 * npm run db:function-migration -w @marquee/db [-- --name NAME]
 *
 * Writes a new numbered migration (packages/db/migrations/NNNN_NAME.sql and its meta/_journal.json entry)
 * from the function files of packages/db/functions that differ from what the migrations build, checked on
 * a fresh in-memory PGlite. Prints what it wrote; writes nothing when every file matches. NAME defaults to
 * the function's name (`functions` when several changed). See src/functions/function-migration.ts.
 */
import { FunctionMigrationError, writeFunctionMigration } from '../src/functions/function-migration';

const USAGE = `Usage: npm run db:function-migration -w @marquee/db [-- --name NAME]

  Turns each changed packages/db/functions/<name>.sql into a new migration.
  --name NAME  the migration's name after its number (default: the function's name)`;

function parseArgs(argv: readonly string[]): { name?: string } | null {
  if (argv.length === 0) return {};
  if (argv.length === 2 && argv[0] === '--name' && argv[1]) return { name: argv[1] };
  const inline = argv.length === 1 ? /^--name=(.+)$/.exec(argv[0] ?? '') : null;
  return inline?.[1] ? { name: inline[1] } : null;
}

const args = parseArgs(process.argv.slice(2));
if (args === null) {
  console.error(USAGE);
  process.exitCode = process.argv.includes('--help') ? 0 : 1;
} else {
  try {
    await writeFunctionMigration(args);
  } catch (error) {
    if (!(error instanceof FunctionMigrationError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}

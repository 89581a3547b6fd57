import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import { createDb, MIGRATIONS_FOLDER } from '../client';
import {
  compareFunctions,
  displayPath,
  FUNCTION_MIGRATION_COMMAND,
  FUNCTIONS_FOLDER,
  functionFileText,
  readDatabaseFunctions,
  readLiveFunctions,
  type LiveFunction,
} from './live-functions';

/**
 * Turns the function files (packages/db/functions/*.sql) that differ from what the migrations build into
 * one new migration: `npm run db:function-migration -w @marquee/db [-- --name NAME]`.
 *
 * 1. Applies every migration to a fresh in-memory PGlite and reads each function back (pg_get_functiondef).
 * 2. A function of the database without a file gets one, written from the database (its design comment
 *    is then the engineer's to write).
 * 3. The files whose function is missing or different go into NNNN_<name>.sql (the next number of
 *    meta/_journal.json), each as `CREATE OR REPLACE FUNCTION …` exactly as the file has it, separated by
 *    drizzle's `--> statement-breakpoint`, and the journal gets its entry in drizzle's format. Before
 *    anything is written, the statements are run on that database and the functions read back: what is
 *    written builds exactly the files.
 *
 * CREATE OR REPLACE cannot change a function's return type or its arguments' names; such a change is
 * refused in step 3 and needs a migration written by hand (DROP FUNCTION first).
 */

const JournalSchema = z.looseObject({
  entries: z.array(
    z.looseObject({
      idx: z.number().int(),
      version: z.string(),
      when: z.number(),
      tag: z.string(),
      breakpoints: z.boolean(),
    }),
  ),
});

const BREAKPOINT = '--> statement-breakpoint';

export interface FunctionMigrationOptions {
  /** The migration's name after its number (default: the function's name, or `functions` for several). */
  name?: string;
  log?: (line: string) => void;
}

export interface FunctionMigrationResult {
  /** The migration written (its tag, e.g. 0010_marquee_place_order), or null when nothing differed. */
  tag: string | null;
  functions: string[];
  /** Function files written from the database (functions that had none). */
  filesWritten: string[];
}

export class FunctionMigrationError extends Error {}

const PLACEHOLDER_HEADER =
  '-- TODO: the design comment: what this function is for, the invariants it keeps, why it is written so,\n' +
  '-- and the migrations that made it (History: migration NNNN).\n';

function migrationStatement(fn: LiveFunction): string {
  return (
    `-- ${displayPath(fn.file)}, written by \`${FUNCTION_MIGRATION_COMMAND}\`.\n--\n` +
    functionFileText(fn.header, fn.definition)
  );
}

function migrationName(requested: string | undefined, functions: readonly string[]): string {
  const name = (requested ?? (functions.length === 1 ? functions[0] : 'functions') ?? 'functions')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (name === '') throw new FunctionMigrationError(`"${requested}" is not a migration name (letters, digits, _)`);
  return name;
}

export async function writeFunctionMigration(options: FunctionMigrationOptions = {}): Promise<FunctionMigrationResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const files = readLiveFunctions();
  const pglite = new PGlite();
  const handle = createDb({ kind: 'pglite', pglite });
  try {
    await handle.migrate();
    const drift = compareFunctions(files, await readDatabaseFunctions(handle.db));
    if (drift.overloaded.length > 0) {
      throw new FunctionMigrationError(
        `${drift.overloaded.join(', ')}: more than one function of that name in the database; a file describes one. ` +
          'Drop the overload or give it a name of its own (a migration by hand).',
      );
    }

    const filesWritten: string[] = [];
    for (const fn of drift.unfiled) {
      const file = resolve(FUNCTIONS_FOLDER, `${fn.name}.sql`);
      writeFileSync(file, functionFileText(PLACEHOLDER_HEADER, fn.definition));
      filesWritten.push(fn.name);
      log(`wrote ${displayPath(file)} from the migrations: write its design comment (the TODO at its top)`);
    }

    if (drift.changed.length === 0) {
      const count = files.length + filesWritten.length;
      log(`The migrations build every function as its file has it (${count} files): no migration to write.`);
      return { tag: null, functions: [], filesWritten };
    }

    // New functions first (a LANGUAGE sql function is checked against the functions it calls), then by name.
    const changed = [...drift.changed].sort(
      (a, b) => Number(a.current !== null) - Number(b.current !== null) || a.fn.name.localeCompare(b.fn.name),
    );
    const statements = changed.map(({ fn }) => migrationStatement(fn));

    // A dry run on the migrated database: the statements must apply and build exactly the files.
    for (const [index, statement] of statements.entries()) {
      try {
        await pglite.exec(statement);
      } catch (error) {
        const fn = changed[index]?.fn;
        throw new FunctionMigrationError(
          `${fn ? displayPath(fn.file) : 'a function file'} does not apply over the migrations: ` +
            `${error instanceof Error ? error.message : String(error)}. ` +
            'CREATE OR REPLACE cannot change a return type or argument names: write that migration by hand ' +
            '(DROP FUNCTION, then the new definition). Nothing was written.',
        );
      }
    }
    const after = compareFunctions(
      changed.map(({ fn }) => fn),
      await readDatabaseFunctions(handle.db),
    );
    if (after.changed.length > 0) {
      const lines = after.changed.map(
        ({ fn, current }) =>
          `${displayPath(fn.file)}: PostgreSQL prints its definition otherwise; make the file's definition exactly this:\n${current ?? '(no function)'}`,
      );
      throw new FunctionMigrationError(`${lines.join('\n')}\nNothing was written.`);
    }

    const journalFile = resolve(MIGRATIONS_FOLDER, 'meta/_journal.json');
    const journalJson: unknown = JSON.parse(readFileSync(journalFile, 'utf8'));
    const journal = JournalSchema.parse(journalJson);
    const last = journal.entries.at(-1);
    const idx = last ? last.idx + 1 : 0;
    const number = String(idx).padStart(4, '0');
    const existing = readdirSync(MIGRATIONS_FOLDER).filter((entry) => entry.startsWith(`${number}_`));
    if (existing.length > 0) {
      throw new FunctionMigrationError(
        `packages/db/migrations/${existing.join(', ')}: a migration ${number} exists without its entry in meta/_journal.json. Nothing was written.`,
      );
    }
    const functions = changed.map(({ fn }) => fn.name);
    const tag = `${number}_${migrationName(options.name, functions)}`;
    const file = resolve(MIGRATIONS_FOLDER, `${tag}.sql`);
    if (existsSync(file)) throw new FunctionMigrationError(`${displayPath(file)} exists. Nothing was written.`);

    writeFileSync(file, statements.join(`\n${BREAKPOINT}\n`));
    const entry = {
      idx,
      version: last?.version ?? '7',
      // The migrator applies the entries newer than the last one applied: never older than the last entry.
      when: Math.max(Date.now(), (last?.when ?? 0) + 1),
      tag,
      breakpoints: true,
    };
    // The journal as it was (its keys in their order, as drizzle-kit writes it) with one entry more.
    const written = { ...(journalJson as object), entries: [...journal.entries, entry] };
    writeFileSync(journalFile, `${JSON.stringify(written, null, 2)}\n`);

    for (const { fn, current } of changed) {
      log(`${current === null ? 'new' : 'changed'}: ${displayPath(fn.file)}`);
    }
    log(`wrote ${displayPath(file)} and its entry (idx ${idx}) in ${displayPath(journalFile)}`);
    log(
      `Add migration ${number} to the History line of ${changed.length === 1 ? "the file's comment" : "each file's comment"}.`,
    );
    return { tag, functions, filesWritten };
  } finally {
    await handle.close();
  }
}

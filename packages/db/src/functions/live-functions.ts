import { readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../client';

/**
 * The live SQL of the database's functions, one file each: packages/db/functions/<name>.sql.
 *
 * A file is its function's design comment, then the function exactly as PostgreSQL prints it back:
 *
 *     -- What the function is for, the invariants it keeps, why it is written so, its migrations.
 *     -- (Only `--` lines and blank lines before the definition.)
 *
 *     CREATE OR REPLACE FUNCTION public.<name>(<arguments>)
 *      RETURNS <type>
 *      LANGUAGE plpgsql
 *     AS $function$
 *     <the body, verbatim>
 *     $function$;
 *
 * The definition (from `CREATE` to the final `;`, exclusive, plus a newline) is byte for byte what
 * `pg_get_functiondef(oid)` answers for the function in a database the migrations have built: PostgreSQL
 * rewrites the header (schema-qualified name, `RETURNS TABLE(...)`, type names in full, `$function$`
 * quoting) and keeps the body as written. PGlite (PostgreSQL 17) and PostgreSQL 15 print the same text,
 * so nothing is normalised. live-functions.test.ts holds the migrated database to these files, and
 * `npm run db:function-migration -w @marquee/db` (scripts/new-function-migration.ts) turns a changed file
 * into a new migration.
 */

export const FUNCTIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), '../../functions');

export const FUNCTION_MIGRATION_COMMAND = 'npm run db:function-migration -w @marquee/db';

export interface LiveFunction {
  /** The function's name (public schema), also the file's name without `.sql`. */
  name: string;
  /** The file's path. */
  file: string;
  /** The `--` lines before the definition (the design comment), each ending in a newline. */
  header: string;
  /** What `pg_get_functiondef` answers for the function: the file from `CREATE` to the final `;`, then `\n`. */
  definition: string;
}

/** The file's path from the repository root, for messages. */
export function displayPath(file: string): string {
  return relative(resolve(FUNCTIONS_FOLDER, '../../..'), file);
}

/** Splits a function file into its design comment and its definition; throws when the file breaks the format. */
export function parseFunctionFile(name: string, file: string, text: string): LiveFunction {
  const problem = (what: string) =>
    new Error(`${displayPath(file)}: ${what} (format: packages/db/src/functions/live-functions.ts)`);
  const lines = text.split('\n');
  let start = 0;
  while (start < lines.length && (lines[start] === '' || lines[start]?.startsWith('--'))) start += 1;
  const header = lines
    .slice(0, start)
    .map((line) => `${line}\n`)
    .join('');
  const rest = lines.slice(start).join('\n');
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw problem('a function file is named <function name>.sql, in lower case');
  const opening = new RegExp(`^CREATE OR REPLACE (FUNCTION|PROCEDURE) public\\.${name}\\(`);
  if (!opening.test(rest)) {
    throw problem(
      `after the comment comes "CREATE OR REPLACE FUNCTION public.${name}(", as pg_get_functiondef prints it`,
    );
  }
  if (!rest.endsWith(';\n') || rest.endsWith('\n;\n')) {
    throw problem('the definition ends with its closing quote, then ";" and one newline (e.g. "$function$;")');
  }
  return { name, file, header, definition: `${rest.slice(0, -2)}\n` };
}

/** The text of a function file: its design comment, a blank line, its definition and `;`. */
export function functionFileText(header: string, definition: string): string {
  const comment = header.replace(/\n+$/, '');
  return `${comment === '' ? '' : `${comment}\n\n`}${definition.replace(/\n$/, '')};\n`;
}

/** Every function file, by name. */
export function readLiveFunctions(folder = FUNCTIONS_FOLDER): LiveFunction[] {
  return readdirSync(folder)
    .filter((entry) => entry.endsWith('.sql'))
    .sort()
    .map((entry) => {
      const file = resolve(folder, entry);
      return parseFunctionFile(entry.slice(0, -'.sql'.length), file, readFileSync(file, 'utf8'));
    });
}

const DatabaseFunctionRowsSchema = z.object({
  rows: z.array(z.object({ name: z.string(), definition: z.string() })),
});

export interface DatabaseFunction {
  name: string;
  definition: string;
}

/**
 * The database's own functions and procedures: those of the public schema that no extension brought
 * (aggregates, which pg_get_functiondef cannot print, aside), as pg_get_functiondef prints them. A name
 * with several overloads appears once for each.
 */
export async function readDatabaseFunctions(db: Db): Promise<DatabaseFunction[]> {
  const result = await db.execute(sql`
    SELECT p.proname AS name, pg_get_functiondef(p.oid) AS definition
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public' AND p.prokind IN ('f', 'p')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
    ORDER BY p.proname, p.oid`);
  return DatabaseFunctionRowsSchema.parse(result).rows;
}

/** How the files and a migrated database disagree (empty: they agree). */
export interface FunctionDrift {
  /** Files whose function the database has not, or has with another definition. */
  changed: { fn: LiveFunction; current: string | null }[];
  /** Functions of the database without a file. */
  unfiled: DatabaseFunction[];
  /** Names with more than one function in the database (a file describes one). */
  overloaded: string[];
}

export function compareFunctions(files: readonly LiveFunction[], database: readonly DatabaseFunction[]): FunctionDrift {
  const byName = new Map<string, DatabaseFunction[]>();
  for (const fn of database) byName.set(fn.name, [...(byName.get(fn.name) ?? []), fn]);
  const filed = new Set(files.map((fn) => fn.name));
  return {
    changed: files.flatMap((fn) => {
      const current = byName.get(fn.name) ?? [];
      if (current.length === 1 && current[0]?.definition === fn.definition) return [];
      return [{ fn, current: current.length === 1 ? (current[0]?.definition ?? null) : null }];
    }),
    unfiled: database.filter((fn) => !filed.has(fn.name)),
    overloaded: [...byName].filter(([, versions]) => versions.length > 1).map(([name]) => name),
  };
}

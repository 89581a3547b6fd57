import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing/test-db';
import {
  compareFunctions,
  displayPath,
  FUNCTION_MIGRATION_COMMAND,
  functionFileText,
  parseFunctionFile,
  readDatabaseFunctions,
  readLiveFunctions,
  type DatabaseFunction,
} from './live-functions';

/**
 * packages/db/functions/<name>.sql is each function's live definition: a database the migrations have
 * built (the test template, on PGlite or on PostgreSQL with DATABASE_URL) prints each function exactly as
 * its file has it (pg_get_functiondef), and has no function without a file.
 */
const files = readLiveFunctions();
let t: TestDb;
let database: DatabaseFunction[];

beforeAll(async () => {
  t = await createTestDb();
  database = await readDatabaseFunctions(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('the function files and the migrated database', () => {
  it('has function files', () => {
    expect(files.map((fn) => fn.name)).toContain('marquee_place_order');
  });

  it.each(files.map((fn) => [fn.name, fn] as const))('%s: the migrations build its file', (name, fn) => {
    const versions = database.filter((candidate) => candidate.name === name);
    expect(
      versions.length,
      `${displayPath(fn.file)}: the migrations build ${versions.length === 0 ? 'no' : 'more than one'} function ${name}. ` +
        `Run ${FUNCTION_MIGRATION_COMMAND} to write a migration from the file`,
    ).toBe(1);
    expect(
      versions[0]?.definition,
      `${displayPath(fn.file)} differs from the function the migrations build (pg_get_functiondef; below, ` +
        '- is the file, + the database). ' +
        `Run ${FUNCTION_MIGRATION_COMMAND} to write a migration from the file`,
    ).toBe(fn.definition);
  });

  it('has a file for every function of the database', () => {
    const unfiled = compareFunctions(files, database).unfiled.map((fn) => fn.name);
    expect(
      unfiled,
      `Functions without a file in packages/db/functions. Run ${FUNCTION_MIGRATION_COMMAND}: ` +
        'it writes <name>.sql from the migrations; then write its design comment',
    ).toEqual([]);
  });
});

describe('the function file format', () => {
  const definition =
    'CREATE OR REPLACE FUNCTION public.f()\n RETURNS integer\n LANGUAGE sql\nAS $function$ SELECT 1 $function$\n';

  it('is the design comment, a blank line, and the definition as pg_get_functiondef prints it, then ";"', () => {
    const text = functionFileText('-- Why.\n-- How.\n', definition);
    expect(text).toBe(`-- Why.\n-- How.\n\n${definition.slice(0, -1)};\n`);
    const parsed = parseFunctionFile('f', '/x/f.sql', text);
    expect(parsed.definition).toBe(definition);
    expect(functionFileText(parsed.header, parsed.definition)).toBe(text);
  });

  it('refuses a file that is not its function as PostgreSQL prints it', () => {
    expect(() => parseFunctionFile('g', '/x/g.sql', `-- Why.\n\n${definition.slice(0, -1)};\n`)).toThrow(/public\.g\(/);
    expect(() => parseFunctionFile('f', '/x/f.sql', `-- Why.\n\n${definition}`)).toThrow(/";"/);
    expect(() =>
      parseFunctionFile('f', '/x/f.sql', `-- Why.\n\ncreate function f() returns int as $$ select 1 $$;\n`),
    ).toThrow(/CREATE OR REPLACE FUNCTION public\.f\(/);
  });
});

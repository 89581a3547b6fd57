import { existsSync, readFileSync } from 'node:fs';
import {
  EventImportFileSchema,
  importIssuesFromZod,
  type EventImportFile,
  type ImportIssue,
} from '@marquee/domain/import';

/**
 * Step 1 of an import (load → plan → write): the document, checked against EventImportFileSchema on its own,
 * before any database is opened. Problems come back as issues, each with the path of its field.
 */
export type LoadedEventImport = { ok: true; file: EventImportFile } | { ok: false; issues: ImportIssue[] };

/** Parses an import document (already-decoded JSON, or one built in code such as the demo catalogue). */
export function loadEventImport(input: unknown): LoadedEventImport {
  const parsed = EventImportFileSchema.safeParse(input);
  return parsed.success ? { ok: true, file: parsed.data } : { ok: false, issues: importIssuesFromZod(parsed.error) };
}

/** Reads a JSON file and parses it; a missing file or broken JSON is reported as an issue of `(file)`. */
export function readEventImportFile(filePath: string): LoadedEventImport {
  if (!existsSync(filePath)) return { ok: false, issues: [{ path: '(file)', message: 'no such file' }] };
  let input: unknown;
  try {
    input = JSON.parse(readFileSync(filePath, 'utf8'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, issues: [{ path: '(file)', message: `is not valid JSON: ${reason}` }] };
  }
  return loadEventImport(input);
}

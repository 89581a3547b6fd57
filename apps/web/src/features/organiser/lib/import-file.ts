import { CONSOLE_IMPORT_MAX_BYTES } from '@marquee/domain/console';
import { isApiError } from '../../../lib/api-client';

export type ReadImport = { ok: true; content: unknown } | { ok: false; message: string };

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** A file's text as UTF-8 (FileReader: the test environment, jsdom, has no `Blob.text()`). */
function textOf(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file, 'utf-8');
  });
}

/** A chosen file as JSON, read in the browser: one over 2 MB is refused before anything is sent. */
export async function readImportFile(file: Blob): Promise<ReadImport> {
  if (file.size > CONSOLE_IMPORT_MAX_BYTES) {
    return {
      ok: false,
      message: `This file is ${megabytes(file.size)}; the console takes files of up to ${megabytes(CONSOLE_IMPORT_MAX_BYTES)}. Split the events into smaller files.`,
    };
  }
  let text: string;
  try {
    text = await textOf(file);
  } catch {
    return { ok: false, message: 'This file could not be read. Choose it again.' };
  }
  try {
    return { ok: true, content: JSON.parse(text) };
  } catch (error) {
    const detail = error instanceof Error ? ` (${error.message})` : '';
    return {
      ok: false,
      message: `This file is not valid JSON${detail}. Check it in a text editor and choose it again.`,
    };
  }
}

export interface ImportProblem {
  /** Where in the file (`events[2].ticket_packages[0].price`), or null for the file as a whole. */
  path: string | null;
  messages: readonly string[];
}

/** The importer's 422: its summary and every problem with its path in the file (the server keys them `file.…`). */
export function importProblemsOf(error: unknown): { summary: string; problems: ImportProblem[] } | null {
  if (!isApiError(error, 'validation_failed')) return null;
  const problems = Object.entries(error.body.errors ?? {}).map(([key, messages]) => ({
    path: key === 'file' ? null : key.startsWith('file.') ? key.slice('file.'.length) : key,
    messages,
  }));
  return { summary: error.body.message, problems };
}

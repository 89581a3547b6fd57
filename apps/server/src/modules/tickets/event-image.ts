import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { TicketSheet } from './ticket-pdf';

/** The web app's public folder: event artwork paths such as /images/events/x.svg are files in it. */
export const DEFAULT_PUBLIC_DIR = resolve(import.meta.dirname, '../../../../web/public');

export type LoadEventImage = (path: string) => Promise<TicketSheet['event']['image']>;

/**
 * The event's banner from the first of these folders that has it (the web app's public folder, then its
 * build); null when it is missing or not a local image.
 */
export function makeLoadEventImage(dirs: readonly string[]): LoadEventImage {
  const imageDirs = dirs.map((dir) => resolve(dir));
  return async (path) => {
    if (!/^\/[A-Za-z0-9/_.-]+$/.test(path) || path.includes('..')) return null;
    const kind = extname(path).toLowerCase();
    if (kind !== '.svg' && kind !== '.png' && kind !== '.jpg' && kind !== '.jpeg') return null;
    for (const dir of imageDirs) {
      const file = resolve(dir, `.${path}`);
      if (!file.startsWith(dir + sep)) continue;
      try {
        return kind === '.svg'
          ? { kind: 'svg', svg: await readFile(file, 'utf8') }
          : { kind: 'raster', data: await readFile(file) };
      } catch {
        // Not in this folder; a missing picture is no reason to withhold the tickets.
      }
    }
    return null;
  };
}

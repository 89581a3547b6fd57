import { createHash } from 'node:crypto';

/**
 * The one inline script of every page (modules/pages/html-meta.ts puts it in <head>, after its own tags and
 * before the stylesheet): a date formatted once, so the browser loads its locale data while the page waits
 * for its stylesheet, instead of later.
 *
 * A page's first `Intl` object makes the browser load its locale and time zone data: about 11 ms of CPU on
 * this project's machine, and on a busy one up to 55 ms of wall time, a quarter of a second on a cheap phone.
 * The app's boot did it in a task of its own after the first paint (decisions/050), where it was the largest
 * task left on every page (issue 25). In <head> it runs while the render-blocking stylesheet is still on
 * its way (the browser's preload scanner has already asked for it), when the main thread has nothing else to do.
 * The app's own warm-up in apps/web/src/lib/boot-app.ts then finds the data loaded and costs nothing; it stays for
 * documents served without this script (Vite's dev server).
 */
export const LOCALE_DATA_SCRIPT = "new Intl.DateTimeFormat('en-GB',{dateStyle:'medium',timeZone:'UTC'}).format(0)";

/** The script's CSP source (plugins/security-headers.ts): exactly this script may run inline, and nothing else. */
export const LOCALE_DATA_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(LOCALE_DATA_SCRIPT).digest('base64')}'`;

import { z } from 'zod';
import { FIRST_VIEW_SLOTS as SLOTS, INITIAL_RESPONSES_ELEMENT_ID } from '@marquee/domain/first-views';
import { escapeHtml } from '../../lib/escape-html';

const FirstViewsSchema = z.object({
  shells: z.record(z.string(), z.string()).refine((shells) => shells[''] !== undefined, 'no default shell'),
  events: z.record(z.string(), z.string()),
});

/**
 * What a page shows before its scripts have run, from the web build (dist/.vite/first-views.json, rendered
 * from the app's own components): the site's frame with the header as React first renders it, and on an
 * event page the breadcrumb and the banner, the page's largest paint. React replaces it in one commit.
 * A build without the file gives null everywhere: index.html's own bar stays.
 */
export class FirstViews {
  readonly #views: z.infer<typeof FirstViewsSchema> | null;

  constructor(json: unknown) {
    const parsed = FirstViewsSchema.safeParse(json);
    this.#views = parsed.success ? parsed.data : null;
  }

  /** #root's first view for a path: the frame whose header marks the path's category, `content` in its <main>. */
  page(pathname: string, content = ''): string | null {
    if (!this.#views) return null;
    const segment = pathname.split('/')[1] ?? '';
    const shell = this.#views.shells[segment] ?? this.#views.shells[''] ?? '';
    // Inert and hidden from assistive technology: the page React renders follows.
    return `<div aria-hidden="true" inert>${shell.replace(SLOTS.content, () => content)}</div>`;
  }

  /** An event page's top (breadcrumb and banner) as the event route first renders it; null for an unknown type. */
  eventTop(event: { type: string; name: string; bannerImg: string }): string | null {
    const template = this.#views?.events[event.type];
    if (!template) return null;
    return template
      .replaceAll(SLOTS.eventName, () => escapeHtml(event.name))
      .replaceAll(SLOTS.eventBanner, () => escapeHtml(event.bannerImg));
  }
}

/**
 * The page's first API answers, as the API would send them, for the web app to use instead of fetching
 * them (lib/initial-responses.ts). JSON in a data block is not run, so the CSP allows it; every `<` is
 * written as \u003c, so no string in the data can close the element.
 */
export function initialResponsesScript(responses: Readonly<Record<string, unknown>>): string {
  const json = JSON.stringify(responses).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${INITIAL_RESPONSES_ELEMENT_ID}">${json}</script>`;
}

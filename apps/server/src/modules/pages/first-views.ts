import { z } from 'zod';
import { FIRST_VIEW_SLOTS as SLOTS, INITIAL_RESPONSES_ELEMENT_ID } from '@marquee/domain/first-views';
import type { Banner } from '@marquee/domain/catalog';
import { escapeHtml } from '../../lib/escape-html';

const FirstViewsSchema = z.object({
  shells: z.record(z.string(), z.string()).refine((shells) => shells[''] !== undefined, 'no default shell'),
  events: z.record(z.string(), z.string()),
  /** Whole pages by pathname (an older build has none). */
  pages: z.record(z.string(), z.string()).default({}),
  /** The home page's content with its first banner's slots (an older build has none). */
  home: z.object({ withSubtitle: z.string(), withoutSubtitle: z.string(), controls: z.string() }).optional(),
  /** A category page's content by key, with a slot per card poster (an older build has none). */
  categories: z
    .object({
      pages: z.record(z.string(), z.string()),
      poster: z.object({ eager: z.string(), lazy: z.string() }),
      placeholder: z.string(),
    })
    .optional(),
});

/** Cards in the first screenful of a category (the web app's CategoryEvents) load their posters at once. */
const CARDS_ABOVE_THE_FOLD = 4;

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

  /**
   * #root's first view for a path: a page rendered whole, or the frame whose header marks the path's
   * category with `content` in its <main>.
   */
  page(pathname: string, content = ''): string | null {
    if (!this.#views) return null;
    const segment = pathname.split('/')[1] ?? '';
    const whole = content === '' ? this.#views.pages[pathname] : undefined;
    const shell = this.#views.shells[segment] ?? this.#views.shells[''] ?? '';
    // Inert and hidden from assistive technology: the page React renders follows.
    return `<div aria-hidden="true" inert>${whole ?? shell.replace(SLOTS.content, () => content)}</div>`;
  }

  /** An event page's top (breadcrumb and banner) as the event route first renders it; null for an unknown type. */
  eventTop(event: { type: string; name: string; bannerImg: string }): string | null {
    const template = this.#views?.events[event.type];
    if (!template) return null;
    return template
      .replaceAll(SLOTS.eventName, () => escapeHtml(event.name))
      .replaceAll(SLOTS.eventBanner, () => escapeHtml(event.bannerImg));
  }

  /**
   * The home page's content as the home route first renders it with these banners (the first one shown,
   * the trending events and testimonials loading); null without banners, where the page starts without a slider.
   */
  home(banners: readonly Banner[]): string | null {
    const template = this.#views?.home;
    const first = banners[0];
    if (!template || !first) return null;
    return (first.subtitle === '' ? template.withoutSubtitle : template.withSubtitle)
      .replace(SLOTS.bannerControls, () => (banners.length > 1 ? template.controls : ''))
      .replaceAll(SLOTS.bannerImage, () => escapeHtml(first.image))
      .replaceAll(SLOTS.bannerTitle, () => escapeHtml(first.title))
      .replaceAll(SLOTS.bannerSubtitle, () => escapeHtml(first.subtitle));
  }

  /**
   * A category page's content as the category route first renders it while its events load, with the
   * posters of these events in its card placeholders (the page's largest paint); null for an unknown key.
   */
  category(key: string, events: readonly { thumbnail_img: string }[]): string | null {
    const views = this.#views?.categories;
    const page = views?.pages[key];
    if (!views || page === undefined) return null;
    let index = 0;
    return page.replaceAll(SLOTS.cardPoster, () => {
      const event = events[index];
      const poster = index < CARDS_ABOVE_THE_FOLD ? views.poster.eager : views.poster.lazy;
      index += 1;
      return event ? poster.replaceAll(SLOTS.posterImage, () => escapeHtml(event.thumbnail_img)) : views.placeholder;
    });
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

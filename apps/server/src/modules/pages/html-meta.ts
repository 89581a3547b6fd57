import { formatEventDate, formatEventTime } from '@marquee/domain/time';
import { PAGE_MODULES_META_NAME } from '@marquee/domain/first-views';
import type { EventPageMeta } from '../catalog/service';
import { LOCALE_DATA_SCRIPT } from '../../lib/locale-data-script';
import { initialResponsesScript } from './first-views';

/** The comment in apps/web/index.html where the server puts page-specific tags. */
export const APP_META_PLACEHOLDER = '<!--app-meta-->';
export const SITE_NAME = 'Marquee';
/** Where the page's first API answers go (after #root). */
const INITIAL_DATA_PLACEHOLDER = '<!--initial-data-->';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an HTML text node or a quoted attribute: event names and descriptions come from data. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

export interface PageMeta {
  /** og:title and twitter:title. */
  title: string;
  /** The <title>; defaults to `title`. */
  documentTitle?: string;
  description: string;
  /** Absolute URLs: link previews are fetched by other sites. */
  url?: string;
  image?: string;
  /**
   * Same-origin API paths the page will fetch at once: `<link rel="preload" as="fetch" crossorigin>`
   * starts them with the HTML instead of after the scripts. The app's fetch must match (same URL,
   * credentials `same-origin`, which `crossorigin` gives), or the browser fetches twice.
   */
  preloadFetches?: readonly string[];
  /**
   * The page's script chunks (the app's, then the route's), named in `<meta name="marquee-page-modules">`:
   * the web app's boot script asks for them all at once after the first paint, instead of finding the
   * route's only once the router has run.
   */
  pageModules?: readonly string[];
  /** The page's largest image, wanted early (`<link rel="preload" as="image" fetchpriority="high">`). */
  preloadImage?: string;
  /** What #root shows before the scripts have run (first-views.ts), instead of index.html's own shell. */
  firstView?: string;
  /** The page's first API answers by path, in the page (first-views.ts: initialResponsesScript). */
  initialResponses?: Readonly<Record<string, unknown>>;
}

export type EventForMeta = Pick<EventPageMeta, 'name' | 'path' | 'description' | 'image' | 'startDate' | 'venue'>;

/**
 * index.html split once at start-up around its <title>, its description and the placeholder, so each
 * page is a few string concatenations. Tags the template lacks are added at the placeholder instead.
 */
export class IndexHtmlTemplate {
  readonly #source: string;
  readonly defaultMeta: PageMeta;

  constructor(source: string) {
    this.#source = source.includes(APP_META_PLACEHOLDER)
      ? source
      : source.replace('</head>', `${APP_META_PLACEHOLDER}</head>`);
    this.defaultMeta = {
      title: decodeBasicEntities(/<title>([^<]*)<\/title>/i.exec(source)?.[1] ?? SITE_NAME),
      description: decodeBasicEntities(
        /<meta\s+name="description"\s+content="([^"]*)"\s*\/?>/i.exec(source)?.[1] ?? '',
      ),
    };
  }

  /** The page with its own <title>, description, Open Graph and Twitter tags. */
  render(meta: PageMeta): string {
    let html = this.#source;
    const extra: string[] = [
      ...(meta.preloadFetches ?? []).map(
        (href) => `<link rel="preload" as="fetch" href="${escapeHtml(href)}" crossorigin />`,
      ),
      ...(meta.pageModules?.length
        ? [`<meta name="${PAGE_MODULES_META_NAME}" content="${escapeHtml(meta.pageModules.join(' '))}" />`]
        : []),
      ...(meta.preloadImage
        ? [`<link rel="preload" as="image" href="${escapeHtml(meta.preloadImage)}" fetchpriority="high" />`]
        : []),
    ];
    const title = `<title>${escapeHtml(meta.documentTitle ?? meta.title)}</title>`;
    if (/<title>[^<]*<\/title>/i.test(html)) html = html.replace(/<title>[^<]*<\/title>/i, () => title);
    else extra.push(title);
    const description = `<meta name="description" content="${escapeHtml(meta.description)}" />`;
    if (/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/i.test(html)) {
      html = html.replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/i, () => description);
    } else extra.push(description);
    extra.push(...socialTags(meta));
    // Last of these tags, and so before index.html's stylesheet and scripts: it runs while the stylesheet
    // downloads (the preloads above are already asked for).
    extra.push(`<script>${LOCALE_DATA_SCRIPT}</script>`);
    if (meta.firstView !== undefined) {
      html = html.replace(/<!--shell-->[\s\S]*?<!--\/shell-->/, () => meta.firstView ?? '');
    }
    if (meta.initialResponses) {
      const script = initialResponsesScript(meta.initialResponses);
      html = html.includes(INITIAL_DATA_PLACEHOLDER)
        ? html.replace(INITIAL_DATA_PLACEHOLDER, () => script)
        : html.replace('</body>', () => `${script}</body>`);
    }
    // A function replacement, so `$&` and friends in data are never read as patterns.
    return html.replace(APP_META_PLACEHOLDER, () => extra.join('\n    '));
  }
}

function socialTags(meta: PageMeta): string[] {
  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}" />`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;
  const tags = [
    property('og:site_name', SITE_NAME),
    property('og:type', 'website'),
    property('og:title', meta.title),
    property('og:description', meta.description),
  ];
  if (meta.url) tags.push(property('og:url', meta.url));
  if (meta.image) tags.push(property('og:image', meta.image));
  tags.push(named('twitter:card', meta.image ? 'summary_large_image' : 'summary'));
  tags.push(named('twitter:title', meta.title), named('twitter:description', meta.description));
  if (meta.image) tags.push(named('twitter:image', meta.image));
  return tags;
}

/** An event page's tags: its name, when and where, the start of its description, its banner. */
export function eventPageMeta(event: EventForMeta, publicUrl: string): PageMeta {
  const when = `${formatEventDate(event.startDate, event.venue.timeZone)}, ${formatEventTime(event.startDate, event.venue.timeZone)}`;
  const where = `${event.venue.name}, ${event.venue.city}`;
  const summary = truncate(event.description.replace(/\s+/g, ' ').trim(), 200);
  const image = absoluteUrl(event.image, publicUrl);
  return {
    title: event.name,
    documentTitle: `${event.name} | ${SITE_NAME}`,
    description: summary ? `${when} at ${where}. ${summary}` : `${when} at ${where}.`,
    url: absoluteUrl(encodePath(event.path), publicUrl) ?? '',
    ...(image ? { image } : {}),
  };
}

/** Percent-encodes each segment of a path (slugs may hold non-ASCII letters). */
export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

function absoluteUrl(pathOrUrl: string, base: string): string | undefined {
  if (!pathOrUrl) return undefined;
  try {
    return new URL(pathOrUrl, base).toString();
  } catch {
    return undefined;
  }
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

function decodeBasicEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

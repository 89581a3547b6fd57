/**
 * The HTML a page shows before its scripts have run, rendered at build time from the app's own components
 * (scripts/build.mjs writes it to dist/.vite/first-views.json; the server puts it in each page, see
 * apps/server/src/modules/pages). React replaces it in one commit once the page's route can render, so
 * what the buyer sees does not move: the same header, and on an event page the same breadcrumb and banner.
 *
 * Slots (FIRST_VIEW_SLOTS, @marquee/domain/first-views) are filled by the server, HTML-escaped: the
 * content in the frame's <main>, and in an event's page top its name and banner. A page that renders
 * without data (Download Your Tickets) is rendered whole.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { EVENT_TYPES } from '@marquee/domain/categories';
import { FIRST_VIEW_SLOTS } from '@marquee/domain/first-views';
import { PageContainer } from '../components/layout/page-container';
import { paths } from '../config/paths';
import { CATEGORY_NAV_LINKS } from '../components/layout/nav-links';
import { SiteHeader } from '../components/layout/site-header';
import { Breadcrumb } from '../components/ui/breadcrumb';
import { AccountMenu } from '../features/accounts/components/account-menu';
import { AuthModalsProvider } from '../features/accounts/components/auth-modals-provider';
import { CarouselControlsPlaceholder } from '../components/ui/carousel';
import { EventBanner } from '../features/event/components/event-details';
import { SearchBox } from '../features/search/components/search-box';
import { Component as DownloadTicketsPage } from '../app/routes/download-tickets';
import { Component as HomePage } from '../app/routes/home';
import { Component as CategoryRoute } from '../app/routes/category';
import { EventPoster, EventPosterSkeleton } from '../components/ui/event-card';
import { getBannersQueryOptions } from '../features/home/api/get-banners';

export interface FirstViews {
  /** The page frame (header, an empty <main> with the content slot) for a path's first segment ('' for any other). */
  shells: Record<string, string>;
  /** An event page's top (breadcrumb and banner) by event type, with the name and banner slots. */
  events: Record<string, string>;
  /** Pages whose first render needs no data, whole (frame and page) by pathname: no slots. */
  pages: Record<string, string>;
  /**
   * The home page's content as it first renders with its banners in the page: the first banner (its image,
   * title and subtitle slots; a banner without a subtitle has no line for it) and the trending events and
   * testimonials still loading. The slider's controls (measured in the browser) go in their slot when
   * there is more than one banner: `controls` is their placeholder, the same height.
   */
  home: { withSubtitle: string; withoutSubtitle: string; controls: string };
  /**
   * A category page's content by category key, as it first renders while its events load, each card's
   * poster placeholder a slot; and a poster with the image slot, for the cards in the first screenful
   * (`eager`) and after it (`lazy`); `placeholder` is what a slot without an event shows.
   */
  categories: { pages: Record<string, string>; poster: { eager: string; lazy: string }; placeholder: string };
}

/** The routes that render without data (their first render is the page, not a loading state). */
const WHOLE_PAGES: Record<string, () => ReactNode> = {
  [paths.downloadTickets()]: DownloadTicketsPage,
};

/** The frame as RootLayout first renders it: the session still loading, so the account area is its placeholder. */
function Shell({ path, children, client = new QueryClient() }: { path: string; children?: ReactNode; client?: QueryClient }) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client}>
        <AuthModalsProvider>
          <div className="flex min-h-dvh flex-col">
            <SiteHeader search={<SearchBox />} account={<AccountMenu />} />
            {children === undefined ? (
              <main className="min-h-dvh flex-1" data-first-view-content="" />
            ) : (
              <main className="min-h-dvh flex-1">{children}</main>
            )}
          </div>
        </AuthModalsProvider>
      </QueryClientProvider>
    </MemoryRouter>
  );
}

/** app/routes/event.tsx's page top: the container, the breadcrumb and EventDetails' banner. */
function EventTop({ type }: { type: string }) {
  const path = `/${type}/event/uid`;
  return (
    <MemoryRouter initialEntries={[path]}>
      <PageContainer className="flex flex-col gap-6 py-6 sm:py-10">
        <Breadcrumb currentLabel={FIRST_VIEW_SLOTS.eventName} pathname={path} />
        <article className="flex flex-col gap-6">
          <EventBanner name={FIRST_VIEW_SLOTS.eventName} src={FIRST_VIEW_SLOTS.eventBanner} />
        </article>
      </PageContainer>
    </MemoryRouter>
  );
}

/** The home route's content with one banner, the slots, as its query's data (the server sends the real ones). */
function renderHome(subtitle: string): string {
  const client = new QueryClient();
  client.setQueryData(getBannersQueryOptions().queryKey, [
    { id: 0, title: FIRST_VIEW_SLOTS.bannerTitle, subtitle, image: FIRST_VIEW_SLOTS.bannerImage, link: '/' },
  ]);
  const content = mainContent('/', <HomePage />, client);
  // The banners come first: the slider's section is the first to close.
  const sliderEnd = content.indexOf('</section>');
  if (sliderEnd < 0) throw new Error('The home first view has no banner slider.');
  return withoutHoistedPreload(
    `${content.slice(0, sliderEnd)}${FIRST_VIEW_SLOTS.bannerControls}${content.slice(sliderEnd)}`,
  );
}

/** React hoists an eager or high-priority image into a <link rel="preload">: the server's <head> has the one wanted. */
function withoutHoistedPreload(html: string): string {
  return html.replace(/<link rel="preload"[^>]*>/g, '');
}

/** The content of a route's <main> in the frame for `path`. */
function mainContent(path: string, page: ReactNode, client?: QueryClient): string {
  const html = renderToStaticMarkup(
    <Shell path={path} {...(client ? { client } : {})}>
      {page}
    </Shell>,
  );
  const content = /<main class="min-h-dvh flex-1">([\s\S]*)<\/main>/.exec(html)?.[1];
  if (content === undefined) throw new Error(`The first view of ${path} has no <main>.`);
  return content;
}

/** app/routes/category.tsx while its events load, the posters' placeholders as slots. */
function renderCategory(key: string): string {
  const content = mainContent(
    `/${key}`,
    <Routes>
      <Route path=":category" element={<CategoryRoute />} />
    </Routes>,
  );
  const placeholder = renderToStaticMarkup(<EventPosterSkeleton />);
  if (!content.includes(placeholder)) throw new Error(`The first view of /${key} has no card placeholders.`);
  return content.replaceAll(placeholder, FIRST_VIEW_SLOTS.cardPoster);
}

export function renderFirstViews(): FirstViews {
  const shells: Record<string, string> = {};
  // The header marks the current section: a category, or Download Tickets.
  for (const key of ['', ...CATEGORY_NAV_LINKS.map((link) => link.key), paths.downloadTickets().slice(1)]) {
    shells[key] = renderToStaticMarkup(<Shell path={`/${key}`} />).replace(
      '<main class="min-h-dvh flex-1" data-first-view-content=""></main>',
      `<main class="min-h-dvh flex-1">${FIRST_VIEW_SLOTS.content}</main>`,
    );
  }
  const events: Record<string, string> = {};
  for (const type of EVENT_TYPES) events[type] = withoutHoistedPreload(renderToStaticMarkup(<EventTop type={type} />));
  const pages: Record<string, string> = {};
  for (const [path, Page] of Object.entries(WHOLE_PAGES))
    pages[path] = renderToStaticMarkup(
      <Shell path={path}>
        <Page />
      </Shell>,
    );
  return {
    shells,
    events,
    pages,
    home: {
      withSubtitle: renderHome(FIRST_VIEW_SLOTS.bannerSubtitle),
      withoutSubtitle: renderHome(''),
      controls: renderToStaticMarkup(<CarouselControlsPlaceholder />),
    },
    categories: {
      pages: Object.fromEntries(CATEGORY_NAV_LINKS.map((link) => [link.key, renderCategory(link.key)])),
      poster: {
        eager: withoutHoistedPreload(renderToStaticMarkup(<EventPoster src={FIRST_VIEW_SLOTS.posterImage} isAboveTheFold />)),
        lazy: renderToStaticMarkup(<EventPoster src={FIRST_VIEW_SLOTS.posterImage} isAboveTheFold={false} />),
      },
      placeholder: renderToStaticMarkup(<EventPosterSkeleton />),
    },
  };
}

/**
 * The HTML a page shows before its scripts have run, rendered at build time from the app's own components
 * (scripts/build.mjs writes it to dist/.vite/first-views.json; the server puts it in each page, see
 * apps/server/src/plugins/web-app). React replaces it in one commit once the page's route can render, so
 * what the buyer sees does not move: the same header, and on an event page the same breadcrumb and banner.
 *
 * Slots (FIRST_VIEW_SLOTS, @marquee/domain/first-views) are filled by the server, HTML-escaped: the
 * content in the frame's <main>, and in an event's page top its name and banner.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
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
import { EventBanner } from '../features/event/components/event-details';
import { SearchBox } from '../features/search/components/search-box';

export interface FirstViews {
  /** The page frame (header, an empty <main> with the content slot) for a path's first segment ('' for any other). */
  shells: Record<string, string>;
  /** An event page's top (breadcrumb and banner) by event type, with the name and banner slots. */
  events: Record<string, string>;
}

/** The frame as RootLayout first renders it: the session still loading, so the account area is its placeholder. */
function Shell({ path }: { path: string }) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={new QueryClient()}>
        <AuthModalsProvider>
          <div className="flex min-h-dvh flex-col">
            <SiteHeader search={<SearchBox />} account={<AccountMenu />} />
            <main className="min-h-dvh flex-1" data-first-view-content="" />
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
  // React hoists a high-priority image into a <link rel="preload">: the server's <head> has it already.
  for (const type of EVENT_TYPES)
    events[type] = renderToStaticMarkup(<EventTop type={type} />).replace(/^<link rel="preload"[^>]*>/, '');
  return { shells, events };
}

import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '../../config/paths';
import { MarqueeLogo } from './marquee-logo';
import { CATEGORY_NAV_LINKS } from './nav-links';
import { PageContainer } from './page-container';

interface SiteHeaderProps {
  /** The search box; the app layer passes the search feature's, as shared layout never imports features. */
  search?: ReactNode;
  /** Sign In / Sign Out; the app layer passes the accounts feature's. */
  account?: ReactNode;
}

function navLinkClassName({ isActive }: { isActive: boolean }): string {
  return [
    // The row scrolls sideways, which clips anything drawn outside it: the focus ring is drawn inside.
    'inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:-outline-offset-3',
    isActive
      ? 'border-accent-400 text-white'
      : 'border-transparent text-brand-100 hover:border-brand-100 hover:text-white',
  ].join(' ');
}

/**
 * Site header: logo, search and the account controls on top; the category links below, a row that scrolls
 * sideways on narrow screens rather than hiding behind a menu button (one tap fewer, nothing hidden).
 */
export function SiteHeader({ search, account }: SiteHeaderProps) {
  return (
    // Focus rings in amber: the default indigo ring would not show on the dark header.
    <header className="bg-brand-950 text-white [&_:focus-visible]:outline-accent-300">
      <PageContainer className="flex flex-wrap items-center gap-x-6 gap-y-3 py-3">
        <Link to={paths.home()} aria-label="Marquee home" className="shrink-0 rounded-lg">
          <MarqueeLogo />
        </Link>
        <div className="order-last w-full md:order-none md:w-auto md:max-w-xl md:flex-1">{search}</div>
        <div className="ml-auto flex items-center gap-3">
          {account}
        </div>
      </PageContainer>
      <nav aria-label="Main" className="border-t border-white/10 bg-brand-900">
        <PageContainer className="px-0 sm:px-4 lg:px-6">
          <ul className="flex items-stretch overflow-x-auto [scrollbar-width:thin] px-1 sm:px-0">
            {CATEGORY_NAV_LINKS.map((link) => (
              <li key={link.key}>
                <NavLink to={link.href} className={navLinkClassName}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li className="ml-auto">
              <NavLink to={paths.downloadTickets()} className={navLinkClassName}>
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className="mr-1.5 size-4"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.75"
                >
                  <path
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    d="M10 3v9m0 0 3.5-3.5M10 12 6.5 8.5M4 14v2h12v-2"
                  />
                </svg>
                Download Tickets
              </NavLink>
            </li>
          </ul>
        </PageContainer>
      </nav>
    </header>
  );
}

import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { PageContainer } from '../../../components/layout/page-container';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { PageTitle } from '../../../components/ui/page-title';
import { Prose } from '../../../components/ui/prose';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';

interface StaticPageProps {
  title: string;
  /** The lead paragraph under the title. */
  intro: ReactNode;
  /** "22 November 2026" for policies, which must say when they last changed. */
  lastUpdated?: string;
  children: ReactNode;
}

const INFORMATION_PAGES = [
  { label: 'About us', href: paths.aboutUs() },
  { label: 'Contact us', href: paths.contactUs() },
  { label: 'Privacy policy', href: paths.privacyPolicy() },
  { label: 'Terms and conditions', href: paths.termsAndConditions() },
  { label: 'Download Tickets', href: paths.downloadTickets() },
];

/** The frame of an information page: breadcrumb, title, lead and the text. Sets the document title. */
export function StaticPage({ title, intro, lastUpdated, children }: StaticPageProps) {
  useDocumentTitle(title);
  return (
    <PageContainer className="py-6 sm:py-10">
      <Breadcrumb currentLabel={title} />
      <div className="mt-4 lg:grid lg:grid-cols-[minmax(0,1fr)_15rem] lg:gap-12">
        <article>
          <header className="max-w-3xl border-b border-slate-200 pb-6">
            <PageTitle description={intro}>{title}</PageTitle>
            {lastUpdated ? <p className="mt-3 text-sm text-slate-700">Last updated: {lastUpdated}</p> : null}
          </header>
          <Prose className="mt-8">{children}</Prose>
        </article>
        {/* Wide screens only: on a phone the same links are in the footer, right below. */}
        <nav aria-label="Information pages" className="hidden lg:block">
          <ul className="sticky top-6 space-y-1 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
            {INFORMATION_PAGES.map((page) => (
              <li key={page.href}>
                <NavLink
                  to={page.href}
                  className={({ isActive }) =>
                    `flex min-h-10 items-center rounded-lg px-3 text-sm font-medium ${isActive ? 'bg-brand-50 text-brand-900' : 'text-slate-700 hover:bg-slate-100 hover:text-brand-900'}`
                  }
                >
                  {page.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </PageContainer>
  );
}

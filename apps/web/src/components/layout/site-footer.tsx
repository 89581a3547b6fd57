import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { MarqueeLogo } from './marquee-logo';
import { CATEGORY_NAV_LINKS } from './nav-links';
import { PageContainer } from './page-container';
import { SocialLinks } from './social-links';

const COMPANY_LINKS = [
  { label: 'About us', href: paths.aboutUs() },
  { label: 'Contact us', href: paths.contactUs() },
  { label: 'Download Tickets', href: paths.downloadTickets() },
];

const LEGAL_LINKS = [
  { label: 'Privacy policy', href: paths.privacyPolicy() },
  { label: 'Terms and conditions', href: paths.termsAndConditions() },
];

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wider text-accent-300 uppercase">{title}</h2>
      {children}
    </div>
  );
}

function FooterLinks({ links }: { links: readonly { label: string; href: string }[] }) {
  return (
    <ul className="mt-3 space-y-1">
      {links.map((link) => (
        <li key={link.href}>
          <Link
            to={link.href}
            className="inline-flex min-h-9 items-center rounded-sm text-brand-100 underline-offset-4 hover:text-white hover:underline"
          >
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Site footer: links, social accounts and the copyright line with the current year (spec: dynamic year). */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto bg-brand-950 text-brand-100 [&_:focus-visible]:outline-accent-300">
      <PageContainer className="grid gap-10 py-12 md:grid-cols-[minmax(0,1.4fr)_minmax(0,3fr)]">
        <div>
          <Link to={paths.home()} aria-label="Marquee home" className="inline-block rounded-lg">
            <MarqueeLogo />
          </Link>
          <p className="mt-4 max-w-sm text-sm leading-6">
            Tickets for concerts, theatre, dance and university events in Sri Lanka, Singapore and Australia.
          </p>
          <h2 className="mt-6 text-sm font-semibold tracking-wider text-accent-300 uppercase">Follow us</h2>
          <div className="mt-3">
            <SocialLinks />
          </div>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          <FooterColumn title="Browse">
            <FooterLinks links={CATEGORY_NAV_LINKS} />
          </FooterColumn>
          <FooterColumn title="Marquee">
            <FooterLinks links={COMPANY_LINKS} />
          </FooterColumn>
          <FooterColumn title="Legal">
            <FooterLinks links={LEGAL_LINKS} />
          </FooterColumn>
        </nav>
      </PageContainer>
      <div className="border-t border-white/10">
        <PageContainer className="py-5 text-sm">
          <p>{`© ${year} Marquee. All rights reserved.`}</p>
        </PageContainer>
      </div>
    </footer>
  );
}

import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { SiteFooter } from '../components/layout/site-footer';
import { SiteHeader } from '../components/layout/site-header';
import { SkipLink } from '../components/layout/skip-link';
import { Toaster } from '../components/toaster';
import { TestModeNotice } from '../components/ui/test-mode-notice';
import { AccountMenu } from '../features/accounts/components/account-menu';
import { AuthModalsProvider } from '../features/accounts/components/auth-modals-provider';
import { usePaymentsConfig } from '../features/checkout/api/get-payments-config';
import { SearchBox } from '../features/search/components/search-box';

/** A thin amber bar at the top while the next page's code or data loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-900">
      <div className="h-full w-1/3 animate-pulse bg-accent-400 motion-reduce:animate-none" />
    </div>
  );
}

/** The test-mode notice, on every page while payments are tests (the server's payment configuration says so). */
function PaymentsTestMode() {
  const config = usePaymentsConfig();
  return config.data?.test_mode ? <TestModeNotice /> : null;
}

/**
 * The page frame: skip link, header, the one <main> landmark and the footer. The route error page
 * uses it too, so a failed page keeps the site's header and footer. The account modals (opened from the
 * header, a page, or a `?reset=` address) are available to everything inside it.
 */
export function SiteFrame({ children }: { children: ReactNode }) {
  return (
    <AuthModalsProvider>
      <div className="flex min-h-dvh flex-col">
        <SkipLink targetId="main" />
        <PaymentsTestMode />
        <SiteHeader search={<SearchBox />} account={<AccountMenu />} />
        {/* tabIndex -1: the skip link moves focus here. At least a screen high, so the footer never shows
            above the fold while a page's code or data loads and then jumps away (layout shift). */}
        <main id="main" tabIndex={-1} className="min-h-dvh flex-1 focus:outline-none">
          {children}
        </main>
        <SiteFooter />
        <ScrollRestoration />
      </div>
    </AuthModalsProvider>
  );
}

export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <SiteFrame>
        <Outlet />
      </SiteFrame>
      <Toaster />
    </>
  );
}

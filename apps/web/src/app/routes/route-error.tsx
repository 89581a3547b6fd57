import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { PageContainer } from '../../components/layout/page-container';
import { buttonClassName } from '../../components/ui/button';
import { ErrorState } from '../../components/ui/error-state';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SiteFrame } from '../root-layout';

/**
 * The not-found page in a chunk of its own (shared with the '*' route): only a 404 needs it, so every page's
 * first bundle does not carry it (the home page's JavaScript budget, issue 9).
 */
const NotFoundPage = lazy(() =>
  import('../../components/ui/not-found').then((module) => ({ default: module.NotFoundPage })),
);

function ErrorContent() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  useDocumentTitle(isNotFound ? 'Page not found' : 'Something went wrong');
  if (isNotFound)
    return (
      <Suspense fallback={<div className="min-h-96" aria-busy="true" />}>
        <NotFoundPage />
      </Suspense>
    );
  // Shown to visitors, so it explains and offers a way on; the details go to the console for us.
  console.error(error);
  return (
    <PageContainer className="py-16">
      <ErrorState
        title="Sorry, this page did not load"
        message="Something went wrong on our side or with the connection. Reloading usually fixes it; if not, the home page is one click away."
        retryLabel="Reload the page"
        onRetry={() => window.location.reload()}
        action={
          <Link to={paths.home()} className={buttonClassName({ variant: 'secondary' })}>
            Go to the home page
          </Link>
        }
        headingLevel={1}
        className="mx-auto max-w-2xl"
      />
    </PageContainer>
  );
}

/** The router's error element: a 404 shows the not-found page, anything else a friendly error with a retry. */
export function RouteErrorPage() {
  return (
    <SiteFrame>
      <ErrorContent />
    </SiteFrame>
  );
}

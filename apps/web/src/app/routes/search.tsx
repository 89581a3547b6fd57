import { useSearchParams } from 'react-router';
import { PageContainer } from '../../components/layout/page-container';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { PageTitle } from '../../components/ui/page-title';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SearchForm } from '../../features/search/components/search-form';
import { SearchResults } from '../../features/search/components/search-results';

/** /search?q=: the query lives in the URL, so results can be shared and the back button steps through searches. */
export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = (searchParams.get('q') ?? '').trim();
  useDocumentTitle(query ? `Search results for “${query}”` : 'Search');

  return (
    <PageContainer className="py-6 sm:py-10">
      <Breadcrumb currentLabel="Search" />
      <PageTitle className="mt-4" description={query ? undefined : 'Find events by name, artist, venue or city.'}>
        {query ? `Results for “${query}”` : 'Search events'}
      </PageTitle>
      <div className="mt-6 max-w-2xl">
        <SearchForm key={query} initialQuery={query} onSearch={(next) => setSearchParams({ q: next })} />
      </div>
      {query ? (
        <section aria-label="Search results" className="mt-8">
          <SearchResults query={query} />
        </section>
      ) : null}
    </PageContainer>
  );
}

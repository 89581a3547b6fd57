import { useParams, useSearchParams } from 'react-router';
import { findCategoryByKey, type Category } from '@marquee/domain/categories';
import { PageContainer } from '../../components/layout/page-container';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { NotFoundPage } from '../../components/ui/not-found';
import { PageTitle } from '../../components/ui/page-title';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CategoryEvents } from '../../features/catalog/components/category-events';

/** Anything but a whole number from 1 reads as the first page, as the server would reject it. */
function pageFromParam(value: string | null): number {
  if (value === null || !/^\d{1,4}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

function categoryTitle(category: Category): string {
  return category.key === 'all' ? 'All events' : category.name;
}

/** /concerts, /theatre, /dance, /uni-events, /all (?page=2): a category's events; any other name is not found. */
export function Component() {
  const { category: key = '' } = useParams();
  const category = findCategoryByKey(key);
  if (!category) return <NotFoundPage />;
  return <CategoryPage category={category} />;
}

function CategoryPage({ category }: { category: Category }) {
  const [searchParams] = useSearchParams();
  const page = pageFromParam(searchParams.get('page'));
  const title = categoryTitle(category);
  useDocumentTitle(page > 1 ? `${title}, page ${page}` : title);

  return (
    <PageContainer className="flex flex-col gap-6 py-6 sm:py-10">
      <Breadcrumb currentLabel={title} />
      <PageTitle>{title}</PageTitle>
      <CategoryEvents category={category} page={page} />
    </PageContainer>
  );
}

import { Link } from 'react-router';

export interface PaginationProps {
  page: number;
  totalPages: number;
  /** The address of a page, e.g. 2 → "/concerts?page=2". */
  hrefFor: (page: number) => string;
}

type PageItem = number | 'gap-start' | 'gap-end';

/** 1 … 4 5 6 … 20: the first, the last, and the current page with its neighbours. */
export function pageItems(page: number, totalPages: number): PageItem[] {
  const shown = new Set([1, totalPages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= totalPages));
  // Showing a lone hidden page is as short as the gap marker that would replace it.
  if (shown.has(3) && totalPages >= 3) shown.add(2);
  if (shown.has(totalPages - 2) && totalPages >= 3) shown.add(totalPages - 1);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((n, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous > 1) items.push(index === 1 ? 'gap-start' : 'gap-end');
    items.push(n);
  });
  return items;
}

const itemClasses = 'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg px-3 text-sm font-semibold';

/** Pages as real links (the page is in the URL), so they open in new tabs and work without script state. */
export function Pagination({ page, totalPages, hrefFor }: PaginationProps) {
  if (totalPages <= 1) return null;
  const hasPrevious = page > 1;
  const hasNext = page < totalPages;

  return (
    <nav aria-label="Pagination" className="flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {hasPrevious ? (
            <Link
              to={hrefFor(page - 1)}
              rel="prev"
              className={`${itemClasses} border border-slate-300 bg-white text-slate-900 hover:bg-slate-100`}
            >
              <span aria-hidden="true">‹</span>Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={`${itemClasses} border border-slate-200 text-slate-500`}>
              <span aria-hidden="true">‹</span>Previous
            </span>
          )}
        </li>
        {pageItems(page, totalPages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              {item === page ? (
                <Link
                  to={hrefFor(item)}
                  aria-current="page"
                  aria-label={`Page ${item}`}
                  className={`${itemClasses} bg-brand-700 text-white`}
                >
                  {item}
                </Link>
              ) : (
                <Link
                  to={hrefFor(item)}
                  aria-label={`Page ${item}`}
                  className={`${itemClasses} border border-slate-300 bg-white text-slate-900 hover:bg-slate-100`}
                >
                  {item}
                </Link>
              )}
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="px-1 text-slate-600">
              …
            </li>
          ),
        )}
        <li>
          {hasNext ? (
            <Link
              to={hrefFor(page + 1)}
              rel="next"
              className={`${itemClasses} border border-slate-300 bg-white text-slate-900 hover:bg-slate-100`}
            >
              Next<span aria-hidden="true">›</span>
            </Link>
          ) : (
            <span aria-disabled="true" className={`${itemClasses} border border-slate-200 text-slate-500`}>
              Next<span aria-hidden="true">›</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

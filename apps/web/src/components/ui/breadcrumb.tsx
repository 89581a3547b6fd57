import { Link, useLocation } from 'react-router';
import { breadcrumbFromPath, titleFromSegment } from '@marquee/domain/slug';
import { EventTypeSchema, findCategoryByKey } from '@marquee/domain/categories';

export interface Crumb {
  label: string;
  href: string;
}

interface BreadcrumbProps {
  /** Label of the last crumb (the current page), e.g. the event's name; defaults to one made from the path. */
  currentLabel?: string;
  /** The path to build from; defaults to the current location. */
  pathname?: string;
  className?: string;
}

/** Category segments read as their names; "all" reads as "All events", as in the header. */
function labelForSegment(segment: string, index: number): string {
  if (index === 0) {
    if (segment === 'all') return 'All events';
    const category = findCategoryByKey(segment);
    if (category) return category.name;
  }
  return titleFromSegment(segment);
}

/**
 * Crumbs for a path (spec: "a breadcrumb is built from the path"). An event path
 * /{type}/{slug}/{uid} becomes Home › Category › Event: /{type}/{slug} is no page of its own and a
 * uid means nothing to a reader, so the slug names the event until the page passes its real name.
 */
export function crumbsFromPath(pathname: string, currentLabel?: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  let crumbs: Crumb[];
  const [type, slug, uid] = segments;
  if (segments.length === 3 && type && slug && uid && EventTypeSchema.safeParse(type).success) {
    crumbs = [
      { label: 'Home', href: '/' },
      { label: labelForSegment(type, 0), href: `/${type}` },
      { label: titleFromSegment(slug), href: `/${segments.join('/')}` },
    ];
  } else {
    crumbs = breadcrumbFromPath(pathname, labelForSegment);
  }
  const last = crumbs.at(-1);
  if (currentLabel && last && crumbs.length > 1) crumbs[crumbs.length - 1] = { ...last, label: currentLabel };
  return crumbs;
}

/**
 * The page's breadcrumb trail, built from the path. Pages render it themselves (not on home) above
 * their h1; the last crumb is the current page and is not a link.
 */
export function Breadcrumb({ currentLabel, pathname, className = '' }: BreadcrumbProps) {
  const location = useLocation();
  const crumbs = crumbsFromPath(pathname ?? location.pathname, currentLabel);
  if (crumbs.length < 2) return null;
  return (
    <nav aria-label="Breadcrumb" className={`text-sm ${className}`}>
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-1 text-slate-700">
        {crumbs.map((crumb, index) => {
          const isCurrent = index === crumbs.length - 1;
          return (
            <li key={crumb.href} className="flex min-w-0 items-center gap-1">
              {index > 0 ? (
                <svg
                  aria-hidden="true"
                  viewBox="0 0 16 16"
                  className="size-4 shrink-0 text-slate-500"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.75"
                >
                  <path strokeLinecap="round" strokeLinejoin="round" d="m6 3.5 4.5 4.5L6 12.5" />
                </svg>
              ) : null}
              {isCurrent ? (
                <span aria-current="page" className="truncate font-semibold text-brand-950">
                  {crumb.label}
                </span>
              ) : (
                <Link to={crumb.href} className="rounded-sm underline-offset-2 hover:text-brand-700 hover:underline">
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

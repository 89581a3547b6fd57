import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { buttonClassName } from './button';

interface NotFoundPageProps {
  /** Defaults to "Page not found"; an unknown event might say "Event not found". */
  title?: string;
  message?: string;
}

/**
 * The not-found page: the '*' route, and any page whose thing does not exist (an unknown category
 * or event uid) renders it in place of its content. It owns the page's h1 and title.
 */
export function NotFoundPage({
  title = 'Page not found',
  message = 'The page you are looking for has moved, ended or never existed. These will take you somewhere useful:',
}: NotFoundPageProps) {
  useDocumentTitle(title);
  return (
    <section aria-labelledby="not-found-title" className="mx-auto w-full max-w-3xl px-4 py-16 text-center sm:py-24">
      <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">Error 404</p>
      <h1 id="not-found-title" className="mt-3 text-3xl font-bold tracking-tight text-brand-950 sm:text-4xl">
        {title}
      </h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-slate-700">{message}</p>
      <ul className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <li>
          <Link to={paths.home()} className={buttonClassName({ variant: 'primary' })}>
            Go to the home page
          </Link>
        </li>
        <li>
          <Link to={paths.category('all')} className={buttonClassName({ variant: 'secondary' })}>
            Browse all events
          </Link>
        </li>
        <li>
          <Link to={paths.search()} className={buttonClassName({ variant: 'secondary' })}>
            Search events
          </Link>
        </li>
      </ul>
    </section>
  );
}

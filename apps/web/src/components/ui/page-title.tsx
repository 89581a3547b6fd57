import type { ReactNode } from 'react';

interface PageTitleProps {
  children: ReactNode;
  /** A short line under the heading. */
  description?: ReactNode;
  className?: string;
}

/** The page's one h1, with an optional description. */
export function PageTitle({ children, description, className = '' }: PageTitleProps) {
  return (
    <div className={className}>
      <h1 className="text-3xl font-bold tracking-tight text-brand-950 sm:text-4xl">{children}</h1>
      {description ? <p className="mt-2 max-w-3xl text-base text-slate-700 sm:text-lg">{description}</p> : null}
    </div>
  );
}

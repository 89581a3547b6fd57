import type { ReactNode } from 'react';
import { Heading, type HeadingLevel } from './heading';

interface EmptyStateProps {
  title: ReactNode;
  /** Explanation or suggestions under the title. */
  children?: ReactNode;
  /** A button or links to move on. */
  action?: ReactNode;
  headingLevel?: HeadingLevel;
  className?: string;
}

/** "Nothing here" with a way forward. */
export function EmptyState({ title, children, action, headingLevel = 2, className = '' }: EmptyStateProps) {
  return (
    <div className={`rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center ${className}`}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="mx-auto size-10 text-brand-700"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M3 9V6a1 1 0 0 1 1-1h16a1 1 0 0 1 1 1v3a3 3 0 0 0 0 6v3a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-3a3 3 0 0 0 0-6Z"
        />
        <path strokeLinecap="round" d="M14 5v2m0 3v4m0 3v2" />
      </svg>
      <Heading level={headingLevel} className="mt-4 text-xl font-semibold text-brand-950">
        {title}
      </Heading>
      {children ? <div className="mx-auto mt-2 max-w-prose text-slate-700">{children}</div> : null}
      {action ? <div className="mt-6 flex flex-wrap justify-center gap-3">{action}</div> : null}
    </div>
  );
}

import type { ReactNode } from 'react';
import { Button } from './button';
import { Heading, type HeadingLevel } from './heading';

interface ErrorStateProps {
  title?: ReactNode;
  message?: ReactNode;
  /** Shows a retry button when given. */
  onRetry?: () => void;
  retryLabel?: string;
  /** Disables the retry button while the retry is under way. */
  isRetrying?: boolean;
  /** Further actions (a link home, say). */
  action?: ReactNode;
  headingLevel?: HeadingLevel;
  className?: string;
}

/** A failure the visitor can act on; announced as an alert. */
export function ErrorState({
  title = 'Something went wrong',
  message = 'We could not load this. Check your connection and try again.',
  onRetry,
  retryLabel = 'Try again',
  isRetrying = false,
  action,
  headingLevel = 2,
  className = '',
}: ErrorStateProps) {
  return (
    <div role="alert" className={`rounded-2xl border border-red-200 bg-red-50 px-6 py-8 text-center ${className}`}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="mx-auto size-10 text-red-700"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M12 9v4m0 3h.01M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z"
        />
      </svg>
      <Heading level={headingLevel} className="mt-3 text-xl font-semibold text-red-900">
        {title}
      </Heading>
      {message ? <div className="mx-auto mt-2 max-w-prose text-red-900">{message}</div> : null}
      {onRetry || action ? (
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {onRetry ? (
            <Button onClick={onRetry} disabled={isRetrying}>
              {isRetrying ? 'Retrying…' : retryLabel}
            </Button>
          ) : null}
          {action}
        </div>
      ) : null}
    </div>
  );
}

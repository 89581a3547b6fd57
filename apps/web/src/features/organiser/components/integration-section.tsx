import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { ConsoleLoading } from './console-loading';
import { ConsoleQueryError } from './console-query-error';

export interface IntegrationSectionProps<Data> {
  headingId: string;
  title: string;
  /** The button beside the heading that opens the "make one" dialog. */
  actionLabel: string;
  onAction: () => void;
  intro: ReactNode;
  /** The secret just made, shown once (or nothing). */
  reveal: ReactNode;
  query: UseQueryResult<Data>;
  loadingLabel: string;
  errorTitle: string;
  emptyText: string;
  isEmpty: (data: Data) => boolean;
  list: (data: Data) => ReactNode;
  dialog: ReactNode;
}

/**
 * One section of the Integrations page (API keys, webhooks): its heading and "make one" button, what it is for,
 * the secret just made, then the list with its loading, error and empty states, and the dialog.
 */
export function IntegrationSection<Data>({
  headingId,
  title,
  actionLabel,
  onAction,
  intro,
  reveal,
  query,
  loadingLabel,
  errorTitle,
  emptyText,
  isEmpty,
  list,
  dialog,
}: IntegrationSectionProps<Data>) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-semibold text-brand-950">
          {title}
        </h2>
        <Button onClick={onAction}>{actionLabel}</Button>
      </div>
      <p className="max-w-3xl text-sm text-slate-700">{intro}</p>
      {reveal}
      {query.isPending ? (
        <ConsoleLoading label={loadingLabel} rows={2} />
      ) : query.isError ? (
        <ConsoleQueryError
          error={query.error}
          title={errorTitle}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : isEmpty(query.data) ? (
        <p className="text-slate-700">{emptyText}</p>
      ) : (
        list(query.data)
      )}
      {dialog}
    </section>
  );
}

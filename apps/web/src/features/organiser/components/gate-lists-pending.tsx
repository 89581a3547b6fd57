import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { organiserPaths } from '../lib/organiser-paths';
import { ConsoleLoading } from './console-loading';
import { ConsolePageHeader } from './console-page-header';
import { ConsoleQueryError } from './console-query-error';

/**
 * A gate page (the lists, the scanner) while its event's check-in lists load, or when they could not: the page's
 * header, then the loading shape or the error (another organisation's event, or none, reads "No such event").
 */
export function GateListsPending({
  org,
  lists,
  title,
  back,
  loadingLabel,
  loadingRows,
  errorTitle,
}: {
  org: string;
  lists: UseQueryResult<unknown>;
  title: string;
  back: ReactNode;
  loadingLabel: string;
  loadingRows?: number;
  errorTitle: string;
}) {
  return (
    <>
      <ConsolePageHeader title={title} back={back} />
      {lists.isError ? (
        <ConsoleQueryError
          error={lists.error}
          title={errorTitle}
          onRetry={() => void lists.refetch()}
          isRetrying={lists.isFetching}
          notFound={{
            title: 'No such event',
            message: 'This event does not exist, or it is not one of the events you work on.',
            back: { to: organiserPaths.gates(org), label: 'All gates' },
          }}
        />
      ) : (
        <ConsoleLoading label={loadingLabel} {...(loadingRows === undefined ? {} : { rows: loadingRows })} />
      )}
    </>
  );
}

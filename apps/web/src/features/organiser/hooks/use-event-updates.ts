import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConsoleEventAnswer, ConsolePackage } from '@marquee/domain/console';
import { organiserKeys } from '../api/query-keys';

export interface EventUpdates {
  /** The server's answer after a change to the event: shown at once; the list and the preview asked again. */
  saved(event: ConsoleEventAnswer): Promise<void>;
  /** A change to a part of it (a package, its seats, an image): the event asked again, with its checklist. */
  refresh(): Promise<void>;
  /** A package as the server now has it: shown in the event at once, then the event asked again. */
  packageSaved(pkg: ConsolePackage): Promise<void>;
}

/** What each section does once the server has taken a change, so the page shows what the server keeps. */
export function useEventUpdates(org: string, eventUid: string): EventUpdates {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const others = () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organiserKeys.events(org), exact: true }),
        queryClient.invalidateQueries({ queryKey: organiserKeys.eventPreview(org, eventUid) }),
      ]);
    const refresh = () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organiserKeys.event(org, eventUid), exact: true }),
        others(),
      ]).then(() => undefined);
    return {
      refresh,
      async packageSaved(pkg) {
        queryClient.setQueryData<ConsoleEventAnswer>(organiserKeys.event(org, eventUid), (event) =>
          event ? { ...event, packages: event.packages.map((each) => (each.id === pkg.id ? pkg : each)) } : event,
        );
        await refresh();
      },
      async saved(event) {
        queryClient.setQueryData(organiserKeys.event(org, eventUid), event);
        await others();
      },
    };
  }, [queryClient, org, eventUid]);
}

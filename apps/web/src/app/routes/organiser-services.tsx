import { Suspense, lazy, useCallback, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EventDetail } from '@marquee/domain/catalog';
import type { GenericSeatMap } from '@marquee/domain/seat-map';
import { Skeleton } from '../../components/ui/skeleton';
import { sessionQueryKey, useSession } from '../../features/accounts/api/get-session';
import { useAuthModals } from '../../features/accounts/components/auth-modals-context';
import {
  ConsoleServicesContext,
  type ConsoleServices,
  type ConsoleSession,
  type SeatAssignmentMapProps,
} from '../../features/organiser/components/console-services';

// The buyer's seat-map renderer, for the layout builder's preview: loaded when a venue's builder shows it.
const LazyLayoutPreview = lazy(() =>
  import('./organiser-layout-preview').then((module) => ({ default: module.LayoutPreview })),
);

function LayoutPreview({ map }: { map: GenericSeatMap }) {
  return (
    <Suspense
      fallback={
        <div role="status">
          <span className="sr-only">Loading the preview…</span>
          <Skeleton className="h-64 w-full" />
        </div>
      }
    >
      <LazyLayoutPreview map={map} />
    </Suspense>
  );
}

// The same renderer for seat assignment, and the buyer's event page for the preview: loaded when shown.
const LazySeatAssignmentMap = lazy(() =>
  import('./organiser-seat-assignment-map').then((module) => ({ default: module.SeatAssignmentMap })),
);
const LazyEventPreview = lazy(() =>
  import('./organiser-event-preview').then((module) => ({ default: module.EventPreview })),
);

function SeatAssignmentMap(props: SeatAssignmentMapProps) {
  return (
    <Suspense
      fallback={
        <div role="status">
          <span className="sr-only">Loading the seat map…</span>
          <Skeleton className="h-96 w-full" />
        </div>
      }
    >
      <LazySeatAssignmentMap {...props} />
    </Suspense>
  );
}

function EventPreview({ event }: { event: EventDetail }) {
  return (
    <Suspense
      fallback={
        <div role="status">
          <span className="sr-only">Loading the preview…</span>
          <Skeleton className="aspect-[8/3] w-full rounded-2xl" />
        </div>
      }
    >
      <LazyEventPreview event={event} />
    </Suspense>
  );
}

/**
 * The organiser console's ties to the rest of the app (features do not import each other): the session and
 * the sign-in modal from accounts, the seat-map renderer from seat-map, the event page from event. Both console
 * routes wrap their page in it.
 */
export function OrganiserServices({ children }: { children: ReactNode }) {
  const session = useSession();
  const { openAuthModal, preloadAuthModals } = useAuthModals();
  const queryClient = useQueryClient();
  const email = session.user?.email ?? null;
  const consoleSession = useMemo<ConsoleSession>(
    () =>
      session.status === 'loading'
        ? { status: 'loading' }
        : email === null
          ? { status: 'signed-out' }
          : { status: 'signed-in', email },
    [session.status, email],
  );
  const onSessionLost = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    [queryClient],
  );
  const services = useMemo<ConsoleServices>(
    () => ({
      session: consoleSession,
      openSignIn: () => openAuthModal('login'),
      preloadSignIn: preloadAuthModals,
      onSessionLost,
      LayoutPreview,
      SeatAssignmentMap,
      EventPreview,
    }),
    [consoleSession, openAuthModal, preloadAuthModals, onSessionLost],
  );
  return <ConsoleServicesContext.Provider value={services}>{children}</ConsoleServicesContext.Provider>;
}

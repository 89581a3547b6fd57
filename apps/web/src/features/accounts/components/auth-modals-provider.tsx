import { Suspense, lazy, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { decodeResetStatus } from '../../../lib/reset-status';
import { AuthModalsContext, screenFor, type AuthModals, type AuthScreen } from './auth-modals-context';

const importAuthModals = () => import('./auth-modals');
// The forms, their validation and the human check are a chunk of their own, loaded when first opened.
const LazyAuthModals = lazy(() => importAuthModals().then((module) => ({ default: module.AuthModals })));

/** The `reset` query parameter: read once per value, then dropped from the address. */
function useResetParameter(onStatus: (screen: AuthScreen) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const encoded = new URLSearchParams(location.search).get('reset');
  const [handled, setHandled] = useState<string | null>(null);
  if (encoded !== null && encoded !== handled) {
    setHandled(encoded);
    const status = decodeResetStatus(encoded);
    // Success: the new password works, so log in; error: the link was bad, so ask for a new one.
    if (status) onStatus(screenFor(status.status === 'success' ? 'login' : 'forgot', status));
  }
  useEffect(() => {
    if (encoded === null) return;
    const search = new URLSearchParams(location.search);
    search.delete('reset');
    const rest = search.toString();
    void navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash },
      { replace: true, preventScrollReset: true, state: location.state },
    );
  }, [encoded, location.pathname, location.search, location.hash, location.state, navigate]);
}

/**
 * The account modals for the whole app: any page can open them (the header's Sign In, My bookings' prompt),
 * and a `?reset=` on any address opens the one its message belongs in.
 */
export function AuthModalsProvider({ children }: { children: ReactNode }) {
  const [screen, setScreen] = useState<AuthScreen | null>(null);
  // Once loaded the modals stay mounted, so a closing <dialog> hands focus back to its opener.
  const [isLoaded, setIsLoaded] = useState(false);
  if (screen !== null && !isLoaded) setIsLoaded(true);
  useResetParameter(setScreen);

  const value = useMemo<AuthModals>(
    () => ({
      openAuthModal: (view, notice = null) => setScreen(screenFor(view, notice)),
      preloadAuthModals: () => void importAuthModals(),
    }),
    [],
  );

  return (
    <AuthModalsContext.Provider value={value}>
      {children}
      {isLoaded ? (
        <Suspense fallback={null}>
          <LazyAuthModals screen={screen} onScreenChange={setScreen} />
        </Suspense>
      ) : null}
    </AuthModalsContext.Provider>
  );
}
